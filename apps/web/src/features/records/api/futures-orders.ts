import { FUTURES_PATHS, type FuturesOrder } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOrderLists } from '../../../entities/orders/order-keys';
import { request } from '../../../platform/request/client';

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

/** A cancelled order leaves the open orders and joins the history, wherever they are shown. */
function useRefreshOrders() {
  const queryClient = useQueryClient();
  return () => {
    void invalidateOrderLists(queryClient, 'futures', ['open', 'history']);
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
