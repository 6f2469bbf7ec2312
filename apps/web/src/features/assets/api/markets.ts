import { DEFAULT_SPOT_MARKETS, SPOT_PATHS, type SpotMarketInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchSpotMarkets() {
  return request<SpotMarketInfo[]>(SPOT_PATHS.markets, { silent: true });
}

export const spotMarketsQuery = queryOptions({
  queryKey: ['asset', 'spot-markets'],
  queryFn: fetchSpotMarkets,
  staleTime: 10 * 60_000,
});

/** Symbols of the spot markets, for the Trade links; the defaults until the list arrives. */
export function useSpotSymbols() {
  const { data } = useQuery(spotMarketsQuery);
  const markets = data ?? DEFAULT_SPOT_MARKETS;
  return markets.map((m) => ({ symbol: m.symbol, base: m.base, quote: m.quote }));
}
