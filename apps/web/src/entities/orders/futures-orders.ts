import { FUTURES_CHANNELS, FUTURES_PATHS, type FuturesOrder, type FuturesPlan } from '@quay/core';
import { queryOptions, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { useChannel } from '../../platform/realtime/realtime';
import { request } from '../../platform/request/client';
import { useSettings } from '../../platform/settings/settings-store';
import { NO_FILTER, RECENT_LIMIT } from '../history-filter';
import { itemsOf, type ListAnswer } from '../list-answer';
import { invalidateHeldPositions } from '../positions/positions';
import { fetchFuturesFillPage, fetchFuturesOrderHistoryPage } from './futures-order-pages';
import { invalidateOrderLists, invalidateOrderPages, isOpenOrder, orderKeys } from './order-keys';

export async function fetchOpenFuturesOrders(): Promise<FuturesOrder[]> {
  return itemsOf(
    await request<ListAnswer<FuturesOrder>>(FUTURES_PATHS.openOrders, { silent: true }),
  );
}

export async function fetchOpenFuturesPlans(): Promise<FuturesPlan[]> {
  return itemsOf(await request<ListAnswer<FuturesPlan>>(FUTURES_PATHS.openPlans, { silent: true }));
}

export const openFuturesOrdersQuery = queryOptions({
  queryKey: orderKeys.live('futures', 'open'),
  queryFn: fetchOpenFuturesOrders,
  staleTime: 0,
});
export const openFuturesPlansQuery = queryOptions({
  queryKey: orderKeys.live('futures', 'plans'),
  queryFn: fetchOpenFuturesPlans,
  staleTime: 0,
});
export const recentFuturesOrdersQuery = queryOptions({
  queryKey: orderKeys.live('futures', 'history'),
  queryFn: async () => (await fetchFuturesOrderHistoryPage(NO_FILTER, 1, RECENT_LIMIT, true)).items,
  staleTime: 0,
});
export const recentFuturesFillsQuery = queryOptions({
  queryKey: orderKeys.live('futures', 'fills'),
  queryFn: async () => (await fetchFuturesFillPage(NO_FILTER, 1, RECENT_LIMIT, true)).items,
  staleTime: 0,
});

/**
 * A push on `futures.orders`: the open list takes or drops the order; a
 * finished one changes the history, the fills and the positions, which are
 * asked again wherever they are shown.
 */
export function applyFuturesOrderPush(queryClient: QueryClient, order: FuturesOrder): void {
  queryClient.setQueryData<FuturesOrder[]>(openFuturesOrdersQuery.queryKey, (list) => {
    if (!list) return list;
    const rest = list.filter((o) => o.orderId !== order.orderId);
    return isOpenOrder(order) ? [order, ...rest] : rest;
  });
  if (isOpenOrder(order)) return;
  void invalidateOrderLists(queryClient, 'futures', ['history', 'fills']);
  void invalidateHeldPositions(queryClient);
}

/** A push on `futures.plans` (a trailing stop on each move of its extreme): the waiting list takes or drops it. */
export function applyFuturesPlanPush(queryClient: QueryClient, plan: FuturesPlan): void {
  queryClient.setQueryData<FuturesPlan[]>(openFuturesPlansQuery.queryKey, (list) => {
    if (!list) return list;
    const rest = list.filter((p) => p.planId !== plan.planId);
    return plan.status === 'WAITING' ? [plan, ...rest] : rest;
  });
}

/** After an order, a plan or a setting was sent: every list of the perpetuals, wherever shown. */
export function invalidateFuturesOrders(queryClient: QueryClient): Promise<void> {
  return invalidateOrderLists(queryClient, 'futures', [
    'open',
    'history',
    'fills',
    'plans',
    'plan-history',
  ]);
}

/** Refreshing paged views on pushes at most this often: a busy account pushes many times a second. */
const PAGE_REFRESH_MS = 1_000;

/**
 * Keeps every view of the perpetual orders live while logged in: a push on
 * `futures.orders` or `futures.plans` (the realtime facade names the demo
 * side's) is applied to the trading screen's lists, and the records' pages,
 * which cannot simply take the pushed order in, are asked again (at most
 * once a second). Mount once per screen that shows them.
 */
export function useFuturesOrderPushes(): void {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const last = useRef({ orders: 0, plans: 0 });
  const due = (what: 'orders' | 'plans') => {
    const now = Date.now();
    if (now - last.current[what] < PAGE_REFRESH_MS) return false;
    last.current[what] = now;
    return true;
  };
  useChannel<FuturesOrder>(loggedIn ? FUTURES_CHANNELS.orders : null, (order) => {
    applyFuturesOrderPush(queryClient, order);
    if (due('orders'))
      void invalidateOrderPages(queryClient, 'futures', ['open', 'history', 'fills']);
  });
  useChannel<FuturesPlan>(loggedIn ? FUTURES_CHANNELS.plans : null, (plan) => {
    applyFuturesPlanPush(queryClient, plan);
    if (due('plans')) void invalidateOrderPages(queryClient, 'futures', ['plans', 'plan-history']);
  });
}

/** The trading screen's open orders and waiting plans while logged in. */
export function useOpenFuturesOrders() {
  const loggedIn = useSettings((s) => s.loginFlag);
  const orders = useQuery({ ...openFuturesOrdersQuery, enabled: loggedIn });
  const plans = useQuery({ ...openFuturesPlansQuery, enabled: loggedIn });
  return { orders, plans };
}

/** The trading screen's recent order history or fills, asked for while `enabled` and logged in. */
export function useRecentFuturesOrders(enabled: boolean) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({ ...recentFuturesOrdersQuery, enabled: loggedIn && enabled });
}

export function useRecentFuturesFills(enabled: boolean) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({ ...recentFuturesFillsQuery, enabled: loggedIn && enabled });
}
