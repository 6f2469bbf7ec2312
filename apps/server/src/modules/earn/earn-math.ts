/**
 * The maths of earn, pure and exact: APRs as bigint units of 10^-18, money
 * as bigint minor units (10^-8). A day's interest on a principal is the sum
 * over the tiers of (the part in the tier) x APR, divided by 365 and rounded
 * down once, to the minor unit.
 */
import type { EarnTier } from '@quay/core/earn';
import { toMinor } from '../../kernel/money';

export const DAY_MS = 86_400_000;
export const RATE_SCALE = 10n ** 18n;
const DAYS_A_YEAR = 365n;

export interface Tier {
  /** The part of the principal above `from`, up to `to` (null: no bound), earns `apr`. */
  from: bigint;
  to: bigint | null;
  /** APR in units of 10^-18 ('0.12' is 12 %). */
  apr: bigint;
}

/** A rate as units of 10^-18; throws on anything else than a plain decimal with at most 18 places. */
export function rateUnits(rate: string): bigint {
  const match = /^([0-9]{1,6})(?:\.([0-9]{1,18}))?$/.exec(rate);
  if (!match) throw new Error(`bad rate ${rate}`);
  const fraction = (match[2] ?? '').padEnd(18, '0');
  return BigInt(match[1] as string) * RATE_SCALE + BigInt(fraction);
}

/** The wire's tiers as exact figures; throws unless they start at 0, join up and end unbounded. */
export function tiersOf(tiers: readonly EarnTier[]): Tier[] {
  if (tiers.length === 0) throw new Error('a product needs at least one tier');
  let expected = 0n;
  return tiers.map((tier, index) => {
    const from = toMinor(tier.from);
    const to = tier.to === '' ? null : toMinor(tier.to);
    if (from === null || from !== expected)
      throw new Error(`tier ${index + 1} must start at the last one's end`);
    const last = index === tiers.length - 1;
    if (last !== (to === null)) throw new Error('only the last tier is unbounded');
    if (to !== null && to <= from) throw new Error(`tier ${index + 1} ends before it starts`);
    expected = to ?? 0n;
    return { from, to, apr: rateUnits(tier.apr) };
  });
}

/** One day's interest on `principal`, rounded down to the minor unit. */
export function dailyInterest(principal: bigint, tiers: readonly Tier[]): bigint {
  let yearly = 0n;
  for (const tier of tiers) {
    if (principal <= tier.from) break;
    const top = tier.to === null || principal < tier.to ? principal : tier.to;
    yearly += (top - tier.from) * tier.apr;
  }
  return yearly / (DAYS_A_YEAR * RATE_SCALE);
}

/** Interest of a fixed-term holding at maturity: `days` whole days, each rounded down. */
export function termInterest(principal: bigint, tiers: readonly Tier[], days: number): bigint {
  return dailyInterest(principal, tiers) * BigInt(days);
}

/** The first UTC midnight after `time`: a subscription earns from it. */
export function nextMidnight(time: number): number {
  return (Math.floor(time / DAY_MS) + 1) * DAY_MS;
}

/** The last UTC midnight at or before `time`. */
export function midnightOf(time: number): number {
  return Math.floor(time / DAY_MS) * DAY_MS;
}

/** Minor units shown to `places` decimals, rounded half up (what a screen shows of an amount). */
export function shownTo(minor: bigint, places: number): string {
  const step = 10n ** BigInt(8 - places);
  const rounded = (minor + step / 2n) / step;
  const text = rounded.toString().padStart(places + 1, '0');
  return places === 0 ? text : `${text.slice(0, -places)}.${text.slice(-places)}`;
}
