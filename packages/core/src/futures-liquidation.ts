/**
 * Liquidation price of USDT-margined perpetuals in the published Binance
 * form, for one-way and hedge mode, isolated and cross, with the tier
 * re-checked at the result.
 *
 * Everything is decimal.js at precision 20 (never a JS float); inputs are
 * decimal strings or Decimals, outputs Decimals (or decimal strings where a
 * wire shape is returned). Division by zero gives zero (spec section 5).
 * Sizes are in the base coin, prices and money in USDT.
 */
import type { MaintenanceTier, MarginMode, PositionMode, PositionSide } from './futures-tiers';
import {
  MARGIN_MODE,
  POSITION_MODE,
  dec,
  directionOf,
  tierIndexForNotional,
} from './futures-tiers';
import type { DecimalValue, NumericInput } from './numbers';
import { Decimal, EMPTY_TEXT, safeDivide } from './numbers';

const ZERO = new Decimal(0);

/** One leg of the contract being priced: its absolute size and entry price. */
export interface LiquidationLeg {
  size: NumericInput;
  entryPrice: NumericInput;
}

export interface LiquidationInput {
  marginMode: MarginMode;
  positionMode: PositionMode;
  /**
   * WB: the cross wallet balance (cross), or the position's own margin,
   * including margin added by hand (isolated).
   */
  walletBalance: NumericInput;
  /** TMM1: maintenance margin of all other cross contracts; ignored when isolated. */
  othersMaintenanceMargin?: NumericInput;
  /** UPNL1: unrealised PnL of all other cross contracts; ignored when isolated. */
  othersUnrealisedPnl?: NumericInput;
  /** The contract's tier table. */
  tiers: readonly MaintenanceTier[];
  /** One-way mode: the BOTH position. */
  both?: LiquidationLeg & { side: PositionSide };
  /** Hedge mode: the LONG position (for an isolated long, the only leg). */
  long?: LiquidationLeg;
  /** Hedge mode: the SHORT position (for an isolated short, the only leg). */
  short?: LiquidationLeg;
  /**
   * Fee rate of the liquidating close, added to each leg's maintenance rate.
   * 0 for the Binance form; Bitget and Phemex fold the taker fee in this way.
   */
  closeFeeRate?: NumericInput;
}

interface Leg {
  direction: 1 | -1;
  size: DecimalValue;
  entry: DecimalValue;
}

function legsOf(input: LiquidationInput): Leg[] {
  const legs: Leg[] = [];
  const push = (direction: 1 | -1, leg: LiquidationLeg | undefined) => {
    if (!leg) return;
    const size = dec(leg.size).abs();
    if (size.isZero()) return;
    legs.push({ direction, size, entry: dec(leg.entryPrice) });
  };
  if (input.positionMode === POSITION_MODE.oneWay) {
    if (input.both) push(directionOf(input.both.side), input.both);
  } else {
    push(1, input.long);
    push(-1, input.short);
  }
  return legs;
}

function solveLiquidation(
  legs: readonly Leg[],
  rows: readonly MaintenanceTier[],
  base: DecimalValue,
  feeRate: DecimalValue,
): DecimalValue {
  let numerator = base;
  let denominator = ZERO;
  legs.forEach((leg, i) => {
    const row = rows[i];
    if (!row) return;
    numerator = numerator
      .plus(dec(row.maintenanceAmount))
      .minus(leg.size.times(leg.entry).times(leg.direction));
    denominator = denominator.plus(
      leg.size.times(dec(row.maintenanceRate).plus(feeRate).minus(leg.direction)),
    );
  });
  return safeDivide(numerator, denominator);
}

/** Every combination of row indices for `legCount` legs, the `first` one first. */
function tierCombinations(first: number[], rowCount: number): number[][] {
  const all: number[][] = [[]];
  for (let leg = 0; leg < first.length; leg++) {
    const next: number[][] = [];
    for (const prefix of all) {
      for (let row = 0; row < rowCount; row++) next.push([...prefix, row]);
    }
    all.splice(0, all.length, ...next);
  }
  const key = first.join(',');
  return [first, ...all.filter((c) => c.join(',') !== key)];
}

/**
 * Liquidation price in the form Binance publishes for USDⓈ-M contracts:
 *
 * LP = (WB - TMM1 + UPNL1 + cumB + cumL + cumS - side1 x pos1 x EP1 - posL x EPL + posS x EPS)
 *    / (pos1 x MMRB + posL x MMRL + posS x MMRS - side1 x pos1 - posL + posS)
 *
 * One-way mode uses the BOTH leg, hedge mode the LONG and SHORT legs (under
 * cross margin both share one price; under isolated margin each leg is
 * priced alone with its own margin). When isolated, TMM1 = UPNL1 = 0.
 *
 * The rows start from each leg's notional at entry; the published rule is to
 * re-check the row at the notional the result gives and recompute with that
 * row, so the answer is the combination of rows that agrees with its own
 * result. A negative result, or no position, gives null (shown as `--`).
 */
export function liquidationPrice(input: LiquidationInput): DecimalValue | null {
  const legs = legsOf(input);
  if (legs.length === 0 || input.tiers.length === 0) return null;
  const isolated = input.marginMode === MARGIN_MODE.isolated;
  const base = isolated
    ? dec(input.walletBalance)
    : dec(input.walletBalance)
        .minus(dec(input.othersMaintenanceMargin))
        .plus(dec(input.othersUnrealisedPnl));
  const feeRate = dec(input.closeFeeRate);
  const rowsAt = (indices: number[]) =>
    indices.map((i) => input.tiers[i]).filter((t): t is MaintenanceTier => t !== undefined);

  const entryRows = legs.map((leg) => tierIndexForNotional(input.tiers, leg.size.times(leg.entry)));
  let fallback: DecimalValue | null = null;
  for (const indices of tierCombinations(entryRows, input.tiers.length)) {
    const price = solveLiquidation(legs, rowsAt(indices), base, feeRate);
    if (fallback === null) fallback = price;
    if (price.isNegative()) continue;
    const agrees = legs.every(
      (leg, i) => tierIndexForNotional(input.tiers, leg.size.times(price)) === indices[i],
    );
    if (agrees) return price;
  }
  return fallback === null || fallback.isNegative() ? null : fallback;
}

/** A liquidation price for display: `--` when there is none. */
export function formatLiquidationPrice(price: DecimalValue | null, places: number): string {
  return price === null ? EMPTY_TEXT : price.toFixed(places, Decimal.ROUND_HALF_UP);
}
