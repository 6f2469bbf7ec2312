import type { LoginRecord, Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export type LoginResultFilter = 'all' | 'success' | 'failure';

export interface LoginHistoryFilter {
  /** Epoch milliseconds, inclusive; null for no bound. */
  begin: number | null;
  end: number | null;
  result: LoginResultFilter;
  pageNo: number;
  pageSize: number;
}

export function fetchLoginHistory(filter: LoginHistoryFilter) {
  return request<Page<LoginRecord>>('/user/login-history', {
    params: {
      result: filter.result,
      pageNo: String(filter.pageNo),
      pageSize: String(filter.pageSize),
      ...(filter.begin !== null ? { begin: String(filter.begin) } : {}),
      ...(filter.end !== null ? { end: String(filter.end) } : {}),
    },
  });
}

export const loginHistoryQuery = (filter: LoginHistoryFilter) =>
  queryOptions({
    queryKey: ['account', 'login-history', filter],
    queryFn: () => fetchLoginHistory(filter),
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useLoginHistory(filter: LoginHistoryFilter) {
  return useQuery(loginHistoryQuery(filter));
}
