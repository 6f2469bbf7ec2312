/**
 * The perpetuals' calls the trading screen sends (FUTURES_PATHS in core) as
 * react-query mutations, and the per-symbol settings (leverage, margin mode,
 * position mode). Market data, the account, positions and orders are read
 * from the entities; a call that changes them asks every view of them again.
 * Trailing stops are plans too: placed through `usePlacePlan` with
 * `kind: 'trailing'`.
 */
import {
  FUTURES_PATHS,
  type ClosePosition,
  type FuturesAccount,
  type FuturesOrder,
  type FuturesPlan,
  type FuturesPosition,
  type FuturesSettings,
  type MarginMode,
  type PlaceFuturesOrder,
  type PlaceFuturesPlan,
  type PositionMode,
  type PositionSide,
  type SetPositionTpSl,
} from '@quay/core';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { invalidateFuturesAccount } from '../../../entities/balances/futures-account';
import { invalidateFuturesOrders } from '../../../entities/orders/futures-orders';
import { invalidatePositions } from '../../../entities/positions/position-keys';
import { request } from '../../../platform/request/client';
import { plainFigures } from '../../../platform/request/plain-figures';
import { useSettings } from '../../../platform/settings/settings-store';

/** The trading screen's own cache: the per-symbol settings. */
const futuresKeys = {
  settings: () => ['futures', 'settings'] as const,
  symbolSettings: (symbol: string) => [...futuresKeys.settings(), symbol] as const,
};

export const settingsQuery = (symbol: string) =>
  queryOptions({
    queryKey: futuresKeys.symbolSettings(symbol),
    queryFn: () =>
      request<FuturesSettings>(FUTURES_PATHS.settings, { params: { symbol }, silent: true }),
    staleTime: 0,
  });

export function useSymbolSettings(symbol: string) {
  const loggedIn = useSettings((s) => s.loginFlag);
  return useQuery({ ...settingsQuery(symbol), enabled: loggedIn });
}

// ----- mutations ---------------------------------------------------------------

/** After any call: the account, the positions, every order list and the settings. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void invalidateFuturesAccount(queryClient);
    void invalidatePositions(queryClient);
    void invalidateFuturesOrders(queryClient);
    void queryClient.invalidateQueries({ queryKey: futuresKeys.settings() });
  };
}

const post =
  <B extends object, T>(path: string) =>
  (body: B) =>
    request<T>(path, {
      method: 'POST',
      params: plainFigures(body) as Record<string, unknown>,
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
