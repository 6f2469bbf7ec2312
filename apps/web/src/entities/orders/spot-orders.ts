import { SPOT_PATHS, WS_CHANNELS, type SpotFill, type SpotOrder } from '@quay/core';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useChannel } from '../../platform/realtime/realtime';
import { request } from '../../platform/request/client';
import { useSettings } from '../../platform/settings/settings-store';
import { RECENT_LIMIT } from '../history-filter';
import { itemsOf, type ListAnswer } from '../list-answer';
import { invalidateOrderLists, isOpenOrder, orderKeys } from './order-keys';

export async function fetchOpenSpotOrders(): Promise<SpotOrder[]> {
  return itemsOf(await request<ListAnswer<SpotOrder>>(SPOT_PATHS.openOrders, { silent: true }));
}

/** Finished orders, newest first (the history also lists open ones; those have their own tab). */
export async function fetchRecentSpotOrders(): Promise<SpotOrder[]> {
  const orders = itemsOf(
    await request<ListAnswer<SpotOrder>>(SPOT_PATHS.orderHistory, {
      params: { pageNo: '1', pageSize: String(RECENT_LIMIT) },
      silent: true,
    }),
  );
  return orders.filter((o) => !isOpenOrder(o));
}

export async function fetchRecentSpotFills(): Promise<SpotFill[]> {
  return itemsOf(
    await request<ListAnswer<SpotFill>>(SPOT_PATHS.fills, {
      params: { pageNo: '1', pageSize: String(RECENT_LIMIT) },
      silent: true,
    }),
  );
}

export const openSpotOrdersQuery = queryOptions({
  queryKey: orderKeys.live('spot', 'open'),
  queryFn: fetchOpenSpotOrders,
  staleTime: 0,
});
export const recentSpotOrdersQuery = queryOptions({
  queryKey: orderKeys.live('spot', 'history'),
  queryFn: fetchRecentSpotOrders,
  staleTime: 0,
});
export const recentSpotFillsQuery = queryOptions({
  queryKey: orderKeys.live('spot', 'fills'),
  queryFn: fetchRecentSpotFills,
  staleTime: 0,
});

const newestFirst = <T extends { updatedAt?: number; time?: number }>(a: T, b: T) =>
  (b.updatedAt ?? b.time ?? 0) - (a.updatedAt ?? a.time ?? 0);

/** A push on `orders`: the open list takes or drops the order; a finished one heads the history. */
export function applySpotOrderPush(queryClient: QueryClient, order: SpotOrder): void {
  queryClient.setQueryData<SpotOrder[]>(openSpotOrdersQuery.queryKey, (list) => {
    if (!list) return list;
    const rest = list.filter((o) => o.orderId !== order.orderId);
    return isOpenOrder(order) ? [order, ...rest].sort(newestFirst) : rest;
  });
  if (isOpenOrder(order)) return;
  queryClient.setQueryData<SpotOrder[]>(recentSpotOrdersQuery.queryKey, (list) =>
    list
      ? [order, ...list.filter((o) => o.orderId !== order.orderId)].slice(0, RECENT_LIMIT)
      : list,
  );
}

/** A push on `fills`: new fills head the recent list. */
export function applySpotFillPush(queryClient: QueryClient, pushed: readonly SpotFill[]): void {
  queryClient.setQueryData<SpotFill[]>(recentSpotFillsQuery.queryKey, (list) => {
    if (!list) return list;
    const seen = new Set(list.map((f) => f.fillId));
    const fresh = pushed.filter((f) => !seen.has(f.fillId));
    return [...fresh, ...list].sort(newestFirst).slice(0, RECENT_LIMIT);
  });
}

/** After an order was placed or cancelled: the open and finished orders, wherever shown. */
export function invalidateSpotOrders(queryClient: QueryClient): Promise<void> {
  return invalidateOrderLists(queryClient, 'spot', ['open', 'history']);
}

/**
 * The trading screen's open orders, recent order history and recent fills
 * while logged in, kept live by the `orders` and `fills` channels.
 */
export function useSpotOrders() {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const open = useQuery({ ...openSpotOrdersQuery, enabled: loggedIn });
  const history = useQuery({ ...recentSpotOrdersQuery, enabled: loggedIn });
  const fills = useQuery({ ...recentSpotFillsQuery, enabled: loggedIn });
  useChannel<SpotOrder>(loggedIn ? WS_CHANNELS.orders : null, (order) =>
    applySpotOrderPush(queryClient, order),
  );
  useChannel<SpotFill[]>(loggedIn ? WS_CHANNELS.fills : null, (pushed) =>
    applySpotFillPush(queryClient, pushed),
  );
  return { loggedIn, open, history, fills };
}
