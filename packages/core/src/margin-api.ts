/**
 * Margin trading on the wire: the REST paths, the shapes of requests and
 * answers, shared by the server and the web app. Every amount, price and rate
 * is a decimal string; times are epoch milliseconds. A user has one cross
 * margin account and one isolated account per enabled market (holding only
 * that market's base and quote coin); spot orders placed on a margin account
 * are its own (open orders and history apart from spot). Figures of an
 * account are valued in `valuationCoin` (USDT) at the markets' last prices.
 *
 * Definitions (the server computes them, the page shows them):
 * - liabilities = borrowed principal + unpaid interest, per coin and valued;
 * - netAsset = total asset value - liabilities;
 * - marginLevel = total asset value / liabilities ('' without liabilities);
 * - riskRatio = liabilities / total asset value ('0' without liabilities);
 * - the account is in `call` once marginLevel <= callLevel, and liquidated
 *   once marginLevel <= liquidationLevel;
 * - interest: hourly rate = dailyRate / 24, charged on the principal at
 *   borrowing and at every whole hour after it (ceil(hours) charges), each
 *   charge rounded up to the coin's smallest unit (10^-8).
 */
import type { PlaceSpotOrder, SpotFill, SpotOrder } from './spot-api';

export const MARGIN_PATHS = {
  // Public.
  /** MarginConfig: rates, caps, levels and the markets margin trades on. */
  config: '/v1/margin/config',
  // Private.
  /** MarginAccount of one account (?mode=cross | ?mode=isolated&symbol=). */
  account: '/v1/margin/account',
  /** MarginAccount[]: every isolated account the user has opened, and the cross one first. */
  accounts: '/v1/margin/accounts',
  /** MarginMax: how much may be borrowed now (?mode=&symbol=&coin=). */
  maxBorrowable: '/v1/margin/max-borrowable',
  /** MarginMax: how much may be transferred out now (?mode=&symbol=&coin=). */
  maxTransferable: '/v1/margin/max-transferable',
  /** POST MarginTransfer -> MarginAccount (the margin side of the move). */
  transfer: '/v1/margin/transfer',
  /** POST MarginBorrow -> MarginAccount. */
  borrow: '/v1/margin/borrow',
  /** POST MarginRepay -> MarginAccount. */
  repay: '/v1/margin/repay',
  /** POST PlaceMarginOrder -> MarginOrder. */
  placeOrder: '/v1/margin/order/place',
  /** POST CancelMarginOrder -> MarginOrder. */
  cancelOrder: '/v1/margin/order/cancel',
  /** POST CancelAllMarginOrders -> { cancelled } */
  cancelAll: '/v1/margin/order/cancel-all',
  /** MarginOrder[] open on one account (?mode=&symbol=). */
  openOrders: '/v1/margin/orders/open',
  /** Page<MarginOrder>: finished orders, newest first (?mode=&symbol=&pageNo=&pageSize=). */
  orderHistory: '/v1/margin/orders/history',
  /** MarginOrderInfo: one order with its fills (?orderId=), for /order/marginOrderInfo. */
  orderInfo: '/v1/margin/order',
  /** Page<MarginRecord>, newest first (?kind=&mode=&symbol=&coin=&startTime=&endTime=&pageNo=&pageSize=). */
  records: '/v1/margin/records',
  /** MarginNotice[]: the user's margin calls and liquidations, newest first (at most 50). */
  notices: '/v1/margin/notices',
} as const;

export const MARGIN_MODES = ['cross', 'isolated'] as const;
export type MarginModeName = (typeof MARGIN_MODES)[number];

export const MARGIN_RECORD_KINDS = ['borrow', 'repay', 'interest', 'liquidation'] as const;
export type MarginRecordKind = (typeof MARGIN_RECORD_KINDS)[number];

/** Where coins are moved from and to: the spot account or a margin account. */
export const MARGIN_WALLETS = ['spot', 'cross', 'isolated'] as const;
export type MarginWallet = (typeof MARGIN_WALLETS)[number];

export type MarginAccountStatus = 'normal' | 'call' | 'liquidated';

/** Borrowing terms of one coin. */
export interface MarginCoinInfo {
  coin: string;
  /** Interest per day as a fraction ('0.00025' is 0.025 % a day). */
  dailyRate: string;
  /** dailyRate / 24 (to 20 significant digits). */
  hourlyRate: string;
  /** The most one user may owe in principal of this coin, per account. */
  borrowCap: string;
  /** What the lending pool can still lend. */
  poolAvailable: string;
}

export interface MarginMarketInfo {
  symbol: string;
  base: string;
  quote: string;
  /** Isolated accounts may be opened on this market. */
  isolated: boolean;
  /** Leverage of the isolated account (the cross account has MarginConfig.crossMaxLeverage). */
  isolatedMaxLeverage: number;
}

export interface MarginLevels {
  cross: string;
  isolated: string;
}

export interface MarginConfig {
  valuationCoin: string;
  crossMaxLeverage: number;
  /** Margin level at and below which the account gets a margin call. */
  callLevel: MarginLevels;
  /** Margin level at and below which the account is liquidated. */
  liquidationLevel: MarginLevels;
  /** Fraction of the liquidated collateral's proceeds paid to the protection fund. */
  liquidationFeeRate: string;
  coins: MarginCoinInfo[];
  markets: MarginMarketInfo[];
}

/** One coin of a margin account. */
export interface MarginAsset {
  coin: string;
  available: string;
  /** Held by open orders. */
  frozen: string;
  /** Principal owed. */
  borrowed: string;
  /** Interest charged and not yet paid. */
  interest: string;
  /** available + frozen - borrowed - interest (may be negative). */
  netAsset: string;
}

export interface MarginAccount {
  mode: MarginModeName;
  /** The market of an isolated account; null for cross. */
  symbol: string | null;
  assets: MarginAsset[];
  /** Everything held, valued in valuationCoin. */
  totalAsset: string;
  totalLiability: string;
  netAsset: string;
  /** '' without liabilities. */
  marginLevel: string;
  riskRatio: string;
  status: MarginAccountStatus;
  callLevel: string;
  liquidationLevel: string;
  maxLeverage: number;
  valuationCoin: string;
}

/** An account named in a request: mode, and the market for isolated. */
export interface MarginAccountRef {
  mode: MarginModeName;
  /** Required when mode is isolated. */
  symbol?: string;
}

export interface MarginMax {
  coin: string;
  amount: string;
}

/**
 * A move between the spot account and a margin account, or between the
 * cross and an isolated account. `symbol` names the isolated account (when
 * `from` or `to` is isolated); both ends isolated is refused.
 */
export interface MarginTransfer {
  from: MarginWallet;
  to: MarginWallet;
  symbol?: string;
  coin: string;
  amount: string;
}

export interface MarginBorrow extends MarginAccountRef {
  coin: string;
  amount: string;
}

/** Repays interest first, then principal. `all: true` repays both in full (amount ignored). */
export interface MarginRepay extends MarginAccountRef {
  coin: string;
  amount?: string;
  all?: boolean;
}

export interface PlaceMarginOrder extends PlaceSpotOrder {
  mode: MarginModeName;
  /** Borrows what the order needs beyond the available balance, when placing it. */
  autoBorrow?: boolean;
  /** Repays the order's coin debt from what it brings, once it is done (filled or cancelled). */
  autoRepay?: boolean;
}

export interface CancelMarginOrder {
  mode: MarginModeName;
  symbol: string;
  orderId: string;
}

export interface CancelAllMarginOrders {
  mode: MarginModeName;
  symbol: string;
}

export interface MarginOrder extends SpotOrder {
  mode: MarginModeName;
  autoBorrow: boolean;
  autoRepay: boolean;
  /** What auto-borrow took when placing ('0' if nothing), in borrowCoin. */
  borrowed: string;
  /** '' when nothing was borrowed. */
  borrowCoin: string;
  /** Liquidation orders are placed by the exchange. */
  liquidation: boolean;
}

export interface MarginOrderInfo {
  order: MarginOrder;
  fills: SpotFill[];
}

/**
 * One line of the margin history. Amounts by kind:
 * - borrow: `amount` = principal borrowed, `interest` = the first hour's interest;
 * - repay: `amount` = paid, of which `interest` and `principal`;
 * - interest: `amount` = `interest` charged for one hour on `principal`;
 * - liquidation: `amount` = debt repaid, `fee` to the protection fund,
 *   `fundCovered` = debt the fund took over.
 */
export interface MarginRecord {
  id: string;
  kind: MarginRecordKind;
  mode: MarginModeName;
  symbol: string | null;
  coin: string;
  amount: string;
  principal: string;
  interest: string;
  fee: string;
  fundCovered: string;
  /** The daily rate applied (borrow, interest); '' otherwise. */
  dailyRate: string;
  time: number;
}

/**
 * An in-app notice: the account's margin level fell to the call line (also
 * sent by mail), or the account was liquidated.
 */
export interface MarginNotice {
  id: string;
  kind: 'call' | 'liquidation';
  mode: MarginModeName;
  symbol: string | null;
  /** The margin level when the notice was given. */
  marginLevel: string;
  callLevel: string;
  liquidationLevel: string;
  time: number;
}
