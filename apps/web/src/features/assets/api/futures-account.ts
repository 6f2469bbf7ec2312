import { FUTURES_PATHS, type FuturesAccount } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchFuturesAccount() {
  return request<FuturesAccount>(FUTURES_PATHS.account, { silent: true });
}

export const futuresAccountQuery = (refetchInterval: number | false = false) =>
  queryOptions({
    queryKey: ['asset', 'futures-account'],
    queryFn: fetchFuturesAccount,
    staleTime: 0,
    refetchInterval,
    // A server without futures answers 404: the wallet then shows zero, not an endless retry.
    retry: 1,
  });

/** The USDT-M futures wallet; `refetchInterval` polls while live pushes cannot arrive. */
export function useFuturesAccount(refetchInterval: number | false = false) {
  return useQuery(futuresAccountQuery(refetchInterval));
}
