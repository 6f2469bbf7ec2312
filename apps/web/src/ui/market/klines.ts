import type { Kline, KlineInterval } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { marketPieceKeys } from './market-piece-keys';
import { useMarketSource, type MarketSource } from './market-source';

export const KLINES_LOADED = 500;

/** Kline history, oldest first. */
export async function fetchKlines(
  path: string,
  symbol: string,
  interval: KlineInterval,
): Promise<Kline[]> {
  const klines = await request<Kline[]>(path, {
    params: { symbol, interval, limit: String(KLINES_LOADED) },
  });
  return [...klines].sort((a, b) => a.t - b.t);
}

export const klinesQuery = (source: MarketSource, symbol: string, interval: KlineInterval) =>
  queryOptions({
    queryKey: marketPieceKeys.klines(source.scope, symbol, interval),
    queryFn: () => fetchKlines(source.klinesPath, symbol, interval),
    staleTime: 60_000,
  });

export function useKlines(symbol: string, interval: KlineInterval) {
  return useQuery(klinesQuery(useMarketSource(), symbol, interval));
}
