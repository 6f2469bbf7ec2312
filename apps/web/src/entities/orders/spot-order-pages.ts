import { SPOT_PATHS, type Page, type SpotFill, type SpotOrder } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { tradeFilterParams, type TradeFilter } from '../history-filter';
import { orderKeys } from './order-keys';

/** Spot orders that are done (filled, cancelled), newest first, one page. */
export function fetchSpotOrderPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<SpotOrder>> {
  return request<Page<SpotOrder>>(SPOT_PATHS.orderHistory, {
    params: tradeFilterParams(filter, page, pageSize),
  });
}

/** The user's spot fills, newest first, one page (the route takes no side). */
export function fetchSpotFillPage(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<SpotFill>> {
  return request<Page<SpotFill>>(SPOT_PATHS.fills, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
  });
}

export const spotOrderPageQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderKeys.page('spot', 'history', filter, page, pageSize),
    queryFn: () => fetchSpotOrderPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export const spotFillPageQuery = (filter: TradeFilter, page: number, pageSize: number) =>
  queryOptions({
    queryKey: orderKeys.page('spot', 'fills', filter, page, pageSize),
    queryFn: () => fetchSpotFillPage(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });

export function useSpotOrderPage(filter: TradeFilter, page: number, pageSize: number) {
  return useQuery(spotOrderPageQuery(filter, page, pageSize));
}

export function useSpotFillPage(filter: TradeFilter, page: number, pageSize: number) {
  return useQuery(spotFillPageQuery(filter, page, pageSize));
}
