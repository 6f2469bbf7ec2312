import type { AgencyOverview, LoginAnswer } from '@quay/core';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import type { LoginInput } from './login';
import { useSessionStarted } from './login';

/** An agency's login: the user login's answers; an account that is no agency is refused (11760). */
export function agencyLogin(input: LoginInput): Promise<LoginAnswer> {
  return request<LoginAnswer>('/v1/user/agency/login', {
    method: 'POST',
    params: { ...input },
    silent: true,
  });
}

export function useAgencyLogin() {
  const started = useSessionStarted();
  return useMutation({
    mutationFn: agencyLogin,
    onSuccess(answer) {
      if ('token' in answer) started(answer);
    },
  });
}

export const agencyOverviewQuery = queryOptions({
  queryKey: ['account', 'agency'],
  queryFn: () => request<AgencyOverview>('/v1/agency/overview', { silent: true }),
  staleTime: 30_000,
  retry: false,
});

export function useAgencyOverview() {
  return useQuery(agencyOverviewQuery);
}
