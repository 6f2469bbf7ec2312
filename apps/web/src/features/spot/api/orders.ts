import { SPOT_PATHS, type CancelAllAnswer, type PlaceSpotOrder, type SpotOrder } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateSpotBalances } from '../../../entities/balances/spot-balances';
import { invalidateSpotOrders } from '../../../entities/orders/spot-orders';
import { request } from '../../../platform/request/client';
import { plainFigures } from '../../../platform/request/plain-figures';

export function placeOrder(order: PlaceSpotOrder): Promise<SpotOrder> {
  return request<SpotOrder>(SPOT_PATHS.placeOrder, {
    method: 'POST',
    params: { ...plainFigures(order) },
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

/** An order placed or cancelled changes the orders and the balances, wherever they are shown. */
function useRefreshAfterOrder() {
  const queryClient = useQueryClient();
  return () => {
    void invalidateSpotOrders(queryClient);
    void invalidateSpotBalances(queryClient);
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
