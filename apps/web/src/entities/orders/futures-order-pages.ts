import {
  FUTURES_PATHS,
  type FuturesFill,
  type FuturesOrder,
  type FuturesPlan,
  type Page,
} from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { tradeFilterParams, withinRange, type TradeFilter } from '../history-filter';
import { pageOf, type ListAnswer } from '../list-answer';
import { orderKeys } from './order-keys';

/** Plan orders waiting, or done. */
export type PlanList = 'open' | 'history';

/**
 * A list the route answers whole (by symbol): side and dates are applied
 * here, and the list is paged here so every tab pages alike.
 */
async function fetchWholeListPage<T extends { side: string; createdAt: number }>(
  path: string,
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<T>> {
  const answer = await request<ListAnswer<T>>(path, {
    params: filter.symbol ? { symbol: filter.symbol } : {},
  });
  const all = Array.isArray(answer) ? answer : (answer?.items ?? []);
  const shown = withinRange(
    all.filter((item) => !filter.side || item.side === filter.side),
    (item) => item.createdAt,
    filter.begin,
    filter.end,
  );
  return pageOf(shown, page, pageSize);
}

/** Open orders: the route lists them all; side and dates are applied here. */
export function fetchFuturesOpenOrderPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesOrder>> {
  return fetchWholeListPage(FUTURES_PATHS.openOrders, filter, page, pageSize);
}

/** Finished orders, newest first, one page (the route takes no side); `silent` when the screen shows a failure itself. */
export function fetchFuturesOrderHistoryPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  silent = false,
): Promise<Page<FuturesOrder>> {
  return request<ListAnswer<FuturesOrder>>(FUTURES_PATHS.orderHistory, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
    silent,
  }).then((answer) => pageOf(answer, page, pageSize));
}

/** The user's perpetual fills, newest first, one page (the route takes no side). */
export function fetchFuturesFillPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  silent = false,
): Promise<Page<FuturesFill>> {
  return request<ListAnswer<FuturesFill>>(FUTURES_PATHS.fills, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
    silent,
  }).then((answer) => pageOf(answer, page, pageSize));
}

/** Waiting plans: the route lists them all; side and dates are applied here. */
export function fetchOpenPlanPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesPlan>> {
  return fetchWholeListPage(FUTURES_PATHS.openPlans, filter, page, pageSize);
}

/** Plans that are done, newest first, one page (the route takes no side). */
export function fetchPlanHistoryPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesPlan>> {
  return request<ListAnswer<FuturesPlan>>(FUTURES_PATHS.planHistory, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
  }).then((answer) => pageOf(answer, page, pageSize));
}

export const futuresOpenOrderPageQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderKeys.page('futures', 'open', filter, page, pageSize),
    queryFn: () => fetchFuturesOpenOrderPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    // Polled too: they fill and move while the page is open.
    refetchInterval: 5_000,
  });

export const futuresOrderHistoryPageQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderKeys.page('futures', 'history', filter, page, pageSize),
    queryFn: () => fetchFuturesOrderHistoryPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const futuresFillPageQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderKeys.page('futures', 'fills', filter, page, pageSize),
    queryFn: () => fetchFuturesFillPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const futuresPlanPageQuery = (
  list: PlanList,
  filter: TradeFilter,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: orderKeys.page(
      'futures',
      list === 'open' ? 'plans' : 'plan-history',
      filter,
      page,
      pageSize,
    ),
    queryFn: () =>
      list === 'open'
        ? fetchOpenPlanPage(filter, page, pageSize)
        : fetchPlanHistoryPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    refetchInterval: list === 'open' ? 5_000 : false,
  });

export function useFuturesOpenOrderPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresOpenOrderPageQuery(filter, page, pageSize), enabled });
}

export function useFuturesOrderHistoryPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresOrderHistoryPageQuery(filter, page, pageSize), enabled });
}

export function useFuturesFillPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresFillPageQuery(filter, page, pageSize), enabled });
}

/** Plan orders (trigger, TP, SL and trailing stops): those waiting, or those done, one page. */
export function useFuturesPlanPage(
  list: PlanList,
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresPlanPageQuery(list, filter, page, pageSize), enabled });
}
