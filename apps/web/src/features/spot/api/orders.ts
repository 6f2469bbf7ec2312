import {
  SPOT_PATHS,
  WS_CHANNELS,
  type CancelAllAnswer,
  type PlaceSpotOrder,
  type SpotFill,
  type SpotOrder,
} from '@quay/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { useChannel } from '../../../platform/realtime/realtime';
import { useSettings } from '../../../platform/settings/settings-store';
import { isOpenOrder } from '../utils/order-status';

export const HISTORY_LIMIT = 50;

/** Lists arrive as an array or as a page of items; the screens read arrays. */
type ListAnswer<T> = T[] | { items: T[] };
const itemsOf = <T>(answer: ListAnswer<T> | null): T[] =>
  !answer ? [] : Array.isArray(answer) ? answer : answer.items;

export async function fetchOpenOrders(): Promise<SpotOrder[]> {
  return itemsOf(await request<ListAnswer<SpotOrder>>(SPOT_PATHS.openOrders, { silent: true }));
}

/** Finished orders, newest first (the history also lists open ones; those have their own tab). */
export async function fetchOrderHistory(): Promise<SpotOrder[]> {
  const orders = itemsOf(
    await request<ListAnswer<SpotOrder>>(SPOT_PATHS.orderHistory, {
      params: { pageNo: '1', pageSize: String(HISTORY_LIMIT) },
      silent: true,
    }),
  );
  return orders.filter((o) => !isOpenOrder(o));
}

export async function fetchFills(): Promise<SpotFill[]> {
  return itemsOf(
    await request<ListAnswer<SpotFill>>(SPOT_PATHS.fills, {
      params: { pageNo: '1', pageSize: String(HISTORY_LIMIT) },
      silent: true,
    }),
  );
}

export const openOrdersQuery = queryOptions({
  queryKey: ['spot', 'orders', 'open'],
  queryFn: fetchOpenOrders,
});
export const orderHistoryQuery = queryOptions({
  queryKey: ['spot', 'orders', 'history'],
  queryFn: fetchOrderHistory,
});
export const fillsQuery = queryOptions({
  queryKey: ['spot', 'fills'],
  queryFn: fetchFills,
});

const newestFirst = <T extends { updatedAt?: number; time?: number }>(a: T, b: T) =>
  (b.updatedAt ?? b.time ?? 0) - (a.updatedAt ?? a.time ?? 0);

/** Open orders, order history and fills while logged in, kept live by the `orders` and `fills` channels. */
export function useMyOrders() {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const open = useQuery({ ...openOrdersQuery, enabled: loggedIn });
  const history = useQuery({ ...orderHistoryQuery, enabled: loggedIn });
  const fills = useQuery({ ...fillsQuery, enabled: loggedIn });

  useChannel<SpotOrder>(loggedIn ? WS_CHANNELS.orders : null, (order) => {
    queryClient.setQueryData<SpotOrder[]>(openOrdersQuery.queryKey, (list = []) => {
      const rest = list.filter((o) => o.orderId !== order.orderId);
      return isOpenOrder(order) ? [order, ...rest].sort(newestFirst) : rest;
    });
    if (!isOpenOrder(order)) {
      queryClient.setQueryData<SpotOrder[]>(orderHistoryQuery.queryKey, (list = []) =>
        [order, ...list.filter((o) => o.orderId !== order.orderId)].slice(0, HISTORY_LIMIT),
      );
    }
  });
  useChannel<SpotFill[]>(loggedIn ? WS_CHANNELS.fills : null, (pushed) => {
    queryClient.setQueryData<SpotFill[]>(fillsQuery.queryKey, (list = []) => {
      const seen = new Set(list.map((f) => f.fillId));
      const fresh = pushed.filter((f) => !seen.has(f.fillId));
      return [...fresh, ...list].sort(newestFirst).slice(0, HISTORY_LIMIT);
    });
  });
  return { loggedIn, open, history, fills };
}

export function placeOrder(order: PlaceSpotOrder): Promise<SpotOrder> {
  return request<SpotOrder>(SPOT_PATHS.placeOrder, {
    method: 'POST',
    params: { ...order },
    silent: true,
  });
}

export function cancelOrder(input: { symbol: string; orderId: string }): Promise<SpotOrder> {
  return request<SpotOrder>(SPOT_PATHS.cancelOrder, { method: 'POST', params: { ...input } });
}

/** Cancels every open order of the given markets (the server cancels one market per call). */
export async function cancelAllOrders(input: { symbols: string[] }): Promise<CancelAllAnswer> {
  const answers = await Promise.all(
    [...new Set(input.symbols)].map((symbol) =>
      request<CancelAllAnswer>(SPOT_PATHS.cancelAll, { method: 'POST', params: { symbol } }),
    ),
  );
  return { cancelled: answers.reduce((sum, a) => sum + a.cancelled, 0) };
}

function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['spot', 'orders'] });
    void queryClient.invalidateQueries({ queryKey: ['asset', 'balances'] });
  };
}

export function usePlaceOrder() {
  const refresh = useRefreshAfterOrder();
  return useMutation({ mutationFn: placeOrder, onSuccess: refresh });
}

export function useCancelOrder() {
  const refresh = useRefreshAfterOrder();
  return useMutation({ mutationFn: cancelOrder, onSuccess: refresh });
}

export function useCancelAllOrders() {
  const refresh = useRefreshAfterOrder();
  return useMutation({ mutationFn: cancelAllOrders, onSuccess: refresh });
}
