import { FEE_PATHS, type FeeSchedule } from '@quay/core';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchFeeSchedule() {
  return request<FeeSchedule>(FEE_PATHS.schedule, { silent: true });
}

export const feeScheduleQuery = queryOptions({
  queryKey: ['fee-schedule'],
  queryFn: fetchFeeSchedule,
  // The tier table changes rarely, by an operator.
  staleTime: 5 * 60_000,
});

/** Every VIP tier: thresholds and maker/taker rates for spot and futures (public). */
export function useFeeSchedule() {
  return useQuery(feeScheduleQuery);
}
