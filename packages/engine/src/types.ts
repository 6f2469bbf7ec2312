/**
 * Commands into an order book and the events out of it. Prices are integer
 * ticks, quantities integer lots, quote amounts integer tick-lots (price x
 * quantity); time is passed in by the host, never read.
 */

export type Side = 'buy' | 'sell';

export function opposite(side: Side): Side {
  return side === 'buy' ? 'sell' : 'buy';
}
export type TimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';

export interface LimitCommand {
  type: 'limit';
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  quantity: number;
  timeInForce: TimeInForce;
  time: number;
}

/**
 * A market order for a base quantity, either side. With `priceLimit` (ticks)
 * it takes no level worse than that price: the highest a buy pays, the
 * lowest a sell accepts; what is left is cancelled for price protection.
 */
export interface MarketCommand {
  type: 'market';
  orderId: number;
  userId: number;
  side: Side;
  quantity: number;
  priceLimit?: number;
  time: number;
}

/** A market buy that spends up to a quote amount (tick-lots), at no price above `priceLimit` when given. */
export interface MarketQuoteCommand {
  type: 'marketQuote';
  orderId: number;
  userId: number;
  quoteAmount: number;
  priceLimit?: number;
  time: number;
}

export interface CancelCommand {
  type: 'cancel';
  orderId: number;
  userId: number;
  time: number;
}

export interface CancelAllCommand {
  type: 'cancelAll';
  userId: number;
  time: number;
}

export type Command =
  LimitCommand | MarketCommand | MarketQuoteCommand | CancelCommand | CancelAllCommand;

export const REJECT_REASONS = [
  'INVALID_PRICE',
  'INVALID_QUANTITY',
  'INVALID_ORDER_ID',
  'DUPLICATE_ORDER_ID',
  'POST_ONLY_WOULD_TAKE',
  'FOK_NOT_FILLABLE',
  'NO_LIQUIDITY',
  'ORDER_NOT_FOUND',
  'NOT_ORDER_OWNER',
] as const;
export type RejectReason = (typeof REJECT_REASONS)[number];

/**
 * Why an order left the book unfilled: the user, the rest of an IOC or market
 * order, self-trade prevention, or a market order's price limit reached.
 */
export type CancelReason =
  'USER' | 'IOC_REMAINDER' | 'MARKET_REMAINDER' | 'SELF_TRADE' | 'PRICE_PROTECTION';

export interface AcceptedEvent {
  type: 'accepted';
  orderId: number;
  userId: number;
  side: Side;
  /** 0 for market orders. */
  price: number;
  /** Lots; 0 for an order by quote amount. */
  quantity: number;
  time: number;
}

export interface RejectedEvent {
  type: 'rejected';
  /** 0 for a cancel-all. */
  orderId: number;
  userId: number;
  reason: RejectReason;
  time: number;
}

export interface FillEvent {
  type: 'fill';
  makerOrderId: number;
  makerUserId: number;
  takerOrderId: number;
  takerUserId: number;
  takerSide: Side;
  /** The maker's price: a taker never pays worse than the book. */
  price: number;
  quantity: number;
  time: number;
}

export interface CancelledEvent {
  type: 'cancelled';
  orderId: number;
  userId: number;
  /** Lots that will never fill (0 for an order by quote amount). */
  remaining: number;
  reason: CancelReason;
  time: number;
}

/** An order reached its end (filled, or the rest cancelled): it will produce no more events. */
export interface DoneEvent {
  type: 'done';
  orderId: number;
  userId: number;
  /** Lots filled over the order's life. */
  filled: number;
  time: number;
}

export type EngineEvent = AcceptedEvent | RejectedEvent | FillEvent | CancelledEvent | DoneEvent;

/** Aggregated price levels, best first. */
export interface Depth {
  bids: Array<[price: number, quantity: number]>;
  asks: Array<[price: number, quantity: number]>;
}

export interface RestingOrder {
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  remaining: number;
  filled: number;
  time: number;
}

/** What every book implementation offers; the contract suite runs against each. */
export interface OrderBook {
  execute(command: Command): EngineEvent[];
  depth(levels?: number): Depth;
  /** Lots resting at one price on one side; 0 when the level is empty. */
  levelQuantity(side: Side, price: number): number;
  order(orderId: number): RestingOrder | undefined;
  bestBid(): number | undefined;
  bestAsk(): number | undefined;
  /** Live orders in the book. */
  size(): number;
}
