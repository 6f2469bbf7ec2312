import {
  MARGIN_PATHS,
  type MarginAccount,
  type MarginAccountRef,
  type MarginConfig,
  type MarginMax,
  type MarginNotice,
} from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { useSettings } from '../../platform/settings/settings-store';
import { marginKeys } from './margin-keys';

/** How often a shown margin account is asked again: its value moves with the markets. */
export const MARGIN_POLL_MS = 5_000;

const refParams = (ref: MarginAccountRef) => ({
  mode: ref.mode,
  ...(ref.mode === 'isolated' && ref.symbol ? { symbol: ref.symbol } : {}),
});

export function fetchMarginConfig(): Promise<MarginConfig> {
  return request<MarginConfig>(MARGIN_PATHS.config, { silent: true });
}

export const marginConfigQuery = queryOptions({
  queryKey: marginKeys.config(),
  queryFn: fetchMarginConfig,
  staleTime: 60_000,
  retry: 1,
});

/** The public terms: rates, caps, levels, and the markets margin trades on. */
export function useMarginConfig() {
  return useQuery(marginConfigQuery);
}

export function fetchMarginAccount(ref: MarginAccountRef): Promise<MarginAccount> {
  return request<MarginAccount>(MARGIN_PATHS.account, { params: refParams(ref), silent: true });
}

/** One margin account while logged in, asked again every few seconds while shown. */
export function useMarginAccount(ref: MarginAccountRef | null) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({
    queryKey: marginKeys.account(ref ?? { mode: 'cross' }),
    queryFn: () => fetchMarginAccount(ref ?? { mode: 'cross' }),
    enabled: loggedIn && ref !== null,
    staleTime: 0,
    retry: 1,
    refetchInterval: MARGIN_POLL_MS,
  });
}

export function fetchMarginAccounts(): Promise<MarginAccount[]> {
  return request<MarginAccount[]>(MARGIN_PATHS.accounts, { silent: true });
}

/** The cross account first, then every isolated account opened. */
export function useMarginAccounts() {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({
    queryKey: marginKeys.accounts(),
    queryFn: fetchMarginAccounts,
    enabled: loggedIn,
    staleTime: 0,
    retry: 1,
    refetchInterval: MARGIN_POLL_MS,
  });
}

/** How much of `coin` may be borrowed into, or moved out of, an account now. */
export function useMarginMax(
  kind: 'borrow' | 'transfer',
  ref: MarginAccountRef | null,
  coin: string | null,
) {
  const loggedIn = useSettings((s) => s.loginFlag);
  const account = ref ?? { mode: 'cross' as const };
  return useQuery({
    queryKey: marginKeys.max(kind, account, coin ?? ''),
    queryFn: () =>
      request<MarginMax>(
        kind === 'borrow' ? MARGIN_PATHS.maxBorrowable : MARGIN_PATHS.maxTransferable,
        {
          params: { ...refParams(account), coin: coin ?? '' },
          silent: true,
        },
      ),
    enabled: loggedIn && ref !== null && !!coin,
    staleTime: 0,
    retry: 1,
  });
}

/** The user's margin calls and liquidations, newest first (at most 50), polled while shown. */
export function useMarginNotices() {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({
    queryKey: marginKeys.notices(),
    queryFn: () => request<MarginNotice[]>(MARGIN_PATHS.notices, { silent: true }),
    enabled: loggedIn,
    staleTime: 0,
    retry: 1,
    refetchInterval: MARGIN_POLL_MS,
  });
}
