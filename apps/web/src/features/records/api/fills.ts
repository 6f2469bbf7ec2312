import { SPOT_PATHS, type Page, type SpotFill } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { tradeFilterParams, type TradeFilter } from './trade-filter';

export function fetchFills(filter: TradeFilter, page: number, pageSize: number) {
  return request<Page<SpotFill>>(SPOT_PATHS.fills, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
  });
}

export const fillsQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['record', 'spot-fills', filter, page, pageSize],
    queryFn: () => fetchFills(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** The user's spot fills, newest first, one page. */
export function useFills(filter: TradeFilter, page: number, pageSize: number) {
  return useQuery(fillsQuery(filter, page, pageSize));
}
