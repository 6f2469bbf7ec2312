/**
 * USDT-margined (linear) perpetual futures maths: PnL, ROE, margins, tiered
 * maintenance, liquidation, break-even and target prices, the derived
 * position fields and account risk inputs of spec section 3, and the TP/SL
 * rule of spec section 5.
 *
 * Everything is decimal.js at precision 20 (never a JS float); inputs are
 * decimal strings or Decimals, outputs Decimals (or decimal strings where a
 * wire shape is returned). Division by zero gives zero (spec section 5).
 * Sizes are in the base coin, prices and money in USDT.
 */
import type { DecimalValue, NumericInput } from './numbers';
import {
  Decimal,
  EMPTY_TEXT,
  PNL_DECIMALS,
  formatPnl,
  formatRoe,
  safeDivide,
  toDecimal,
} from './numbers';

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
const ONE = new Decimal(1);
const HUNDRED = new Decimal(100);

function dec(value: NumericInput | null | undefined): DecimalValue {
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
// Position figures

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

// ---------------------------------------------------------------------------
// Liquidation price

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

// ---------------------------------------------------------------------------
// Derived position fields (spec section 3)

/** A futures position as the wire carries it, with the spec's field names. */
export interface FuturesPositionRecord {
  /** Position direction: 1 long, 2 short. */
  side: PositionSide;
  /** Leverage of this position. */
  openLevel: string;
  /** Average entry price of the size held. */
  openAvgPrice: string;
  /** Average entry price over the whole symbol-side position when it is built from several entries. */
  positionsOpenAvgPrice: string;
  /** Size opened so far (base coin). */
  openDealCount: string;
  /** Size closed so far (base coin). */
  closeDealCount: string;
  /** Size held now (base coin). */
  count: string;
  /** Margin committed to this position (isolated: allocated margin including margin added by hand). */
  openMarginCount: string;
  /** Margin over the whole symbol-side position. */
  positionsOpenMarginCount: string;
  /** Size over the whole symbol-side position. */
  positionsCount: string;
  /** Leverage over the whole symbol-side position. */
  positionsLevel: string;
  marginMode: MarginMode;
  /** Realised PnL so far (closed size, fees, funding). */
  achievedProfits: string;
}

/** Rise and fall for colouring a figure (green, red, neutral). */
export type Trend = 'rise' | 'fall' | 'flat';

export interface DerivedPositionFields {
  /** Unrealised PnL at the mark, full precision. */
  dUpnl: string;
  /** dUpnl for display: signed (+ on a gain), grouped, PnL decimals. */
  dUpnlText: string;
  /** dUpnl rounded half-up to the PnL decimals, plain (for inputs and sorting). */
  dUpnlValue: string;
  /** Whether the PnL is a gain, a loss or nothing, for its colour. */
  dUpnlUi: Trend;
  /** ROE in percent on initial margin (count x openAvgPrice / openLevel), full precision. */
  dRoe: string;
  /**
   * ROE in percent on the margin actually committed in USDT (openMarginCount):
   * differs from dRoe when margin was added to an isolated position.
   */
  dRoeU: string;
  /** dRoe for display: 2 decimals rounded toward zero, signed, with %. */
  dRoeText: string;
  /**
   * The margin column: isolated, the position's margin balance
   * (openMarginCount + dUpnl); cross, the initial margin at the mark
   * (count x mark / openLevel), as the large exchanges show it.
   */
  dOpenMarginCount: string;
}

function signed(text: string, value: DecimalValue): string {
  return value.gt(0) && /[1-9]/.test(text) ? `+${text}` : text;
}

function trendOf(value: DecimalValue): Trend {
  if (value.gt(0)) return 'rise';
  if (value.lt(0)) return 'fall';
  return 'flat';
}

/** The derived fields of a position at a live mark price. */
export function derivePositionFields(
  position: FuturesPositionRecord,
  markPrice: NumericInput,
  pnlDecimals: number = PNL_DECIMALS,
): DerivedPositionFields {
  const pnl = unrealisedPnl(position.side, position.count, position.openAvgPrice, markPrice);
  const im = initialMargin(position.count, position.openAvgPrice, position.openLevel);
  const roe = roePercent(pnl, im);
  const margin =
    position.marginMode === MARGIN_MODE.isolated
      ? dec(position.openMarginCount).plus(pnl)
      : initialMargin(position.count, markPrice, position.openLevel);
  return {
    dUpnl: pnl.toFixed(),
    dUpnlText: signed(formatPnl(pnl, pnlDecimals), pnl),
    dUpnlValue: pnl.toFixed(pnlDecimals, Decimal.ROUND_HALF_UP).replace(/^-(0\.?0*)$/, '$1'),
    dUpnlUi: trendOf(pnl),
    dRoe: roe.toFixed(),
    dRoeU: roePercent(pnl, position.openMarginCount).toFixed(),
    dRoeText: signed(formatRoe(roe), roe),
    dOpenMarginCount: margin.toFixed(),
  };
}

// ---------------------------------------------------------------------------
// Account risk inputs (spec section 3)

/** A held position as the risk inputs need it. */
export interface RiskPosition {
  symbol: string;
  side: PositionSide;
  size: NumericInput;
  entryPrice: NumericInput;
  markPrice: NumericInput;
  leverage: NumericInput;
  marginMode: MarginMode;
  /** Isolated only: the margin allocated to the position. */
  isolatedMargin?: NumericInput;
  tiers: readonly MaintenanceTier[];
}

/** An open (unfilled part of an) order as the risk inputs need it. */
export interface RiskOpenOrder {
  symbol: string;
  /** The direction of exposure the order would open. */
  side: PositionSide;
  price: NumericInput;
  /** Unfilled quantity. */
  quantity: NumericInput;
  leverage: NumericInput;
  /** Reduce-only and closing orders hold no margin and are not counted. */
  reduceOnly?: boolean;
}

/** The spec's account risk inputs for one symbol, as decimal strings. */
export interface AccountRiskInputs {
  /** WB of the liquidation formula: wallet balance minus the margin allocated to isolated positions. */
  bp: string;
  /**
   * Available to open or transfer: bp + unrealised PnL of cross positions -
   * initial margin of cross positions at the mark - margin and opening fee held
   * by open orders; never below zero.
   */
  available: string;
  /** UPNL1: unrealised PnL of cross positions in other symbols. */
  othersUpnl: string;
  /** TMM1: maintenance margin of cross positions in other symbols. */
  othersMaintain: string;
  /** Entry price and size of this symbol's long position ('0' when none). */
  longOpenPrice: string;
  longOpenCount: string;
  /** Entry price and size of this symbol's short position ('0' when none). */
  shortOpenPrice: string;
  shortOpenCount: string;
  /** Notional of this symbol's open opening orders: sum of price x unfilled quantity. */
  totalDelegateValue: string;
  /**
   * Maintenance margin rate of this symbol's row, at the notional (at mark)
   * of its larger leg (a hedged pair is measured by the bigger side).
   */
  mm: string;
  /** Taker fee rate charged on the liquidating close. */
  feeRate: string;
}

function aggregateLeg(positions: readonly RiskPosition[]): {
  price: DecimalValue;
  size: DecimalValue;
} {
  let size = ZERO;
  let cost = ZERO;
  for (const p of positions) {
    size = size.plus(dec(p.size).abs());
    cost = cost.plus(notionalValue(p.size, p.entryPrice));
  }
  return { price: safeDivide(cost, size), size };
}

/** The risk inputs of `symbol` from an account's positions, open orders and wallet balance. */
export function accountRiskInputs(input: {
  symbol: string;
  walletBalance: NumericInput;
  positions: readonly RiskPosition[];
  openOrders: readonly RiskOpenOrder[];
  takerFeeRate: NumericInput;
  /** Rows for `mm` when the symbol has no position. */
  tiers?: readonly MaintenanceTier[];
}): AccountRiskInputs {
  const cross = input.positions.filter((p) => p.marginMode === MARGIN_MODE.cross);
  const isolatedMargins = input.positions
    .filter((p) => p.marginMode === MARGIN_MODE.isolated)
    .reduce((sum, p) => sum.plus(dec(p.isolatedMargin)), ZERO);
  const bp = dec(input.walletBalance).minus(isolatedMargins);

  let crossUpnl = ZERO;
  let crossMargin = ZERO;
  let othersUpnl = ZERO;
  let othersMaintain = ZERO;
  for (const p of cross) {
    const pnl = unrealisedPnl(p.side, p.size, p.entryPrice, p.markPrice);
    crossUpnl = crossUpnl.plus(pnl);
    crossMargin = crossMargin.plus(initialMargin(p.size, p.markPrice, p.leverage));
    if (p.symbol !== input.symbol) {
      othersUpnl = othersUpnl.plus(pnl);
      othersMaintain = othersMaintain.plus(
        maintenanceMargin(p.tiers, notionalValue(p.size, p.markPrice)),
      );
    }
  }

  const fee = dec(input.takerFeeRate);
  let orderMargin = ZERO;
  let totalDelegateValue = ZERO;
  for (const o of input.openOrders) {
    if (o.reduceOnly) continue;
    const value = notionalValue(o.quantity, o.price);
    orderMargin = orderMargin.plus(safeDivide(value, o.leverage)).plus(value.times(fee));
    if (o.symbol === input.symbol) totalDelegateValue = totalDelegateValue.plus(value);
  }

  const own = input.positions.filter((p) => p.symbol === input.symbol);
  const long = aggregateLeg(own.filter((p) => p.side === POSITION_SIDE.long));
  const short = aggregateLeg(own.filter((p) => p.side === POSITION_SIDE.short));
  const mark = own[0]?.markPrice;
  const tiers = own[0]?.tiers ?? input.tiers ?? [];
  const largest = Decimal.max(
    notionalValue(long.size, mark ?? 0),
    notionalValue(short.size, mark ?? 0),
  );
  const mm = tiers.length > 0 ? dec(tierForNotional(tiers, largest).maintenanceRate) : ZERO;

  const available = Decimal.max(ZERO, bp.plus(crossUpnl).minus(crossMargin).minus(orderMargin));
  return {
    bp: bp.toFixed(),
    available: available.toFixed(),
    othersUpnl: othersUpnl.toFixed(),
    othersMaintain: othersMaintain.toFixed(),
    longOpenPrice: long.price.toFixed(),
    longOpenCount: long.size.toFixed(),
    shortOpenPrice: short.price.toFixed(),
    shortOpenCount: short.size.toFixed(),
    totalDelegateValue: totalDelegateValue.toFixed(),
    mm: mm.toFixed(),
    feeRate: fee.toFixed(),
  };
}

/**
 * The cross liquidation price of `symbol` from its risk inputs: WB = bp,
 * TMM1 = othersMaintain, UPNL1 = othersUpnl, the legs from the long and short
 * open price and count (one-way mode: whichever leg is held).
 */
export function crossLiquidationPriceFromRisk(
  risk: AccountRiskInputs,
  positionMode: PositionMode,
  tiers: readonly MaintenanceTier[],
): DecimalValue | null {
  const long = { size: risk.longOpenCount, entryPrice: risk.longOpenPrice };
  const short = { size: risk.shortOpenCount, entryPrice: risk.shortOpenPrice };
  const oneWayLeg = dec(risk.longOpenCount).gt(0)
    ? { ...long, side: POSITION_SIDE.long }
    : { ...short, side: POSITION_SIDE.short };
  return liquidationPrice({
    marginMode: MARGIN_MODE.cross,
    positionMode,
    walletBalance: risk.bp,
    othersMaintenanceMargin: risk.othersMaintain,
    othersUnrealisedPnl: risk.othersUpnl,
    tiers,
    ...(positionMode === POSITION_MODE.oneWay ? { both: oneWayLeg } : { long, short }),
  });
}

// ---------------------------------------------------------------------------
// TP/SL validation (spec section 5)

export interface TpSlBounds {
  /** Lower bound: the liquidation price of a long (0 for a short, or a long without one). */
  lower: DecimalValue;
  /** Upper bound: the liquidation price of a short (none for a long, or a short without one). */
  upper: DecimalValue | null;
}

/**
 * The bounds a TP/SL trigger price must respect: a long is liquidated
 * below its liquidation price, a short above it, so a trigger beyond it
 * would never fire before the liquidation.
 */
export function tpSlBounds(side: PositionSide, liquidation: DecimalValue | null): TpSlBounds {
  if (side === POSITION_SIDE.long) return { lower: liquidation ?? ZERO, upper: null };
  return { lower: ZERO, upper: liquidation };
}

/**
 * Spec section 5: in fixed (isolated) margin a long is invalid at or below
 * the lower bound, a short at or above the upper bound or when negative; in
 * cross margin a price is invalid outside either bound (the bounds
 * themselves are accepted). Returns the price as a plain decimal string, or
 * '' when invalid or not a number.
 */
export function validateTpSlPrice(input: {
  marginMode: MarginMode;
  side: PositionSide;
  price: NumericInput | null | undefined;
  bounds: TpSlBounds;
}): string {
  const price = toDecimal(input.price);
  if (!price) return '';
  const { lower, upper } = input.bounds;
  if (input.marginMode === MARGIN_MODE.isolated) {
    if (input.side === POSITION_SIDE.long) return price.lte(lower) ? '' : price.toFixed();
    if (price.isNegative() || (upper !== null && price.gte(upper))) return '';
    return price.toFixed();
  }
  if (price.lt(lower) || (upper !== null && price.gt(upper))) return '';
  return price.toFixed();
}
