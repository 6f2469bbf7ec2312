/**
 * USDT-margined perpetual futures on the wire: markets, REST paths, answer
 * shapes and WebSocket channels, shared by the server and the web app. Every
 * figure is a decimal string; times are epoch milliseconds. Enumerations are
 * those of futures-tiers.ts: position side 1 long / 2 short, margin mode
 * 1 isolated / 2 cross, position mode 1 one-way / 2 hedge.
 *
 * A perpetual's symbol is its spot pair with `_PERP` (`BTCUSDT_PERP`), so
 * market data, klines and public channels never mix with the spot market of
 * the same pair; the web path `/futures/usdt/BTCUSDT` names the pair.
 */
import {
  DEFAULT_FUTURES_TIERS,
  type MaintenanceTier,
  type MarginMode,
  type PositionMode,
  type PositionSide,
} from './futures-tiers';
import { DEFAULT_SPOT_MARKETS, type SpotMarketConfig } from './markets';
import { demoCoinOf } from './simulation';
import type { OrderSide, SpotMarketInfo, Ticker } from './spot-api';

export const PERP_SUFFIX = '_PERP';

/** A perpetual: the steps and fees of a market, its tiers and its funding interval. */
export interface PerpMarketConfig extends SpotMarketConfig {
  /** The pair it is named after: 'BTCUSDT'. */
  pair: string;
  tiers: readonly MaintenanceTier[];
}

/** The perpetual of a pair: `BTCUSDT` -> `BTCUSDT_PERP`. */
export function perpSymbolOf(pair: string): string {
  return `${pair}${PERP_SUFFIX}`;
}

/** The pair of a perpetual symbol (`BTCUSDT_PERP` -> `BTCUSDT`), or the input when it is not one. */
export function pairOfPerp(symbol: string): string {
  return symbol.endsWith(PERP_SUFFIX) ? symbol.slice(0, -PERP_SUFFIX.length) : symbol;
}

export function isPerpSymbol(symbol: string): boolean {
  return symbol.endsWith(PERP_SUFFIX);
}

/** Fee rates of the perpetuals, in basis points: maker 0.02 %, taker 0.05 %. */
const PERP_MAKER_BPS = 2;
const PERP_TAKER_BPS = 5;

/** The default perpetuals: BTC, ETH, SOL and XRP against USDT, the spot steps and the default tiers. */
export const DEFAULT_PERP_MARKETS: readonly PerpMarketConfig[] = DEFAULT_SPOT_MARKETS.filter(
  (m) => DEFAULT_FUTURES_TIERS[m.symbol],
).map((m) => ({
  ...m,
  symbol: perpSymbolOf(m.symbol),
  pair: m.symbol,
  makerFee_bps: PERP_MAKER_BPS,
  takerFee_bps: PERP_TAKER_BPS,
  tiers: DEFAULT_FUTURES_TIERS[m.symbol] ?? [],
}));

/** The demo twin of a perpetual: S-prefixed coins, symbol `SBTCSUSDT_PERP`, pair `SBTCSUSDT`. */
export function demoPerpMarketOf(market: PerpMarketConfig): PerpMarketConfig {
  const base = demoCoinOf(market.base);
  const quote = demoCoinOf(market.quote);
  const pair = `${base}${quote}`;
  return { ...market, symbol: perpSymbolOf(pair), pair, base, quote };
}

/** Highest leverage of a perpetual: its first tier's. */
export function maxLeverageOf(tiers: readonly MaintenanceTier[]): number {
  return tiers[0]?.maxLeverage ?? 1;
}

/** Leverage a new user starts with on every perpetual. */
export const DEFAULT_LEVERAGE = 20;

/** The margin coin of real perpetuals; demo perpetuals settle in its demo twin. */
export const FUTURES_COIN = 'USDT';

export const FUTURES_PATHS = {
  // Public.
  markets: '/v1/futures/markets',
  tickers: '/v1/futures/tickers',
  depth: '/v1/futures/depth',
  trades: '/v1/futures/trades',
  klines: '/v1/futures/klines',
  /** MarkInfo of one perpetual (?symbol=). */
  mark: '/v1/futures/mark',
  /** Settled funding rates of one perpetual, newest first (?symbol=&page=&pageSize=). */
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

export type FuturesOrderType = 'limit' | 'market';
export type FuturesTimeInForce = 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY';
export type FuturesOrderStatus =
  'NEW' | 'PARTIALLY_FILLED' | 'FILLED' | 'CANCELED' | 'PARTIALLY_CANCELED';
/** Why an order exists: the user's own, a TP/SL or plan that fired, a liquidation or a deleveraging. */
export type FuturesOrderSource = 'user' | 'plan' | 'tp' | 'sl' | 'liquidation' | 'adl';
export type TriggerPriceType = 'mark' | 'last';

/** The body of POST /v1/futures/order/place. */
export interface PlaceFuturesOrder {
  symbol: string;
  /** buy opens a long or closes a short; sell the other way. */
  side: OrderSide;
  /** Hedge mode only: the position the order acts on (1 long, 2 short). */
  positionSide?: PositionSide;
  type: FuturesOrderType;
  timeInForce?: FuturesTimeInForce;
  price?: string;
  /** Base quantity. */
  quantity: string;
  /** Only ever lowers the position; one-way mode only (hedge closes by side). */
  reduceOnly?: boolean;
  clientOrderId?: string;
  /** TP/SL attached at entry: set on the position once the order fills. */
  takeProfitPrice?: string;
  stopLossPrice?: string;
  tpSlTrigger?: TriggerPriceType;
}

export interface FuturesOrder {
  orderId: string;
  clientOrderId: string | null;
  symbol: string;
  side: OrderSide;
  positionSide: PositionSide;
  /** True when it only lowers a position (reduce-only, or a close in hedge mode). */
  reduceOnly: boolean;
  type: FuturesOrderType;
  timeInForce: FuturesTimeInForce | null;
  /** '' for market orders. */
  price: string;
  quantity: string;
  filledQuantity: string;
  /** '' before a fill. */
  avgPrice: string;
  leverage: string;
  marginMode: MarginMode;
  /** Realised PnL of the closing fills, fees not included. */
  realisedPnl: string;
  fee: string;
  status: FuturesOrderStatus;
  source: FuturesOrderSource;
  takeProfitPrice: string;
  stopLossPrice: string;
  createdAt: number;
  updatedAt: number;
}

export interface FuturesFill {
  fillId: string;
  orderId: string;
  symbol: string;
  side: OrderSide;
  positionSide: PositionSide;
  role: 'maker' | 'taker';
  price: string;
  quantity: string;
  realisedPnl: string;
  fee: string;
  time: number;
}

/** A position with the spec's fields (futures-risk.ts) and the server's live figures. */
export interface FuturesPosition {
  positionId: string;
  symbol: string;
  /** 1 long, 2 short. */
  side: PositionSide;
  marginMode: MarginMode;
  openLevel: string;
  openAvgPrice: string;
  positionsOpenAvgPrice: string;
  openDealCount: string;
  closeDealCount: string;
  count: string;
  openMarginCount: string;
  positionsOpenMarginCount: string;
  positionsCount: string;
  positionsLevel: string;
  achievedProfits: string;
  markPrice: string;
  /** Unrealised PnL at the mark. */
  unrealisedPnl: string;
  /** '' when none (a negative result). */
  liquidationPrice: string;
  maintenanceMargin: string;
  /** Maintenance margin over margin balance, as a fraction. */
  marginRatio: string;
  breakEvenPrice: string;
  /** Close-position TP/SL trigger prices, '' when unset. */
  takeProfitPrice: string;
  stopLossPrice: string;
  tpSlTrigger: TriggerPriceType;
  createdAt: number;
  updatedAt: number;
}

/** The futures wallet of the caller. */
export interface FuturesAccount {
  coin: string;
  positionMode: PositionMode;
  /** Deposits in minus transfers out, plus realised PnL, fees and funding. */
  walletBalance: string;
  unrealisedPnl: string;
  /** walletBalance + unrealisedPnl. */
  marginBalance: string;
  /** Margin of isolated positions (allocated) plus initial margin of cross positions. */
  positionMargin: string;
  /** Margin and opening fee held by open orders. */
  orderMargin: string;
  /** What a new order may use. */
  availableBalance: string;
  /** What may be transferred out now. */
  maxTransferable: string;
  maintenanceMargin: string;
  /** Cross maintenance margin over cross margin balance, as a fraction. */
  marginRatio: string;
}

export interface FuturesSettings {
  symbol: string;
  positionMode: PositionMode;
  marginMode: MarginMode;
  /** One-way mode uses longLeverage for both. */
  longLeverage: number;
  shortLeverage: number;
  maxLeverage: number;
}

export interface SetLeverage {
  symbol: string;
  leverage: number;
  /** Hedge mode: one side only; omitted sets both. */
  positionSide?: PositionSide;
}

export interface SetMarginMode {
  symbol: string;
  marginMode: MarginMode;
}

export interface SetPositionMode {
  positionMode: PositionMode;
}

export type TransferDirection = 'toFutures' | 'toSpot';

export interface FuturesTransfer {
  coin: string;
  amount: string;
  direction: TransferDirection;
}

export interface AdjustMargin {
  symbol: string;
  positionSide: PositionSide;
  /** 'add' from the wallet, 'reduce' back to it. */
  type: 'add' | 'reduce';
  amount: string;
}

export interface ClosePosition {
  symbol: string;
  positionSide: PositionSide;
  type: FuturesOrderType;
  /** Limit closes only. */
  price?: string;
  /** Omitted closes the whole position. */
  quantity?: string;
}

export interface SetPositionTpSl {
  symbol: string;
  positionSide: PositionSide;
  /** '' clears it; omitted leaves it. */
  takeProfitPrice?: string;
  stopLossPrice?: string;
  tpSlTrigger?: TriggerPriceType;
}

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
  const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(rate);
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

export interface FundingPayment {
  symbol: string;
  positionSide: PositionSide;
  /** Received when positive, paid when negative. */
  amount: string;
  rate: string;
  positionSize: string;
  markPrice: string;
  time: number;
}

export type FuturesBillType =
  | 'transfer_in'
  | 'transfer_out'
  | 'realised_pnl'
  | 'fee'
  | 'funding'
  | 'liquidation'
  | 'adl'
  | 'margin';

export interface FuturesBill {
  id: string;
  type: FuturesBillType;
  symbol: string;
  /** Change of the wallet balance; signed. */
  amount: string;
  coin: string;
  time: number;
}

export type ProtectionFundEventKind = 'inflow' | 'payout' | 'seed';

export interface ProtectionFundEvent {
  id: string;
  kind: ProtectionFundEventKind;
  symbol: string;
  /** Signed change of the fund. */
  amount: string;
  balanceAfter: string;
  time: number;
}

export interface ProtectionFund {
  coin: string;
  balance: string;
  /** The fund over time, oldest first: its balance after each movement, one point per hour at most. */
  history: Array<{ time: number; balance: string }>;
  /** The latest movements, newest first. */
  events: ProtectionFundEvent[];
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
