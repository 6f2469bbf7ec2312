/**
 * The one implementation of a perpetual position's money maths, exact:
 * bigint units at a fixed scale (the futures host uses the minor units of
 * the settlement coin, 10^-8). Value, unrealised and realised PnL, initial
 * and maintenance margin, fees and order cost, the cross account's figures
 * (PnL, margins, what may open or leave), the margin ratio and the average
 * entry. The futures host settles with these; the decimal functions of
 * `futures-margin.ts` and `futures-risk.ts` the web app uses call them
 * through `unitsOf` / `decimalOfUnits` at the scale their inputs need, so a
 * figure on the screen is the figure the host settles.
 *
 * Rounding is part of each formula: initial margin and fees round up (what
 * is owed is never rounded away), a closed share of a position's entry value
 * and margin rounds down (what stays open keeps the rest to the unit).
 */
import type { MaintenanceTier, PositionSide } from './futures-tiers';
import { POSITION_SIDE, dec, maintenanceMargin } from './futures-tiers';
import type { DecimalValue, NumericInput } from './numbers';
import { Decimal } from './numbers';

// ---------------------------------------------------------------------------
// Converters between decimals and units

/** The ledger's minor unit: every coin is held in units of 10^-8. */
export const MINOR_DECIMALS = 8;

const POWERS: bigint[] = [];
const DECIMAL_POWERS: DecimalValue[] = [];

/** 10^n as a bigint. */
export function pow10(n: number): bigint {
  let p = POWERS[n];
  if (p === undefined) POWERS[n] = p = 10n ** BigInt(n);
  return p;
}

function decimalPow10(n: number): DecimalValue {
  let p = DECIMAL_POWERS[n];
  if (p === undefined) DECIMAL_POWERS[n] = p = new Decimal(10).pow(n);
  return p;
}

/** The decimal places a value needs to be exact. */
export function scaleOf(value: NumericInput | null | undefined): number {
  return dec(value).decimalPlaces();
}

/** A decimal as units of 10^-scale, rounded toward zero beyond the scale. */
export function unitsOf(value: NumericInput | null | undefined, scale: number): bigint {
  return BigInt(dec(value).toFixed(scale, Decimal.ROUND_DOWN).replace('.', ''));
}

/** Units of 10^-scale as a decimal. */
export function decimalOfUnits(units: bigint, scale: number): DecimalValue {
  return new Decimal(units.toString()).div(decimalPow10(scale));
}

/** A decimal as units of 10^-scale, rounded up (what is owed is never rounded away). */
export function unitsCeil(value: DecimalValue, scale: number): bigint {
  return BigInt(value.times(decimalPow10(scale)).toFixed(0, Decimal.ROUND_CEIL));
}

/** a / b rounded up, for b > 0. */
function ceilDiv(a: bigint, b: bigint): bigint {
  const q = a / b;
  return a % b > 0n ? q + 1n : q;
}

// ---------------------------------------------------------------------------
// One position

/** Value of `lots` at `ticks`: ticks x lots x the value of one tick on one lot. */
export function lotValue(
  ticks: number | bigint,
  lots: number | bigint,
  perTickLot: bigint,
): bigint {
  return BigInt(ticks) * BigInt(lots) * perTickLot;
}

/** Unrealised PnL of a linear contract: direction x (value at the price - entry value). */
export function positionPnl(side: PositionSide, value: bigint, cost: bigint): bigint {
  return side === POSITION_SIDE.long ? value - cost : cost - value;
}

/**
 * Initial margin: value / leverage in units, rounded up (`'down'` only for
 * the cross position's margin column, shown at the mark). Zero at a
 * leverage that is not above zero (spec section 5).
 */
export function initialMarginOf(
  value: bigint,
  leverage: number | bigint,
  rounding: 'up' | 'down' = 'up',
): bigint {
  const lev = BigInt(leverage);
  if (lev <= 0n) return 0n;
  return rounding === 'up' ? ceilDiv(value, lev) : value / lev;
}

/** A fee of `rate` (units of 10^-rateScale; basis points are rateScale 4) on an amount, rounded up. */
export function feeAt(amount: bigint, rate: bigint, rateScale: number): bigint {
  return ceilDiv(amount * rate, pow10(rateScale));
}

/** A fee in basis points on an amount, rounded up to the next unit. */
export function feeOfBps(amount: bigint, feeBps: number): bigint {
  return feeAt(amount, BigInt(feeBps), 4);
}

/** What opening `value` holds: initial margin + the taker fee to open. */
export function orderCostOf(
  value: bigint,
  leverage: number | bigint,
  rate: bigint,
  rateScale: number,
): bigint {
  return initialMarginOf(value, leverage) + feeAt(value, rate, rateScale);
}

/** Maintenance margin of a value in units of 10^-scale: the tier formula, rounded up. */
export function maintenanceMarginOf(
  tiers: readonly MaintenanceTier[],
  value: bigint,
  scale: number,
): bigint {
  if (value === 0n || tiers.length === 0) return 0n;
  return unitsCeil(maintenanceMargin(tiers, decimalOfUnits(value, scale)), scale);
}

/** The part of `total` (entry value, margin) that goes with `lots` of `held`: pro rata, rounded down. */
export function shareOf(total: bigint, lots: number, held: number): bigint {
  return lots === held ? total : (total * BigInt(lots)) / BigInt(held);
}

/** What closing `lots` of a position at `exitValue` realises, and the entry value and margin it takes. */
export function closeOf(
  position: { side: PositionSide; lots: number; cost: bigint; margin: bigint },
  lots: number,
  exitValue: bigint,
): { pnl: bigint; cost: bigint; margin: bigint } {
  const cost = shareOf(position.cost, lots, position.lots);
  return {
    pnl: positionPnl(position.side, exitValue, cost),
    cost,
    margin: shareOf(position.margin, lots, position.lots),
  };
}

/** Average entry price: entry value / size (both decimals; zero for no size). */
export function averageEntry(cost: NumericInput, size: NumericInput): DecimalValue {
  const s = dec(size).abs();
  return s.isZero() ? new Decimal(0) : dec(cost).div(s);
}

// ---------------------------------------------------------------------------
// The cross account

/** A cross position at the mark, as the account figures need it (units). */
export interface CrossLeg {
  side: PositionSide;
  /** Value at the mark. */
  value: bigint;
  /** Entry value. */
  cost: bigint;
  leverage: number | bigint;
  /** Maintenance margin at the mark. */
  maintenance: bigint;
}

export interface CrossFigures {
  /** Unrealised PnL of the cross positions at the mark. */
  upnl: bigint;
  /** Their initial margin at the mark. */
  im: bigint;
  /** Their maintenance margin at the mark. */
  mm: bigint;
}

/** The cross positions' PnL, initial and maintenance margin, summed. */
export function crossFiguresOf(legs: Iterable<CrossLeg>): CrossFigures {
  let upnl = 0n;
  let im = 0n;
  let mm = 0n;
  for (const leg of legs) {
    upnl += positionPnl(leg.side, leg.value, leg.cost);
    im += initialMarginOf(leg.value, leg.leverage);
    mm += leg.maintenance;
  }
  return { upnl, im, mm };
}

/**
 * What a new order may use: cross wallet + cross PnL - cross initial margin
 * - order margin, never below zero. With `gains: false`, what may leave the
 * wallet: a gain not yet realised does not count.
 */
export function freeMarginOf(
  wallet: bigint,
  cross: CrossFigures,
  orderMargin: bigint,
  gains = true,
): bigint {
  const pnl = gains || cross.upnl < 0n ? cross.upnl : 0n;
  const free = wallet + pnl - cross.im - orderMargin;
  return free > 0n ? free : 0n;
}

/** Most that can leave an isolated position: what keeps margin + loss at the initial margin. */
export function removableMarginOf(margin: bigint, upnl: bigint, im: bigint): bigint {
  const max = margin + (upnl < 0n ? upnl : 0n) - im;
  return max > 0n ? (max < margin ? max : margin) : 0n;
}

/** Whether a margin balance has reached its maintenance margin (liquidation). */
export function atMaintenance(balance: bigint, maintenance: bigint): boolean {
  return maintenance > 0n && balance <= maintenance;
}

/** Margin ratio: maintenance / margin balance, rounded up to 6 places; null when the balance is not above zero. */
export function marginRatioOf(maintenance: bigint, balance: bigint): string | null {
  if (balance <= 0n) return null;
  return new Decimal(maintenance.toString())
    .div(balance.toString())
    .toDecimalPlaces(6, Decimal.ROUND_UP)
    .toFixed();
}
