/**
 * The figures of a trading screen's header, shared by the spot and the
 * perpetual headers: the last price and the labelled 24 h figures.
 */
import type { SpotMarketInfo, Ticker } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { changeTone, formatChange } from './format';
import { formatCoinAmount, formatPrice } from '../../platform/numbers/number-format';
import { usePriceDirection } from './use-price-direction';

/** One labelled figure of the header; `tone` colours a rise or a fall. */
export interface TickerStat {
  key: string;
  label: string;
  value: string;
  tone?: string;
}

type TickerMarket = Pick<SpotMarketInfo, 'pricePrecision' | 'quote'>;

/** The 24 h change, high and low, and the volume in the quote coin, that every header shows. */
export function useDayStats(
  ticker: Ticker | undefined,
  market: TickerMarket,
): { change: TickerStat[]; quoteVolume: TickerStat } {
  const { t } = useTranslation();
  return {
    change: [
      {
        key: 'change',
        label: t('spot.change24h'),
        value: formatChange(ticker?.change24h),
        tone: changeTone(ticker?.change24h),
      },
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
    ],
    quoteVolume: {
      key: 'quoteVolume',
      label: t('spot.volume24h', { coin: market.quote }),
      value: formatCoinAmount(ticker?.quoteVolume24h, market.quote),
    },
  };
}

/** The last price, coloured by its latest move (else by the day's change), and the change phones show beside it. */
export function TickerLast({
  ticker,
  pricePrecision,
  testId,
}: {
  ticker: Ticker | undefined;
  pricePrecision: number;
  testId: string;
}) {
  const direction = usePriceDirection(ticker?.last);
  const tone = changeTone(ticker?.change24h);
  return (
    <div className="spot-ticker-last">
      <span className={`spot-ticker-price tone-${direction ?? tone}`} data-testid={testId}>
        <bdi dir="ltr">{formatPrice(ticker?.last, pricePrecision)}</bdi>
      </span>
      <span className={`spot-ticker-change-mobile tone-${tone}`}>
        <bdi dir="ltr">{formatChange(ticker?.change24h)}</bdi>
      </span>
    </div>
  );
}

/** The header's labelled figures; `testIdPrefix` names each one for the tests that read it. */
export function TickerStats({
  stats,
  testIdPrefix,
}: {
  stats: readonly TickerStat[];
  testIdPrefix?: string;
}) {
  return (
    <dl className="spot-ticker-stats">
      {stats.map((s) => (
        <div
          key={s.key}
          className={`spot-stat spot-stat-${s.key}`}
          data-testid={testIdPrefix ? `${testIdPrefix}${s.key}` : undefined}
        >
          <dt>{s.label}</dt>
          <dd className={s.tone ? `tone-${s.tone}` : undefined}>
            <bdi dir="ltr">{s.value}</bdi>
          </dd>
        </div>
      ))}
    </dl>
  );
}
