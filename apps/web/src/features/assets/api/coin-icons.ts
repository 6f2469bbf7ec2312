import type { CoinInfo } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchCoinIcons() {
  return request<CoinInfo[]>('/public/coins', { silent: true });
}

export const coinIconsQuery = queryOptions({
  queryKey: ['asset', 'coin-icons'],
  queryFn: fetchCoinIcons,
  staleTime: 5 * 60_000,
});

/** Coin names and the icons the server ships, by coin code. */
export function useCoinIcons() {
  return useQuery({
    ...coinIconsQuery,
    select: (coins) => new Map(coins.map((c) => [c.coin, c])),
  });
}
