import {
  SWAP_PATHS,
  type SwapIntent,
  type SwapPool,
  type SwapQuote,
  type SwapQuoteRequest,
  type SwapRecord,
  type SwapWithdraw,
} from '@quay/core/swap-api';
import type { AssetRecord, Page, SecondFactorStatus } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
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

/** Every coin of some pool, sorted: what the pickers offer. */
export function useSwapCoins(): string[] {
  const pools = useSwapPools();
  return useMemo(
    () => [...new Set((pools.data ?? []).flatMap((p) => [p.base, p.quote]))].sort(),
    [pools.data],
  );
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

/** Asks for a signed intent (a device-token path), then carries it out; the card shows a refusal. */
export async function swapNow(ask: SwapQuoteRequest): Promise<SwapRecord> {
  const intent = await request<SwapIntent>(SWAP_PATHS.getSign, {
    method: 'POST',
    params: { ...ask },
    silent: true,
  });
  return request<SwapRecord>(SWAP_PATHS.submit, {
    method: 'POST',
    params: { intentId: intent.intentId, signature: intent.signature },
    silent: true,
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

/** Which second factors the account has on (the withdrawal asks for a code of each). */
export function useFactors(enabled: boolean) {
  return useQuery({
    queryKey: ['swap', 'factors'],
    queryFn: () => request<SecondFactorStatus>('/v1/user/security/factors'),
    staleTime: 30_000,
    enabled,
  });
}

/** Sends a code by mail or text for the withdrawal's second factor. */
export function sendFactorCode(channel: 'email' | 'mobile'): Promise<unknown> {
  return request('/v1/user/security/send-code', { method: 'POST', params: { channel } });
}

/**
 * Asks for a withdrawal to an external wallet (a device-token path, with the
 * second factor): the amount is frozen until the operator approves it.
 */
export function swapWithdraw(body: SwapWithdraw): Promise<AssetRecord> {
  return request<AssetRecord>(SWAP_PATHS.withdraw, {
    method: 'POST',
    params: { ...body },
    silent: true,
  });
}
