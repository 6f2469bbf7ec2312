import { FUTURES_CHANNELS, FUTURES_PATHS, type FuturesAccount } from '@quay/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { useLiveUserQuery } from '../live-user-query';
import { balanceKeys } from './balance-keys';

export function fetchFuturesAccount(): Promise<FuturesAccount> {
  return request<FuturesAccount>(FUTURES_PATHS.account, { silent: true });
}

export const futuresAccountQuery = queryOptions({
  queryKey: balanceKeys.futures(),
  queryFn: fetchFuturesAccount,
  staleTime: 0,
  // A server without futures answers 404: the wallet then shows zero, not an endless retry.
  retry: 1,
});

/** A push on `futures.account` is the whole account: it replaces the cached one. */
export function setFuturesAccount(queryClient: QueryClient, account: FuturesAccount): void {
  queryClient.setQueryData(futuresAccountQuery.queryKey, account);
}

export function invalidateFuturesAccount(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: futuresAccountQuery.queryKey });
}

/** The USDT-M futures wallet while logged in, live from `futures.account`. */
export function useFuturesAccount({ pollWhileDown = false }: { pollWhileDown?: boolean } = {}) {
  return useLiveUserQuery(
    futuresAccountQuery,
    FUTURES_CHANNELS.account,
    setFuturesAccount,
    pollWhileDown,
  );
}
