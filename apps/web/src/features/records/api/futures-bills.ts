import { FUTURES_PATHS, type FuturesBill, type FuturesBillType, type Page } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { tradeFilterParams, type TradeFilter } from '../../../entities/history-filter';
import { pageOf, type ListAnswer } from '../../../entities/list-answer';

export interface BillFilter extends TradeFilter {
  type: FuturesBillType | null;
}

export function billParams(filter: BillFilter, page: number, pageSize: number) {
  return {
    ...tradeFilterParams({ ...filter, side: null }, page, pageSize),
    ...(filter.type ? { type: filter.type } : {}),
  };
}

export function fetchFuturesBills(
  filter: BillFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesBill>> {
  return request<ListAnswer<FuturesBill>>(FUTURES_PATHS.bills, {
    params: billParams(filter, page, pageSize),
  }).then((answer) => pageOf(answer, page, pageSize));
}

export const futuresBillsQuery = (filter: BillFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['records', 'futures-bills', filter, page, pageSize],
    queryFn: () => fetchFuturesBills(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** Every change of the futures wallet (transfers, PnL, fees, funding ...), newest first, one page. */
export function useFuturesBills(
  filter: BillFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresBillsQuery(filter, page, pageSize), enabled });
}
