import { KLINE_INTERVALS, type SpotMarketInfo } from '@quay/core';
import { Spin } from 'antd';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { useSettings } from '../../platform/settings/settings-store';
import { useKlineInterval } from './use-kline-interval';

// The charting library is the heaviest part of the screen: it loads in its own chunk.
const KlineChart = lazy(() => import('./kline-chart'));

/** Interval buttons over the candlestick chart. */
export function ChartPanel({ market }: { market: SpotMarketInfo }) {
  const { t } = useTranslation();
  const [interval, setInterval] = useKlineInterval();
  const theme = useSettings((s) => s.theme);
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
        <Suspense
          fallback={
            <div className="chart-loading">
              <Spin size="small" />
            </div>
          }
        >
          <KlineChart market={market} interval={interval} theme={theme} />
        </Suspense>
      </div>
    </div>
  );
}
