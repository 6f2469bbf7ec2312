import {
  DEFAULT_PERP_MARKETS,
  decimalsOfStep,
  FUTURES_PATHS,
  type PerpMarketInfo,
} from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import type { MarketPrecision } from './markets';

export function fetchPerpMarkets() {
  return request<PerpMarketInfo[]>(FUTURES_PATHS.markets, { silent: true });
}

export const perpMarketsQuery = queryOptions({
  queryKey: ['record', 'perp-markets'],
  queryFn: fetchPerpMarkets,
  staleTime: 10 * 60_000,
});

const DEFAULTS: MarketPrecision[] = DEFAULT_PERP_MARKETS.map((m) => ({
  symbol: m.symbol,
  base: m.base,
  quote: m.quote,
  pricePrecision: decimalsOfStep(m.tickSize),
  quantityPrecision: decimalsOfStep(m.lotSize),
}));

/** The perpetuals with their precisions, for the symbol filter and the figures; defaults until they arrive. */
export function usePerpMarketPrecisions(): MarketPrecision[] {
  const { data } = useQuery(perpMarketsQuery);
  return data && data.length > 0 ? data : DEFAULTS;
}
