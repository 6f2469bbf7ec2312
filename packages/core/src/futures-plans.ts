/**
 * Perpetual plans on the wire: trigger orders, a position's TP and SL, and
 * trailing stops with the callback rates they accept. Every figure is a
 * decimal string; times are epoch milliseconds.
 */
import type { FuturesOrderType, TriggerPriceType } from './futures-orders';
import type { PositionSide } from './futures-tiers';
import type { OrderSide } from './spot-api';

/**
 * The body of POST /v1/futures/plan/place: a trigger order (`kind` omitted or
 * 'plan'), an order sent when a price is crossed, or a trailing stop.
 */
export type PlaceFuturesPlan = PlaceTriggerPlan | PlaceTrailingStop;

export interface PlaceTriggerPlan {
  kind?: 'plan';
  symbol: string;
  side: OrderSide;
  positionSide?: PositionSide;
  triggerPrice: string;
  triggerBy: TriggerPriceType;
  type: FuturesOrderType;
  /** Limit plans only. */
  price?: string;
  quantity: string;
  reduceOnly?: boolean;
}

/** Callback rates a trailing stop accepts, in percent: 0.1 to 5, at most two decimals. */
export const TRAILING_CALLBACK_MIN = '0.1';
export const TRAILING_CALLBACK_MAX = '5';
export const TRAILING_CALLBACK_DECIMALS = 2;

/**
 * A callback rate in hundredths of a percent (basis points: '1.5' -> 150),
 * or null when it is not a plain decimal with at most two decimals from
 * 0.1 to 5. Read from the digits, never through a float.
 */
export function trailingCallbackBps(rate: string): number | null {
  const match = /^(0|[1-9][0-9]{0,2})(?:\.([0-9]{1,2}))?$/.exec(rate);
  if (!match) return null;
  const bps = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  return bps >= 10 && bps <= 500 ? bps : null;
}

/**
 * A trailing stop, sent as a market order when it fires. A sell stop waits
 * until the price (mark or last, `triggerBy`) is at or above
 * `activationPrice` (at once when none is given), then tracks the highest
 * price since, and fires when the price falls to highest x (1 -
 * callbackRate / 100) or below. A buy stop mirrors it: it activates at or
 * below the activation price, tracks the lowest price and fires at lowest x
 * (1 + callbackRate / 100) or above. A sell stop's activation price must lie
 * above the current price, a buy stop's below it.
 */
export interface PlaceTrailingStop {
  kind: 'trailing';
  symbol: string;
  side: OrderSide;
  positionSide?: PositionSide;
  /** Percent, '0.1' to '5', at most two decimals ('1.5' is 1.5 %). */
  callbackRate: string;
  activationPrice?: string;
  triggerBy: TriggerPriceType;
  /** Only 'market' (the default). */
  type?: 'market';
  quantity: string;
  reduceOnly?: boolean;
}

export type FuturesPlanStatus = 'WAITING' | 'TRIGGERED' | 'CANCELED' | 'FAILED';
/** A trigger order, a position's TP or SL, or a trailing stop. */
export type FuturesPlanKind = 'plan' | 'tp' | 'sl' | 'trailing';

export interface FuturesPlan {
  planId: string;
  kind: FuturesPlanKind;
  symbol: string;
  side: OrderSide;
  positionSide: PositionSide;
  /**
   * The price it fires at. A trailing stop: the stop price it fires at now,
   * from `trailingPrice` and the callback rate on the tick grid (rounded
   * down for a sell, up for a buy); '' until it is active.
   */
  triggerPrice: string;
  triggerBy: TriggerPriceType;
  type: FuturesOrderType;
  price: string;
  /** '' for a TP/SL on the whole position. */
  quantity: string;
  reduceOnly: boolean;
  status: FuturesPlanStatus;
  /** The order it sent, once triggered. */
  orderId: string;
  /** Why it failed, as an error code. */
  failCode: string;
  /** Trailing stops: the callback rate in percent ('1.5'); '' for other kinds. */
  callbackRate: string;
  /** Trailing stops: the activation price, '' when none was given (and for other kinds). */
  activationPrice: string;
  /**
   * Trailing stops: the price tracked since activation, the highest for a
   * sell stop and the lowest for a buy stop; '' before activation (and for
   * other kinds).
   */
  trailingPrice: string;
  createdAt: number;
  updatedAt: number;
}
