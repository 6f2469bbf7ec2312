import type { FreezeRequest } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { setSignedOut } from '../../../entities/user/user';

/** Freezes the account (password or second factor); every session, this one too, ends. */
export function freezeAccount(input: FreezeRequest): Promise<null> {
  return request<null>('/v1/user/security/freeze', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useFreezeAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: freezeAccount,
    onSuccess() {
      setSignedOut(queryClient);
    },
  });
}
