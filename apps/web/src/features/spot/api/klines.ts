import { SPOT_PATHS, type Kline, type KlineInterval } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export const KLINES_LOADED = 500;

/** Kline history, oldest first. */
export async function fetchKlines(symbol: string, interval: KlineInterval): Promise<Kline[]> {
  const klines = await request<Kline[]>(SPOT_PATHS.klines, {
    params: { symbol, interval, limit: String(KLINES_LOADED) },
  });
  return [...klines].sort((a, b) => a.t - b.t);
}

export const klinesQuery = (symbol: string, interval: KlineInterval) =>
  queryOptions({
    queryKey: ['spot', 'klines', symbol, interval],
    queryFn: () => fetchKlines(symbol, interval),
    staleTime: 60_000,
  });

export function useKlines(symbol: string, interval: KlineInterval) {
  return useQuery(klinesQuery(symbol, interval));
}
