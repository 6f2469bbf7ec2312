import { FUTURES_PATHS, type FuturesPlan } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateOrderLists } from '../../../entities/orders/order-keys';
import { request } from '../../../platform/request/client';

export function cancelPlan(input: { symbol: string; planId: string }) {
  return request<FuturesPlan>(FUTURES_PATHS.cancelPlan, { method: 'POST', params: { ...input } });
}

export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlan,
    onSettled() {
      void invalidateOrderLists(queryClient, 'futures', ['plans', 'plan-history']);
    },
  });
}
