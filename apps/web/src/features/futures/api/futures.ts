/**
 * The perpetuals' calls (FUTURES_PATHS in core) as react-query queries and
 * mutations, and the channels that keep them live: tickers, the mark, and
 * the user's positions, orders, plans and account. Trailing stops are plans
 * too: placed through `usePlacePlan` with `kind: 'trailing'`, and pushed on
 * `futures.plans` each time their tracked extreme moves.
 */
import {
  FUTURES_CHANNELS,
  FUTURES_PATHS,
  WS_CHANNELS,
  type ClosePosition,
  type FundingPayment,
  type FuturesAccount,
  type FuturesFill,
  type FuturesOrder,
  type FuturesPlan,
  type FuturesPosition,
  type FuturesSettings,
  type MarginMode,
  type MarkInfo,
  type Page,
  type PerpMarketInfo,
  type PerpTicker,
  type PlaceFuturesOrder,
  type PlaceFuturesPlan,
  type PositionMode,
  type PositionSide,
  type SetPositionTpSl,
  type Ticker,
} from '@quay/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../platform/request/client';
import { useChannel } from '../../../platform/realtime/realtime';
import { useSettings } from '../../../platform/settings/settings-store';

export const HISTORY_LIMIT = 50;

export const marketsQuery = queryOptions({
  queryKey: ['futures', 'markets'],
  queryFn: () => request<PerpMarketInfo[]>(FUTURES_PATHS.markets),
  staleTime: 5 * 60_000,
});

export function usePerpMarkets() {
  return useQuery(marketsQuery);
}

export const tickersQuery = queryOptions({
  queryKey: ['futures', 'tickers'],
  queryFn: () => request<PerpTicker[]>(FUTURES_PATHS.tickers),
  staleTime: 30_000,
});

export function usePerpTicker(symbol: string): PerpTicker | undefined {
  const { data } = useQuery(tickersQuery);
  return data?.find((t) => t.symbol === symbol);
}

/** Keeps the tickers live: every perpetual once a second, the open one on every change. Mount once per page. */
export function useLivePerpTickers(symbol: string): void {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (changed: Array<Ticker | PerpTicker>) =>
      queryClient.setQueryData<PerpTicker[]>(tickersQuery.queryKey, (list = []) => {
        const bySymbol = new Map(list.map((t) => [t.symbol, t]));
        for (const t of changed) {
          const known = bySymbol.get(t.symbol);
          if (known && known.time > t.time) continue;
          // A plain ticker push keeps the mark and funding the list last gave.
          bySymbol.set(t.symbol, { ...(known ?? emptyMarks), ...t } as PerpTicker);
        }
        return [...bySymbol.values()];
      }),
    [queryClient],
  );
  useChannel<PerpTicker[]>(FUTURES_CHANNELS.tickers, apply);
  useChannel<Ticker>(WS_CHANNELS.ticker(symbol), (t) => apply([t]));
}

const emptyMarks = { markPrice: '', indexPrice: '', fundingRate: '', nextFundingTime: 0 };

export const markQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['futures', 'mark', symbol],
    queryFn: () => request<MarkInfo>(FUTURES_PATHS.mark, { params: { symbol } }),
    staleTime: 5_000,
  });

/** Mark, index and funding of one perpetual, pushed every second on `mark:SYMBOL`. */
export function useMark(symbol: string): MarkInfo | undefined {
  const queryClient = useQueryClient();
  const { data } = useQuery(markQuery(symbol));
  useChannel<MarkInfo>(FUTURES_CHANNELS.mark(symbol), (mark) =>
    queryClient.setQueryData(markQuery(symbol).queryKey, mark),
  );
  return data;
}

// ----- the user's futures ----------------------------------------------------

export const accountQuery = queryOptions({
  queryKey: ['futures', 'account'],
  queryFn: () => request<FuturesAccount>(FUTURES_PATHS.account, { silent: true }),
});
export const positionsQuery = queryOptions({
  queryKey: ['futures', 'positions'],
  queryFn: () => request<FuturesPosition[]>(FUTURES_PATHS.positions, { silent: true }),
});
export const openOrdersQuery = queryOptions({
  queryKey: ['futures', 'orders', 'open'],
  queryFn: () => request<FuturesOrder[]>(FUTURES_PATHS.openOrders, { silent: true }),
});
export const openPlansQuery = queryOptions({
  queryKey: ['futures', 'plans', 'open'],
  queryFn: () => request<FuturesPlan[]>(FUTURES_PATHS.openPlans, { silent: true }),
});
const page =
  <T>(path: string) =>
  async () =>
    (
      await request<Page<T>>(path, {
        params: { pageNo: '1', pageSize: String(HISTORY_LIMIT) },
        silent: true,
      })
    ).items;
export const orderHistoryQuery = queryOptions({
  queryKey: ['futures', 'orders', 'history'],
  queryFn: page<FuturesOrder>(FUTURES_PATHS.orderHistory),
});
export const fillsQuery = queryOptions({
  queryKey: ['futures', 'fills'],
  queryFn: page<FuturesFill>(FUTURES_PATHS.fills),
});
export const fundingQuery = queryOptions({
  queryKey: ['futures', 'funding'],
  queryFn: page<FundingPayment>(FUTURES_PATHS.fundingHistory),
});
export const settingsQuery = (symbol: string) =>
  queryOptions({
    queryKey: ['futures', 'settings', symbol],
    queryFn: () =>
      request<FuturesSettings>(FUTURES_PATHS.settings, { params: { symbol }, silent: true }),
  });

const isOpen = (o: FuturesOrder) => o.status === 'NEW' || o.status === 'PARTIALLY_FILLED';

/**
 * The signed-in user's account, positions, orders and plans, kept live by
 * the private channels; the histories refresh when an order finishes.
 */
export function useMyFutures() {
  const loggedIn = useSettings((s) => s.loginFlag);
  const queryClient = useQueryClient();
  const account = useQuery({ ...accountQuery, enabled: loggedIn });
  const positions = useQuery({ ...positionsQuery, enabled: loggedIn });
  const openOrders = useQuery({ ...openOrdersQuery, enabled: loggedIn });
  const openPlans = useQuery({ ...openPlansQuery, enabled: loggedIn });
  useChannel<FuturesAccount>(loggedIn ? FUTURES_CHANNELS.account : null, (a) =>
    queryClient.setQueryData(accountQuery.queryKey, a),
  );
  useChannel<FuturesPosition[]>(loggedIn ? FUTURES_CHANNELS.positions : null, (list) =>
    queryClient.setQueryData(positionsQuery.queryKey, list),
  );
  useChannel<FuturesOrder>(loggedIn ? FUTURES_CHANNELS.orders : null, (order) => {
    queryClient.setQueryData<FuturesOrder[]>(openOrdersQuery.queryKey, (list = []) => {
      const rest = list.filter((o) => o.orderId !== order.orderId);
      return isOpen(order) ? [order, ...rest] : rest;
    });
    if (!isOpen(order)) {
      void queryClient.invalidateQueries({ queryKey: orderHistoryQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: fillsQuery.queryKey });
      void queryClient.invalidateQueries({ queryKey: positionsQuery.queryKey });
    }
  });
  useChannel<FuturesPlan>(loggedIn ? FUTURES_CHANNELS.plans : null, (plan) =>
    queryClient.setQueryData<FuturesPlan[]>(openPlansQuery.queryKey, (list = []) => {
      const rest = list.filter((p) => p.planId !== plan.planId);
      return plan.status === 'WAITING' ? [plan, ...rest] : rest;
    }),
  );
  return { loggedIn, account, positions, openOrders, openPlans };
}

export function useSymbolSettings(symbol: string) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({ ...settingsQuery(symbol), enabled: loggedIn });
}

// ----- mutations ---------------------------------------------------------------

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: ['futures'] });
}

const post =
  <B extends object, T>(path: string) =>
  (body: B) =>
    request<T>(path, {
      method: 'POST',
      params: { ...body } as Record<string, unknown>,
      silent: true,
    });

function useCall<B extends object, T>(path: string) {
  const refresh = useRefresh();
  return useMutation({ mutationFn: post<B, T>(path), onSuccess: refresh });
}

export const usePlaceOrder = () =>
  useCall<PlaceFuturesOrder, FuturesOrder>(FUTURES_PATHS.placeOrder);
export const usePlacePlan = () => useCall<PlaceFuturesPlan, FuturesPlan>(FUTURES_PATHS.placePlan);
export const useCancelOrder = () =>
  useCall<{ symbol: string; orderId: string }, FuturesOrder>(FUTURES_PATHS.cancelOrder);
export const useCancelAll = () => useCall<{ symbol?: string }, unknown>(FUTURES_PATHS.cancelAll);
export const useCancelPlan = () =>
  useCall<{ symbol: string; planId: string }, FuturesPlan>(FUTURES_PATHS.cancelPlan);
export const useClosePosition = () =>
  useCall<ClosePosition, FuturesOrder>(FUTURES_PATHS.closePosition);
export const useCloseAll = () => useCall<{ symbol?: string }, unknown>(FUTURES_PATHS.closeAll);
export const useSetTpSl = () =>
  useCall<SetPositionTpSl, FuturesPosition[]>(FUTURES_PATHS.positionTpSl);
export const useSetLeverage = () =>
  useCall<{ symbol: string; leverage: number; positionSide?: PositionSide }, FuturesSettings>(
    FUTURES_PATHS.leverage,
  );
export const useSetMarginMode = () =>
  useCall<{ symbol: string; marginMode: MarginMode }, FuturesSettings>(FUTURES_PATHS.marginMode);
export const useSetPositionMode = () =>
  useCall<{ positionMode: PositionMode }, FuturesAccount>(FUTURES_PATHS.positionMode);
export const useAdjustMargin = () =>
  useCall<
    { symbol: string; positionSide: PositionSide; type: 'add' | 'reduce'; amount: string },
    FuturesPosition[]
  >(FUTURES_PATHS.adjustMargin);
