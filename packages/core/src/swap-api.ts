/**
 * Web3 swap and red packets on the wire: paths (the spec's signed and
 * device-token paths among them) and the shapes both apps share. Amounts
 * are decimal strings of minor units' coins; never floats.
 */

export const SWAP_PATHS = {
  /** Pools with their reserves and the fee (public). */
  pools: '/v1/web3/swap/pools',
  /** A quote for an exact input amount, or for an exact output amount (public). */
  quote: '/v1/web3/swap/quote',
  /** A signed swap intent for the quoted route (device token). */
  getSign: '/v1/web3/swap/get-sign',
  /** Carries out a signed intent. */
  submit: '/v1/web3/swap/submit',
  history: '/v1/web3/swap/history',
  /** To an external wallet address, frozen until the operator approves (device token, second factor). */
  withdraw: '/v1/web3/swap/withdraw',
} as const;

export const RED_PACKET_PATHS = {
  /** Freezes the total into escrow at once (device token; second factor over a threshold). */
  create: '/v1/red-packet/create',
  /** What a code shows before it is claimed (public). */
  info: '/v1/red-packet/info',
  claim: '/v1/red-packet/claim',
  sent: '/v1/red-packet/sent',
  received: '/v1/red-packet/received',
} as const;

/** Slippage tolerance in basis points a client may ask for (0.01 % to 50 %). */
export const SWAP_SLIPPAGE_BPS_MIN = 1;
export const SWAP_SLIPPAGE_BPS_MAX = 5000;

export interface SwapPool {
  pair: string;
  base: string;
  quote: string;
  baseReserve: string;
  quoteReserve: string;
  fee_bps: number;
}

export interface SwapQuoteRequest {
  from: string;
  to: string;
  /** Exact input; or `amountOut` for an exact output. */
  amountIn?: string;
  amountOut?: string;
  slippage_bps: number;
}

export interface SwapQuote {
  from: string;
  to: string;
  amountIn: string;
  amountOut: string;
  /** Coins passed through, from first to last (at most one in the middle). */
  route: string[];
  /** Fraction of the mid price lost to the trade's size, as a decimal ('0.0123' is 1.23 %). */
  priceImpact: string;
  minimumReceived: string;
  /** Fee taken from the input, in the input coin. */
  fee: string;
  fee_bps: number;
  slippage_bps: number;
  /** Price of one `from` in `to` at this quote. */
  price: string;
  expiresAt: number;
}

export interface SwapIntent extends SwapQuote {
  intentId: string;
  signature: string;
}

export interface SwapSubmit {
  intentId: string;
  signature: string;
}

export interface SwapRecord {
  id: string;
  from: string;
  to: string;
  amountIn: string;
  amountOut: string;
  minimumReceived: string;
  route: string[];
  fee: string;
  createdAt: number;
}

export interface SwapWithdraw {
  coin: string;
  address: string;
  amount: string;
  googleCode?: string;
  emailCode?: string;
  mobileCode?: string;
}

export const RED_PACKET_SPLITS = ['random', 'identical'] as const;
export type RedPacketSplit = (typeof RED_PACKET_SPLITS)[number];

export interface RedPacketCreate {
  coin: string;
  /** Total of every share. */
  amount: string;
  count: number;
  split: RedPacketSplit;
  password?: string;
  greeting?: string;
  googleCode?: string;
  emailCode?: string;
  mobileCode?: string;
}

export type RedPacketStatus = 'open' | 'finished' | 'expired';

/** A packet as anyone with its code sees it. */
export interface RedPacketInfo {
  code: string;
  coin: string;
  count: number;
  split: RedPacketSplit;
  greeting: string;
  hasPassword: boolean;
  claimedCount: number;
  status: RedPacketStatus;
  expiresAt: number;
  /** What the caller claimed from it, if logged in and claimed. */
  myShare: string | null;
}

/** A packet as its creator sees it. */
export interface RedPacketSent extends RedPacketInfo {
  amount: string;
  remaining: string;
  refunded: string;
  createdAt: number;
}

export interface RedPacketClaim {
  code: string;
  password?: string;
}

export interface RedPacketReceived {
  code: string;
  coin: string;
  amount: string;
  greeting: string;
  claimedAt: number;
}
