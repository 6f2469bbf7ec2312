import { FUTURES_PATHS, type FuturesPlan, type Page } from '@quay/core';
import {
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from '@tanstack/react-query';
import { request } from '../../../platform/request/client';
import { pageOf, withinRange, type ListAnswer } from '../utils/pages';
import { tradeFilterParams, type TradeFilter } from './trade-filter';

export type PlanList = 'open' | 'history';

/** Waiting plans: the route lists them all; side and dates are applied here. */
export async function fetchOpenPlans(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesPlan>> {
  const answer = await request<ListAnswer<FuturesPlan>>(FUTURES_PATHS.openPlans, {
    params: filter.symbol ? { symbol: filter.symbol } : {},
  });
  const all = Array.isArray(answer) ? answer : (answer?.items ?? []);
  const shown = withinRange(
    all.filter((p) => !filter.side || p.side === filter.side),
    (p) => p.createdAt,
    filter.begin,
    filter.end,
  );
  return pageOf(shown, page, pageSize);
}

export function fetchPlanHistory(
  filter: TradeFilter,
  page: number,
  pageSize: number,
): Promise<Page<FuturesPlan>> {
  // The history route takes no side.
  return request<ListAnswer<FuturesPlan>>(FUTURES_PATHS.planHistory, {
    params: tradeFilterParams({ ...filter, side: null }, page, pageSize),
  }).then((answer) => pageOf(answer, page, pageSize));
}

export const futuresPlansQuery = (
  list: PlanList,
  filter: TradeFilter,
  page: number,
  pageSize: number,
) =>
  queryOptions({
    queryKey: ['record', 'futures-plans', list, filter, page, pageSize],
    queryFn: () =>
      list === 'open'
        ? fetchOpenPlans(filter, page, pageSize)
        : fetchPlanHistory(filter, page, pageSize),
    placeholderData: keepPreviousData,
    staleTime: 2_000,
    refetchInterval: list === 'open' ? 5_000 : false,
  });

/** Plan orders (trigger, TP and SL): those waiting, or those done, one page. */
export function useFuturesPlans(
  list: PlanList,
  filter: TradeFilter,
  page: number,
  pageSize: number,
  enabled = true,
) {
  return useQuery({ ...futuresPlansQuery(list, filter, page, pageSize), enabled });
}

export function cancelPlan(input: { symbol: string; planId: string }) {
  return request<FuturesPlan>(FUTURES_PATHS.cancelPlan, { method: 'POST', params: { ...input } });
}

export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlan,
    onSettled() {
      void queryClient.invalidateQueries({ queryKey: ['record', 'futures-plans'] });
    },
  });
}
