import { ASSET_PATHS, WS_CHANNELS, type Balance } from '@quay/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { useLiveUserQuery } from '../live-user-query';
import { balanceKeys } from './balance-keys';

/** The spot balances; a screen that needs them shows its own state when they fail. */
export function fetchSpotBalances(): Promise<Balance[]> {
  return request<Balance[]>(ASSET_PATHS.balances, { silent: true });
}

export const spotBalancesQuery = queryOptions({
  queryKey: balanceKeys.spot(),
  queryFn: fetchSpotBalances,
  // Asked again by each screen that mounts: pushes missed while none listened are not replayed.
  staleTime: 0,
});

/** Balances merged with a live push: pushed coins replace theirs, new coins are appended. */
export function mergeBalances(current: readonly Balance[], pushed: readonly Balance[]): Balance[] {
  const byCoin = new Map(pushed.map((b) => [b.coin, b]));
  const merged = current.map((b) => byCoin.get(b.coin) ?? b);
  const known = new Set(current.map((b) => b.coin));
  return [...merged, ...pushed.filter((b) => !known.has(b.coin))];
}

/** A push on `balances` into the loaded list (before the list arrives its answer holds them). */
export function applyBalancePush(queryClient: QueryClient, pushed: readonly Balance[]): void {
  queryClient.setQueryData<Balance[]>(spotBalancesQuery.queryKey, (current) =>
    current ? mergeBalances(current, pushed) : current,
  );
}

export function invalidateSpotBalances(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: spotBalancesQuery.queryKey });
}

export interface SpotBalancesOptions {
  /** Poll every 5 s while the socket is down (the wallet pages). */
  pollWhileDown?: boolean;
  /** Called with each push after it is merged. */
  onPush?: (pushed: Balance[]) => void;
}

/** The spot balances while logged in, live from the private `balances` channel. */
export function useSpotBalances({ pollWhileDown = false, onPush }: SpotBalancesOptions = {}) {
  return useLiveUserQuery(
    spotBalancesQuery,
    WS_CHANNELS.balances,
    (queryClient, pushed: Balance[]) => {
      applyBalancePush(queryClient, pushed);
      onPush?.(pushed);
    },
    pollWhileDown,
  );
}
