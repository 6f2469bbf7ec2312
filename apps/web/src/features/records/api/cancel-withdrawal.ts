import { ASSET_PATHS, type AssetRecord } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { request } from '../../../platform/request/client';

export function cancelWithdrawal(id: string) {
  return request<AssetRecord>(ASSET_PATHS.cancelWithdrawal, { method: 'POST', params: { id } });
}

/** Cancels a withdrawal still pending approval; its amount is unfrozen. */
export function useCancelWithdrawal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelWithdrawal,
    onSettled() {
      // The records, the spot wallet and its valuation change.
      void invalidateBalances(queryClient);
    },
  });
}
