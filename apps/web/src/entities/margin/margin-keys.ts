import type { MarginAccountRef, MarginRecordKind, MarginModeName } from '@quay/core';
import type { QueryClient } from '@tanstack/react-query';
import { balanceKeys } from '../balances/balance-keys';

/** What the margin records are filtered by. */
export interface MarginRecordFilter {
  kind: MarginRecordKind;
  mode: MarginModeName | null;
  symbol: string | null;
  coin: string | null;
  /** Epoch milliseconds, inclusive; null for no bound. */
  begin: number | null;
  end: number | null;
}

const refKey = (ref: MarginAccountRef) => [ref.mode, ref.symbol ?? ''] as const;

/**
 * Every cache key of margin trading, under one root: the public terms
 * (`config`), and the user's accounts, limits, orders and records. The
 * margin server has no push channel: the screens poll these while shown, and
 * a call that changes them asks every user key again (`invalidateMargin`).
 */
export const marginKeys = {
  all: ['margin'] as const,
  config: () => [...marginKeys.all, 'config'] as const,
  user: () => [...marginKeys.all, 'user'] as const,
  account: (ref: MarginAccountRef) => [...marginKeys.user(), 'account', ...refKey(ref)] as const,
  accounts: () => [...marginKeys.user(), 'accounts'] as const,
  max: (kind: 'borrow' | 'transfer', ref: MarginAccountRef, coin: string) =>
    [...marginKeys.user(), 'max', kind, ...refKey(ref), coin] as const,
  openOrders: (ref: MarginAccountRef) => [...marginKeys.user(), 'open', ...refKey(ref)] as const,
  history: (ref: MarginAccountRef, pageNo: number, pageSize: number) =>
    [...marginKeys.user(), 'history', ...refKey(ref), pageNo, pageSize] as const,
  notices: () => [...marginKeys.user(), 'notices'] as const,
  orderInfo: (orderId: string) => [...marginKeys.user(), 'order', orderId] as const,
  records: (filter: MarginRecordFilter, pageNo: number, pageSize: number) =>
    [...marginKeys.user(), 'records', filter, pageNo, pageSize] as const,
};

/**
 * After a margin call (transfer, borrow, repay, order placed or cancelled):
 * every margin account, limit, order list and record, and the spot wallet a
 * transfer may have touched.
 */
export async function invalidateMargin(queryClient: QueryClient): Promise<void> {
  await Promise.all([
    queryClient.invalidateQueries({ queryKey: marginKeys.user() }),
    queryClient.invalidateQueries({ queryKey: balanceKeys.all }),
  ]);
}
