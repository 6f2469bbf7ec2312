import { FUTURES_PATHS, type FuturesTransfer } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { request } from '../../../platform/request/client';
import { plainFigures } from '../../../platform/request/plain-figures';

/** Moves funds between the spot and the futures wallet; the dialog shows a refusal itself. */
export function submitFuturesTransfer(body: FuturesTransfer) {
  return request<unknown>(FUTURES_PATHS.transfer, {
    method: 'POST',
    params: { ...plainFigures(body) },
    silent: true,
  });
}

export function useFuturesTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitFuturesTransfer,
    onSettled() {
      // Both wallets, the valuation and the transfer records change.
      void invalidateBalances(queryClient);
    },
  });
}
