import type { CoinInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';

/** The cache key of the listed coins (names and icons), read by the content pages and the wallet. */
export const coinKeys = {
  all: ['coins'] as const,
};

export function fetchCoins(): Promise<CoinInfo[]> {
  return request<CoinInfo[]>('/public/coins', { silent: true });
}

export const coinsQuery = queryOptions({
  queryKey: coinKeys.all,
  queryFn: fetchCoins,
  staleTime: 5 * 60_000,
});

/** Every listed coin with its name, icon and pages. */
export function useCoins() {
  return useQuery(coinsQuery);
}
