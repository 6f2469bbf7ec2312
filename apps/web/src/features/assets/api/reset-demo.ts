import { SIMULATION_PATHS, type Balance } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function resetDemoAccount() {
  return request<Balance[]>(SIMULATION_PATHS.reset, { method: 'POST', params: {} });
}

/** Starts the demo account afresh: demo orders cancelled, 50,000 SUSDT again. */
export function useResetDemoAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetDemoAccount,
    onSettled() {
      void queryClient.invalidateQueries();
    },
  });
}
