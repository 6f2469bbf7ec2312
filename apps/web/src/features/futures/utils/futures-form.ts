/**
 * The futures order form's and TP/SL dialog's figures, from the core
 * position maths: what an order costs, the most it can open, and the
 * take-profit / stop-loss triple (price, ROE %, PnL) kept consistent
 * whichever of the three is typed; the trailing stop's body and preview.
 * decimal.js throughout.
 */
import {
  Decimal,
  closePriceForPnl,
  closePriceForRoe,
  initialMargin,
  orderCost,
  roePercent,
  safeDivide,
  toDecimal,
  tpSlBounds,
  trailingCallbackBps,
  unrealisedPnl,
  validateTpSlPrice,
  type DecimalValue,
  type MarginMode,
  type OrderSide,
  type PlaceTrailingStop,
  type PositionSide,
  type TriggerPriceType,
} from '@quay/core';

/** Initial margin plus the opening fee at the taker rate: what the server holds for the order. */
export function openCost(
  price: string,
  quantity: string,
  leverage: number,
  takerFeeRate: string,
): DecimalValue {
  const p = toDecimal(price);
  const q = toDecimal(quantity);
  if (!p || !q || leverage <= 0) return new Decimal(0);
  return orderCost(q, p, leverage, takerFeeRate);
}

/** The largest quantity `available` can open at `price`, rounded down to the lot. */
export function maxOpen(
  available: string,
  price: string,
  leverage: number,
  takerFeeRate: string,
  quantityDecimals: number,
): string {
  const a = toDecimal(available);
  const p = toDecimal(price);
  if (!a || !p || p.lte(0) || leverage <= 0) return '0';
  const perUnit = p.div(leverage).plus(p.times(takerFeeRate));
  return safeDivide(a, perUnit).toDecimalPlaces(quantityDecimals, Decimal.ROUND_DOWN).toFixed();
}

/** The quantity a share of the most that can be opened comes to. */
export function quantityForPercent(
  percent: number,
  available: string,
  price: string,
  leverage: number,
  takerFeeRate: string,
  quantityDecimals: number,
): string {
  const most = new Decimal(maxOpen(available, price, leverage, takerFeeRate, quantityDecimals));
  return most
    .times(percent)
    .div(100)
    .toDecimalPlaces(quantityDecimals, Decimal.ROUND_DOWN)
    .toFixed();
}

export type TpSlKind = 'tp' | 'sl';

/** The three ways of naming a trigger: price, ROE % and PnL; a stop-loss gives its ROE and PnL as losses (positive figures). */
export interface TpSlTriple {
  price: string;
  roe: string;
  pnl: string;
}

export interface TpSlPosition {
  side: PositionSide;
  entryPrice: string;
  size: string;
  leverage: string;
}

const EMPTY: TpSlTriple = { price: '', roe: '', pnl: '' };

function fromPriceValue(
  kind: TpSlKind,
  p: TpSlPosition,
  price: DecimalValue,
  priceDecimals: number,
  typed: Partial<TpSlTriple>,
): TpSlTriple {
  const pnl = unrealisedPnl(p.side, p.size, p.entryPrice, price);
  const roe = roePercent(pnl, initialMargin(p.size, p.entryPrice, p.leverage));
  const sign = kind === 'sl' ? -1 : 1;
  return {
    price: typed.price ?? price.toFixed(priceDecimals, Decimal.ROUND_HALF_UP),
    roe: typed.roe ?? roe.times(sign).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
    pnl: typed.pnl ?? pnl.times(sign).toDecimalPlaces(2, Decimal.ROUND_DOWN).toFixed(),
  };
}

export function tripleFromPrice(
  kind: TpSlKind,
  p: TpSlPosition,
  price: string,
  priceDecimals: number,
): TpSlTriple {
  const value = toDecimal(price);
  if (!value || value.lte(0)) return { ...EMPTY, price };
  return fromPriceValue(kind, p, value, priceDecimals, { price });
}

export function tripleFromRoe(
  kind: TpSlKind,
  p: TpSlPosition,
  roe: string,
  priceDecimals: number,
): TpSlTriple {
  const value = toDecimal(roe);
  if (!value) return { ...EMPTY, roe };
  const signed = kind === 'sl' ? value.neg() : value;
  const price = closePriceForRoe(p.side, p.entryPrice, p.leverage, signed);
  if (price.lte(0)) return { ...EMPTY, roe };
  return fromPriceValue(kind, p, roundedPrice(price, priceDecimals), priceDecimals, { roe });
}

export function tripleFromPnl(
  kind: TpSlKind,
  p: TpSlPosition,
  pnl: string,
  priceDecimals: number,
): TpSlTriple {
  const value = toDecimal(pnl);
  if (!value) return { ...EMPTY, pnl };
  const signed = kind === 'sl' ? value.neg() : value;
  const price = closePriceForPnl(p.side, p.entryPrice, p.size, signed);
  if (price.lte(0)) return { ...EMPTY, pnl };
  return fromPriceValue(kind, p, roundedPrice(price, priceDecimals), priceDecimals, { pnl });
}

/** A trigger price on the tick grid: rounded to the market's decimals. */
function roundedPrice(price: DecimalValue, priceDecimals: number): DecimalValue {
  return price.toDecimalPlaces(priceDecimals, Decimal.ROUND_HALF_UP);
}

export type TpSlProblem = 'side' | 'liquidation' | null;

/**
 * Why a trigger price cannot stand: a take-profit must lie beyond the mark
 * in the position's favour and a stop-loss before it; a stop-loss must also
 * fire before the liquidation price (spec section 5's bounds).
 */
export function tpSlProblem(input: {
  kind: TpSlKind;
  side: PositionSide;
  marginMode: MarginMode;
  price: string;
  mark: string;
  liquidation: string;
}): TpSlProblem {
  const price = toDecimal(input.price);
  const mark = toDecimal(input.mark);
  if (!price) return null;
  const long = input.side === 1;
  if (mark) {
    const favourable = long ? price.gt(mark) : price.lt(mark);
    if (input.kind === 'tp' ? !favourable : favourable || price.eq(mark)) return 'side';
  }
  if (input.kind === 'sl') {
    const liquidation = toDecimal(input.liquidation);
    const valid = validateTpSlPrice({
      marginMode: input.marginMode,
      side: input.side,
      price,
      bounds: tpSlBounds(input.side, liquidation && liquidation.gt(0) ? liquidation : null),
    });
    if (!valid) return 'liquidation';
  }
  return null;
}

/** The trailing stop's quick callback rates, in percent. */
export const TRAILING_QUICK_RATES = ['1', '2'] as const;

export interface TrailingStopInput {
  symbol: string;
  side: OrderSide;
  positionSide?: PositionSide | undefined;
  /** Percent as typed: '1.5'. */
  callbackRate: string;
  /** '' for none: active at once. */
  activationPrice: string;
  triggerBy: TriggerPriceType;
  quantity: string;
  reduceOnly: boolean;
}

/** Whether a typed callback rate is one the server takes: 0.1 to 5 %, at most two decimals. */
export function callbackRateValid(rate: string): boolean {
  return trailingCallbackBps(rate) !== null;
}

/** The body of a trailing stop: a market order once the price comes back by the callback rate. */
export function trailingStopBody(input: TrailingStopInput): PlaceTrailingStop {
  return {
    kind: 'trailing',
    symbol: input.symbol,
    side: input.side,
    ...(input.positionSide ? { positionSide: input.positionSide } : {}),
    callbackRate: input.callbackRate,
    ...(input.activationPrice ? { activationPrice: input.activationPrice } : {}),
    triggerBy: input.triggerBy,
    type: 'market',
    quantity: input.quantity,
    ...(input.reduceOnly ? { reduceOnly: true } : {}),
  };
}

/**
 * Where a trailing stop would fire if the price turned at `from` (the
 * activation price, else the current price): below it by the callback rate
 * for a sell, above it for a buy; '' when either figure is missing.
 */
export function trailingStopPreview(
  side: OrderSide,
  from: string,
  rate: string,
  priceDecimals: number,
): string {
  const price = toDecimal(from);
  if (!price || price.lte(0) || !callbackRateValid(rate)) return '';
  const factor = new Decimal(1)[side === 'sell' ? 'minus' : 'plus'](new Decimal(rate).div(100));
  return price
    .times(factor)
    .toFixed(priceDecimals, side === 'sell' ? Decimal.ROUND_DOWN : Decimal.ROUND_UP);
}
