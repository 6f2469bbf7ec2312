import { ASSET_PATHS, WS_CHANNELS, type Balance } from '@quay/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useChannel } from '../../../platform/realtime/realtime';
import { useSettings } from '../../../platform/settings/settings-store';

export function fetchBalances(): Promise<Balance[]> {
  return request<Balance[]>(ASSET_PATHS.balances, { silent: true });
}

export const balancesQuery = queryOptions({
  queryKey: ['asset', 'balances'],
  queryFn: fetchBalances,
  staleTime: 30_000,
});

/** The spot balances by coin while logged in, live from the `balances` channel. */
export function useBalances() {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const query = useQuery({ ...balancesQuery, enabled: loggedIn });
  useChannel<Balance[]>(loggedIn ? WS_CHANNELS.balances : null, (changed) => {
    queryClient.setQueryData<Balance[]>(balancesQuery.queryKey, (list = []) => {
      const byCoin = new Map(list.map((b) => [b.coin, b]));
      for (const balance of changed) byCoin.set(balance.coin, balance);
      return [...byCoin.values()];
    });
  });
  return query;
}
