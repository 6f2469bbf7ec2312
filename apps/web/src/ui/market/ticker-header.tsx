import { CaretDownOutlined } from '@ant-design/icons';
import type { SpotMarketInfo } from '@quay/core';
import { formatQuantity } from '../../platform/numbers/number-format';
import { useTranslation } from 'react-i18next';
import { useLiveStatus } from '../../platform/realtime/realtime';
import { useMarketSource } from './market-source';
import { TickerLast, TickerStats, useDayStats, type TickerStat } from './ticker-figures';

/** A spot pair's name, last price and 24 h figures across the top of a trading screen (spot, margin). */
export function TickerHeader({
  market,
  onOpenMarkets,
}: {
  market: SpotMarketInfo;
  onOpenMarkets: () => void;
}) {
  const { t } = useTranslation();
  const ticker = useMarketSource().useTicker(market.symbol);
  const day = useDayStats(ticker, market);
  const { reconnecting } = useLiveStatus();
  const stats: TickerStat[] = [
    ...day.change,
    {
      key: 'volume',
      label: t('spot.volume24h', { coin: market.base }),
      value: formatQuantity(ticker?.volume24h, market.quantityPrecision),
    },
    day.quoteVolume,
  ];
  return (
    <div className="spot-ticker" data-testid="spot-ticker">
      <button
        type="button"
        className="spot-ticker-symbol"
        onClick={onOpenMarkets}
        aria-label={t('spot.openMarkets')}
        data-testid="spot-symbol"
      >
        <span className="spot-ticker-pair">
          {market.base}
          <span className="spot-ticker-quote">/{market.quote}</span>
        </span>
        <CaretDownOutlined className="spot-ticker-caret" />
      </button>
      <TickerLast ticker={ticker} pricePrecision={market.pricePrecision} testId="spot-last-price" />
      <TickerStats stats={stats} />
      {reconnecting ? (
        <span className="spot-link-state" role="status" data-testid="spot-reconnecting">
          {t('spot.reconnecting')}
        </span>
      ) : null}
    </div>
  );
}
