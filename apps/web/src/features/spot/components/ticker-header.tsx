import { CaretDownOutlined } from '@ant-design/icons';
import { formatAmount, type SpotMarketInfo } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { useSpotTicker } from '../../../entities/markets/tickers';
import { useLiveStatus } from '../../../platform/realtime/realtime';
import { usePriceDirection } from '../../../ui/market/use-price-direction';
import { changeTone, formatChange, formatPrice, quoteDecimals } from '../../../ui/market/format';

/** The market's name, last price and 24 h figures across the top of the screen. */
export function TickerHeader({
  market,
  onOpenMarkets,
}: {
  market: SpotMarketInfo;
  onOpenMarkets: () => void;
}) {
  const { t } = useTranslation();
  const ticker = useSpotTicker(market.symbol);
  const direction = usePriceDirection(ticker?.last);
  const tone = changeTone(ticker?.change24h);
  const { reconnecting } = useLiveStatus();
  const stats = [
    { key: 'change', label: t('spot.change24h'), value: formatChange(ticker?.change24h), tone },
    {
      key: 'high',
      label: t('spot.high24h'),
      value: formatPrice(ticker?.high24h, market.pricePrecision),
    },
    {
      key: 'low',
      label: t('spot.low24h'),
      value: formatPrice(ticker?.low24h, market.pricePrecision),
    },
    {
      key: 'volume',
      label: t('spot.volume24h', { coin: market.base }),
      value: formatAmount(ticker?.volume24h, Math.min(market.quantityPrecision, 4)),
    },
    {
      key: 'quoteVolume',
      label: t('spot.volume24h', { coin: market.quote }),
      value: formatAmount(ticker?.quoteVolume24h, quoteDecimals(0)),
    },
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
      <div className="spot-ticker-last">
        <span
          className={`spot-ticker-price tone-${direction ?? tone}`}
          data-testid="spot-last-price"
        >
          <bdi dir="ltr">{formatPrice(ticker?.last, market.pricePrecision)}</bdi>
        </span>
        <span className={`spot-ticker-change-mobile tone-${tone}`}>
          <bdi dir="ltr">{formatChange(ticker?.change24h)}</bdi>
        </span>
      </div>
      <dl className="spot-ticker-stats">
        {stats.map((s) => (
          <div key={s.key} className={`spot-stat spot-stat-${s.key}`}>
            <dt>{s.label}</dt>
            <dd className={s.tone ? `tone-${s.tone}` : undefined}>
              <bdi dir="ltr">{s.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {reconnecting ? (
        <span className="spot-link-state" role="status" data-testid="spot-reconnecting">
          {t('spot.reconnecting')}
        </span>
      ) : null}
    </div>
  );
}
