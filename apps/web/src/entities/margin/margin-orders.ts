import {
  MARGIN_PATHS,
  type MarginAccountRef,
  type MarginOrder,
  type MarginOrderInfo,
  type Page,
} from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { useSettings } from '../../platform/settings/settings-store';
import { itemsOf, pageOf, type ListAnswer } from '../list-answer';
import { MARGIN_POLL_MS } from './margin-accounts';
import { marginKeys } from './margin-keys';

const refParams = (ref: MarginAccountRef) => ({
  mode: ref.mode,
  ...(ref.symbol ? { symbol: ref.symbol } : {}),
});

/** The open orders of one margin account (on one market), polled while shown. */
export function useMarginOpenOrders(ref: MarginAccountRef) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({
    queryKey: marginKeys.openOrders(ref),
    queryFn: () =>
      request<ListAnswer<MarginOrder>>(MARGIN_PATHS.openOrders, { params: refParams(ref) }).then(
        itemsOf,
      ),
    enabled: loggedIn,
    staleTime: 0,
    refetchInterval: MARGIN_POLL_MS,
  });
}

export function fetchMarginOrderHistory(
  ref: MarginAccountRef,
  pageNo: number,
  pageSize: number,
): Promise<Page<MarginOrder>> {
  return request<ListAnswer<MarginOrder>>(MARGIN_PATHS.orderHistory, {
    params: { ...refParams(ref), pageNo: String(pageNo), pageSize: String(pageSize) },
  }).then((answer) => pageOf(answer, pageNo, pageSize));
}

/** Finished orders of one margin account, newest first, one page. */
export function useMarginOrderHistory(
  ref: MarginAccountRef,
  pageNo: number,
  pageSize: number,
  enabled = true,
) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({
    queryKey: marginKeys.history(ref, pageNo, pageSize),
    queryFn: () => fetchMarginOrderHistory(ref, pageNo, pageSize),
    enabled: loggedIn && enabled,
    placeholderData: keepPreviousData,
    staleTime: 5_000,
  });
}

export const marginOrderInfoQuery = (orderId: string) =>
  queryOptions({
    queryKey: marginKeys.orderInfo(orderId),
    queryFn: () => request<MarginOrderInfo>(MARGIN_PATHS.orderInfo, { params: { orderId } }),
    staleTime: 5_000,
  });

/** One margin order with its fills. */
export function useMarginOrderInfo(orderId: string) {
  return useQuery(marginOrderInfoQuery(orderId));
}
