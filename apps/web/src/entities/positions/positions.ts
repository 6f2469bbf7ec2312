import { FUTURES_CHANNELS, FUTURES_PATHS, type FuturesPosition } from '@quay/core';
import { queryOptions, type QueryClient } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { useLiveUserQuery } from '../live-user-query';
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
  return useLiveUserQuery(positionsQuery, FUTURES_CHANNELS.positions, setPositions, pollWhileDown);
}
