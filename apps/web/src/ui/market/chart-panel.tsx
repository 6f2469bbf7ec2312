import { KLINE_INTERVALS, type SpotMarketInfo } from '@quay/core';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../platform/settings/settings-store';
import { useIdle } from '../use-idle';
import { useKlineInterval } from './use-kline-interval';

/** The performance mark set when the chart starts to load (bench/web-spot.ts: the end of the first load). */
export const CHART_LOAD_MARK = 'quay:chart-load';

// The charting library is the heaviest part of the screen: it loads in its own chunk,
// once the book, the trades and the order form are drawn and the browser is idle.
const KlineChart = lazy(() => {
  performance.mark(CHART_LOAD_MARK);
  return import('./kline-chart');
});

/** Where the chart will be, the chart's own size, so nothing moves when it arrives. */
function ChartSkeleton() {
  return <div className="chart-loading" aria-busy="true" data-testid="chart-loading" />;
}

/** Interval buttons over the candlestick chart. */
export function ChartPanel({ market }: { market: SpotMarketInfo }) {
  const { t } = useTranslation();
  const [interval, setInterval] = useKlineInterval();
  const theme = useSettings((s) => s.theme);
  const idle = useIdle();
  return (
    <div className="chart-panel">
      {/* The tabs follow the page's direction (right to left in Arabic); each label stays left to right. */}
      <div className="chart-toolbar" role="tablist" aria-label={t('spot.interval')}>
        {KLINE_INTERVALS.map((i) => (
          <button
            key={i}
            type="button"
            role="tab"
            aria-selected={interval === i}
            className={`interval ${interval === i ? 'active' : ''}`}
            onClick={() => setInterval(i)}
            data-testid={`interval-${i}`}
          >
            <bdi dir="ltr">{i}</bdi>
          </button>
        ))}
      </div>
      <div className="chart-body">
        {idle ? (
          <Suspense fallback={<ChartSkeleton />}>
            <KlineChart market={market} interval={interval} theme={theme} />
          </Suspense>
        ) : (
          <ChartSkeleton />
        )}
      </div>
    </div>
  );
}
