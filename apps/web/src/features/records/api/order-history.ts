import { SPOT_PATHS, type Page, type SpotOrder } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { tradeFilterParams, type TradeFilter } from './trade-filter';

export function fetchOrderHistory(filter: TradeFilter, page: number, pageSize: number) {
  return request<Page<SpotOrder>>(SPOT_PATHS.orderHistory, {
    params: tradeFilterParams(filter, page, pageSize),
  });
}

export const orderHistoryQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['record', 'spot-orders', filter, page, pageSize],
    queryFn: () => fetchOrderHistory(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

/** Spot orders that are done (filled, cancelled), newest first, one page. */
export function useOrderHistory(filter: TradeFilter, page: number, pageSize: number) {
  return useQuery(orderHistoryQuery(filter, page, pageSize));
}
