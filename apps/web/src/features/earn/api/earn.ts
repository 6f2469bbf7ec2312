import { type Page } from '@quay/core';
import {
  EARN_PATHS,
  type EarnDay,
  type EarnHolding,
  type EarnProduct,
  type EarnRecord,
  type EarnRedeem,
  type EarnRedeemed,
  type EarnSubscribe,
} from '@quay/core/earn';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { request } from '../../../platform/request/client';

export const earnKeys = {
  all: ['earn'] as const,
  products: ['earn', 'products'] as const,
  holdings: ['earn', 'holdings'] as const,
  records: (pageNo: number, pageSize: number) => ['earn', 'records', pageNo, pageSize] as const,
  earnings: ['earn', 'earnings'] as const,
};

export const earnProductsQuery = queryOptions({
  queryKey: earnKeys.products,
  queryFn: () => request<EarnProduct[]>(EARN_PATHS.products, { silent: true }),
  staleTime: 30_000,
});

/** Every earn product with its tiers and caps (public). */
export const useEarnProducts = () => useQuery(earnProductsQuery);

export function useEarnHoldings(enabled: boolean) {
  return useQuery({
    queryKey: earnKeys.holdings,
    queryFn: () => request<EarnHolding[]>(EARN_PATHS.holdings, { silent: true }),
    enabled,
  });
}

export function fetchEarnRecords(pageNo: number, pageSize: number) {
  return request<Page<EarnRecord>>(EARN_PATHS.records, {
    params: { pageNo, pageSize },
    silent: true,
  });
}

export function useEarnRecords(pageNo: number, pageSize: number, enabled: boolean) {
  return useQuery({
    queryKey: earnKeys.records(pageNo, pageSize),
    queryFn: () => fetchEarnRecords(pageNo, pageSize),
    enabled,
  });
}

export function useEarnings(enabled: boolean) {
  return useQuery({
    queryKey: earnKeys.earnings,
    queryFn: () => request<EarnDay[]>(EARN_PATHS.earnings, { params: { days: 30 }, silent: true }),
    enabled,
  });
}

/** Subscribing and redeeming change the holdings, the records and the spot wallet. */
function useEarnMutation<I extends Record<string, unknown>, O>(path: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: I) => request<O>(path, { method: 'POST', params: body, silent: true }),
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: earnKeys.all });
      void invalidateBalances(queryClient);
    },
  });
}

export const useSubscribe = () =>
  useEarnMutation<EarnSubscribe & Record<string, unknown>, EarnHolding>(EARN_PATHS.subscribe);
export const useRedeem = () =>
  useEarnMutation<EarnRedeem & Record<string, unknown>, EarnRedeemed>(EARN_PATHS.redeem);
