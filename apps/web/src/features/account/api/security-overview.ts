import type { SecurityOverview } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchSecurityOverview(): Promise<SecurityOverview> {
  return request<SecurityOverview>('/v1/user/security/overview');
}

export const securityOverviewQuery = queryOptions({
  queryKey: ['account', 'security-overview'],
  queryFn: fetchSecurityOverview,
  staleTime: 10_000,
});

export function useSecurityOverview() {
  return useQuery(securityOverviewQuery);
}
