/**
 * USDT-margined (linear) perpetual futures: the position, margin and
 * position-mode enums of spec section 4, and the leverage and maintenance
 * tier tables ("position brackets") with their lookups.
 *
 * Everything is decimal.js at precision 20 (never a JS float); inputs are
 * decimal strings or Decimals, outputs Decimals (or decimal strings where a
 * wire shape is returned). Division by zero gives zero (spec section 5).
 * Sizes are in the base coin, prices and money in USDT.
 */
import type { DecimalValue, NumericInput } from './numbers';
import { Decimal, toDecimal } from './numbers';

/** Position direction (spec section 4): 1 long, 2 short. */
export const POSITION_SIDE = { long: 1, short: 2 } as const;
export type PositionSide = (typeof POSITION_SIDE)[keyof typeof POSITION_SIDE];

/** Margin mode (spec section 4): 1 fixed (isolated), 2 cross. */
export const MARGIN_MODE = { isolated: 1, cross: 2 } as const;
export type MarginMode = (typeof MARGIN_MODE)[keyof typeof MARGIN_MODE];

/** Position mode (spec section 4): 1 one-way, 2 two-way (hedge). */
export const POSITION_MODE = { oneWay: 1, hedge: 2 } as const;
export type PositionMode = (typeof POSITION_MODE)[keyof typeof POSITION_MODE];

const ZERO = new Decimal(0);

/**
 * A value as a Decimal, zero when it is missing or not a number. Shared by
 * the futures maths files; not part of the package's entry.
 */
export function dec(value: NumericInput | null | undefined): DecimalValue {
  return toDecimal(value) ?? ZERO;
}

/** +1 for a long, -1 for a short: the sign a price move has on the position's PnL. */
export function directionOf(side: PositionSide): 1 | -1 {
  return side === POSITION_SIDE.long ? 1 : -1;
}

// ---------------------------------------------------------------------------
// Maintenance tiers

/**
 * One row of a symbol's leverage and margin table ("position bracket").
 * A position whose notional is at most `maxNotional` (and above the previous
 * row's) uses this row. `maintenanceAmount` is the row's deduction ("cum"):
 * floor x (rate - previous rate) + previous amount, which keeps the
 * maintenance margin continuous across rows.
 */
export interface MaintenanceTier {
  /** Upper bound of the row's notional, USDT, inclusive. */
  maxNotional: string;
  /** Highest leverage a position in this row may use. */
  maxLeverage: number;
  /** Maintenance margin rate as a fraction (0.004 = 0.4%). */
  maintenanceRate: string;
  /** Maintenance amount deducted, USDT. */
  maintenanceAmount: string;
}

const tier = (
  maxNotional: string,
  maxLeverage: number,
  maintenanceRate: string,
  maintenanceAmount: string,
): MaintenanceTier => ({ maxNotional, maxLeverage, maintenanceRate, maintenanceAmount });

/**
 * Default tier tables for the four perpetuals, in the shape of the brackets
 * large exchanges publish (BTCUSDT: the 125x bracket whose first rows the
 * Binance liquidation help page quotes: 0.4% to 50,000, 0.5% to 250,000
 * with amount 50, 1% to 1,000,000 with amount 1,300). The server may
 * configure others; the last row applies to any larger notional.
 */
export const DEFAULT_FUTURES_TIERS: Readonly<Record<string, readonly MaintenanceTier[]>> = {
  BTCUSDT: [
    tier('50000', 125, '0.004', '0'),
    tier('250000', 100, '0.005', '50'),
    tier('1000000', 50, '0.01', '1300'),
    tier('10000000', 20, '0.025', '16300'),
    tier('20000000', 10, '0.05', '266300'),
    tier('50000000', 5, '0.1', '1266300'),
    tier('100000000', 4, '0.125', '2516300'),
    tier('200000000', 3, '0.15', '5016300'),
    tier('300000000', 2, '0.25', '25016300'),
    tier('500000000', 1, '0.5', '100016300'),
  ],
  ETHUSDT: [
    tier('10000', 100, '0.005', '0'),
    tier('100000', 75, '0.0065', '15'),
    tier('500000', 50, '0.01', '365'),
    tier('1000000', 25, '0.02', '5365'),
    tier('2000000', 10, '0.05', '35365'),
    tier('5000000', 5, '0.1', '135365'),
    tier('10000000', 4, '0.125', '260365'),
    tier('20000000', 3, '0.15', '510365'),
    tier('50000000', 2, '0.25', '2510365'),
  ],
  SOLUSDT: [
    tier('5000', 50, '0.01', '0'),
    tier('25000', 20, '0.025', '75'),
    tier('100000', 10, '0.05', '700'),
    tier('250000', 5, '0.1', '5700'),
    tier('1000000', 4, '0.125', '11950'),
    tier('2000000', 2, '0.25', '136950'),
    tier('5000000', 1, '0.5', '636950'),
  ],
  XRPUSDT: [
    tier('10000', 75, '0.0065', '0'),
    tier('50000', 50, '0.01', '35'),
    tier('250000', 25, '0.02', '535'),
    tier('1000000', 10, '0.05', '8035'),
    tier('2000000', 5, '0.1', '58035'),
    tier('5000000', 4, '0.125', '108035'),
    tier('10000000', 3, '0.15', '233035'),
    tier('20000000', 2, '0.25', '1233035'),
  ],
};

/** The row index a notional falls in; beyond the table, the last row. */
export function tierIndexForNotional(
  tiers: readonly MaintenanceTier[],
  notional: NumericInput,
): number {
  const n = dec(notional).abs();
  const index = tiers.findIndex((t) => n.lte(t.maxNotional));
  return index === -1 ? Math.max(tiers.length - 1, 0) : index;
}

/** The row a notional falls in (see `tierIndexForNotional`). */
export function tierForNotional(
  tiers: readonly MaintenanceTier[],
  notional: NumericInput,
): MaintenanceTier {
  const row = tiers[tierIndexForNotional(tiers, notional)];
  if (!row) throw new Error('empty tier table');
  return row;
}

/** Maintenance margin of a notional in a given row: notional x rate - amount. */
export function maintenanceMarginInTier(
  notional: NumericInput,
  row: Pick<MaintenanceTier, 'maintenanceRate' | 'maintenanceAmount'>,
): DecimalValue {
  return dec(notional).abs().times(dec(row.maintenanceRate)).minus(dec(row.maintenanceAmount));
}

/** Tiered maintenance margin: the notional's own row, notional x rate - amount. */
export function maintenanceMargin(
  tiers: readonly MaintenanceTier[],
  notional: NumericInput,
): DecimalValue {
  return maintenanceMarginInTier(notional, tierForNotional(tiers, notional));
}

/**
 * The maintenance amount each row should carry, from the rows before it:
 * amount(n) = floor(n) x (rate(n) - rate(n-1)) + amount(n-1), floor(n) being
 * the previous row's max notional.
 */
export function derivedMaintenanceAmounts(tiers: readonly MaintenanceTier[]): DecimalValue[] {
  const amounts: DecimalValue[] = [];
  let previousRate = ZERO;
  let previousAmount = ZERO;
  let floor = ZERO;
  for (const t of tiers) {
    const amount = floor.times(dec(t.maintenanceRate).minus(previousRate)).plus(previousAmount);
    amounts.push(amount);
    previousRate = dec(t.maintenanceRate);
    previousAmount = amount;
    floor = dec(t.maxNotional);
  }
  return amounts;
}

// ---------------------------------------------------------------------------
// Leverage caps: the two readings of one table. For a table whose leverages
// never rise from one row to the next (as exchanges publish them), a leverage
// L may hold a positive notional n up to the last bound when
// L <= maxLeverageForNotional(n), which is when n <= maxNotionalForLeverage(L).

/**
 * The highest leverage the tiers allow for a notional: the leverage of the
 * notional's row (`tierForNotional`); beyond the table, the last row's. An
 * empty table allows 1x.
 */
export function maxLeverageForNotional(
  tiers: readonly MaintenanceTier[],
  notional: NumericInput,
): number {
  if (tiers.length === 0) return 1;
  return tierForNotional(tiers, notional).maxLeverage;
}

/**
 * The largest notional a leverage may hold under the tiers: the upper bound
 * of the last row whose leverage is at least `leverage`; zero when no row
 * allows it (above the first row's leverage, or not a number). For a leverage
 * the last row allows this is the table's last bound, although a larger
 * notional still reads the last row (see `tierIndexForNotional`).
 */
export function maxNotionalForLeverage(
  tiers: readonly MaintenanceTier[],
  leverage: NumericInput,
): DecimalValue {
  const wanted = toDecimal(leverage);
  if (!wanted) return ZERO;
  let cap = ZERO;
  for (const t of tiers) if (wanted.lte(t.maxLeverage)) cap = dec(t.maxNotional);
  return cap;
}
