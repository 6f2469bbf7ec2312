import { FUTURES_PATHS, SPOT_PATHS, type PerpMarketInfo, type SpotMarketInfo } from '@quay/core';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { marketKeys, type MarketSide } from './market-keys';

// Silent: a trading screen shows its own failure state, the other screens fall back to the defaults.
export function fetchSpotMarkets(): Promise<SpotMarketInfo[]> {
  return request<SpotMarketInfo[]>(SPOT_PATHS.markets, { silent: true });
}

export function fetchPerpMarkets(): Promise<PerpMarketInfo[]> {
  return request<PerpMarketInfo[]>(FUTURES_PATHS.markets, { silent: true });
}

/** Listings change rarely. */
const MARKETS_STALE_MS = 5 * 60_000;

export const spotMarketsQuery = queryOptions({
  queryKey: marketKeys.list('spot'),
  queryFn: fetchSpotMarkets,
  staleTime: MARKETS_STALE_MS,
});

export const perpMarketsQuery = queryOptions({
  queryKey: marketKeys.list('futures'),
  queryFn: fetchPerpMarkets,
  staleTime: MARKETS_STALE_MS,
});

/** The spot pairs with their steps, precisions and fees. */
export function useSpotMarkets() {
  return useQuery(spotMarketsQuery);
}

/** The perpetuals with their steps, precisions, fees and leverage tiers. */
export function usePerpMarkets() {
  return useQuery(perpMarketsQuery);
}

/** One side's list and tickers, asked again (after the socket reconnects). */
export function invalidateMarkets(queryClient: QueryClient, side: MarketSide): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: marketKeys.side(side) });
}
