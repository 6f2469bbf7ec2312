import {
  SWAP_PATHS,
  type SwapIntent,
  type SwapPool,
  type SwapQuote,
  type SwapQuoteRequest,
  type SwapRecord,
} from '@quay/core/swap-api';
import type { Page } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export const swapPoolsQuery = queryOptions({
  queryKey: ['swap-pools'],
  queryFn: () => request<SwapPool[]>(SWAP_PATHS.pools, { silent: true }),
  staleTime: 10_000,
});

/** The pools (public): which coins the swap offers. */
export function useSwapPools() {
  return useQuery(swapPoolsQuery);
}

/** A quote refreshed every 10 s (it expires after 30 s); off while the form is incomplete. */
export function useSwapQuote(ask: SwapQuoteRequest | null) {
  return useQuery({
    queryKey: ['swap-quote', ask],
    queryFn: () =>
      request<SwapQuote>(SWAP_PATHS.quote, {
        method: 'POST',
        params: { ...ask },
        silent: true,
      }),
    enabled: ask !== null,
    refetchInterval: 10_000,
    retry: false,
  });
}

/** Asks for a signed intent (a device-token path), then carries it out. */
export async function swapNow(ask: SwapQuoteRequest): Promise<SwapRecord> {
  const intent = await request<SwapIntent>(SWAP_PATHS.getSign, {
    method: 'POST',
    params: { ...ask },
  });
  return request<SwapRecord>(SWAP_PATHS.submit, {
    method: 'POST',
    params: { intentId: intent.intentId, signature: intent.signature },
  });
}

export function useSwapHistory(pageNo: number, enabled: boolean) {
  return useQuery({
    queryKey: ['swap-history', pageNo],
    queryFn: () =>
      request<Page<SwapRecord>>(SWAP_PATHS.history, { params: { pageNo, pageSize: 10 } }),
    enabled,
  });
}
