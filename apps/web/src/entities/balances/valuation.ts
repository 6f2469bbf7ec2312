import { ASSET_PATHS, type CurrencyType, type Valuation } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { balanceKeys } from './balance-keys';

export function fetchValuation(unit: CurrencyType): Promise<Valuation> {
  return request<Valuation>(ASSET_PATHS.valuation, { params: { unit } });
}

export const valuationQuery = (unit: CurrencyType) =>
  queryOptions({
    queryKey: balanceKeys.valuation(unit),
    queryFn: () => fetchValuation(unit),
    staleTime: 0,
    // Prices move: value again now and then even without a balance change.
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

/** Every unit's valuation: a coin the last one did not price (a first deposit) needs a new one. */
export function invalidateValuation(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: [...balanceKeys.all, 'valuation'] });
}

/** Balances valued in USDT, BTC and the given currency unit. */
export function useValuation(unit: CurrencyType) {
  return useQuery(valuationQuery(unit));
}
