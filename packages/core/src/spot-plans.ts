/**
 * Spot trigger (plan) orders and the TP/SL an order may carry, on the wire.
 * A plan freezes nothing while it waits (as on Bitget's spot): when its
 * trigger is crossed the exchange places the order through the ordinary
 * order entry, and a plan whose owner is then short of funds ends FAILED
 * with the error code why. Every figure is a decimal string; times are epoch
 * milliseconds.
 */
import type { TriggerPriceType } from './futures-orders';
import type { OrderSide, SpotOrderType } from './spot-api';

export const SPOT_PLAN_PATHS = {
  place: '/v1/spot/plan/place',
  modify: '/v1/spot/plan/modify',
  cancel: '/v1/spot/plan/cancel',
  /** Plans still waiting (and TP/SL waiting for their order to fill). */
  current: '/v1/spot/plans/current',
  /** Plans that ended: triggered, failed or cancelled, newest first, paged. */
  history: '/v1/spot/plans/history',
} as const;

/**
 * The trigger: 'last' is the market's last trade price; 'mark' is the
 * market's index, the mid of its book (the last trade price while one side
 * of the book is empty).
 */
export type SpotTriggerBy = TriggerPriceType;

/** The body of POST /v1/spot/plan/place. */
export interface PlaceSpotPlan {
  symbol: string;
  side: OrderSide;
  triggerPrice: string;
  triggerBy: SpotTriggerBy;
  /** The order sent when the trigger is crossed. */
  type: SpotOrderType;
  /** Limit plans only. */
  price?: string;
  /** Base quantity: limit plans, market sells, and market buys by quantity. */
  quantity?: string;
  /** Market buys by quote amount, instead of quantity. */
  quoteAmount?: string;
}

/**
 * The body of POST /v1/spot/plan/modify: a waiting trigger order's new
 * trigger, order type, price and size (its market and side stay).
 */
export interface ModifySpotPlan extends PlaceSpotPlan {
  planId: string;
}

/**
 * PENDING: a TP or SL waiting for its order to fill; WAITING: live, waiting
 * for its trigger; TRIGGERED: its order was placed (`orderId`); FAILED: the
 * order was refused (`failCode`); CANCELED: by its owner, or by the exchange
 * (`failCode`: its order ended unfilled, or the other half of its TP/SL pair
 * fired).
 */
export type SpotPlanStatus = 'PENDING' | 'WAITING' | 'TRIGGERED' | 'FAILED' | 'CANCELED';
/** A trigger order, or the take-profit or stop-loss of an order. */
export type SpotPlanKind = 'plan' | 'tp' | 'sl';

export interface SpotPlan {
  planId: string;
  kind: SpotPlanKind;
  symbol: string;
  side: OrderSide;
  triggerPrice: string;
  triggerBy: SpotTriggerBy;
  type: SpotOrderType;
  /** '' for market plans. */
  price: string;
  /** '' for a market buy by quote amount, and for a TP/SL before its order filled. */
  quantity: string;
  /** '' unless a market buy by quote amount. */
  quoteAmount: string;
  /** TP/SL: the order whose fill it closes; '' for a trigger order. */
  parentOrderId: string;
  status: SpotPlanStatus;
  /** The order it placed, once triggered; ''. */
  orderId: string;
  /** Why it failed or the exchange cancelled it, as an error code; ''. */
  failCode: string;
  createdAt: number;
  updatedAt: number;
}

/** Live plans a user may hold on one market at most. */
export const SPOT_PLANS_MAX_PER_MARKET = 50;

/** Private channel: SpotPlan on every change of one of the user's plans (`spot.plans:demo` on demo). */
export const SPOT_PLANS_CHANNEL = 'spot.plans';
