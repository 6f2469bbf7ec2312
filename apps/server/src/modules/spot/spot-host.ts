/**
 * The spot engine host: the single writer of every spot book and of the
 * balances they freeze and settle. Commands queue up; the host takes them in
 * batches, runs each through its market's book and the in-memory ledger, and
 * commits the batch's orders, fills, journal and balance changes in one
 * transaction (group commit: one durable write for many orders). Only then
 * are callers answered and listeners told. A batch that fails to commit is
 * answered SERVICE_BUSY and the host rebuilds itself from the store, as it
 * does at start.
 *
 * The queue is the kernel's writer queue; the jobs sit in `host/`: the
 * state held in memory, the commands, the settlement of fills, and how a
 * batch runs and is written.
 */
import { lotsToQuantity, ticksToPrice } from '@quay/core';
import { appError } from '../../kernel/app-error';
import type { FeeRates } from '../../kernel/fee-rates';
import { FEE_ACCOUNT } from '../../kernel/journal';
import { WriterQueue } from '../../kernel/writer-queue';
import { fromWireText, toWireText } from '../../kernel/cluster/wire';
import type { SpotMarkets } from './spot-markets';
import type { SpotStore as Store } from './spot-repositories';
import { openBatchWriter } from './sqlite-batch-writer';
import { Listeners, MarketEventSource, type BookSnapshot } from '../../kernel/market-events';
import type { SpotBatch } from './host/spot-batch';
import { runSpotBatch, writerFor } from './host/spot-batch-run';
import type { HostCommand, HostResult, UserUpdates } from './host/spot-commands';
import type { SpotBooks, SpotEvent, SpotLink } from './host/spot-link';
import { SpotHostState, type HostMarketState } from './host/spot-host-state';
import { crossedPlans } from './host/spot-plans';
import { LedgerJobRegistry, type NamedJob } from './host/spot-job-registry';

export type {
  CheckedOrder,
  CheckedPlan,
  HostCommand,
  HostResult,
  LedgerJob,
  LedgerJobContext,
  UserUpdates,
} from './host/spot-commands';
export { namedJob, type NamedJob } from './host/spot-job-registry';

export interface SpotHostOptions {
  now: () => number;
  /** Commands taken into one batch at most. */
  maxBatch?: number;
  /** Commands waiting at most; beyond it callers are told SERVICE_BUSY. */
  maxQueue?: number;
  onError?: (err: unknown, what: string) => void;
  /** Price protection: a market order fills within this band around the last trade price (500). */
  marketPriceBand_bps?: number;
  /** The owners' fee rates (VIP tiers); without it every owner pays the market's fees. */
  feeRates?: FeeRates;
  /** ROLE=engine or ROLE=gateway: the host's link to the other processes (host/spot-link.ts). */
  link?: SpotLink;
}

/** Batches matched and sent to the writer but not yet committed, at most. */
const MAX_IN_FLIGHT = 4;

/**
 * Once this many orders wait, their batch goes to the writer thread at once,
 * while the rest of the turn's requests are still read. Taken at the end of
 * each turn instead, every request read in one turn made one batch: the
 * writer idle while the engine's thread read them, that thread idle while
 * the writer committed them, and the answers went back together to make the
 * next such batch (128 connections: about 50 commits a second of about 120
 * rows, 10 to 15 ms idle between commits, each thread idle a third of the
 * time or more). With 16: about 300 commits a second of about 30 rows, and
 * 1 ms between them. In single runs 8 and 64 did no better than none
 * (DESIGN.md, "One single-writer queue").
 */
const BATCH_START_AT = 16;

export class SpotHost extends MarketEventSource {
  /** The ledger jobs other modules run in this host's batches, by name (host/spot-job-registry.ts). */
  readonly jobs = new LedgerJobRegistry();
  private readonly state: SpotHostState;
  private readonly queue: WriterQueue<HostCommand, HostResult>;
  private readonly userListeners: Listeners<UserUpdates>;
  private readonly link: SpotLink | undefined;
  /** The commit sequence of the last batch told (ROLE=engine). */
  private toldSeq = 0;
  /** Waiting for the books between two batches. */
  private betweenBatches: Array<() => void> = [];

  constructor(
    private readonly store: Store,
    readonly spotMarkets: SpotMarkets,
    private readonly options: SpotHostOptions,
  ) {
    super((err) => options.onError?.(err, 'spot listener failed'));
    this.userListeners = new Listeners(this.onListenerError);
    this.state = new SpotHostState(spotMarkets, options.marketPriceBand_bps ?? 500);
    if (options.feeRates) this.state.feeRates = options.feeRates;
    const link = options.link;
    this.link = link;
    const context = {
      state: this.state,
      store,
      now: options.now,
      jobs: this.jobs,
      publish: (batch: SpotBatch) => this.publish(batch),
      commit:
        link?.kind === 'writer'
          ? (
              repos: Parameters<typeof link.commit>[0],
              pending: Parameters<typeof link.commit>[1],
              batch: SpotBatch,
            ) => link.commit(repos, pending, this.eventOf(batch))
          : undefined,
    };
    this.queue = new WriterQueue<HostCommand, HostResult>({
      name: 'spot',
      maxBatch: options.maxBatch ?? 2000,
      maxQueue: options.maxQueue ?? 50_000,
      pipeline: {
        maxInFlight: MAX_IN_FLIGHT,
        allows: (batch) => writerFor(store, batch) !== null,
        // On the embedded store only: PostgreSQL's batches are not pipelined.
        ...(store.dialect === 'sqlite' ? { startAt: BATCH_START_AT } : {}),
      },
      run: (batch) => runSpotBatch(context, batch),
      rebuild: async () => {
        await this.state.rebuild(store);
        await store.sqliteResource(openBatchWriter)?.reset();
      },
      busy: () => appError('SERVICE_BUSY'),
      notStarted: () => new Error('the spot host has not started'),
      onError: options.onError,
    });
  }

  /** Rebuilds the books from the store: every live order back in its place, in the order it came. */
  async start(): Promise<void> {
    const link = this.link;
    if (link?.kind === 'remote') {
      await link.start((event) => this.tell(event));
      return;
    }
    const begun = link ? await link.begin() : null;
    await this.state.rebuild(this.store);
    if (begun) {
      // Above every sequence a holder before this one can have told.
      for (const state of this.state.markets.values()) state.seq += begun.seqBase;
      this.toldSeq = begun.seq;
    }
    this.queue.open();
    // Plans whose trigger was crossed while the exchange was down fire now.
    this.fireCrossed(new Set(this.state.markets.keys()));
    await link?.opened();
  }

  /**
   * Sends the plans whose trigger these markets' prices have crossed to be
   * fired, as one command at the back of the queue: their orders are placed
   * through the ordinary order entry, on balances read afresh.
   */
  private fireCrossed(symbols: ReadonlySet<string>): void {
    if (symbols.size === 0 || this.state.plans.size === 0) return;
    const crossed = crossedPlans(this.state, symbols);
    if (crossed.length === 0) return;
    const planIds = crossed.map((p) => p.id);
    for (const id of planIds) this.state.firing.add(id);
    const owners = [...new Set(crossed.map((p) => p.user_id))];
    this.queue.submit({ kind: 'fire', planIds, owners }).catch((err: unknown) => {
      // Not run (the queue was full or the host rebuilt): the next price change tries again.
      for (const id of planIds) this.state.firing.delete(id);
      this.options.onError?.(err, 'spot plans not fired');
    });
  }

  submit(command: HostCommand): Promise<HostResult> {
    if (this.link?.kind === 'remote') return this.link.submit(command);
    if (command.kind === 'job' && !this.link) {
      // ROLE=all: a job's arguments and result as a gateway and the engine see them, so that
      // what would not travel (a function, a Map, a Date) fails here too.
      return this.queue.submit(overTheWire(command)).then(overTheWire);
    }
    return this.queue.submit(command);
  }

  /** Runs a named ledger job in a batch of the writer (here or on the engine); answers its result. */
  async run<A, R>(job: NamedJob<A, R>, args: A): Promise<R> {
    const result = await this.submit({ kind: 'job', name: job.name, args });
    if (result.kind !== 'job') throw new Error(`the job ${job.name} answered ${result.kind}`);
    return result.result as R;
  }

  /** Waits until every queued command has been answered. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  /** What a batch changed; made once (it moves the books' sequences on). */
  private eventOf(batch: SpotBatch): SpotEvent {
    if (batch.event) return batch.event;
    const changes = batch.touched.changes(this.state.markets, (symbol, side, priceTicks) => {
      const { market, book } = this.state.markets.get(symbol) as HostMarketState;
      return [
        ticksToPrice(priceTicks, market.config),
        lotsToQuantity(book.levelQuantity(side, priceTicks), market.config),
      ];
    });
    const balanceUsers = batch.journal.users();
    for (const id of batch.noticedUsers) balanceUsers.add(id);
    balanceUsers.delete(FEE_ACCOUNT);
    batch.event = {
      seq: 0,
      trades: batch.trades,
      changes,
      orders: [...batch.orders.values()].map((row) => ({ ...row })),
      fills: batch.fills,
      plans: [...batch.plans.values()].map((row) => ({ ...row })),
      balanceUsers: [...balanceUsers],
    };
    return batch.event;
  }

  private publish(batch: SpotBatch): void {
    const event = this.eventOf(batch);
    this.tell(event);
    this.toldSeq = event.seq;
    if (this.link?.kind === 'writer') this.link.published(event);
    const moved = new Set(batch.touched.bySymbol.keys());
    for (const trade of batch.trades) moved.add(trade.symbol);
    for (const plan of batch.plans.values()) if (plan.status === 'WAITING') moved.add(plan.symbol);
    this.fireCrossed(moved);
    for (const wake of this.betweenBatches.splice(0)) wake();
  }

  /** Tells the listeners what a committed batch changed (on a gateway: what the engine said). */
  private tell(event: SpotEvent): void {
    if (event.trades.length > 0) this.tradeListeners.tell(event.trades);
    for (const change of event.changes) this.bookListeners.tell(change);
    if (event.orders.length > 0 || event.plans.length > 0 || event.balanceUsers.length > 0) {
      this.userListeners.tell({
        orders: event.orders,
        fills: event.fills,
        plans: event.plans,
        balanceUsers: new Set(event.balanceUsers),
      });
    }
  }

  /** Every book in full, between two batches: as it stands after the commit `seq` (ROLE=engine). */
  async books(): Promise<SpotBooks> {
    for (;;) {
      if (!this.queue.active) return this.booksNow();
      // Taken as the next batch is told, before another runs; a batch that fails tells nothing.
      const books = await new Promise<SpotBooks | null>((resolve) => {
        const wake = () => resolve(this.booksNow());
        this.betweenBatches.push(wake);
        setTimeout(() => {
          this.betweenBatches = this.betweenBatches.filter((w) => w !== wake);
          resolve(null);
        }, 50);
      });
      if (books) return books;
    }
  }

  onUserUpdates(listener: (updates: UserUpdates) => void): () => void {
    return this.userListeners.add(listener);
  }

  private booksNow(): SpotBooks {
    const books = [...this.state.markets.keys()].map((symbol) => this.book(symbol, 1_000_000));
    return { seq: this.toldSeq, books };
  }

  book(symbol: string, levels: number): BookSnapshot {
    if (this.link?.kind === 'remote') return this.link.book(symbol, levels);
    const state = this.state.markets.get(symbol);
    if (!state) throw appError('MARKET_UNKNOWN');
    const { config } = state.market;
    const depth = state.book.depth(levels);
    const level = ([price, quantity]: [number, number]): [string, string] => [
      ticksToPrice(price, config),
      lotsToQuantity(quantity, config),
    ];
    return { symbol, seq: state.seq, bids: depth.bids.map(level), asks: depth.asks.map(level) };
  }
}

function overTheWire<T>(value: T): T {
  return fromWireText<T>(toWireText(value));
}
