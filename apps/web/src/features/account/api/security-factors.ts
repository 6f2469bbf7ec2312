import type { SecondFactorStatus } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchSecurityFactors(): Promise<SecondFactorStatus> {
  return request<SecondFactorStatus>('/v1/user/security/factors');
}

export const securityFactorsQuery = queryOptions({
  queryKey: ['account', 'security-factors'],
  queryFn: fetchSecurityFactors,
  staleTime: 30_000,
});

export function useSecurityFactors() {
  return useQuery(securityFactorsQuery);
}
