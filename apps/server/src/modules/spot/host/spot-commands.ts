/** What the spot host is asked and answers: commands, results and the updates it publishes. */
import type { Side } from '@quay/engine';
import type { SpotRepos as Repositories } from '../spot-repositories';
import type { SpotFillRow, SpotOrderRow } from '../spot-repository';
import type { SpotPlanRow } from '../spot-plan-repository';
import type { QueuedCommand } from '../../../kernel/writer-queue';
import type { Leg } from '../../../kernel/journal';

/** An order the service has checked: known market, whole ticks and lots. */
export interface CheckedOrder {
  symbol: string;
  side: Side;
  type: 'limit' | 'market';
  timeInForce: 'GTC' | 'IOC' | 'FOK' | 'POST_ONLY' | null;
  priceTicks: number;
  lots: number;
  /** Minor units of the quote coin, for a market buy by amount; else 0n. */
  quoteAmount: bigint;
  clientOrderId: string | null;
  /** TP/SL on the order, trigger prices in ticks (0 for none). */
  tpTicks?: number;
  slTicks?: number;
}

/** A trigger plan the service has checked: the order it will place, and its trigger. */
export interface CheckedPlan {
  order: CheckedOrder;
  triggerTicks: number;
  triggerBy: 'last' | 'mark';
}

/** A command, and the idempotency key it was sent with from another process (ROLE=gateway). */
export type HostCommand = HostCommandBody & { readonly commandId?: string };

export type HostCommandBody =
  | { kind: 'place'; userId: string; order: CheckedOrder }
  | { kind: 'cancel'; userId: string; symbol: string; orderId: number }
  | { kind: 'cancelAll'; userId: string; symbol: string }
  | { kind: 'plan'; userId: string; plan: CheckedPlan }
  | { kind: 'modifyPlan'; userId: string; planId: number; plan: CheckedPlan }
  | { kind: 'cancelPlan'; userId: string; symbol: string; planId: number }
  /** Plans whose trigger was crossed (the host's own command): their orders are placed now. */
  | { kind: 'fire'; planIds: number[]; owners: string[] }
  /** Moves available coins to another account of the exchange (a transfer to the futures wallet). */
  | { kind: 'debit'; userId: string; coin: string; amount: bigint; to: string; ref: string }
  /** Balances changed outside the host: tell the balance channel with the next batch. */
  | { kind: 'notice'; userIds: string[] }
  /**
   * A ledger job by the name its module registered it under, made from
   * plain arguments by the registry of the process that runs it
   * (host/spot-job-registry.ts): it travels to the engine like any command.
   */
  | { kind: 'job'; name: string; args: unknown };

/**
 * What a ledger job (spot-jobs.ts) may do inside a batch of the spot writer:
 * read and post the balances of the accounts it named, place and cancel
 * orders for them, and add writes to the batch's transaction.
 */
export interface LedgerJobContext {
  readonly now: number;
  /** The same object for every job of one batch: what a job's module keeps per batch is keyed by it. */
  readonly scope: object;
  available(account: string, coin: string): bigint;
  frozen(account: string, coin: string): bigint;
  post(ref: string, kind: string, legs: Leg[]): void;
  /** Places a checked order for the account; throws an AppError to refuse it, having changed nothing. */
  place(account: string, order: CheckedOrder): SpotOrderRow;
  cancel(account: string, symbol: string, orderId: number): SpotOrderRow;
  cancelAll(account: string, symbol: string): number;
  /**
   * Runs `fn` as if `amount` more of the coin were available to the account
   * (an order placed against coins the job posts to it right after).
   */
  withCredit<T>(account: string, coin: string, amount: bigint, fn: () => T): T;
  /** Last trade price of a market in ticks; null before any trade. */
  lastPriceTicks(symbol: string): number | null;
  /** Written in the batch's transaction, after every command of the batch has run. */
  write(write: (repos: Repositories) => Promise<void>): void;
}

/**
 * Money moves of another product line on balances this host writes (the
 * margin accounts, whose orders it settles): run in the host's batch, so
 * that the balances have one writer. `load` reads what the job needs inside
 * the batch's transaction before any command runs; `run` throws an AppError
 * to refuse, before it has posted anything, and returns the job's result:
 * plain data (it is the command's answer, sent back over the bus from an
 * engine), which the caller acts on once the batch has committed.
 */
export interface LedgerJob<R = unknown> {
  /** Accounts whose balances the job reads. */
  accounts: string[];
  load?: (repos: Repositories, scope: object) => Promise<void>;
  run: (context: LedgerJobContext) => R;
}

export type HostResult =
  | { kind: 'order'; order: SpotOrderRow }
  | { kind: 'plan'; plan: SpotPlanRow }
  | { kind: 'cancelled'; count: number }
  /** A ledger job's result. */
  | { kind: 'job'; result: unknown }
  | { kind: 'done' };

/** A command in a batch, as the queue hands it over. */
export type PendingCommand = QueuedCommand<HostCommand, HostResult>;

/** After each commit: the orders, fills and balances of users that changed. */
export interface UserUpdates {
  orders: SpotOrderRow[];
  fills: SpotFillRow[];
  plans: SpotPlanRow[];
  /** Users whose balances changed. */
  balanceUsers: Set<string>;
}
