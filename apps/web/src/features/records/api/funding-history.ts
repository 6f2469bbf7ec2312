import { FUTURES_PATHS, type FundingPayment, type Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { pageOf, type ListAnswer } from '../utils/pages';
import { tradeFilterParams, type TradeFilter } from './trade-filter';

export function fetchFundingHistory(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FundingPayment>> {
  return request<ListAnswer<FundingPayment>>(FUTURES_PATHS.fundingHistory, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
  }).then((answer) => pageOf(answer, page, pageSize));
}

export const fundingHistoryQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['record', 'funding-history', filter, page, pageSize],
    queryFn: () => fetchFundingHistory(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** The user's funding payments (received positive, paid negative), newest first, one page. */
export function useFundingHistory(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...fundingHistoryQuery(filter, page, pageSize), enabled });
}
