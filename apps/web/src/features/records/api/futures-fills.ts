import { FUTURES_PATHS, type FuturesFill, type Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { pageOf, type ListAnswer } from '../utils/pages';
import { tradeFilterParams, type TradeFilter } from './trade-filter';

export function fetchFuturesFills(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesFill>> {
  return request<ListAnswer<FuturesFill>>(FUTURES_PATHS.fills, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
  }).then((answer) => pageOf(answer, page, pageSize));
}

export const futuresFillsQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['record', 'futures-fills', filter, page, pageSize],
    queryFn: () => fetchFuturesFills(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** The user's perpetual fills, newest first, one page. */
export function useFuturesFills(
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresFillsQuery(filter, page, pageSize), enabled });
}
