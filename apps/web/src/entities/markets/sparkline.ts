import { FUTURES_PATHS, SPOT_PATHS, type Kline } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { marketKeys, type MarketSide } from './market-keys';

/** A day of hourly candles: enough for the trend of a row, light enough for every market. */
export const SPARKLINE_INTERVAL = '1h';
export const SPARKLINE_POINTS = 24;

/** The closes of a market's last day, oldest first. */
export async function fetchSparkline(side: MarketSide, symbol: string): Promise<string[]> {
  const klines = await request<Kline[]>(
    side === 'spot' ? SPOT_PATHS.klines : FUTURES_PATHS.klines,
    {
      params: { symbol, interval: SPARKLINE_INTERVAL, limit: String(SPARKLINE_POINTS) },
      silent: true,
    },
  );
  return [...klines].sort((a, b) => a.t - b.t).map((k) => k.c);
}

export const sparklineQuery = (side: MarketSide, symbol: string) =>
  queryOptions({
    queryKey: marketKeys.sparkline(side, symbol),
    queryFn: () => fetchSparkline(side, symbol),
    // An hourly line: a few minutes old is as good as new.
    staleTime: 5 * 60_000,
  });

export function useSparkline(side: MarketSide, symbol: string) {
  return useQuery(sparklineQuery(side, symbol));
}
