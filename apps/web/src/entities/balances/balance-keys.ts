import type { AssetRecordType, CurrencyType } from '@quay/core';
import type { QueryClient } from '@tanstack/react-query';

/**
 * Every cache key of the user's balances: the spot wallet, the futures wallet
 * (the USDT-M account), their valuation, and the records that move them
 * (deposits, withdrawals, transfers). `all` is the prefix of every one, so a
 * call that moves funds refreshes every view of them at once.
 *
 * No key names the ledger: simulation mode is fixed for a page load (a switch
 * reloads the page, another tab's switch too), so one cache never holds both.
 */
export const balanceKeys = {
  all: ['balances'] as const,
  spot: () => [...balanceKeys.all, 'spot'] as const,
  futures: () => [...balanceKeys.all, 'futures'] as const,
  valuation: (unit: CurrencyType) => [...balanceKeys.all, 'valuation', unit] as const,
  records: (type: AssetRecordType, pageNo: number, pageSize: number) =>
    [...balanceKeys.all, 'records', type, pageNo, pageSize] as const,
};

/**
 * After funds moved (a transfer, a withdrawal asked for or cancelled): both
 * wallets, their valuation and the records, wherever they are shown.
 */
export function invalidateBalances(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: balanceKeys.all });
}
