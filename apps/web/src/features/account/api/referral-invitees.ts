import type { ReferralOverview } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchReferralOverview() {
  return request<ReferralOverview>('/user/referral/invitees');
}

export const referralOverviewQuery = queryOptions({
  queryKey: ['account', 'referral'],
  queryFn: fetchReferralOverview,
  staleTime: 30_000,
});

export function useReferralOverview() {
  return useQuery(referralOverviewQuery);
}
