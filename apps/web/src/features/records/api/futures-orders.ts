import { FUTURES_PATHS, type FuturesOrder, type Page } from '@quay/core';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { pageOf, withinRange, type ListAnswer } from '../utils/pages';
import { tradeFilterParams, type TradeFilter } from './trade-filter';

/** Open orders: the route lists them all (by symbol); side and dates are applied here. */
export async function fetchFuturesOpenOrders(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesOrder>> {
  const answer = await request<ListAnswer<FuturesOrder>>(FUTURES_PATHS.openOrders, {
    params: filter.symbol ? { symbol: filter.symbol } : {},
  });
  const all = Array.isArray(answer) ? answer : (answer?.items ?? []);
  const shown = withinRange(
    all.filter((o) => !filter.side || o.side === filter.side),
    (o) => o.createdAt,
    filter.begin,
    filter.end,
  );
  return pageOf(shown, page, pageSize);
}

export function fetchFuturesOrderHistory(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesOrder>> {
  // The history route takes no side.
  return request<ListAnswer<FuturesOrder>>(FUTURES_PATHS.orderHistory, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
  }).then((answer) => pageOf(answer, page, pageSize));
}

export const futuresOpenOrdersQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['record', 'futures-orders', 'open', filter, page, pageSize],
    queryFn: () => fetchFuturesOpenOrders(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    refetchInterval: 5_000,
  });

export const futuresOrderHistoryQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['record', 'futures-orders', 'history', filter, page, pageSize],
    queryFn: () => fetchFuturesOrderHistory(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** The user's open perpetual orders (polled: they fill and move while the page is open). */
export function useFuturesOpenOrders(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresOpenOrdersQuery(filter, page, pageSize), enabled });
}

/** Perpetual orders that are done, newest first, one page. */
export function useFuturesOrderHistory(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresOrderHistoryQuery(filter, page, pageSize), enabled });
}

export function cancelFuturesOrder(input: { symbol: string; orderId: string }) {
  return request<FuturesOrder>(FUTURES_PATHS.cancelOrder, {
    method: 'POST',
    params: { symbol: input.symbol, orderId: input.orderId },
  });
}

/**
 * Cancels the open orders a filter shows: one cancel-all per perpetual when
 * the filter narrows by perpetual at most, else (a side or dates) each order,
 * so that nothing the user does not see is cancelled.
 */
export async function cancelAllFuturesOrders(input: {
  orders: readonly Pick<FuturesOrder, 'symbol' | 'orderId'>[];
  exact: boolean;
}): Promise<void> {
  if (input.exact) {
    await Promise.all(input.orders.map((o) => cancelFuturesOrder(o)));
    return;
  }
  await Promise.all(
    [...new Set(input.orders.map((o) => o.symbol))].map((symbol) =>
      request<unknown>(FUTURES_PATHS.cancelAll, { method: 'POST', params: { symbol } }),
    ),
  );
}

function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: ['record', 'futures-orders'] });
  };
}

export function useCancelFuturesOrder() {
  const refresh = useRefreshOrders();
  return useMutation({ mutationFn: cancelFuturesOrder, onSettled: refresh });
}

export function useCancelAllFuturesOrders() {
  const refresh = useRefreshOrders();
  return useMutation({ mutationFn: cancelAllFuturesOrders, onSettled: refresh });
}
