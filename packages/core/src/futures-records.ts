/**
 * The records of the futures wallet on the wire: funding payments, bills
 * (every change of the wallet) and the protection fund with its movements.
 * Every figure is a decimal string; times are epoch milliseconds.
 */
import type { PositionSide } from './futures-tiers';

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
