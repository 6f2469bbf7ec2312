/**
 * How the futures host takes part in an exchange of several processes, as
 * the spot host does (spot/host/spot-link.ts). On an engine (ROLE=engine)
 * the host is the writer: its link fences each commit with the lease's
 * epoch, records the answers of commands sent with an idempotency key and
 * the batch's event, then publishes that event on the topic `futures`. On a
 * gateway (ROLE=gateway) the host keeps a copy of the writer's state for
 * its reads (positions, live orders, plans, settings, wallets, marks: built
 * from the store at start, then kept by the events) and of the books (from
 * the engine); commands go to the engine. ROLE=all has no link.
 */
import type { BookChange, BookSnapshot, MarketTrade } from '../../../kernel/market-events';
import type { QueuedCommand } from '../../../kernel/writer-queue';
import type { KernelRepositories } from '../../../kernel/db/repositories';
import type { Order, Plan, Position } from '../futures-state';
import type { FuturesCommand, FuturesResult } from './futures-commands';

/** A market's prices and funding as they stand after a commit (decimals as text). */
export interface MarketMarks {
  symbol: string;
  lastTicks: number;
  markTicks: number;
  index: string | null;
  basis: string | null;
  premiumSum: string;
  premiumCount: number;
  lastFundingRate: string | null;
  nextFundingTime: number;
}

/** What one committed batch changed, as every process hears it. */
export interface FuturesEvent {
  /** The writer's commit sequence: one per batch, no gap, continued by the next holder. */
  seq: number;
  trades: MarketTrade[];
  changes: BookChange[];
  orders: Order[];
  plans: Plan[];
  positions: Position[];
  /** The settings documents written (leverage, margin and position modes). */
  settings: string[];
  /** Owners whose positions or wallets changed. */
  owners: string[];
  /** The wallets of those owners, by `<account>|<coin>`. */
  wallets: Array<[string, { available: bigint; frozen: bigint }]>;
  marks: MarketMarks[];
  /** The batch ran the host's tick (the mark listeners are told). */
  ticked: boolean;
}

/** The books as they stand after the commit `seq`. */
export interface FuturesBooks {
  seq: number;
  books: BookSnapshot[];
}

/** A futures command with the idempotency key it came with over the bus. */
export type KeyedFuturesCommand = FuturesCommand & { readonly commandId?: string };

export interface FuturesWriterLink {
  readonly kind: 'writer';
  begin(): Promise<{ seqBase: number; seq: number }>;
  commit(
    repos: KernelRepositories,
    pending: ReadonlyArray<QueuedCommand<KeyedFuturesCommand, FuturesResult>>,
    event: FuturesEvent,
  ): Promise<void>;
  published(event: FuturesEvent): void;
  opened(): Promise<void>;
}

export interface FuturesRemoteLink {
  readonly kind: 'remote';
  submit(command: FuturesCommand): Promise<FuturesResult>;
  /** Starts hearing the engine's events; `load` builds the copy again from the store. */
  start(copy: { load(): Promise<void>; tell(event: FuturesEvent): void }): Promise<void>;
  book(symbol: string, levels: number): BookSnapshot;
}

export type FuturesLink = FuturesWriterLink | FuturesRemoteLink;
