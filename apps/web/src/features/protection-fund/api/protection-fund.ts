import { FUTURES_PATHS, type ProtectionFund } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchProtectionFund() {
  return request<ProtectionFund>(FUTURES_PATHS.protectionFund, { silent: true });
}

export const protectionFundQuery = queryOptions({
  queryKey: ['protection-fund'],
  queryFn: fetchProtectionFund,
  // The fund moves with liquidations: a minute is fresh enough for a public page.
  staleTime: 30_000,
  refetchInterval: 60_000,
});

/** The protection fund: its balance, its balance over time and its latest movements (public). */
export function useProtectionFund() {
  return useQuery(protectionFundQuery);
}
