import type { OrderSide } from '@quay/core';

/** What the order-history and fill-history tabs are filtered by. */
export interface TradeFilter {
  symbol: string | null;
  side: OrderSide | null;
  /** Epoch milliseconds, inclusive; null for no bound. */
  begin: number | null;
  end: number | null;
}

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
