/** What the futures host is asked and answers: commands, results, and what it publishes. */
import type {
  DecimalValue,
  FuturesTimeInForce,
  MarginMode,
  PositionMode,
  PositionSide,
  TriggerPriceType,
} from '@quay/core';
import type { FeeRates } from '../../../kernel/fee-rates';
import type { QueuedCommand } from '../../../kernel/writer-queue';
import type { FillDoc, Order, Plan, Position, SymbolSettings } from '../futures-state';
import type { PerpMarket } from '../perp-markets';

export interface CheckedFuturesOrder {
  symbol: string;
  side: 'buy' | 'sell';
  positionSide: PositionSide | null;
  type: 'limit' | 'market';
  timeInForce: FuturesTimeInForce | null;
  priceTicks: number;
  lots: number;
  reduceOnly: boolean;
  clientOrderId: string | null;
  tp: number;
  sl: number;
  tpslTrigger: TriggerPriceType;
}

export interface CheckedPlan {
  symbol: string;
  side: 'buy' | 'sell';
  positionSide: PositionSide | null;
  /** 0 for a trailing stop. */
  triggerTicks: number;
  triggerBy: TriggerPriceType;
  type: 'limit' | 'market';
  priceTicks: number;
  lots: number;
  reduceOnly: boolean;
  /** A trailing stop (a market order when it fires): its callback rate and activation price (0: none). */
  trailing?: { callbackBps: number; activationTicks: number };
}

export type FuturesCommand =
  | { kind: 'place'; owner: string; order: CheckedFuturesOrder }
  | { kind: 'cancel'; owner: string; orderId: number }
  | { kind: 'cancelAll'; owner: string; symbols: string[] }
  | {
      kind: 'closePosition';
      owner: string;
      symbol: string;
      positionSide: PositionSide;
      type: 'limit' | 'market';
      priceTicks: number;
      lots: number;
    }
  | { kind: 'closeAll'; owner: string; symbols: string[] }
  | {
      kind: 'leverage';
      owner: string;
      symbol: string;
      leverage: number;
      positionSide: PositionSide | null;
    }
  | { kind: 'marginMode'; owner: string; symbol: string; marginMode: MarginMode }
  | {
      kind: 'positionMode';
      owner: string;
      coin: string;
      symbols: string[];
      positionMode: PositionMode;
    }
  | {
      kind: 'adjustMargin';
      owner: string;
      symbol: string;
      positionSide: PositionSide;
      amount: bigint;
      add: boolean;
    }
  | {
      kind: 'tpsl';
      owner: string;
      symbol: string;
      positionSide: PositionSide;
      tp: number | null;
      sl: number | null;
      trigger: TriggerPriceType | null;
    }
  | { kind: 'placePlan'; owner: string; plan: CheckedPlan }
  | { kind: 'cancelPlan'; owner: string; planId: number }
  | {
      kind: 'transferOut';
      owner: string;
      coin: string;
      amount: bigint;
      spotAccount: string;
      ref: string;
    }
  | { kind: 'notice'; accounts: Array<{ account: string; coin: string }> }
  | { kind: 'resetDemo'; owner: string; coin: string; symbols: string[] }
  | { kind: 'tick' }
  | { kind: 'funding'; symbols: string[] };

export type FuturesResult =
  | { kind: 'order'; order: Order }
  | { kind: 'plan'; plan: Plan }
  | { kind: 'count'; count: number }
  | { kind: 'done' };

/** What changed for whom after a commit. */
export interface FuturesUpdates {
  orders: Order[];
  plans: Plan[];
  /** Owners whose positions or wallets changed. */
  owners: Set<string>;
}

export interface MarkState {
  symbol: string;
  markTicks: number;
  index: DecimalValue | null;
  lastTicks: number;
  /** Predicted rate of the next settlement. */
  fundingRate: DecimalValue;
  lastFundingRate: DecimalValue | null;
  interestRate: DecimalValue;
  nextFundingTime: number;
  time: number;
}

export interface FuturesHostOptions {
  now: () => number;
  fundingIntervalMs: number;
  /** Seed of the protection fund in each settlement coin, minor units (credited once). */
  fundSeed: bigint;
  /** The index of a perpetual: its spot market's mid price, or null without a book. */
  indexPrice: (spotSymbol: string) => DecimalValue | null;
  /** Spot balances that changed outside the spot host (transfers in). */
  onSpotCredit?: (userIds: string[]) => void;
  onError?: (err: unknown, what: string) => void;
  /** Price protection: a market order fills within this band around the mark price (500). */
  marketPriceBand_bps?: number;
  /** The owners' fee rates (VIP tiers); without it every owner pays the market's fees. */
  feeRates?: FeeRates;
}

/** A command in a batch, as the queue hands it over. */
export type PendingFuturesCommand = QueuedCommand<FuturesCommand, FuturesResult>;

/** What a hook may read and do inside a batch. Orders it places are checked like a user's. */
export interface FuturesDesk {
  readonly now: number;
  /** An order the batch touched, or a live one. */
  order(id: number): Order | undefined;
  position(owner: string, symbol: string, side: PositionSide): Position | undefined;
  positions(owner: string): Position[];
  symbolSettings(owner: string, symbol: string): SymbolSettings;
  market(symbol: string): PerpMarket;
  markOf(symbol: string): number;
  availableFor(owner: string, coin: string): bigint;
  /** Places an order for `owner`; throws an AppError when refused (margin, risk limit, no liquidity). */
  place(owner: string, order: CheckedFuturesOrder): Order;
  /** Sets both sides' leverage of a symbol; throws an AppError when refused. */
  setLeverage(owner: string, symbol: string, leverage: number): void;
}

export interface FuturesFillHook {
  /** At the start of each batch: futures wallets to read with the callers' (the accounts it may trade for). */
  begin(): Iterable<string>;
  /** Before each command of the batch. */
  beforeCommand(desk: FuturesDesk): void;
  /** After a command that filled: its fills (not those of orders the hook placed itself). */
  afterCommand(fills: readonly FillDoc[], desk: FuturesDesk): void;
  /** The batch has committed. */
  committed(): void;
}
