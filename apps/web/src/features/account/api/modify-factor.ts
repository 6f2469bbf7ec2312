import type { FactorChange, SecondFactorStatus } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { securityFactorsQuery } from './security-factors';

/** Turns one factor on or off, with the codes of every factor on now. */
export function modifyFactor(change: FactorChange): Promise<SecondFactorStatus> {
  return request<SecondFactorStatus>('/v1/user/security/modify', {
    method: 'POST',
    params: { ...change },
    silent: true,
  });
}

export function useModifyFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: modifyFactor,
    onSuccess(status) {
      queryClient.setQueryData(securityFactorsQuery.queryKey, status);
    },
  });
}
