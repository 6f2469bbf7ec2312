/**
 * The fee rates the engine hosts charge, held in memory. The fees module
 * keeps the table up to date (tiers recomputed, operator overrides); the
 * hosts are handed the table and read it synchronously per fill, so matching
 * stays free of clocks and store reads. An owner with no entry (VIP0, the
 * exchange's own accounts, the simulators) pays each market's own fee.
 *
 * Rates are integer parts per million of the traded amount (@quay/core
 * fees.ts): a charge rounds up, a rebate (negative rate) rounds down.
 */
import { feeAtPpm } from '@quay/core';

export type FeeProduct = 'spot' | 'futures';
export type FeeRole = 'maker' | 'taker';

export interface OwnerRates {
  spot: { maker: number; taker: number };
  futures: { maker: number; taker: number };
}

/**
 * The user behind a ledger owner: a user id as is, a futures wallet
 * `f:<user>`, a cross margin account `mc:<user>`, an isolated margin account
 * `mi:<SYMBOL>:<user>`; null for the exchange's own accounts ('@…').
 */
export function userOfOwner(owner: string): string | null {
  if (owner.startsWith('@')) return null;
  if (owner.startsWith('f:') || owner.startsWith('mc:')) return owner.slice(owner.indexOf(':') + 1);
  if (owner.startsWith('mi:')) {
    const at = owner.indexOf(':', 3);
    return at < 0 ? null : owner.slice(at + 1);
  }
  return owner;
}

/**
 * The ledger owners a user trades spot markets through: its own account, its
 * cross margin account and an isolated one per market of `symbols` (the
 * inverse of `userOfOwner`, less the futures wallet).
 */
export function spotOwnersOf(userId: string, symbols: readonly string[]): string[] {
  return [userId, `mc:${userId}`, ...symbols.map((symbol) => `mi:${symbol}:${userId}`)];
}

export class FeeRates {
  private byUser = new Map<string, OwnerRates>();

  /** Swaps in a whole table at once (users above VIP0 only): a batch sees the old or the new one. */
  replace(entries: ReadonlyMap<string, OwnerRates>): void {
    this.byUser = new Map(entries);
  }

  /** The owner's rate in parts per million; the market's own (`market_bps`) when it has no tier. */
  ppmOf(owner: string, product: FeeProduct, role: FeeRole, market_bps: number): number {
    const user = userOfOwner(owner);
    const rates = user === null ? undefined : this.byUser.get(user);
    return rates ? rates[product][role] : market_bps * 100;
  }

  size(): number {
    return this.byUser.size;
  }
}

/** The fee of `ppm` on an amount: charges round up, rebates (negative) round down in size. */
export function feeAt(amount: bigint, ppm: number): bigint {
  return feeAtPpm(amount, ppm);
}
