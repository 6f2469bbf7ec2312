import { SPOT_PATHS, type Ticker } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchSpotTickers() {
  return request<Ticker[]>(SPOT_PATHS.tickers, { silent: true });
}

export const spotTickersQuery = queryOptions({
  queryKey: ['asset', 'spot-tickers'],
  queryFn: fetchSpotTickers,
  staleTime: 30_000,
  refetchInterval: 30_000,
});

/** The spot tickers, asked for only when `enabled` (the BTC price when nothing else gives it). */
export function useSpotTickers(enabled: boolean) {
  return useQuery({ ...spotTickersQuery, enabled });
}
