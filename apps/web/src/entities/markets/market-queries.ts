/**
 * The market lists and tickers as queries, with nothing else: the route
 * table asks for them when the app opens on a trading page (beside the
 * page's code), so this module stays small enough for the first load.
 */
import {
  FUTURES_PATHS,
  SPOT_PATHS,
  type PerpMarketInfo,
  type PerpTicker,
  type SpotMarketInfo,
  type Ticker,
} from '@quay/core';
import { queryOptions } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { marketKeys } from './market-keys';

// Silent: a trading screen shows its own failure state, the other screens fall back to the defaults.
export function fetchSpotMarkets(): Promise<SpotMarketInfo[]> {
  return request<SpotMarketInfo[]>(SPOT_PATHS.markets, { silent: true });
}

export function fetchPerpMarkets(): Promise<PerpMarketInfo[]> {
  return request<PerpMarketInfo[]>(FUTURES_PATHS.markets, { silent: true });
}

export function fetchSpotTickers(): Promise<Ticker[]> {
  return request<Ticker[]>(SPOT_PATHS.tickers, { silent: true });
}

export function fetchPerpTickers(): Promise<PerpTicker[]> {
  return request<PerpTicker[]>(FUTURES_PATHS.tickers, { silent: true });
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

export const spotTickersQuery = queryOptions({
  queryKey: marketKeys.tickers('spot'),
  queryFn: fetchSpotTickers,
  staleTime: 30_000,
});

export const perpTickersQuery = queryOptions({
  queryKey: marketKeys.tickers('futures'),
  queryFn: fetchPerpTickers,
  staleTime: 30_000,
});
