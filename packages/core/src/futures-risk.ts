/**
 * USDT-margined perpetuals as the screens and the risk checks see them: the
 * derived position fields and the account risk inputs of spec section 3,
 * and the TP/SL rule of spec section 5.
 *
 * Inputs are decimal strings or Decimals, outputs Decimals (or decimal
 * strings where a wire shape is returned), never a JS float; the money
 * figures come from the exact implementation in `futures-exact.ts` (see
 * `futures-margin.ts`). Division by zero gives zero (spec section 5).
 * Sizes are in the base coin, prices and money in USDT.
 */
import type { CrossLeg } from './futures-exact';
import {
  MINOR_DECIMALS,
  averageEntry,
  crossFiguresOf,
  decimalOfUnits,
  freeMarginOf,
  lotValue,
  maintenanceMarginOf,
  orderCostOf,
  pow10,
  scaleOf,
  unitsOf,
} from './futures-exact';
import { liquidationPrice } from './futures-liquidation';
import { initialMargin, notionalValue, roePercent, unrealisedPnl } from './futures-margin';
import type { MaintenanceTier, MarginMode, PositionMode, PositionSide } from './futures-tiers';
import { MARGIN_MODE, POSITION_MODE, POSITION_SIDE, dec, tierForNotional } from './futures-tiers';
import type { DecimalValue, NumericInput } from './numbers';
import { Decimal, PNL_DECIMALS, formatPnl, formatRoe, toDecimal } from './numbers';

const ZERO = new Decimal(0);

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

/** The legs of one side, as one: total size and average entry. */
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
  return { price: averageEntry(cost, size), size };
}

/**
 * The risk inputs of `symbol` from an account's positions, open orders and
 * wallet balance: the futures host's exact figures (`crossFiguresOf`,
 * `freeMarginOf`, `orderCostOf`), in units of the finest scale the inputs
 * need (at least the minor unit, where margins and fees are rounded up).
 * Leverage is a whole number.
 */
export function accountRiskInputs(input: {
  symbol: string;
  walletBalance: NumericInput;
  positions: readonly RiskPosition[];
  openOrders: readonly RiskOpenOrder[];
  takerFeeRate: NumericInput;
  /** Rows for `mm` when the symbol has no position. */
  tiers?: readonly MaintenanceTier[];
}): AccountRiskInputs {
  const orders = input.openOrders.filter((o) => !o.reduceOnly);
  const sizeScale = Math.max(
    0,
    ...input.positions.map((p) => scaleOf(p.size)),
    ...orders.map((o) => scaleOf(o.quantity)),
  );
  const priceScale = Math.max(
    0,
    ...input.positions.flatMap((p) => [scaleOf(p.entryPrice), scaleOf(p.markPrice)]),
    ...orders.map((o) => scaleOf(o.price)),
  );
  const money = Math.max(
    sizeScale + priceScale,
    MINOR_DECIMALS,
    scaleOf(input.walletBalance),
    ...input.positions.map((p) => scaleOf(p.isolatedMargin)),
  );
  const shift = pow10(money - sizeScale - priceScale);
  const value = (size: NumericInput, price: NumericInput) =>
    lotValue(unitsOf(price, priceScale), unitsOf(dec(size).abs(), sizeScale), shift);
  const moneyText = (units: bigint) => decimalOfUnits(units, money).toFixed();

  const bp = input.positions
    .filter((p) => p.marginMode === MARGIN_MODE.isolated)
    .reduce(
      (sum, p) => sum - unitsOf(p.isolatedMargin, money),
      unitsOf(input.walletBalance, money),
    );
  const cross = input.positions.filter((p) => p.marginMode === MARGIN_MODE.cross);
  const legOf = (p: RiskPosition): CrossLeg => {
    const atMark = value(p.size, p.markPrice);
    return {
      side: p.side,
      value: atMark,
      cost: value(p.size, p.entryPrice),
      leverage: unitsOf(p.leverage, 0),
      maintenance: maintenanceMarginOf(p.tiers, atMark, money),
    };
  };
  const all = crossFiguresOf(cross.map(legOf));
  const others = crossFiguresOf(cross.filter((p) => p.symbol !== input.symbol).map(legOf));

  const rateScale = scaleOf(input.takerFeeRate);
  const rate = unitsOf(input.takerFeeRate, rateScale);
  let orderMargin = 0n;
  let totalDelegateValue = 0n;
  for (const o of orders) {
    const v = value(o.quantity, o.price);
    orderMargin += orderCostOf(v, unitsOf(o.leverage, 0), rate, rateScale);
    if (o.symbol === input.symbol) totalDelegateValue += v;
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

  return {
    bp: moneyText(bp),
    available: moneyText(freeMarginOf(bp, all, orderMargin)),
    othersUpnl: moneyText(others.upnl),
    othersMaintain: moneyText(others.mm),
    longOpenPrice: long.price.toFixed(),
    longOpenCount: long.size.toFixed(),
    shortOpenPrice: short.price.toFixed(),
    shortOpenCount: short.size.toFixed(),
    totalDelegateValue: moneyText(totalDelegateValue),
    mm: mm.toFixed(),
    feeRate: dec(input.takerFeeRate).toFixed(),
  };
}

/** What the cross liquidation price reads of the risk inputs. */
export type CrossRiskInputs = Pick<
  AccountRiskInputs,
  | 'bp'
  | 'othersUpnl'
  | 'othersMaintain'
  | 'longOpenPrice'
  | 'longOpenCount'
  | 'shortOpenPrice'
  | 'shortOpenCount'
>;

/**
 * The cross liquidation price of `symbol` from its risk inputs: WB = bp,
 * TMM1 = othersMaintain, UPNL1 = othersUpnl, the legs from the long and short
 * open price and count (one-way mode: whichever leg is held).
 */
export function crossLiquidationPriceFromRisk(
  risk: CrossRiskInputs,
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
