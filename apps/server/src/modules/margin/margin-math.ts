/**
 * Margin maths, pure. Money is bigint minor units (10^-8 of a coin, as the
 * ledger holds it); rates are bigint units of 10^-18. Interest: the hourly
 * rate is the daily rate / 24; each hourly charge is principal x daily rate
 * / 24, rounded up to the next minor unit (as fees are), charged at
 * borrowing and at every whole hour after it, so a loan held h hours pays
 * ceil(h) charges. Valuations (risk, limits) are decimals in the valuation
 * coin; amounts that move are rounded down to minor units.
 */
import { Decimal, type DecimalValue } from '@quay/core';
import { COIN_DECIMALS } from '../../kernel/money';

export const HOUR_MS = 3_600_000;
export const RATE_DECIMALS = 18;
const RATE_SCALE = 10n ** BigInt(RATE_DECIMALS);
const MINOR = new Decimal(10).pow(COIN_DECIMALS);
const RATE = /^(0|[1-9][0-9]{0,5})(?:\.([0-9]{1,18}))?$/;

/** A rate ('0.00025') in units of 10^-18; throws unless it is a plain decimal of at most 18 places. */
export function rateUnits(rate: string): bigint {
  const match = RATE.exec(rate);
  if (!match) throw new Error(`"${rate}" is not a rate of at most ${RATE_DECIMALS} decimals`);
  return (
    BigInt(match[1] as string) * RATE_SCALE + BigInt((match[2] ?? '').padEnd(RATE_DECIMALS, '0'))
  );
}

function ceilDiv(a: bigint, b: bigint): bigint {
  return (a + b - 1n) / b;
}

/** One hour's interest on `principal` at `dailyRate` (units of 10^-18): principal x rate / 24, rounded up. */
export function hourlyInterest(principal: bigint, dailyRate: bigint): bigint {
  if (principal <= 0n) return 0n;
  return ceilDiv(principal * dailyRate, 24n * RATE_SCALE);
}

/** How many hourly charges a loan held `elapsedMs` pays: ceil(hours), at least the one at borrowing. */
export function chargesFor(elapsedMs: number): number {
  return Math.max(1, Math.ceil(elapsedMs / HOUR_MS));
}

/** The interest of a loan held `elapsedMs` at a constant principal. */
export function interestFor(principal: bigint, dailyRate: bigint, elapsedMs: number): bigint {
  return hourlyInterest(principal, dailyRate) * BigInt(chargesFor(elapsedMs));
}

/** dailyRate / 24 as a decimal string (20 significant digits). */
export function hourlyRateText(dailyRate: string): string {
  return new Decimal(dailyRate).div(24).toFixed();
}

/** A repayment pays the unpaid interest first, then principal. */
export function splitRepayment(
  amount: bigint,
  interest: bigint,
): { interest: bigint; principal: bigint } {
  const toInterest = amount < interest ? amount : interest;
  return { interest: toInterest, principal: amount - toInterest };
}

/** One coin of an account, as the risk figures need it. */
export interface RiskCoin {
  coin: string;
  /** available + frozen, minor units. */
  held: bigint;
  principal: bigint;
  interest: bigint;
  /** Price in the valuation coin; null when the coin has no price (then it counts as worth nothing held, and its debt blocks borrowing). */
  price: DecimalValue | null;
}

export interface RiskFigures {
  totalAsset: DecimalValue;
  totalLiability: DecimalValue;
  netAsset: DecimalValue;
  /** null without liabilities. */
  marginLevel: DecimalValue | null;
  riskRatio: DecimalValue;
  /** A coin owed has no price: nothing may be borrowed or taken out. */
  unpriced: boolean;
}

export function valueOf(minor: bigint, price: DecimalValue): DecimalValue {
  return new Decimal(minor.toString()).div(MINOR).times(price);
}

/** Whole minor units of a coin worth `value` at `price`, rounded down (0 when not positive). */
export function minorWorth(value: DecimalValue, price: DecimalValue): bigint {
  const v = new Decimal(value);
  if (v.lte(0) || new Decimal(price).lte(0)) return 0n;
  return BigInt(v.div(price).times(MINOR).floor().toFixed(0));
}

export function riskOf(coins: readonly RiskCoin[]): RiskFigures {
  let assets = new Decimal(0);
  let liabilities = new Decimal(0);
  let unpriced = false;
  for (const c of coins) {
    const owed = c.principal + c.interest;
    if (c.price === null) {
      if (owed > 0n) unpriced = true;
      continue;
    }
    assets = assets.plus(valueOf(c.held, c.price));
    liabilities = liabilities.plus(valueOf(owed, c.price));
  }
  return {
    totalAsset: assets,
    totalLiability: liabilities,
    netAsset: assets.minus(liabilities),
    marginLevel: liabilities.gt(0) ? assets.div(liabilities) : null,
    riskRatio: assets.gt(0) ? liabilities.div(assets) : new Decimal(liabilities.gt(0) ? 1 : 0),
    unpriced,
  };
}

/**
 * The most of one coin the account may borrow now: min(net asset x
 * (leverage - 1) - liabilities (valued), what the cap leaves over the
 * principal owed, what the pool holds).
 */
export function maxBorrowable(input: {
  figures: RiskFigures;
  maxLeverage: number;
  price: DecimalValue | null;
  cap: bigint;
  principal: bigint;
  pool: bigint;
}): bigint {
  const { figures, price } = input;
  if (figures.unpriced || price === null) return 0n;
  const room = figures.netAsset.times(input.maxLeverage - 1).minus(figures.totalLiability);
  let max = minorWorth(room, price);
  const capLeft = input.cap - input.principal;
  if (capLeft < max) max = capLeft;
  if (input.pool < max) max = input.pool;
  return max > 0n ? max : 0n;
}

/**
 * The most of one coin that may leave the account: all of it available
 * without liabilities; with them, what keeps the margin level above the
 * call line (assets - x > call x liabilities).
 */
export function maxTransferable(input: {
  figures: RiskFigures;
  available: bigint;
  price: DecimalValue | null;
  callLevel: DecimalValue;
}): bigint {
  const { figures, available, price } = input;
  if (figures.totalLiability.lte(0) && !figures.unpriced) return available;
  if (figures.unpriced || price === null) return 0n;
  const room = figures.totalAsset.minus(figures.totalLiability.times(input.callLevel));
  // Strictly above the call line: one minor unit short of the room.
  const max = minorWorth(room, price) - 1n;
  if (max <= 0n) return 0n;
  return max < available ? max : available;
}
