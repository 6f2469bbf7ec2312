/**
 * Margin accounts are ledger accounts: `mc:<userId>` the user's cross
 * account, `mi:<SYMBOL>:<userId>` an isolated one (only that market's base
 * and quote coin). The lending pool and the margin protection fund are the
 * platform's own accounts. All of them are written by the spot host (its
 * orders settle on them), so margin's money moves run as its ledger jobs.
 */
import type { MarginModeName } from '@quay/core';

/** The lending pool: borrowing takes coins from it, repayment and interest bring them back. */
export const MARGIN_POOL = '@margin-pool';
/** The margin protection fund: liquidation fees go in, debt collateral cannot cover comes out. */
export const MARGIN_FUND = '@margin-fund';

export interface MarginAccountKey {
  userId: string;
  mode: MarginModeName;
  /** The market of an isolated account; null for cross. */
  symbol: string | null;
  /** The ledger account. */
  id: string;
}

export function crossKey(userId: string): MarginAccountKey {
  return { userId, mode: 'cross', symbol: null, id: `mc:${userId}` };
}

export function isolatedKey(userId: string, symbol: string): MarginAccountKey {
  return { userId, mode: 'isolated', symbol, id: `mi:${symbol}:${userId}` };
}

export function keyOf(
  userId: string,
  mode: MarginModeName,
  symbol: string | null,
): MarginAccountKey {
  return mode === 'cross' ? crossKey(userId) : isolatedKey(userId, symbol as string);
}

/** The key of a margin ledger account; null for any other account. */
export function parseAccount(id: string): MarginAccountKey | null {
  if (id.startsWith('mc:')) return crossKey(id.slice(3));
  const isolated = /^mi:([A-Z0-9]+):(.+)$/.exec(id);
  return isolated ? isolatedKey(isolated[2] as string, isolated[1] as string) : null;
}
