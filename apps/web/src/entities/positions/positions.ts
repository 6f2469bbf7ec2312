import { FUTURES_CHANNELS, FUTURES_PATHS, type FuturesPosition } from '@quay/core';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useChannel, useLiveStatus } from '../../platform/realtime/realtime';
import { request } from '../../platform/request/client';
import { useSettings } from '../../platform/settings/settings-store';
import { itemsOf, type ListAnswer } from '../list-answer';
import { positionKeys } from './position-keys';

export async function fetchPositions(): Promise<FuturesPosition[]> {
  return itemsOf(
    await request<ListAnswer<FuturesPosition>>(FUTURES_PATHS.positions, { silent: true }),
  );
}

export const positionsQuery = queryOptions({
  queryKey: positionKeys.held(),
  queryFn: fetchPositions,
  staleTime: 0,
  retry: 1,
});

/** A push on `futures.positions` is the whole list: it replaces the cached one. */
export function setPositions(queryClient: QueryClient, positions: FuturesPosition[]): void {
  queryClient.setQueryData(positionsQuery.queryKey, positions);
}

/** The held positions alone: a finished order or a liquidation changed them. */
export function invalidateHeldPositions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: positionsQuery.queryKey });
}

/** Every perpetual position of the user while logged in, live from `futures.positions`. */
export function usePositions({ pollWhileDown = false }: { pollWhileDown?: boolean } = {}) {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const { fallbackPoll } = useLiveStatus();
  const query = useQuery({
    ...positionsQuery,
    enabled: loggedIn,
    refetchInterval: pollWhileDown ? fallbackPoll : false,
  });
  useChannel<FuturesPosition[]>(loggedIn ? FUTURES_CHANNELS.positions : null, (positions) =>
    setPositions(queryClient, positions),
  );
  return query;
}
