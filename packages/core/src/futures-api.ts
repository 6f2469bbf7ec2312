/**
 * USDT-margined perpetual futures on the wire: the REST paths, the market
 * data answers and the WebSocket channels, shared by the server and the web
 * app. Every figure is a decimal string; times are epoch milliseconds. The
 * markets and their names are in futures-markets.ts; the shapes of orders,
 * positions and the account in futures-orders.ts, of plans in
 * futures-plans.ts, of the wallet's records in futures-records.ts.
 */
import type { MaintenanceTier } from './futures-tiers';
import type { SpotMarketInfo, Ticker } from './spot-api';

export const FUTURES_PATHS = {
  // Public.
  markets: '/v1/futures/markets',
  tickers: '/v1/futures/tickers',
  depth: '/v1/futures/depth',
  trades: '/v1/futures/trades',
  klines: '/v1/futures/klines',
  /** MarkInfo of one perpetual (?symbol=). */
  mark: '/v1/futures/mark',
  /** Settled funding rates of one perpetual, newest first (?symbol=&pageNo=&pageSize=). */
  fundingRates: '/v1/futures/funding-rates',
  /** The protection fund: balance, history and movements. */
  protectionFund: '/v1/futures/protection-fund',
  // Private.
  account: '/v1/futures/account',
  /** FuturesSettings of one perpetual (?symbol=). */
  settings: '/v1/futures/settings',
  positionMode: '/v1/futures/position-mode',
  leverage: '/v1/futures/leverage',
  marginMode: '/v1/futures/margin-mode',
  transfer: '/v1/futures/transfer',
  positions: '/v1/futures/positions',
  adjustMargin: '/v1/futures/position/margin',
  closePosition: '/v1/futures/position/close',
  closeAll: '/v1/futures/position/close-all',
  positionTpSl: '/v1/futures/position/tpsl',
  placeOrder: '/v1/futures/order/place',
  cancelOrder: '/v1/futures/order/cancel',
  cancelAll: '/v1/futures/order/cancel-all',
  openOrders: '/v1/futures/orders/open',
  orderHistory: '/v1/futures/orders/history',
  fills: '/v1/futures/fills',
  placePlan: '/v1/futures/plan/place',
  cancelPlan: '/v1/futures/plan/cancel',
  openPlans: '/v1/futures/plans/open',
  planHistory: '/v1/futures/plans/history',
  /** The caller's funding payments, newest first. */
  fundingHistory: '/v1/futures/funding-history',
  /** Every change of the futures wallet, newest first (?type=). */
  bills: '/v1/futures/bills',
} as const;

/** A perpetual as /v1/futures/markets lists it. */
export interface PerpMarketInfo extends SpotMarketInfo {
  pair: string;
  maxLeverage: number;
  tiers: MaintenanceTier[];
  fundingIntervalMs: number;
}

export interface PerpTicker extends Ticker {
  markPrice: string;
  indexPrice: string;
  /** The rate the next settlement will charge, as a fraction ('0.0001' is 0.01 %). */
  fundingRate: string;
  nextFundingTime: number;
}

/** Mark, index and funding of one perpetual; pushed every second on `mark:SYMBOL`. */
export interface MarkInfo {
  symbol: string;
  markPrice: string;
  indexPrice: string;
  /** '' before the first trade. */
  lastPrice: string;
  /** Predicted rate of the next settlement. */
  fundingRate: string;
  /** Rate of the last settlement ('' before the first). */
  lastFundingRate: string;
  /** Interest part of the funding formula, per interval. */
  interestRate: string;
  nextFundingTime: number;
  fundingIntervalMs: number;
  time: number;
}

export interface FundingRateRecord {
  symbol: string;
  rate: string;
  markPrice: string;
  time: number;
}

/**
 * WebSocket channels of the perpetuals. Public channels of market data go by
 * the perpetual's symbol with the spot names (`depth:BTCUSDT_PERP`,
 * `trades:BTCUSDT_PERP`, `kline:BTCUSDT_PERP:1m`, `ticker:BTCUSDT_PERP`);
 * `futures.tickers` lists every perpetual's PerpTicker once a second, and
 * `mark:SYMBOL` pushes MarkInfo every second. Private, after auth (demo side
 * with the `:demo` suffix, as for spot):
 * - `futures.positions`: FuturesPosition[], every held position, on each change and every second while held;
 * - `futures.orders`: FuturesOrder on each change;
 * - `futures.plans`: FuturesPlan on each change;
 * - `futures.account`: FuturesAccount on each change and every second while a position is held.
 */
export const FUTURES_CHANNELS = {
  tickers: 'futures.tickers',
  mark: (symbol: string) => `mark:${symbol}`,
  positions: 'futures.positions',
  orders: 'futures.orders',
  plans: 'futures.plans',
  account: 'futures.account',
} as const;
