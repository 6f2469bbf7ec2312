import type { PasswordChange } from '@quay/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { accountSessionsQuery } from './account-sessions';
import { securityOverviewQuery } from './security-overview';

/** A new password (sent encrypted, as login's); every other session ends. */
export function changePassword(change: PasswordChange): Promise<null> {
  return request<null>('/v1/user/security/password', {
    method: 'POST',
    params: { ...change },
    silent: true,
  });
}

export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changePassword,
    onSuccess() {
      void queryClient.invalidateQueries({ queryKey: securityOverviewQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey });
    },
  });
}
