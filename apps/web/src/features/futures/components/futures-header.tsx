import type { PerpMarketInfo } from '@quay/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatPrice, formatRate } from '../../../platform/numbers/number-format';
import { changeTone } from '../../../ui/market/format';
import {
  TickerLast,
  TickerStats,
  useDayStats,
  type TickerStat,
} from '../../../ui/market/ticker-figures';
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

/** The perpetual's name, last, mark and index prices, funding and the 24 h figures. */
export function FuturesHeader({ market }: { market: PerpMarketInfo }) {
  const { t } = useTranslation();
  const ticker = usePerpTicker(market.symbol);
  const mark = useMark(market.symbol);
  const day = useDayStats(ticker, market);
  const countdown = useCountdown(mark?.nextFundingTime);
  const stats: TickerStat[] = [
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
      value: `${formatRate(mark?.fundingRate)} / ${countdown}`,
      tone: changeTone(mark?.fundingRate),
    },
    ...day.change,
    day.quoteVolume,
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
      <TickerLast
        ticker={ticker}
        pricePrecision={market.pricePrecision}
        testId="futures-last-price"
      />
      <TickerStats stats={stats} testIdPrefix="futures-stat-" />
    </div>
  );
}
