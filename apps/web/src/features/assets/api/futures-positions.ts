import { FUTURES_PATHS, type FuturesPosition } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

/** Lists may arrive as an array or as a page of items. */
type ListAnswer<T> = T[] | { items: T[] } | null;

export async function fetchFuturesPositions(): Promise<FuturesPosition[]> {
  const answer = await request<ListAnswer<FuturesPosition>>(FUTURES_PATHS.positions, {
    silent: true,
  });
  if (!answer) return [];
  return Array.isArray(answer) ? answer : answer.items;
}

export const futuresPositionsQuery = (refetchInterval: number | false = false) =>
  queryOptions({
    queryKey: ['asset', 'futures-positions'],
    queryFn: fetchFuturesPositions,
    staleTime: 0,
    refetchInterval,
    retry: 1,
  });

/** Every held perpetual position of the user. */
export function useFuturesPositions(refetchInterval: number | false = false) {
  return useQuery(futuresPositionsQuery(refetchInterval));
}
