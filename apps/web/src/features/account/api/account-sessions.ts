import type { AccountSession } from '@quay/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { securityOverviewQuery } from './security-overview';

export function fetchAccountSessions(): Promise<AccountSession[]> {
  return request<AccountSession[]>('/v1/user/security/sessions');
}

export const accountSessionsQuery = queryOptions({
  queryKey: ['account', 'sessions'],
  queryFn: fetchAccountSessions,
  staleTime: 10_000,
});

export function useAccountSessions() {
  return useQuery(accountSessionsQuery);
}

/** Ends one other session (its id), or every other one (null). */
export function revokeSessions(id: string | null): Promise<unknown> {
  return id === null
    ? request<{ ended: number }>('/v1/user/security/sessions/revoke-others', {
        method: 'POST',
        silent: true,
      })
    : request<null>('/v1/user/security/sessions/revoke', {
        method: 'POST',
        params: { id },
        silent: true,
      });
}

export function useRevokeSessions() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: revokeSessions,
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: accountSessionsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: securityOverviewQuery.queryKey });
    },
  });
}
