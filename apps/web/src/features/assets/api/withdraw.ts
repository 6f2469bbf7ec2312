import { ASSET_PATHS, type AssetRecord, type WithdrawRequest } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { request } from '../../../platform/request/client';
import { plainFigures } from '../../../platform/request/plain-figures';

export function submitWithdrawal(body: WithdrawRequest) {
  return request<AssetRecord>(ASSET_PATHS.withdraw, {
    method: 'POST',
    params: { ...plainFigures(body) },
  });
}

/** Asks for a withdrawal; its amount is frozen until the operator approves it. */
export function useWithdraw() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitWithdrawal,
    onSettled() {
      // The spot wallet, the valuation and the withdrawal records change.
      void invalidateBalances(queryClient);
    },
  });
}
