import { FUTURES_PATHS, type FundingPayment, type Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { useSettings } from '../../platform/settings/settings-store';
import { NO_FILTER, RECENT_LIMIT, tradeFilterParams, type TradeFilter } from '../history-filter';
import { pageOf, type ListAnswer } from '../list-answer';
import { positionKeys } from './position-keys';

/**
 * One page of funding payments (received positive, paid negative), newest
 * first; the route takes no side. `silent` when the screen shows a failure itself.
 */
export function fetchFundingPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  silent = false,
): Promise<Page<FundingPayment>> {
  return request<ListAnswer<FundingPayment>>(FUTURES_PATHS.fundingHistory, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
    silent,
  }).then((answer) => pageOf(answer, page, pageSize));
}

export const fundingPageQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: positionKeys.fundingPage(filter, page, pageSize),
    queryFn: () => fetchFundingPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const recentFundingQuery = queryOptions({
  queryKey: positionKeys.recentFunding(),
  queryFn: async () => (await fetchFundingPage(NO_FILTER, 1, RECENT_LIMIT, true)).items,
  staleTime: 0,
});

/** The records' funding payments, one page. */
export function useFundingPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...fundingPageQuery(filter, page, pageSize), enabled });
}

/** The trading screen's latest funding payments, asked for while `enabled` and logged in. */
export function useRecentFunding(enabled: boolean) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({ ...recentFundingQuery, enabled: loggedIn && enabled });
}
