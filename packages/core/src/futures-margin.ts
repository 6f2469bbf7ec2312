/**
 * USDT-margined perpetual maths of one position: notional, PnL, ROE, initial
 * and tiered maintenance margin, margin requirement, bankruptcy and
 * break-even prices, close price for a target ROE or PnL, average entry and
 * realised PnL.
 *
 * Everything is decimal.js at precision 20 (never a JS float); inputs are
 * decimal strings or Decimals, outputs Decimals (or decimal strings where a
 * wire shape is returned). Division by zero gives zero (spec section 5).
 * Sizes are in the base coin, prices and money in USDT.
 */
import type { MaintenanceTier, PositionSide } from './futures-tiers';
import { dec, directionOf, tierForNotional } from './futures-tiers';
import type { DecimalValue, NumericInput } from './numbers';
import { Decimal, safeDivide } from './numbers';

const ONE = new Decimal(1);
const HUNDRED = new Decimal(100);

/** Notional value: |size| x price. */
export function notionalValue(size: NumericInput, price: NumericInput): DecimalValue {
  return dec(size).abs().times(dec(price));
}

/** Unrealised PnL of a linear contract: size x (mark - entry) x direction. */
export function unrealisedPnl(
  side: PositionSide,
  size: NumericInput,
  entryPrice: NumericInput,
  markPrice: NumericInput,
): DecimalValue {
  return dec(size)
    .abs()
    .times(dec(markPrice).minus(dec(entryPrice)))
    .times(directionOf(side));
}

/** Initial margin: notional / leverage. */
export function initialMargin(
  size: NumericInput,
  price: NumericInput,
  leverage: NumericInput,
): DecimalValue {
  return safeDivide(notionalValue(size, price), leverage);
}

/** Return on equity in percent: PnL / margin x 100 (the margin is usually the initial margin). */
export function roePercent(pnl: NumericInput, margin: NumericInput): DecimalValue {
  return safeDivide(pnl, margin).times(HUNDRED);
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
 * Margin required to place an opening order (the "order cost" exchanges
 * show): initial margin at the order price + taker fee to open + taker fee
 * to close at the bankruptcy price.
 */
export function marginRequirement(input: {
  side: PositionSide;
  size: NumericInput;
  price: NumericInput;
  leverage: NumericInput;
  takerFeeRate: NumericInput;
}): MarginRequirement {
  const im = initialMargin(input.size, input.price, input.leverage);
  const openFee = notionalValue(input.size, input.price).times(dec(input.takerFeeRate));
  const closeFee = notionalValue(
    input.size,
    bankruptcyPrice(input.side, input.price, input.leverage),
  ).times(dec(input.takerFeeRate));
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
  const s1 = dec(size).abs();
  const s2 = dec(addedSize).abs();
  return safeDivide(s1.times(dec(entryPrice)).plus(s2.times(dec(addedPrice))), s1.plus(s2));
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
  const openFee = notionalValue(input.size, input.entryPrice).times(dec(input.openFeeRate));
  const closeFee = notionalValue(input.size, input.exitPrice).times(dec(input.closeFeeRate));
  const fundingPaid = dec(input.fundingPaid);
  return {
    gross,
    openFee,
    closeFee,
    fundingPaid,
    net: gross.minus(openFee).minus(closeFee).minus(fundingPaid),
  };
}
