import { DEFAULT_SPOT_MARKETS, decimalsOfStep, SPOT_PATHS, type SpotMarketInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export interface MarketPrecision {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
}

export function fetchSpotMarkets() {
  return request<SpotMarketInfo[]>(SPOT_PATHS.markets, { silent: true });
}

export const spotMarketsQuery = queryOptions({
  queryKey: ['record', 'spot-markets'],
  queryFn: fetchSpotMarkets,
  staleTime: 10 * 60_000,
});

const DEFAULTS: MarketPrecision[] = DEFAULT_SPOT_MARKETS.map((m) => ({
  symbol: m.symbol,
  base: m.base,
  quote: m.quote,
  pricePrecision: decimalsOfStep(m.tickSize),
  quantityPrecision: decimalsOfStep(m.lotSize),
}));

/** The spot markets with their precisions, for the symbol filter and the figures; defaults until they arrive. */
export function useMarketPrecisions(): MarketPrecision[] {
  const { data } = useQuery(spotMarketsQuery);
  return data ?? DEFAULTS;
}
