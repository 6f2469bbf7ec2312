import { ASSET_PATHS, type CoinSetting } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchCoinSettings() {
  return request<CoinSetting[]>(ASSET_PATHS.coins);
}

export const coinSettingsQuery = queryOptions({
  queryKey: ['assets', 'coin-settings'],
  queryFn: fetchCoinSettings,
  staleTime: 5 * 60_000,
});

/** Every listed coin: decimals, network, minimum withdrawal and fee. */
export function useCoinSettings() {
  return useQuery(coinSettingsQuery);
}
