/**
 * USDT-margined perpetual maths of one position: notional, PnL, ROE, initial
 * and tiered maintenance margin, order cost and margin requirement,
 * bankruptcy and break-even prices, close price for a target ROE or PnL,
 * average entry and realised PnL.
 *
 * Inputs are decimal strings or Decimals, outputs Decimals (never a JS
 * float). The money figures (notional, PnL, margins, fees) are the exact
 * implementation of `futures-exact.ts`, reached through units at the scale
 * the inputs need: exact, but for initial margin, which is rounded up to the
 * ledger's minor unit (10^-8) as the futures host holds it. Prices and ratios
 * are decimal.js at precision 20. Division by zero gives zero (spec
 * section 5). Sizes are in the base coin, prices and money in USDT.
 */
import {
  MINOR_DECIMALS,
  averageEntry,
  decimalOfUnits,
  feeAt,
  initialMarginOf,
  lotValue,
  positionPnl,
  pow10,
  scaleOf,
  unitsOf,
} from './futures-exact';
import type { PositionSide } from './futures-tiers';
import { dec, directionOf } from './futures-tiers';
import type { DecimalValue, NumericInput } from './numbers';
import { Decimal, safeDivide } from './numbers';

export { maintenanceMargin, maintenanceMarginInTier } from './futures-tiers';

const ONE = new Decimal(1);
const HUNDRED = new Decimal(100);

/** |size| x each price, in units of 10^-scale (one scale for all the prices). */
function valuesAt(
  size: NumericInput,
  ...prices: NumericInput[]
): { values: bigint[]; scale: number } {
  const sizeScale = scaleOf(size);
  const priceScale = Math.max(...prices.map(scaleOf));
  const lots = unitsOf(dec(size).abs(), sizeScale);
  return {
    values: prices.map((p) => lotValue(unitsOf(p, priceScale), lots, 1n)),
    scale: sizeScale + priceScale,
  };
}

/** Notional value: |size| x price. */
export function notionalValue(size: NumericInput, price: NumericInput): DecimalValue {
  const { values, scale } = valuesAt(size, price);
  return decimalOfUnits(values[0] ?? 0n, scale);
}

/** Unrealised PnL of a linear contract: size x (mark - entry) x direction. */
export function unrealisedPnl(
  side: PositionSide,
  size: NumericInput,
  entryPrice: NumericInput,
  markPrice: NumericInput,
): DecimalValue {
  const { values, scale } = valuesAt(size, markPrice, entryPrice);
  return decimalOfUnits(positionPnl(side, values[0] ?? 0n, values[1] ?? 0n), scale);
}

/** Initial margin: notional / leverage, rounded up to the minor unit (finer when the notional is). */
export function initialMargin(
  size: NumericInput,
  price: NumericInput,
  leverage: NumericInput,
): DecimalValue {
  const { values, scale } = valuesAt(size, price);
  const lev = dec(leverage);
  const levScale = lev.decimalPlaces();
  const money = Math.max(scale, MINOR_DECIMALS);
  const value = (values[0] ?? 0n) * pow10(money - scale + levScale);
  return decimalOfUnits(initialMarginOf(value, unitsOf(lev, levScale)), money);
}

/** A fee at `rate` on |size| x price, exact. */
function feeOn(size: NumericInput, price: NumericInput, rate?: NumericInput): DecimalValue {
  const { values, scale } = valuesAt(size, price);
  const rateScale = scaleOf(rate);
  const fee = feeAt((values[0] ?? 0n) * pow10(rateScale), unitsOf(rate, rateScale), rateScale);
  return decimalOfUnits(fee, scale + rateScale);
}

/** What opening an order holds: initial margin at the order price + the taker fee to open. */
export function orderCost(
  size: NumericInput,
  price: NumericInput,
  leverage: NumericInput,
  takerFeeRate: NumericInput,
): DecimalValue {
  return initialMargin(size, price, leverage).plus(feeOn(size, price, takerFeeRate));
}

/** Return on equity in percent: PnL / margin x 100 (the margin is usually the initial margin). */
export function roePercent(pnl: NumericInput, margin: NumericInput): DecimalValue {
  return safeDivide(pnl, margin).times(HUNDRED);
}

/**
 * Bankruptcy price: where the initial margin is lost in full.
 * Long: entry x (1 - 1 / leverage); short: entry x (1 + 1 / leverage).
 */
export function bankruptcyPrice(
  side: PositionSide,
  entryPrice: NumericInput,
  leverage: NumericInput,
): DecimalValue {
  return dec(entryPrice).times(ONE.minus(safeDivide(directionOf(side), leverage)));
}

export interface MarginRequirement {
  initialMargin: DecimalValue;
  openFee: DecimalValue;
  /** Fee to close at the bankruptcy price, reserved so a liquidation can pay it. */
  closeFee: DecimalValue;
  total: DecimalValue;
}

/**
 * Margin required to place an opening order as Bybit shows it: the order
 * cost the futures host holds (`orderCost`) + the taker fee to close at the
 * bankruptcy price, which some exchanges reserve as well.
 */
export function marginRequirement(input: {
  side: PositionSide;
  size: NumericInput;
  price: NumericInput;
  leverage: NumericInput;
  takerFeeRate: NumericInput;
}): MarginRequirement {
  const im = initialMargin(input.size, input.price, input.leverage);
  const openFee = feeOn(input.size, input.price, input.takerFeeRate);
  const closeFee = feeOn(
    input.size,
    bankruptcyPrice(input.side, input.price, input.leverage),
    input.takerFeeRate,
  );
  return { initialMargin: im, openFee, closeFee, total: im.plus(openFee).plus(closeFee) };
}

/**
 * Break-even price: the close price at which PnL pays the opening and the
 * closing fee exactly. From size x (P - E) x d = size x E x open + size x P x close:
 * long P = E x (1 + open) / (1 - close); short P = E x (1 - open) / (1 + close).
 */
export function breakEvenPrice(
  side: PositionSide,
  entryPrice: NumericInput,
  openFeeRate: NumericInput = 0,
  closeFeeRate: NumericInput = 0,
): DecimalValue {
  const d = directionOf(side);
  const open = dec(openFeeRate);
  const close = dec(closeFeeRate);
  return safeDivide(dec(entryPrice).times(ONE.plus(open.times(d))), ONE.minus(close.times(d)));
}

/**
 * The close price at which the ROE on initial margin reaches a target
 * percentage (for TP/SL by ROE): P = E x (1 + d x roe / 100 / leverage).
 * A loss is a negative percentage.
 */
export function closePriceForRoe(
  side: PositionSide,
  entryPrice: NumericInput,
  leverage: NumericInput,
  roe: NumericInput,
): DecimalValue {
  const move = safeDivide(dec(roe), HUNDRED.times(dec(leverage))).times(directionOf(side));
  return dec(entryPrice).times(ONE.plus(move));
}

/** The close price at which the PnL reaches a target amount (for TP/SL by PnL): E + d x pnl / size. */
export function closePriceForPnl(
  side: PositionSide,
  entryPrice: NumericInput,
  size: NumericInput,
  pnl: NumericInput,
): DecimalValue {
  return dec(entryPrice).plus(safeDivide(pnl, dec(size).abs()).times(directionOf(side)));
}

/** Weighted average entry after adding to a position: (s1 x p1 + s2 x p2) / (s1 + s2). */
export function averageEntryPrice(
  size: NumericInput,
  entryPrice: NumericInput,
  addedSize: NumericInput,
  addedPrice: NumericInput,
): DecimalValue {
  const cost = notionalValue(size, entryPrice).plus(notionalValue(addedSize, addedPrice));
  return averageEntry(cost, dec(size).abs().plus(dec(addedSize).abs()));
}

export interface RealisedPnl {
  /** Price PnL of the closed size: size x (exit - entry) x direction. */
  gross: DecimalValue;
  openFee: DecimalValue;
  closeFee: DecimalValue;
  /** Funding paid over the life of the position (negative when received). */
  fundingPaid: DecimalValue;
  /** gross - openFee - closeFee - fundingPaid. */
  net: DecimalValue;
}

/** Realised PnL of closing `size`, with the fees of both legs and the funding paid. */
export function realisedPnl(input: {
  side: PositionSide;
  size: NumericInput;
  entryPrice: NumericInput;
  exitPrice: NumericInput;
  openFeeRate?: NumericInput;
  closeFeeRate?: NumericInput;
  fundingPaid?: NumericInput;
}): RealisedPnl {
  const gross = unrealisedPnl(input.side, input.size, input.entryPrice, input.exitPrice);
  const openFee = feeOn(input.size, input.entryPrice, input.openFeeRate);
  const closeFee = feeOn(input.size, input.exitPrice, input.closeFeeRate);
  const fundingPaid = dec(input.fundingPaid);
  return {
    gross,
    openFee,
    closeFee,
    fundingPaid,
    net: gross.minus(openFee).minus(closeFee).minus(fundingPaid),
  };
}
