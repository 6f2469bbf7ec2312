import { ASSET_PATHS, type CurrencyType, type Valuation } from '@quay/core';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { request } from '../../../platform/request/client';

export function fetchValuation(unit: CurrencyType) {
  return request<Valuation>(ASSET_PATHS.valuation, { params: { unit } });
}

export const valuationQuery = (unit: CurrencyType) =>
  queryOptions({
    queryKey: ['asset', 'valuation', unit],
    queryFn: () => fetchValuation(unit),
    // Prices move: value again now and then even without a balance change.
    refetchInterval: 30_000,
    placeholderData: keepPreviousData,
  });

/** Balances valued in USDT, BTC and the given currency unit. */
export function useValuation(unit: CurrencyType) {
  return useQuery(valuationQuery(unit));
}
