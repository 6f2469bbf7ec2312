import { formatAmount, formatPercent, toDecimal, type PerpMarketInfo } from '@quay/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { changeTone, formatChange, formatPrice, quoteDecimals } from '../../../ui/market/format';
import { usePriceDirection } from '../../../ui/market/use-price-direction';
import { useMark } from '../../../entities/markets/mark';
import { usePerpTicker } from '../../../entities/markets/tickers';

/** hh:mm:ss until a time, ticking every second. */
function useCountdown(until: number | undefined): string {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, []);
  if (!until) return '--:--:--';
  const left = Math.max(0, Math.floor((until - now) / 1000));
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${pad(Math.floor(left / 3600))}:${pad(Math.floor((left % 3600) / 60))}:${pad(left % 60)}`;
}

/** A funding rate fraction ('0.0001') as a percentage with four places (0.0100%). */
export function formatFundingRate(rate: string | undefined): string {
  const d = toDecimal(rate);
  return d ? `${d.times(100).toFixed(4)}%` : formatPercent(null);
}

/** The perpetual's name, last, mark and index prices, funding and the 24 h figures. */
export function FuturesHeader({ market }: { market: PerpMarketInfo }) {
  const { t } = useTranslation();
  const ticker = usePerpTicker(market.symbol);
  const mark = useMark(market.symbol);
  const direction = usePriceDirection(ticker?.last);
  const tone = changeTone(ticker?.change24h);
  const countdown = useCountdown(mark?.nextFundingTime);
  const rateTone = changeTone(mark?.fundingRate);
  const stats = [
    {
      key: 'mark',
      label: t('futures.markPrice'),
      value: formatPrice(mark?.markPrice, market.pricePrecision),
    },
    {
      key: 'index',
      label: t('futures.indexPrice'),
      value: formatPrice(mark?.indexPrice, market.pricePrecision),
    },
    {
      key: 'funding',
      label: t('futures.fundingCountdown'),
      value: `${formatFundingRate(mark?.fundingRate)} / ${countdown}`,
      tone: rateTone,
    },
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
      key: 'quoteVolume',
      label: t('spot.volume24h', { coin: market.quote }),
      value: formatAmount(ticker?.quoteVolume24h, quoteDecimals(0)),
    },
  ];
  return (
    <div className="spot-ticker" data-testid="futures-ticker">
      <div className="spot-ticker-symbol futures-ticker-symbol" data-testid="futures-symbol">
        <span className="spot-ticker-pair">
          {market.base}
          {market.quote}
          <span className="spot-ticker-quote"> {t('futures.perpetual')}</span>
        </span>
      </div>
      <div className="spot-ticker-last">
        <span
          className={`spot-ticker-price tone-${direction ?? tone}`}
          data-testid="futures-last-price"
        >
          <bdi dir="ltr">{formatPrice(ticker?.last, market.pricePrecision)}</bdi>
        </span>
        <span className={`spot-ticker-change-mobile tone-${tone}`}>
          <bdi dir="ltr">{formatChange(ticker?.change24h)}</bdi>
        </span>
      </div>
      <dl className="spot-ticker-stats">
        {stats.map((s) => (
          <div
            key={s.key}
            className={`spot-stat spot-stat-${s.key}`}
            data-testid={`futures-stat-${s.key}`}
          >
            <dt>{s.label}</dt>
            <dd className={s.tone ? `tone-${s.tone}` : undefined}>
              <bdi dir="ltr">{s.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </div>
  );
}
