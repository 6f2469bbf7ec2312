import type { CoinInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchCoins() {
  return request<CoinInfo[]>('/public/coins', { silent: true });
}

export const coinsQuery = queryOptions({
  queryKey: ['content', 'coins'],
  queryFn: fetchCoins,
  staleTime: 5 * 60_000,
});

export function useCoins() {
  return useQuery(coinsQuery);
}
