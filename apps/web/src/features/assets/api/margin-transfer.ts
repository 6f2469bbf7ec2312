import { MARGIN_PATHS, type MarginAccount, type MarginTransfer } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateMargin } from '../../../entities/margin/margin-keys';
import { request } from '../../../platform/request/client';
import { plainFigures } from '../../../platform/request/plain-figures';

/** Moves a coin between spot and a margin account, or cross and isolated; the dialog shows a refusal itself. */
export function submitMarginTransfer(body: MarginTransfer) {
  return request<MarginAccount>(MARGIN_PATHS.transfer, {
    method: 'POST',
    params: { ...plainFigures(body) },
    silent: true,
  });
}

export function useMarginTransfer() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitMarginTransfer,
    onSettled() {
      // Both ends change: the spot wallet, the margin accounts and their limits.
      void invalidateMargin(queryClient);
    },
  });
}
