import { ASSET_PATHS, type DepositAddress } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchDepositAddress(coin: string) {
  return request<DepositAddress>(ASSET_PATHS.depositAddress, { params: { coin } });
}

export const depositAddressQuery = (coin: string) =>
  queryOptions({
    queryKey: ['assets', 'deposit-address', coin],
    queryFn: () => fetchDepositAddress(coin),
    // An address does not change under the user.
    staleTime: Infinity,
  });

/** The user's deposit address for a coin; nothing is asked while no coin is chosen. */
export function useDepositAddress(coin: string | null) {
  return useQuery({ ...depositAddressQuery(coin ?? ''), enabled: coin !== null });
}
