/**
 * Copy trading of USDT-M perpetuals on the wire: lead traders, followers'
 * copy relationships, copied trades and skipped orders, the leaderboard and
 * a lead's profile. Amounts are decimal strings (USDT unless named), rates
 * decimal fractions ('0.1' = 10 %), times epoch milliseconds.
 *
 * Imported as `@quay/core/copy-trading`: read only by its own server module
 * and web feature.
 */

export const COPY_TRADING_PATHS = {
  // Public.
  /** CopyTradingTerms: what a lead must meet, the rate range, the symbols. */
  terms: '/v1/copy-trading/terms',
  /** CopyLeader[] (?period=7|30|90&sort=roi|pnl|winRate|maxDrawdown|followers|aum). */
  leaders: '/v1/copy-trading/leaders',
  /** CopyLeaderProfile (?leadId=&period=). */
  leader: '/v1/copy-trading/leader',
  // Private.
  /** POST ApplyLead -> CopyLeader: the current user becomes a lead trader. */
  apply: '/v1/copy-trading/lead/apply',
  /** POST FollowLead -> CopyFollow: money moves from spot into the copy account. */
  follow: '/v1/copy-trading/follow',
  /** POST StopCopy -> CopyFollow. */
  stop: '/v1/copy-trading/stop',
  /** CopyFollow[] of the current user, and whether the user leads. */
  mine: '/v1/copy-trading/mine',
  /** CopyTrade[] (?followId=): copied trades and skipped orders, newest first. */
  trades: '/v1/copy-trading/trades',
} as const;

export const COPY_SIZE_MODES = ['margin', 'multiplier', 'quantity'] as const;
/** margin: a fixed margin per lead order; multiplier: times the lead's size; quantity: a fixed quantity per lead order. */
export type CopySizeMode = (typeof COPY_SIZE_MODES)[number];
export const COPY_LEVERAGE_MODES = ['follow', 'fixed'] as const;
export type CopyLeverageMode = (typeof COPY_LEVERAGE_MODES)[number];
export const COPY_PERIODS = [7, 30, 90] as const;
export type CopyPeriod = (typeof COPY_PERIODS)[number];
export const COPY_SORTS = ['roi', 'pnl', 'winRate', 'maxDrawdown', 'followers', 'aum'] as const;
export type CopySort = (typeof COPY_SORTS)[number];

export interface CopyTradingTerms {
  /** The futures equity a user needs to lead. */
  minLeadEquity: string;
  minShareRate: string;
  maxShareRate: string;
  maxFollowers: number;
  /** The least a follower puts into a copy account. */
  minInvestment: string;
  symbols: string[];
}

export interface ApplyLead {
  nickname: string;
  shareRate: string;
  symbols: string[];
}

export interface FollowLead {
  leadId: string;
  /** What moves from spot into the copy account. */
  investment: string;
  sizeMode: CopySizeMode;
  /** USDT margin per order, a multiplier, or a base-coin quantity per order. */
  size: string;
  leverageMode: CopyLeverageMode;
  /** With leverageMode 'fixed'. */
  leverage?: number;
  /** A fixed leverage for some of the lead's symbols; the others follow `leverageMode`. */
  symbolLeverage?: Record<string, number>;
  /** Stop copying (closing at market) once the copy's loss reaches this. */
  stopLoss?: string;
  /** Stop copying (closing at market) once the copy's profit reaches this. */
  takeProfit?: string;
}

export interface StopCopy {
  followId: string;
  /** true: close the copied positions at market; false: keep them as own positions. */
  close: boolean;
}

export interface CopyStats {
  period: CopyPeriod;
  /** Percent, two decimals. */
  roi: string;
  pnl: string;
  /** Percent of closing trades with a profit. */
  winRate: string;
  /** Percent, the deepest fall of equity from a peak within the period. */
  maxDrawdown: string;
  followers: number;
  /** What the followers hold in their copy accounts. */
  aum: string;
}

export interface CopyLeader extends CopyStats {
  leadId: string;
  nickname: string;
  shareRate: string;
  symbols: string[];
  maxFollowers: number;
  since: number;
}

export interface CopyPosition {
  symbol: string;
  side: 'long' | 'short';
  quantity: string;
  entryPrice: string;
  markPrice: string;
  leverage: number;
  /** Share of the account's equity held as this position's margin, percent. */
  marginShare: string;
  unrealisedPnl: string;
}

export interface CopyEquityPoint {
  time: number;
  equity: string;
}

export interface CopyLeadTrade {
  symbol: string;
  side: 'buy' | 'sell';
  quantity: string;
  price: string;
  realisedPnl: string;
  time: number;
}

export interface CopyLeaderProfile {
  leader: CopyLeader;
  stats: CopyStats[];
  equity: CopyEquityPoint[];
  positions: CopyPosition[];
  trades: CopyLeadTrade[];
}

export type CopyFollowStatus = 'active' | 'kept' | 'stopped';

export interface CopyFollow {
  followId: string;
  leadId: string;
  nickname: string;
  status: CopyFollowStatus;
  sizeMode: CopySizeMode;
  size: string;
  leverageMode: CopyLeverageMode;
  leverage: number | null;
  /** Symbols copied at a leverage of their own, whatever `leverageMode` says. */
  symbolLeverage: Record<string, number>;
  stopLoss: string | null;
  takeProfit: string | null;
  investment: string;
  equity: string;
  /** equity − investment + profit share paid. */
  pnl: string;
  highWaterMark: string;
  sharePaid: string;
  positions: CopyPosition[];
  createdAt: number;
  stoppedAt: number | null;
}

export interface CopyMine {
  leading: CopyLeader | null;
  follows: CopyFollow[];
}

export type CopyTradeStatus = 'filled' | 'skipped';

export interface CopyTrade {
  id: string;
  followId: string;
  symbol: string;
  side: 'buy' | 'sell';
  /** Opening or closing the copied position. */
  action: 'open' | 'close';
  status: CopyTradeStatus;
  quantity: string;
  price: string | null;
  realisedPnl: string;
  fee: string;
  /** Why an order was skipped: an error code of the registry. */
  reason: string | null;
  time: number;
}
