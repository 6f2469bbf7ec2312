/**
 * Spot trading and assets on the wire: REST paths, answer shapes and
 * WebSocket channels, shared by the server and the web app. Every figure is
 * a decimal string; times are epoch milliseconds.
 */

export const SPOT_PATHS = {
  markets: '/v1/spot/markets',
  tickers: '/v1/spot/tickers',
  depth: '/v1/spot/depth',
  trades: '/v1/spot/trades',
  klines: '/v1/spot/klines',
  placeOrder: '/v1/spot/order/place',
  cancelOrder: '/v1/spot/order/cancel',
  cancelAll: '/v1/spot/order/cancel-all',
  openOrders: '/v1/spot/orders/open',
  orderHistory: '/v1/spot/orders/history',
  fills: '/v1/spot/fills',
} as const;

export const ASSET_PATHS = {
  balances: '/v1/asset/balances',
  valuation: '/v1/asset/valuation',
  coins: '/v1/asset/coins',
  depositAddress: '/v1/asset/deposit-address',
  withdraw: '/v1/asset/withdraw',
  cancelWithdrawal: '/v1/asset/withdraw/cancel',
  /** Deposits, withdrawals and transfers, newest first (?type=deposit|withdraw|transfer). */
  records: '/v1/asset/records',
} as const;

export const KLINE_INTERVALS = ['1m', '5m', '15m', '30m', '1h', '4h', '1d', '1w'] as const;
export type KlineInterval = (typeof KLINE_INTERVALS)[number];

export const KLINE_INTERVAL_MS: Record<KlineInterval, number> = {
  '1m': 60_000,
  '5m': 300_000,
  '15m': 900_000,
  '30m': 1_800_000,
  '1h': 3_600_000,
  '4h': 14_400_000,
  '1d': 86_400_000,
  '1w': 604_800_000,
};

export function isKlineInterval(value: string): value is KlineInterval {
  return (KLINE_INTERVALS as readonly string[]).includes(value);
}

/**
 * Where a kline of this interval opens. Weeks open on Monday 00:00 UTC, as on
 * the large exchanges (the epoch was a Thursday).
 */
export function klineOpenTime(time: number, interval: KlineInterval): number {
  const ms = KLINE_INTERVAL_MS[interval];
  if (interval === '1w') {
    const monday = 4 * 86_400_000;
    return time - ((((time - monday) % ms) + ms) % ms);
  }
  return time - (time % ms);
}

export type OrderSide = 'buy' | 'sell';
export type SpotOrderType = 'limit' | 'market';
export type SpotTimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
export type SpotOrderStatus =
  'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'PARTIALLY_CANCELED';
/**
 * Why the exchange cancelled (the rest of) an order, on its record:
 * PRICE_PROTECTION, a market order reached the edge of the price band
 * around its reference price (the last trade, or the mark of a perpetual).
 */
export type OrderCancelReason = 'PRICE_PROTECTION';

/** A market as /v1/spot/markets lists it. */
export interface SpotMarketInfo {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
  minNotional: string;
  /** Fee rates as decimal fractions: '0.001' is 0.1%. */
  makerFeeRate: string;
  takerFeeRate: string;
  pricePrecision: number;
  quantityPrecision: number;
  /** Price groupings the order book offers, finest first (the tick first). */
  depthSteps: string[];
  /**
   * Price protection as a decimal fraction ('0.05' is 5 %): a market order
   * fills only this far from the last trade price (the mark on a
   * perpetual); the rest is cancelled.
   */
  marketPriceBandRate: string;
}

export interface Ticker {
  symbol: string;
  /** '' before the first trade. */
  last: string;
  open24h: string;
  high24h: string;
  low24h: string;
  /** Fractional change over 24 h: '0.0123' is +1.23%. */
  change24h: string;
  /** Base volume over 24 h. */
  volume24h: string;
  quoteVolume24h: string;
  bestBid: string;
  bestAsk: string;
  time: number;
}

/** Price levels, best first, as [price, quantity]. */
export type DepthLevel = [price: string, quantity: string];

export interface DepthSnapshot {
  symbol: string;
  /** Book sequence: each change of the book raises it by one. */
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface PublicTrade {
  id: string;
  price: string;
  quantity: string;
  /** The taker's side. */
  side: OrderSide;
  time: number;
}

export interface Kline {
  /** Open time. */
  t: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** Base volume. */
  v: string;
  /** Quote volume. */
  qv: string;
}

/** The body of POST /v1/spot/order/place. */
export interface PlaceSpotOrder {
  symbol: string;
  side: OrderSide;
  type: SpotOrderType;
  /** Limit orders only; default GTC. */
  timeInForce?: SpotTimeInForce;
  /** Limit orders only. */
  price?: string;
  /** Base quantity: limit orders, market sells, and market buys by quantity. */
  quantity?: string;
  /** Market buys by quote amount, instead of quantity. */
  quoteAmount?: string;
  /** The caller's own id, at most 36 characters of [A-Za-z0-9_-]. */
  clientOrderId?: string;
  /**
   * TP/SL on the order: once it has filled (or ended with a fill), a trigger
   * on the last price that sells (a buy's) or buys back (a sell's) the filled
   * quantity at market; the two are one-cancels-the-other. A buy's take-profit
   * lies above its price (the last price for a market order) and its
   * stop-loss below; a sell's the other way round.
   */
  takeProfitPrice?: string;
  stopLossPrice?: string;
}

export interface SpotOrder {
  orderId: string;
  clientOrderId: string | null;
  symbol: string;
  side: OrderSide;
  type: SpotOrderType;
  timeInForce: SpotTimeInForce | null;
  /** '' for market orders. */
  price: string;
  /** '' for a market buy by quote amount. */
  quantity: string;
  /** '' unless a market buy by quote amount. */
  quoteAmount: string;
  filledQuantity: string;
  /** Quote value filled so far. */
  filledQuote: string;
  /** '' before a fill. */
  avgPrice: string;
  status: SpotOrderStatus;
  /** Set when the exchange cancelled the rest; null otherwise. */
  cancelReason: OrderCancelReason | null;
  createdAt: number;
  updatedAt: number;
}

export interface SpotFill {
  fillId: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  role: 'maker' | 'taker';
  price: string;
  quantity: string;
  quoteQuantity: string;
  fee: string;
  /** Buyers pay fees in the base coin they receive, sellers in the quote coin. */
  feeCoin: string;
  time: number;
}

export interface CancelAllAnswer {
  cancelled: number;
}

export interface Balance {
  coin: string;
  available: string;
  frozen: string;
  total: string;
}

export interface CoinSetting {
  coin: string;
  /** Decimal places of balances in this coin. */
  decimals: number;
  network: string;
  minWithdraw: string;
  withdrawFee: string;
}

/** Asset value in USDT, in BTC and in the asked fiat unit (?unit=USD). */
export interface Valuation {
  unit: string;
  /** USDT per one unit of fiat: value in fiat = usdt x fiatPerUsdt. */
  fiatPerUsdt: string;
  totalUsdt: string;
  totalBtc: string;
  totalFiat: string;
  coins: Array<{ coin: string; total: string; usdt: string }>;
}

export interface DepositAddress {
  coin: string;
  network: string;
  address: string;
}

export interface WithdrawRequest {
  coin: string;
  address: string;
  amount: string;
}

export type AssetRecordType = 'deposit' | 'withdraw' | 'transfer';
export type AssetRecordStatus = 'pending' | 'completed' | 'rejected' | 'canceled';

export interface AssetRecord {
  id: string;
  type: AssetRecordType;
  coin: string;
  amount: string;
  fee: string;
  /** Deposit or withdrawal address; for transfers, 'spot->futures' and the like. */
  address: string;
  status: AssetRecordStatus;
  createdAt: number;
  updatedAt: number;
}

/**
 * WebSocket channels (subscribe with { op: 'subscribe', args: [name] }).
 * Every push is { op: 'push', channel, data }.
 * - `tickers`: Ticker[] of every market, once a second while any changed.
 * - `ticker:SYMBOL`: Ticker.
 * - `depth:SYMBOL`: DepthPush; the first is a snapshot, then deltas whose seq
 *   follows the previous push's seq by exactly one. A gap means a lost
 *   message: unsubscribe and subscribe again for a new snapshot.
 * - `trades:SYMBOL`: PublicTrade[] (newest last).
 * - `kline:SYMBOL:INTERVAL`: Kline (the current one, on every change).
 * Private, after { op: 'auth', token }:
 * - `orders`: SpotOrder on every change of one of the user's orders.
 * - `fills`: SpotFill[] of the user's new fills.
 * - `balances`: Balance[] of the coins that changed.
 */
export const WS_CHANNELS = {
  tickers: 'tickers',
  ticker: (symbol: string) => `ticker:${symbol}`,
  depth: (symbol: string) => `depth:${symbol}`,
  trades: (symbol: string) => `trades:${symbol}`,
  kline: (symbol: string, interval: KlineInterval) => `kline:${symbol}:${interval}`,
  orders: 'orders',
  fills: 'fills',
  balances: 'balances',
} as const;

export interface DepthPush {
  kind: 'snapshot' | 'delta';
  seq: number;
  /** A delta carries changed levels only; quantity '0' removes the level. */
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface ChannelPush<T = unknown> {
  op: 'push';
  channel: string;
  data: T;
}
