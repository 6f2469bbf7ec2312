/**
 * How the spot host takes part in an exchange of several processes. On an
 * engine (ROLE=engine) the host is the writer and its link fences each
 * commit, records the answers of commands sent with an idempotency key and
 * the batch's event, then publishes that event; on a gateway (ROLE=gateway)
 * the host holds no book: commands go to the engine and the engine's events
 * come back to the same listeners. ROLE=all has no link.
 */
import type { BookChange, BookSnapshot, MarketTrade } from '../../../kernel/market-events';
import type { SpotRepos as Repositories } from '../spot-repositories';
import type { SpotFillRow, SpotOrderRow } from '../spot-repository';
import type { SpotPlanRow } from '../spot-plan-repository';
import type { HostCommand, HostResult, PendingCommand } from './spot-commands';

/** What one committed batch changed, as every process hears it. */
export interface SpotEvent {
  /** The writer's commit sequence: one per batch, no gap, continued by the next holder. */
  seq: number;
  trades: MarketTrade[];
  changes: BookChange[];
  orders: SpotOrderRow[];
  fills: SpotFillRow[];
  plans: SpotPlanRow[];
  balanceUsers: string[];
}

/** The books as they stand after the commit `seq`. */
export interface SpotBooks {
  seq: number;
  books: BookSnapshot[];
}

export interface SpotWriterLink {
  readonly kind: 'writer';
  /**
   * Before the host builds its state: the lease is taken; the book sequences
   * start from `seqBase`, the commit sequence from `seq`.
   */
  begin(): Promise<{ seqBase: number; seq: number }>;
  /** In the batch's transaction, once its commands have run; sets `event.seq`. */
  commit(repos: Repositories, pending: readonly PendingCommand[], event: SpotEvent): Promise<void>;
  /** After the batch's callers have been answered. */
  published(event: SpotEvent): void;
  /** The host takes commands: the link starts taking them from the bus. */
  opened(): Promise<void>;
}

export interface SpotRemoteLink {
  readonly kind: 'remote';
  submit(command: HostCommand): Promise<HostResult>;
  /** Starts hearing the engine's events; `tell` hands each to the host's listeners. */
  start(tell: (event: SpotEvent) => void): Promise<void>;
  book(symbol: string, levels: number): BookSnapshot;
}

export type SpotLink = SpotWriterLink | SpotRemoteLink;
