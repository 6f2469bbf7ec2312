import { FEE_PATHS, type MyVip } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchMyVip() {
  return request<MyVip>(FEE_PATHS.myVip);
}

export const myVipQuery = queryOptions({
  queryKey: ['my-vip'],
  queryFn: fetchMyVip,
  // Tiers are recomputed once a day; a minute is fresh enough.
  staleTime: 60_000,
});

/** The logged-in user's tier, its 30-day figures and the next tier. */
export function useMyVip() {
  return useQuery(myVipQuery);
}
