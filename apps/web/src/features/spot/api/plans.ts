import { SPOT_PLANS_CHANNEL, SPOT_PLAN_PATHS, type PlaceSpotPlan, type SpotPlan } from '@quay/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateSpotBalances } from '../../../entities/balances/spot-balances';
import { invalidateSpotOrders } from '../../../entities/orders/spot-orders';
import { itemsOf, type ListAnswer } from '../../../entities/list-answer';
import { useChannel } from '../../../platform/realtime/realtime';
import { request } from '../../../platform/request/client';
import { plainFigures } from '../../../platform/request/plain-figures';
import { useSettings } from '../../../platform/settings/settings-store';

/** Trigger plans ended on the trading screen's history tab, newest first. */
const HISTORY_SIZE = 50;
const planKeys = {
  all: ['spot-plans'] as const,
  current: ['spot-plans', 'current'] as const,
  history: ['spot-plans', 'history'] as const,
};

export function placePlan(plan: PlaceSpotPlan): Promise<SpotPlan> {
  return request<SpotPlan>(SPOT_PLAN_PATHS.place, {
    method: 'POST',
    params: { ...plainFigures(plan) },
    silent: true,
  });
}

export function cancelPlan(input: { symbol: string; planId: string }): Promise<SpotPlan> {
  return request<SpotPlan>(SPOT_PLAN_PATHS.cancel, { method: 'POST', params: { ...input } });
}

/**
 * The user's waiting trigger orders and TP/SL, and the ones that ended,
 * asked again on each push of `spot.plans` (a plan that fires also places
 * an order and moves balances: those are asked again too).
 */
export function useSpotPlans() {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const current = useQuery({
    queryKey: planKeys.current,
    queryFn: async () =>
      itemsOf(await request<ListAnswer<SpotPlan>>(SPOT_PLAN_PATHS.current, { silent: true })),
    enabled: loggedIn,
    staleTime: 0,
  });
  const history = useQuery({
    queryKey: planKeys.history,
    queryFn: async () =>
      itemsOf(
        await request<ListAnswer<SpotPlan>>(SPOT_PLAN_PATHS.history, {
          params: { pageNo: '1', pageSize: String(HISTORY_SIZE) },
          silent: true,
        }),
      ),
    enabled: loggedIn,
    staleTime: 0,
  });
  useChannel<SpotPlan>(loggedIn ? SPOT_PLANS_CHANNEL : null, (plan) => {
    void queryClient.invalidateQueries({ queryKey: planKeys.all });
    if (plan.status === 'TRIGGERED') {
      void invalidateSpotOrders(queryClient);
      void invalidateSpotBalances(queryClient);
    }
  });
  return { loggedIn, current, history };
}

export function usePlacePlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: placePlan,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}

export function useCancelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: cancelPlan,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: planKeys.all }),
  });
}
