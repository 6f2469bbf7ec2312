import type { SecondFactorStatus } from '@quay/core';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

/** Which second factors confirm a change of keys (the account's own, read here). */
export const keyFactorsQuery = queryOptions({
  queryKey: ['api-keys', 'factors'],
  queryFn: () => request<SecondFactorStatus>('/v1/user/security/factors'),
  staleTime: 30_000,
});

export function useKeyFactors() {
  return useQuery(keyFactorsQuery);
}

/** A code by mail or text for confirming a change. */
export function useSendChangeCode() {
  return useMutation({
    mutationFn: (channel: 'email' | 'mobile') =>
      request<{ expireSeconds: number; resendSeconds: number }>('/v1/user/security/send-code', {
        method: 'POST',
        params: { channel },
        silent: true,
      }),
  });
}
