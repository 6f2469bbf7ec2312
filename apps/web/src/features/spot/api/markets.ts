import { SPOT_PATHS, type SpotMarketInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchSpotMarkets(): Promise<SpotMarketInfo[]> {
  return request<SpotMarketInfo[]>(SPOT_PATHS.markets);
}

export const spotMarketsQuery = queryOptions({
  queryKey: ['spot', 'markets'],
  queryFn: fetchSpotMarkets,
  staleTime: 5 * 60_000,
});

export function useSpotMarkets() {
  return useQuery(spotMarketsQuery);
}
