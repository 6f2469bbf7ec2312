import { ASSET_PATHS, type Balance } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchBalances() {
  return request<Balance[]>(ASSET_PATHS.balances);
}

export const balancesQuery = (refetchInterval: number | false = false) =>
  queryOptions({
    queryKey: ['asset', 'balances'],
    queryFn: fetchBalances,
    staleTime: 0,
    refetchInterval,
  });

/** The spot balances; `refetchInterval` polls while live pushes cannot arrive. */
export function useBalances(refetchInterval: number | false = false) {
  return useQuery(balancesQuery(refetchInterval));
}
