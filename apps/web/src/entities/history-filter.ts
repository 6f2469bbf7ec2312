import type { OrderSide } from '@quay/core';

/** What the history lists (orders, fills, plans, funding) are filtered by. */
export interface TradeFilter {
  symbol: string | null;
  side: OrderSide | null;
  /** Epoch milliseconds, inclusive; null for no bound. */
  begin: number | null;
  end: number | null;
}

/** No filter: the trading screens' recent lists. */
export const NO_FILTER: TradeFilter = { symbol: null, side: null, begin: null, end: null };

/** How many rows the trading screens' recent lists hold (one page of the history routes). */
export const RECENT_LIMIT = 50;

/** The query of a history call; the fills route takes no side. */
export function tradeFilterParams(filter: TradeFilter, pageNo: number, pageSize: number) {
  return {
    pageNo: String(pageNo),
    pageSize: String(pageSize),
    ...(filter.symbol ? { symbol: filter.symbol } : {}),
    ...(filter.side ? { side: filter.side } : {}),
    ...(filter.begin !== null ? { begin: String(filter.begin) } : {}),
    ...(filter.end !== null ? { end: String(filter.end) } : {}),
  };
}

/** Items whose time falls inside an inclusive range; null bounds are open. */
export function withinRange<T>(
  items: readonly T[],
  timeOf: (item: T) => number,
  begin: number | null,
  end: number | null,
): T[] {
  return items.filter((item) => {
    const time = timeOf(item);
    return (begin === null || time >= begin) && (end === null || time <= end);
  });
}
