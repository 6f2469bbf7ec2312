import type { QueryClient } from '@tanstack/react-query';
import type { TradeFilter } from '../history-filter';
import type { MarketSide } from '../markets/market-keys';

/** The lists of the user's orders: open ones, finished ones, fills, and (perpetuals) plans waiting or done. */
export type OrderList = 'open' | 'history' | 'fills' | 'plans' | 'plan-history';

/**
 * Every cache key of the user's orders, per side (spot, futures) and list.
 * A list has two kinds of view: `live`, the trading screen's list that
 * pushes patch in place, and `page`, a filtered page of the records. Both
 * sit under `list(side, list)`, so invalidating a list reaches every view
 * that shows it.
 *
 * No key names the ledger: simulation mode is fixed for a page load.
 */
export const orderKeys = {
  all: ['orders'] as const,
  side: (side: MarketSide) => [...orderKeys.all, side] as const,
  list: (side: MarketSide, list: OrderList) => [...orderKeys.side(side), list] as const,
  live: (side: MarketSide, list: OrderList) => [...orderKeys.list(side, list), 'live'] as const,
  page: (
    side: MarketSide,
    list: OrderList,
    filter: TradeFilter,
    pageNo: number,
    pageSize: number,
  ) => [...orderKeys.list(side, list), 'page', filter, pageNo, pageSize] as const,
};

/** Orders still resting on the book. */
export function isOpenOrder(order: { status: string }): boolean {
  return order.status === 'NEW' || order.status === 'PARTIALLY_FILLED';
}

/** Every view of some lists of one side. */
export async function invalidateOrderLists(
  queryClient: QueryClient,
  side: MarketSide,
  lists: readonly OrderList[],
): Promise<void> {
  await Promise.all(
    lists.map((list) => queryClient.invalidateQueries({ queryKey: orderKeys.list(side, list) })),
  );
}

/** Every view of every list of one side (after a reconnect, or a call that may touch them all). */
export function invalidateOrders(queryClient: QueryClient, side: MarketSide): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: orderKeys.side(side) });
}

/** The paged views (the records) of some lists of one side; the live lists are left as they are. */
export async function invalidateOrderPages(
  queryClient: QueryClient,
  side: MarketSide,
  lists: readonly OrderList[],
): Promise<void> {
  await Promise.all(
    lists.map((list) =>
      queryClient.invalidateQueries({ queryKey: [...orderKeys.list(side, list), 'page'] }),
    ),
  );
}
