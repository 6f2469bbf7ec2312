/**
 * Earn and proof of reserves on the wire: paths and shapes shared by the
 * server and the web app. Amounts and rates are decimal strings; times are
 * epoch milliseconds.
 *
 * Earn interest: a day's interest on a principal is the sum over the APR
 * tiers of (the part of the principal in the tier) x APR / 365, rounded down
 * to the coin's smallest unit (10^-8). A subscription earns from the first
 * UTC midnight after it; each midnight pays the day that just ended.
 *
 * Proof of reserves (Bitget's form): leaf = first 16 hex of SHA-256 over
 * uid + nonce + balances JSON; parent = first 16 hex of SHA-256 over
 * left + right + the summed balances JSON + level.
 */
import type { Page } from './platform';

export const EARN_PATHS = {
  /** Public: EarnProduct[]. */
  products: '/v1/earn/products',
  /** Private: EarnHolding[] (active ones). */
  holdings: '/v1/earn/holdings',
  /** POST EarnSubscribe -> EarnHolding. */
  subscribe: '/v1/earn/subscribe',
  /** POST EarnRedeem -> EarnRedeemed. */
  redeem: '/v1/earn/redeem',
  /** Private: Page<EarnRecord> (?kind=&pageNo=&pageSize=). */
  records: '/v1/earn/records',
  /** Private: EarnDay[]: interest paid per day (?days=). */
  earnings: '/v1/earn/earnings',
} as const;

export const EARN_PRODUCT_TYPES = ['flexible', 'fixed'] as const;
export type EarnProductType = (typeof EARN_PRODUCT_TYPES)[number];
export const EARN_RECORD_KINDS = ['subscribe', 'redeem', 'interest', 'maturity'] as const;
export type EarnRecordKind = (typeof EARN_RECORD_KINDS)[number];

export interface EarnTier {
  /** The tier covers principal above `from` up to `to` ('' is no upper bound). */
  from: string;
  to: string;
  apr: string;
}

export interface EarnProduct {
  id: string;
  coin: string;
  type: EarnProductType;
  /** Days locked (fixed-term), 0 for flexible. */
  termDays: number;
  tiers: EarnTier[];
  minAmount: string;
  /** The most one user may hold in the product. */
  userCap: string;
  /** The most all users together may hold. */
  productCap: string;
  /** What all users hold now. */
  subscribed: string;
  /** Fixed-term: whether it may be redeemed early (forfeiting its interest). */
  earlyRedeem: boolean;
  enabled: boolean;
}

export interface EarnHolding {
  id: string;
  productId: string;
  coin: string;
  type: EarnProductType;
  principal: string;
  /** Interest paid on this holding so far. */
  interestPaid: string;
  /** The first midnight it earns from. */
  earnFrom: number;
  /** Fixed-term: when it matures; 0 for flexible. */
  maturesAt: number;
  autoRenew: boolean;
  createdAt: number;
}

export interface EarnSubscribe {
  productId: string;
  amount: string;
  autoRenew?: boolean;
}

/** Flexible: `productId` and `amount`; fixed-term: `holdingId` (redeemed whole, early). */
export interface EarnRedeem {
  productId?: string;
  amount?: string;
  holdingId?: string;
}

export interface EarnRedeemed {
  coin: string;
  /** Back to spot. */
  amount: string;
  /** Interest given up (early redemption of a fixed-term holding). */
  forfeited: string;
}

export interface EarnRecord {
  id: string;
  kind: EarnRecordKind;
  productId: string;
  coin: string;
  amount: string;
  time: number;
}

export interface EarnDay {
  /** The midnight that paid it. */
  day: number;
  coin: string;
  amount: string;
}

export const RESERVES_PATHS = {
  /** Public: ReservesSnapshot of the newest snapshot (404-free: null when none). */
  latest: '/v1/reserves/latest',
  /** Public: Page<ReservesSnapshot> newest first. */
  history: '/v1/reserves/history',
  /** Private: ReservesProof of the caller in the newest snapshot (or ?snapshotId=). */
  proof: '/v1/reserves/proof',
} as const;

export interface ReservesCoin {
  coin: string;
  /** What users are owed. */
  liabilities: string;
  /** What the platform holds. */
  reserves: string;
  /** reserves / liabilities, '' when nothing is owed. */
  ratio: string;
}

export interface ReservesSnapshot {
  id: string;
  time: number;
  root: string;
  users: number;
  coins: ReservesCoin[];
}

export interface ReservesPathStep {
  /** The sibling's hash and balances; it sits left or right of the running node. */
  hash: string;
  balances: Record<string, string>;
  side: 'left' | 'right';
  level: number;
}

export interface ReservesProof {
  snapshotId: string;
  time: number;
  root: string;
  uid: string;
  nonce: string;
  balances: Record<string, string>;
  leaf: string;
  path: ReservesPathStep[];
}

export type ReservesHistory = Page<ReservesSnapshot>;
