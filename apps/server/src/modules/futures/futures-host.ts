/**
 * The futures engine host: the single writer of every perpetual's book, of
 * positions, trigger plans and futures wallets. Commands queue up and run
 * one batch at a time; a batch's orders, fills, positions and journal commit
 * in one transaction before anyone is answered or told. Besides the users'
 * commands the host runs its own: a tick every second (index and mark
 * prices, the funding rate, trigger plans and TP/SL, liquidations, the
 * protection fund's closes) and the funding settlement at each interval.
 *
 * Money: positions keep their entry value in minor units (futures-state.ts);
 * realised PnL moves between the wallet and '@clearing', fees to '@fees',
 * funding from payers to receivers, what a liquidation leaves to the
 * protection fund and shortfalls from it, every move journaled.
 *
 * The queue is the kernel's writer queue; the jobs sit in `host/`: the state
 * held in memory, order entry, the settlement of fills, TP/SL and trigger
 * plans, mark price and funding, liquidation, settings, transfers, and the
 * batch.
 */
import type { DecimalValue, PositionMode, PositionSide } from '@quay/core';
import { appError } from '../../kernel/app-error';
import type { FuturesStore as Store } from './futures-repositories';
import { Listeners, MarketEventSource, type BookSnapshot } from '../../kernel/market-events';
import { WriterQueue } from '../../kernel/writer-queue';
import {
  walletOf,
  type Order,
  type Plan,
  type Position,
  type SymbolSettings,
} from './futures-state';
import type { PerpMarket, PerpMarkets } from './perp-markets';
import type { FuturesBatch } from './host/futures-batch';
import { runFuturesBatch } from './host/futures-batch-run';
import type {
  FuturesCommand,
  FuturesHostOptions,
  FuturesResult,
  FuturesUpdates,
  MarkState,
} from './host/futures-commands';
import { FuturesHostState, type MarketState, type Wallet } from './host/futures-host-state';
import { interestRate, markState, predictedRate } from './host/futures-marks';
import {
  availableFor,
  crossFigures,
  orderMargin,
  removableMargin,
  transferable,
} from './host/futures-risk';
import type { FuturesFillHook } from './host/futures-fill-hook';
import { rebuild, seedFund } from './host/futures-start';
import { applyEvent, eventOf } from './host/futures-events';
import type { FuturesBooks, FuturesEvent, FuturesLink } from './host/futures-link';

export { fromMinorText } from './futures-state';
export type {
  CheckedFuturesOrder,
  CheckedPlan,
  FuturesCommand,
  FuturesHostOptions,
  FuturesResult,
  FuturesUpdates,
  MarkState,
} from './host/futures-commands';
export { DEFAULT_LEVERAGE } from './host/futures-host-state';
export type { FuturesDesk, FuturesFillHook } from './host/futures-fill-hook';
export type { FuturesBooks, FuturesEvent, FuturesLink } from './host/futures-link';

/** ROLE=engine or ROLE=gateway: the host's link to the other processes (host/futures-link.ts). */
export interface FuturesHostLinkOption {
  link?: FuturesLink;
}

export class FuturesHost extends MarketEventSource {
  private readonly state: FuturesHostState;
  private readonly queue: WriterQueue<FuturesCommand, FuturesResult>;
  private readonly updateListeners: Listeners<FuturesUpdates>;
  private readonly markListeners: Listeners<MarkState[]>;
  private timer: NodeJS.Timeout | null = null;
  private readonly link: FuturesLink | undefined;
  /** The commit sequence of the last batch told (ROLE=engine). */
  private toldSeq = 0;
  /** Asked for the books while a batch runs: answered as it is told. */
  private booksWanted: Array<(books: FuturesBooks) => void> = [];
  /** Owners that trade without fees: the simulator's system accounts. */
  readonly feeFreeOwners: Set<string>;

  constructor(
    store: Store,
    readonly perpMarkets: PerpMarkets,
    private readonly options: FuturesHostOptions & FuturesHostLinkOption,
  ) {
    super((err) => options.onError?.(err, 'futures listener failed'));
    this.updateListeners = new Listeners(this.onListenerError);
    this.markListeners = new Listeners(this.onListenerError);
    this.state = new FuturesHostState(store, perpMarkets, options);
    this.feeFreeOwners = this.state.feeFreeOwners;
    const link = options.link;
    this.link = link;
    const commit =
      link?.kind === 'writer'
        ? (
            repos: Parameters<typeof link.commit>[0],
            pending: Parameters<typeof link.commit>[1],
            batch: FuturesBatch,
          ) => link.commit(repos, pending, this.eventOf(batch))
        : undefined;
    this.queue = new WriterQueue<FuturesCommand, FuturesResult>({
      name: 'futures',
      maxBatch: 500,
      maxQueue: 20_000,
      run: (batch) => runFuturesBatch(this.state, batch, (done) => this.publish(done), commit),
      rebuild: () => rebuild(this.state),
      busy: () => appError('SERVICE_BUSY'),
      notStarted: () => appError('SERVICE_BUSY'),
      onError: options.onError,
    });
  }

  /**
   * Seeds the fund and rebuilds the state from the store. On a gateway: the
   * copy of the state is built from the store and kept by the engine's events.
   */
  async start(): Promise<void> {
    const link = this.link;
    if (link?.kind === 'remote') {
      await link.start({
        load: async () => {
          await rebuild(this.state);
          await this.state.loadEveryWallet();
        },
        tell: (event) => {
          applyEvent(this.state, event);
          this.tell(event);
          if (event.ticked) this.markListeners.tell(this.marks());
        },
      });
      return;
    }
    const begun = link ? await link.begin() : null;
    await seedFund(this.state);
    await rebuild(this.state);
    if (begun) {
      // Above every book sequence a holder before this one can have told.
      for (const state of this.state.markets.values()) state.seq += begun.seqBase;
      this.toldSeq = begun.seq;
    }
    this.queue.open();
    await link?.opened();
  }

  /** How far from the mark a market order may fill (MARKET_PRICE_BAND_BPS). */
  get marketPriceBand_bps(): number {
    return this.options.marketPriceBand_bps ?? 500;
  }

  /** Lets one module act on fills inside the batch that made them (copy trading). */
  setFillHook(hook: FuturesFillHook | null): void {
    this.state.fillHook = hook;
  }

  submit(command: FuturesCommand): Promise<FuturesResult> {
    if (this.link?.kind === 'remote') return this.link.submit(command);
    return this.queue.submit(command);
  }

  /** Every book in full, as it stands after the commit `seq` (ROLE=engine): between two batches. */
  books(): Promise<FuturesBooks> {
    if (!this.queue.active) return Promise.resolve(this.booksNow());
    return new Promise((resolve) => this.booksWanted.push(resolve));
  }

  private booksNow(): FuturesBooks {
    const books = [...this.state.markets.keys()].map((symbol) => this.book(symbol, 1_000_000));
    return { seq: this.toldSeq, books };
  }

  /** Waits until every queued command has been answered. */
  idle(): Promise<void> {
    return this.queue.idle();
  }

  // ----- reads ---------------------------------------------------------------

  positionMode(owner: string, coin: string): PositionMode {
    return this.state.positionMode(owner, coin);
  }

  symbolSettings(owner: string, symbol: string): SymbolSettings {
    return this.state.symbolSettings(owner, symbol);
  }

  position(owner: string, symbol: string, side: PositionSide): Position | undefined {
    return this.state.position(owner, symbol, side);
  }

  ownerPositions(owner: string, coin?: string): Position[] {
    return this.state.ownerPositions(owner, coin);
  }

  /** An owner's live orders, a copy: callers may cancel while they walk it. */
  ownerOrders(owner: string): Order[] {
    return this.state.ownerOrders(owner);
  }

  ownerPlans(owner: string): Plan[] {
    return this.state.ownerPlans(owner);
  }

  /** The price a position is valued at: the mark, else the last trade, else its entry. */
  markOf(symbol: string): number {
    return this.state.markOf(symbol);
  }

  /** Margin and opening fee held by an owner's open orders in one coin. */
  orderMargin(owner: string, coin: string): bigint {
    return orderMargin(this.state, owner, coin);
  }

  /** The cross figures of an owner in one coin: unrealised PnL, initial and maintenance margin at the mark. */
  crossFigures(owner: string, coin: string): { upnl: bigint; im: bigint; mm: bigint } {
    return crossFigures(this.state, owner, coin);
  }

  /** What a new order may use: cross wallet + cross PnL - cross initial margin - order margin. */
  availableFor(owner: string, coin: string): bigint {
    return availableFor(this.state, owner, coin);
  }

  /** What may leave the futures wallet now: as availableFor, but a gain not yet realised does not count. */
  transferable(owner: string, coin: string): bigint {
    return transferable(this.state, owner, coin);
  }

  walletBalance(owner: string, coin: string): Wallet {
    return { ...this.state.wallet(walletOf(owner), coin) };
  }

  /** Most that can leave an isolated position: what keeps margin + PnL at the initial margin at the mark. */
  removableMargin(p: Position): bigint {
    return removableMargin(this.state, p);
  }

  /** The liquidation price of a position in ticks (0 when none), from the core formula. */
  liquidationTicks(p: Position): DecimalValue | null {
    return this.state.liquidationTicks(p);
  }

  /** Set by the views: the liquidation price of a position (core maths). */
  get liquidationPriceOf(): ((p: Position) => DecimalValue | null) | null {
    return this.state.liquidationPriceOf;
  }

  set liquidationPriceOf(price: ((p: Position) => DecimalValue | null) | null) {
    this.state.liquidationPriceOf = price;
  }

  interestRate(): DecimalValue {
    return interestRate(this.state);
  }

  /** Premium index averaged over the interval, plus the clamped interest part, within the market's cap. */
  predictedRate(state: MarketState): DecimalValue {
    return predictedRate(this.state, state);
  }

  markState(symbol: string): MarkState {
    return markState(this.state, symbol);
  }

  priceText(market: PerpMarket, ticks: number): string {
    return this.state.priceText(market, ticks);
  }

  lotsText(market: PerpMarket, lots: number): string {
    return this.state.lotsText(market, lots);
  }

  startTimer(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.submit({ kind: 'tick' })
        .then(() => this.markListeners.tell(this.marks()))
        .catch((err: unknown) => this.options.onError?.(err, 'futures tick failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** One tick now (tests and the first mark at start); resolves once committed, and tells the mark listeners. */
  async tickNow(): Promise<void> {
    await this.submit({ kind: 'tick' });
    this.markListeners.tell(this.marks());
  }

  private marks(): MarkState[] {
    return [...this.state.markets.keys()].map((s) => this.markState(s));
  }

  stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  onUpdates(listener: (updates: FuturesUpdates) => void): () => void {
    return this.updateListeners.add(listener);
  }

  onMarks(listener: (marks: MarkState[]) => void): () => void {
    return this.markListeners.add(listener);
  }

  book(symbol: string, levels: number): BookSnapshot {
    if (this.link?.kind === 'remote') return this.link.book(symbol, levels);
    const state = this.state.marketState(symbol);
    const depth = state.book.depth(levels);
    const level = (l: [number, number]): [string, string] => [
      this.state.priceText(state.market, l[0]),
      this.state.lotsText(state.market, l[1]),
    ];
    return { symbol, seq: state.seq, bids: depth.bids.map(level), asks: depth.asks.map(level) };
  }

  liveOrderCount(): number {
    return this.state.live.size;
  }

  allPositions(): Position[] {
    return [...this.state.positions.values()].filter((p) => p.lots > 0);
  }

  market(symbol: string): PerpMarket {
    return this.state.marketState(symbol).market;
  }

  /** The owner's taker fee in a market, in parts per million (its VIP tier's, else the market's). */
  takerFeePpmOf(owner: string, market: PerpMarket): number {
    return this.state.feePpmOf(owner, market, 'taker');
  }

  // ----- after each commit ---------------------------------------------------

  /** What a batch changed as every process hears it; made once (it moves the books' sequences on). */
  private eventOf(batch: FuturesBatch): FuturesEvent {
    batch.event ??= eventOf(this.state, batch);
    return batch.event;
  }

  private publish(batch: FuturesBatch): void {
    const event = this.eventOf(batch);
    this.tell(event);
    this.toldSeq = event.seq;
    if (this.link?.kind === 'writer') this.link.published(event);
    for (const want of this.booksWanted.splice(0)) want(this.booksNow());
    if (batch.spotCredits.size > 0) this.options.onSpotCredit?.([...batch.spotCredits]);
  }

  /** Tells the listeners what a committed batch changed (on a gateway: what the engine said). */
  private tell(event: FuturesEvent): void {
    for (const change of event.changes) this.bookListeners.tell(change);
    if (event.trades.length > 0) this.tradeListeners.tell(event.trades);
    const updates: FuturesUpdates = {
      orders: event.orders,
      plans: event.plans,
      owners: new Set(event.owners),
    };
    if (updates.orders.length + updates.plans.length + updates.owners.size > 0) {
      this.updateListeners.tell(updates);
    }
  }
}
