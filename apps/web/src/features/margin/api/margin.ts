import {
  MARGIN_PATHS,
  type CancelAllAnswer,
  type CancelMarginOrder,
  type CancelAllMarginOrders,
  type MarginAccount,
  type MarginBorrow,
  type MarginOrder,
  type MarginRepay,
  type PlaceMarginOrder,
} from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMargin } from '../../../entities/margin/margin-keys';
import { request } from '../../../platform/request/client';
import { plainFigures } from '../../../platform/request/plain-figures';

/** Calls whose refusal the screen shows itself, in the server's words. */
const post = <T>(path: string, body: object) =>
  request<T>(path, { method: 'POST', params: { ...body }, silent: true });

export const borrow = (body: MarginBorrow) =>
  post<MarginAccount>(MARGIN_PATHS.borrow, plainFigures(body));

export const repay = (body: MarginRepay) =>
  post<MarginAccount>(MARGIN_PATHS.repay, plainFigures(body));

export const placeMarginOrder = (body: PlaceMarginOrder) =>
  post<MarginOrder>(MARGIN_PATHS.placeOrder, plainFigures(body));

export const cancelMarginOrder = (body: CancelMarginOrder) =>
  post<MarginOrder>(MARGIN_PATHS.cancelOrder, body);

export const cancelAllMarginOrders = (body: CancelAllMarginOrders) =>
  post<CancelAllAnswer>(MARGIN_PATHS.cancelAll, body);

/** Every margin call changes the accounts, limits, orders and records (and a transfer the spot wallet). */
function useMarginMutation<I, O>(fn: (input: I) => Promise<O>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSettled() {
      void invalidateMargin(queryClient);
    },
  });
}

export const useBorrow = () => useMarginMutation(borrow);
export const useRepay = () => useMarginMutation(repay);
export const usePlaceMarginOrder = () => useMarginMutation(placeMarginOrder);
export const useCancelMarginOrder = () => useMarginMutation(cancelMarginOrder);
export const useCancelAllMarginOrders = () => useMarginMutation(cancelAllMarginOrders);
