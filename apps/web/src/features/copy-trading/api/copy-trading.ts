import {
  COPY_TRADING_PATHS,
  type ApplyLead,
  type CopyFollow,
  type CopyLeader,
  type CopyLeaderProfile,
  type CopyMine,
  type CopyPeriod,
  type CopySort,
  type CopyTrade,
  type CopyTradingTerms,
  type FollowLead,
  type StopCopy,
} from '@quay/core/copy-trading';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateBalances } from '../../../entities/balances/balance-keys';
import { request } from '../../../platform/request/client';

export const copyKeys = {
  all: ['copy-trading'] as const,
};

export function useCopyTerms() {
  return useQuery({
    queryKey: ['copy-trading', 'terms'],
    queryFn: () => request<CopyTradingTerms>(COPY_TRADING_PATHS.terms),
    staleTime: 60_000,
  });
}

export function useLeaders(period: CopyPeriod, sort: CopySort) {
  return useQuery({
    queryKey: ['copy-trading', 'leaders', period, sort],
    queryFn: () => request<CopyLeader[]>(COPY_TRADING_PATHS.leaders, { params: { period, sort } }),
    refetchInterval: 10_000,
  });
}

export function useLeaderProfile(leadId: string | null, period: CopyPeriod) {
  return useQuery({
    queryKey: ['copy-trading', 'leader', leadId, period],
    queryFn: () =>
      request<CopyLeaderProfile>(COPY_TRADING_PATHS.leader, {
        params: { leadId: leadId ?? '', period },
      }),
    enabled: leadId !== null,
    refetchInterval: 5_000,
  });
}

/** The user's copies (refreshed often: copied trades arrive with the lead's). */
export function useMyCopies(enabled: boolean) {
  return useQuery({
    queryKey: ['copy-trading', 'mine'],
    queryFn: () => request<CopyMine>(COPY_TRADING_PATHS.mine),
    enabled,
    refetchInterval: 3_000,
  });
}

export function useCopyTrades(followId: string) {
  return useQuery({
    queryKey: ['copy-trading', 'trades', followId],
    queryFn: () => request<CopyTrade[]>(COPY_TRADING_PATHS.trades, { params: { followId } }),
    refetchInterval: 3_000,
  });
}

/** A copy trading change: it refreshes copy trading and the balances (money moved to or from spot). */
function usePost<I extends object, O>(path: string) {
  const client = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      client.invalidateQueries({ queryKey: copyKeys.all }),
      invalidateBalances(client),
    ]);
  };
  return useMutation<O, Error, I>({
    mutationFn: async (body) => {
      const params = { ...body } as Record<string, unknown>;
      return request<O>(path, { params, method: 'POST', silent: true });
    },
    onSettled: refresh,
  });
}

export const useFollow = () => usePost<FollowLead, CopyFollow>(COPY_TRADING_PATHS.follow);
export const useStopCopy = () => usePost<StopCopy, CopyFollow>(COPY_TRADING_PATHS.stop);
export const useApplyLead = () => usePost<ApplyLead, CopyLeader>(COPY_TRADING_PATHS.apply);
