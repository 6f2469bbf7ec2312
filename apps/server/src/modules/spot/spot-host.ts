/**
 * The spot engine host: the single writer of every spot book and of the
 * balances they freeze and settle. Commands queue up; the host takes them in
 * batches, runs each through its market's book and the in-memory ledger, and
 * commits the batch's orders, fills, journal and balance changes in one
 * transaction (group commit: one durable write for many orders). Only then
 * are callers answered and listeners told. A batch that fails to commit is
 * answered SERVICE_BUSY and the host rebuilds itself from the store, as it
 * does at start.
 */
import { FastOrderBook, opposite, type EngineEvent, type Side } from '@quay/engine';
import { ERRORS, lotsToQuantity, ticksToPrice } from '@quay/core';
import { AppError, appError } from '../../kernel/app-error';
import { EXTERNAL_ACCOUNT, FEE_ACCOUNT, Journal, move, type Leg } from '../../kernel/journal';
import { feeOf, fromMinor, toMinor } from '../../kernel/money';
import type { SpotMarket, SpotMarkets } from './spot-markets';
import type { Store } from '../../kernel/db/db';
import type { Repositories } from '../../kernel/db/repositories';
import type {
  BatchReads,
  JournalEntryRow,
  SqliteBatchWriter,
} from '../../kernel/db/sqlite-batch-writer';
import type { SpotFillRow, SpotOrderRow } from '../../kernel/db/spot-repository';
import type {
  BookChange,
  BookSnapshot,
  MarketEvents,
  MarketTrade,
} from '../../kernel/market-events';

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
}

export type HostCommand =
  | { kind: 'place'; userId: string; order: CheckedOrder }
  | { kind: 'cancel'; userId: string; symbol: string; orderId: number }
  | { kind: 'cancelAll'; userId: string; symbol: string }
  | {
      kind: 'freeze';
      userId: string;
      coin: string;
      amount: bigint;
      ref: string;
      /** Written in the same transaction, e.g. the withdrawal record. */
      write: (repos: Repositories) => Promise<void>;
    }
  /** Moves available coins to another account of the exchange (a transfer to the futures wallet). */
  | { kind: 'debit'; userId: string; coin: string; amount: bigint; to: string; ref: string }
  /** Balances changed outside the host: tell the balance channel with the next batch. */
  | { kind: 'notice'; userIds: string[] };

export type HostResult =
  { kind: 'order'; order: SpotOrderRow } | { kind: 'cancelled'; count: number } | { kind: 'done' };

/** After each commit: the orders, fills and balances of users that changed. */
export interface UserUpdates {
  orders: SpotOrderRow[];
  fills: SpotFillRow[];
  /** Users whose balances changed. */
  balanceUsers: Set<string>;
}

interface Pending {
  command: HostCommand;
  resolve: (result: HostResult) => void;
  reject: (err: unknown) => void;
  result?: HostResult;
  error?: unknown;
  /** Already tried once on a held balance. */
  retried?: boolean;
}

interface CachedBalance {
  available: bigint;
  frozen: bigint;
}

interface HostMarketState {
  market: SpotMarket;
  book: FastOrderBook;
  seq: number;
}

export interface SpotHostOptions {
  now: () => number;
  /** Commands taken into one batch at most. */
  maxBatch?: number;
  /** Commands waiting at most; beyond it callers are told SERVICE_BUSY. */
  maxQueue?: number;
  onError?: (err: unknown, what: string) => void;
}

const LIVE = new Set(['NEW', 'PARTIALLY_FILLED']);
/** Batches matched and sent to the writer but not yet committed, at most. */
const MAX_IN_FLIGHT = 4;
/** Users whose balances are held between batches, at most. */
const MAX_HELD_BALANCES = 100_000;

type BatchReader = (users: string[], clientIds: Array<[string, string]>) => Promise<BatchReads>;

/** A batch's reads through the repositories of a transaction. */
async function readIn(
  repos: Repositories,
  users: string[],
  clientIds: Array<[string, string]>,
): Promise<BatchReads> {
  const taken: boolean[] = [];
  for (const [userId, clientOrderId] of clientIds) {
    taken.push(await repos.spot.clientOrderIdTaken(userId, clientOrderId));
  }
  return { balances: await repos.ledger.balancesOf(users), taken };
}

type Listener<T> = (value: T) => void;

/** Per batch: what it changed, written in one transaction. */
class Batch {
  readonly journal: Journal;
  readonly orders = new Map<number, SpotOrderRow>();
  readonly fills: SpotFillRow[] = [];
  readonly trades: MarketTrade[] = [];
  readonly writes: Array<(repos: Repositories) => Promise<void>> = [];
  /** Per market, the levels touched: `b:price` or `s:price`. */
  readonly touched = new Map<string, Set<string>>();
  /** Users whose balances changed outside the host, told with this batch's updates. */
  readonly noticedUsers = new Set<string>();
  /** Client order ids used by this batch or already in the store. */
  readonly takenClientIds = new Set<string>();
  /** Users whose balances this batch read from the store. */
  readonly freshUsers = new Set<string>();
  /** Commands refused on a held balance, to try again with a fresh one. */
  readonly retry = new Set<Pending>();

  constructor(readonly now: number) {
    this.journal = new Journal(now);
  }

  touch(symbol: string, side: Side, price: number): void {
    let set = this.touched.get(symbol);
    if (!set) {
      set = new Set();
      this.touched.set(symbol, set);
    }
    set.add(`${side === 'buy' ? 'b' : 's'}:${price}`);
  }
}

export class SpotHost implements MarketEvents {
  private readonly markets = new Map<string, HostMarketState>();
  /** Orders resting in a book, by id. */
  private readonly live = new Map<number, SpotOrderRow>();
  private readonly balances = new Map<string, Map<string, CachedBalance>>();
  /** The engine knows users by number; the numbers live only in memory. */
  private readonly userNumbers = new Map<string, number>();
  private nextOrderId = 1;
  private nextFillId = 1;
  private queue: Pending[] = [];
  /** Batches sent to the writer, oldest first, each settling once answered or failed. */
  private readonly inFlight: Array<Promise<void>> = [];
  /** Wakes the drain loop waiting on a write, when a command comes. */
  private wake: (() => void) | null = null;
  /** A batch failed: the host rebuilds from the store before it takes the next. */
  private broken = false;
  private running = false;
  private started = false;
  private readonly tradeListeners = new Set<Listener<MarketTrade[]>>();
  private readonly bookListeners = new Set<Listener<BookChange>>();
  private readonly userListeners = new Set<Listener<UserUpdates>>();
  private readonly maxBatch: number;
  private readonly maxQueue: number;

  constructor(
    private readonly store: Store,
    readonly spotMarkets: SpotMarkets,
    private readonly options: SpotHostOptions,
  ) {
    this.maxBatch = options.maxBatch ?? 2000;
    this.maxQueue = options.maxQueue ?? 50_000;
    for (const market of spotMarkets.all()) {
      this.markets.set(market.config.symbol, { market, book: new FastOrderBook(), seq: 0 });
    }
  }

  /** Rebuilds the books from the store: every live order back in its place, in the order it came. */
  async start(): Promise<void> {
    await this.rebuild();
    this.started = true;
  }

  private async rebuild(): Promise<void> {
    this.live.clear();
    this.balances.clear();
    for (const state of this.markets.values()) {
      state.book = new FastOrderBook();
      // A jump in the sequence tells every depth subscriber to take a new snapshot.
      state.seq += 2;
    }
    const ids = await this.store.repos.spot.maxIds();
    this.nextOrderId = ids.order + 1;
    this.nextFillId = ids.fill + 1;
    for (const row of await this.store.repos.spot.liveOrders()) {
      const state = this.markets.get(row.symbol);
      if (!state) throw new Error(`order ${row.id} is in unknown market ${row.symbol}`);
      const events = state.book.execute({
        type: 'limit',
        orderId: row.id,
        userId: this.userNumber(row.user_id),
        side: row.side as Side,
        price: row.price_ticks,
        quantity: row.quantity_lots - row.filled_lots,
        timeInForce: 'GTC',
        time: row.created_at,
      });
      if (events.length !== 1 || events[0]?.type !== 'accepted') {
        throw new Error(`order ${row.id} did not rest again as it was`);
      }
      this.live.set(row.id, row);
    }
  }

  submit(command: HostCommand): Promise<HostResult> {
    if (!this.started) return Promise.reject(new Error('the spot host has not started'));
    if (this.queue.length >= this.maxQueue) return Promise.reject(appError('SERVICE_BUSY'));
    return new Promise<HostResult>((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (this.wake) {
        const wake = this.wake;
        this.wake = null;
        // Every command that arrived in this turn joins the batch.
        setImmediate(wake);
      }
      if (!this.running) {
        this.running = true;
        // Let every request that arrived in this turn join the first batch.
        setImmediate(() => void this.drain());
      }
    });
  }

  /** Waits until every queued command has been answered. */
  async idle(): Promise<void> {
    while (this.running) await new Promise((r) => setImmediate(r));
  }

  private async drain(): Promise<void> {
    try {
      for (;;) {
        if (this.broken) {
          // Everything sent after the failed batch has failed with it; then start again from the store.
          await Promise.all(this.inFlight);
          await this.recover();
        } else if (this.queue.length > 0 && this.inFlight.length < MAX_IN_FLIGHT) {
          await this.runBatch(this.queue.splice(0, this.maxBatch));
        } else if (this.inFlight.length > 0) {
          // Until the oldest write commits or new commands come: these are matched meanwhile.
          await Promise.race([this.inFlight[0], new Promise<void>((r) => (this.wake = r))]);
          this.wake = null;
        } else {
          break;
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async recover(): Promise<void> {
    try {
      await this.rebuild();
      await this.store.batchWriter()?.reset();
    } catch (err) {
      this.options.onError?.(err, 'spot host could not rebuild');
      this.started = false;
      for (const p of this.queue.splice(0)) p.reject(appError('SERVICE_BUSY'));
    }
    this.broken = false;
  }

  private fail(err: unknown, pending: readonly Pending[]): void {
    this.options.onError?.(err, 'spot batch failed; rebuilding from the store');
    for (const p of pending) p.reject(appError('SERVICE_BUSY'));
    this.broken = true;
  }

  private answer(pending: readonly Pending[], batch: Batch): void {
    for (const p of pending) {
      if (p.result) p.resolve(p.result);
      else p.reject(p.error);
    }
    this.publish(batch);
  }

  private async runBatch(pending: Pending[]): Promise<void> {
    const batch = new Batch(this.options.now());
    const writer = this.store.batchWriter();
    // A freeze carries a write of its own (the withdrawal record) for the
    // same transaction: such a batch goes through the store's transaction.
    if (writer && !pending.some((p) => p.command.kind === 'freeze')) {
      await this.runOnWriter(writer, pending, batch);
      return;
    }
    await Promise.all(this.inFlight);
    if (this.broken) {
      this.queue.unshift(...pending);
      return;
    }
    try {
      // Reads, matching and writes in one transaction: what the batch checks
      // (balances, client order ids) cannot change before it commits.
      await this.store.transaction(async (repos) => {
        this.balances.clear();
        await this.prefetch(pending, batch, (users, clientIds) => readIn(repos, users, clientIds));
        this.applyAll(pending, batch);
        if (batch.orders.size > 0) await repos.spot.upsertOrders([...batch.orders.values()]);
        if (batch.fills.length > 0) await repos.spot.insertFills(batch.fills);
        await batch.journal.flush(repos);
        for (const write of batch.writes) await write(repos);
      });
    } catch (err) {
      this.fail(err, pending);
      return;
    }
    this.answer(pending, batch);
  }

  /**
   * A batch on the embedded store's writer thread, pipelined: it is matched
   * while the batches before it commit, and answered (in order) once its own
   * write has committed. Balances are held between batches: this host is the
   * one writer of everything spendable, and what others write (deposits,
   * rejected withdrawals) only adds, so a held balance is never more than
   * the store's. An order refused on a held balance is tried once more on a
   * fresh read.
   */
  private async runOnWriter(
    writer: SqliteBatchWriter,
    pending: Pending[],
    batch: Batch,
  ): Promise<void> {
    try {
      await this.prefetch(pending, batch, (users, clientIds) => writer.read(users, clientIds));
      this.applyAll(pending, batch);
    } catch (err) {
      this.fail(err, pending);
      return;
    }
    for (const p of batch.retry) {
      if (p.command.kind === 'place') this.balances.delete(p.command.userId);
    }
    for (const id of batch.noticedUsers) this.balances.delete(id);
    // Tried again at the head of the queue, and answered with that later batch.
    this.queue.unshift(...batch.retry);
    const answered = pending.filter((p) => !batch.retry.has(p));
    // Sent now, so that the writer commits batches in the order they were matched.
    const written = writer.write({
      orders: [...batch.orders.values()],
      fills: batch.fills,
      entries: batch.journal.entries as JournalEntryRow[],
      deltas: batch.journal.balanceDeltas(),
      now: batch.now,
    });
    const done = written.then(
      () => {
        this.inFlight.shift();
        this.answer(answered, batch);
      },
      (err: unknown) => {
        this.inFlight.shift();
        this.fail(err, answered);
      },
    );
    this.inFlight.push(done);
  }

  private applyAll(pending: Pending[], batch: Batch): void {
    for (const p of pending) {
      try {
        p.result = this.apply(p.command, batch);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        const { command } = p;
        if (
          err.code === ERRORS.INSUFFICIENT_BALANCE.code &&
          command.kind === 'place' &&
          !p.retried &&
          !batch.freshUsers.has(command.userId)
        ) {
          // The balance was held from earlier batches: a deposit may have landed since.
          p.retried = true;
          batch.retry.add(p);
          continue;
        }
        p.error = err;
      }
    }
  }

  /** Reads what the batch's commands check: balances not held yet, and client order ids already used. */
  private async prefetch(pending: Pending[], batch: Batch, read: BatchReader): Promise<void> {
    const clientIds: Array<[string, string]> = [];
    const users = new Set<string>();
    if (this.balances.size > MAX_HELD_BALANCES) this.balances.clear();
    for (const { command } of pending) {
      if (command.kind === 'place' || command.kind === 'freeze' || command.kind === 'debit') {
        if (!this.balances.has(command.userId)) users.add(command.userId);
      }
      if (command.kind === 'place' && command.order.clientOrderId !== null) {
        clientIds.push([command.userId, command.order.clientOrderId]);
      }
    }
    if (users.size === 0 && clientIds.length === 0) return;
    // Read after every write sent before: the store then holds all this host has matched.
    const { balances, taken } = await read([...users], clientIds);
    clientIds.forEach(([userId, clientOrderId], i) => {
      if (taken[i]) batch.takenClientIds.add(`${userId}\u0000${clientOrderId}`);
    });
    for (const id of users) {
      this.balances.set(id, new Map());
      batch.freshUsers.add(id);
    }
    for (const row of balances) {
      this.balances
        .get(row.user_id)
        ?.set(row.coin, { available: row.available, frozen: row.frozen });
    }
  }

  private userNumber(userId: string): number {
    let n = this.userNumbers.get(userId);
    if (n === undefined) {
      n = this.userNumbers.size + 1;
      this.userNumbers.set(userId, n);
    }
    return n;
  }

  private available(userId: string, coin: string): bigint {
    return this.balances.get(userId)?.get(coin)?.available ?? 0n;
  }

  /** Posts legs to the journal and mirrors them in the balances the host holds. */
  private post(batch: Batch, ref: string, kind: string, legs: Leg[]): void {
    batch.journal.post(ref, kind, legs);
    for (const leg of legs) {
      if (leg.userId === EXTERNAL_ACCOUNT) continue;
      const user = this.balances.get(leg.userId);
      if (!user) continue;
      let balance = user.get(leg.coin);
      if (!balance) {
        balance = { available: 0n, frozen: 0n };
        user.set(leg.coin, balance);
      }
      if (leg.bucket === 'available') balance.available += leg.amount;
      else balance.frozen += leg.amount;
    }
  }

  private apply(command: HostCommand, batch: Batch): HostResult {
    switch (command.kind) {
      case 'place':
        return this.place(command.userId, command.order, batch);
      case 'cancel':
        return this.cancel(command.userId, command.symbol, command.orderId, batch);
      case 'cancelAll':
        return this.cancelAll(command.userId, command.symbol, batch);
      case 'freeze': {
        if (this.available(command.userId, command.coin) < command.amount) {
          throw appError('INSUFFICIENT_BALANCE', { coin: command.coin });
        }
        this.post(
          batch,
          command.ref,
          'freeze',
          move(command.userId, command.coin, 'available', 'frozen', command.amount),
        );
        batch.writes.push(command.write);
        return { kind: 'done' };
      }
      case 'debit': {
        if (this.available(command.userId, command.coin) < command.amount) {
          throw appError('INSUFFICIENT_BALANCE', { coin: command.coin });
        }
        this.post(batch, command.ref, 'transfer', [
          {
            userId: command.userId,
            coin: command.coin,
            bucket: 'available',
            amount: -command.amount,
          },
          { userId: command.to, coin: command.coin, bucket: 'available', amount: command.amount },
        ]);
        return { kind: 'done' };
      }
      case 'notice':
        for (const id of command.userIds) batch.noticedUsers.add(id);
        return { kind: 'done' };
    }
  }

  private marketState(symbol: string): HostMarketState {
    const state = this.markets.get(symbol);
    if (!state) throw appError('MARKET_UNKNOWN');
    return state;
  }

  /** What a market order would cost (buy) or bring (sell) against the book, in minor units of the quote. */
  private walk(state: HostMarketState, side: Side, lots: number): { lots: number; quote: bigint } {
    const { quotePerTickLot } = state.market.scale;
    let levels = 32;
    for (;;) {
      const depth = state.book.depth(levels);
      const book = side === 'buy' ? depth.asks : depth.bids;
      let left = lots;
      let quote = 0n;
      for (const [price, quantity] of book) {
        const take = Math.min(left, quantity);
        quote += BigInt(price) * BigInt(take) * quotePerTickLot;
        left -= take;
        if (left === 0) break;
      }
      if (left === 0 || book.length < levels) return { lots: lots - left, quote };
      levels *= 4;
    }
  }

  private place(userId: string, order: CheckedOrder, batch: Batch): HostResult {
    const state = this.marketState(order.symbol);
    const { config, scale } = state.market;
    if (order.clientOrderId !== null) {
      const key = `${userId}\u0000${order.clientOrderId}`;
      if (batch.takenClientIds.has(key)) throw appError('CLIENT_ORDER_ID_TAKEN');
    }
    // What the order freezes, and in which coin.
    let coin: string;
    let freeze: bigint;
    if (order.type === 'limit') {
      if (order.side === 'buy') {
        coin = config.quote;
        freeze = BigInt(order.priceTicks) * BigInt(order.lots) * scale.quotePerTickLot;
      } else {
        coin = config.base;
        freeze = BigInt(order.lots) * scale.basePerLot;
      }
    } else if (order.side === 'sell') {
      coin = config.base;
      freeze = BigInt(order.lots) * scale.basePerLot;
      const proceeds = this.walk(state, 'sell', order.lots);
      if (proceeds.lots === 0) throw appError('NO_LIQUIDITY');
      if (proceeds.quote < this.minNotional(state)) {
        throw appError('NOTIONAL_TOO_SMALL', {
          minNotional: config.minNotional,
          coin: config.quote,
        });
      }
    } else if (order.quoteAmount > 0n) {
      coin = config.quote;
      freeze = order.quoteAmount;
      if (state.book.bestAsk() === undefined) throw appError('NO_LIQUIDITY');
    } else {
      coin = config.quote;
      const cost = this.walk(state, 'buy', order.lots);
      if (cost.lots === 0) throw appError('NO_LIQUIDITY');
      if (cost.quote < this.minNotional(state)) {
        throw appError('NOTIONAL_TOO_SMALL', {
          minNotional: config.minNotional,
          coin: config.quote,
        });
      }
      freeze = cost.quote;
    }
    if (this.available(userId, coin) < freeze) throw appError('INSUFFICIENT_BALANCE', { coin });

    const orderId = this.nextOrderId;
    const userNumber = this.userNumber(userId);
    const time = batch.now;
    const events: EngineEvent[] =
      order.type === 'limit'
        ? state.book.execute({
            type: 'limit',
            orderId,
            userId: userNumber,
            side: order.side,
            price: order.priceTicks,
            quantity: order.lots,
            timeInForce: order.timeInForce ?? 'GTC',
            time,
          })
        : order.quoteAmount > 0n
          ? state.book.execute({
              type: 'marketQuote',
              orderId,
              userId: userNumber,
              quoteAmount: Number(order.quoteAmount / scale.quotePerTickLot),
              time,
            })
          : state.book.execute({
              type: 'market',
              orderId,
              userId: userNumber,
              side: order.side,
              quantity: order.lots,
              time,
            });
    const first = events[0];
    if (first?.type === 'rejected') {
      switch (first.reason) {
        case 'POST_ONLY_WOULD_TAKE':
          throw appError('POST_ONLY_WOULD_TAKE');
        case 'FOK_NOT_FILLABLE':
          throw appError('FOK_NOT_FILLABLE');
        case 'NO_LIQUIDITY':
          throw appError('NO_LIQUIDITY');
        case 'INVALID_PRICE':
          throw appError('PRICE_INVALID', { tick: config.tickSize });
        default:
          throw appError('QUANTITY_INVALID', { lot: config.lotSize });
      }
    }
    this.nextOrderId += 1;
    if (order.clientOrderId !== null) {
      batch.takenClientIds.add(`${userId}\u0000${order.clientOrderId}`);
    }
    const row: SpotOrderRow = {
      id: orderId,
      user_id: userId,
      client_order_id: order.clientOrderId,
      symbol: config.symbol,
      side: order.side,
      type: order.type,
      time_in_force: order.type === 'limit' ? (order.timeInForce ?? 'GTC') : null,
      price_ticks: order.type === 'limit' ? order.priceTicks : 0,
      quantity_lots: order.quoteAmount > 0n ? 0 : order.lots,
      quote_amount: order.quoteAmount,
      filled_lots: 0,
      filled_quote: 0n,
      frozen: freeze,
      status: 'NEW',
      created_at: time,
      updated_at: time,
    };
    this.live.set(orderId, row);
    batch.orders.set(orderId, row);
    this.post(
      batch,
      `place:${orderId}`,
      'freeze',
      move(userId, coin, 'available', 'frozen', freeze),
    );
    this.settle(state, events, batch);
    return { kind: 'order', order: row };
  }

  private minNotional(state: HostMarketState): bigint {
    return toMinor(state.market.config.minNotional) ?? 0n;
  }

  /** Applies a command's events to the orders and the ledger. */
  private settle(state: HostMarketState, events: EngineEvent[], batch: Batch): void {
    const { config, scale } = state.market;
    for (const event of events) {
      switch (event.type) {
        case 'accepted': {
          const row = this.live.get(event.orderId);
          if (row && row.type === 'limit')
            batch.touch(config.symbol, row.side as Side, row.price_ticks);
          break;
        }
        case 'fill': {
          const maker = this.live.get(event.makerOrderId);
          const taker = this.live.get(event.takerOrderId);
          if (!maker || !taker)
            throw new Error(`fill ${event.makerOrderId}/${event.takerOrderId} without its orders`);
          const fillId = this.nextFillId;
          this.nextFillId += 1;
          const quote = BigInt(event.price) * BigInt(event.quantity) * scale.quotePerTickLot;
          const base = BigInt(event.quantity) * scale.basePerLot;
          const buyer = event.takerSide === 'buy' ? taker : maker;
          const seller = event.takerSide === 'buy' ? maker : taker;
          const buyerFee = feeOf(base, buyer === maker ? config.makerFee_bps : config.takerFee_bps);
          const sellerFee = feeOf(
            quote,
            seller === maker ? config.makerFee_bps : config.takerFee_bps,
          );
          this.post(batch, `fill:${fillId}`, 'trade', [
            { userId: buyer.user_id, coin: config.quote, bucket: 'frozen', amount: -quote },
            {
              userId: seller.user_id,
              coin: config.quote,
              bucket: 'available',
              amount: quote - sellerFee,
            },
            { userId: FEE_ACCOUNT, coin: config.quote, bucket: 'available', amount: sellerFee },
            { userId: seller.user_id, coin: config.base, bucket: 'frozen', amount: -base },
            {
              userId: buyer.user_id,
              coin: config.base,
              bucket: 'available',
              amount: base - buyerFee,
            },
            { userId: FEE_ACCOUNT, coin: config.base, bucket: 'available', amount: buyerFee },
          ]);
          for (const row of [maker, taker]) {
            row.filled_lots += event.quantity;
            row.filled_quote += quote;
            row.frozen -= row === buyer ? quote : base;
            row.status = 'PARTIALLY_FILLED';
            row.updated_at = batch.now;
            batch.orders.set(row.id, row);
          }
          batch.touch(config.symbol, opposite(event.takerSide), event.price);
          const fill: SpotFillRow = {
            id: fillId,
            symbol: config.symbol,
            price_ticks: event.price,
            lots: event.quantity,
            taker_side: event.takerSide,
            maker_order_id: maker.id,
            maker_user_id: maker.user_id,
            maker_fee: maker === buyer ? buyerFee : sellerFee,
            taker_order_id: taker.id,
            taker_user_id: taker.user_id,
            taker_fee: taker === buyer ? buyerFee : sellerFee,
            created_at: batch.now,
          };
          batch.fills.push(fill);
          batch.trades.push({
            id: String(fillId),
            symbol: config.symbol,
            price: ticksToPrice(event.price, config),
            quantity: lotsToQuantity(event.quantity, config),
            quoteQuantity: fromMinor(quote),
            side: event.takerSide,
            time: batch.now,
          });
          break;
        }
        case 'cancelled': {
          const row = this.live.get(event.orderId);
          if (!row) throw new Error(`cancel of unknown order ${event.orderId}`);
          row.status = row.filled_lots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
          row.updated_at = batch.now;
          batch.orders.set(row.id, row);
          if (row.type === 'limit') batch.touch(config.symbol, row.side as Side, row.price_ticks);
          break;
        }
        case 'done': {
          const row = this.live.get(event.orderId);
          if (!row) throw new Error(`end of unknown order ${event.orderId}`);
          if (LIVE.has(row.status)) row.status = 'FILLED';
          if (row.frozen > 0n) {
            const coin = row.side === 'buy' ? config.quote : config.base;
            this.post(
              batch,
              `release:${row.id}`,
              'release',
              move(row.user_id, coin, 'frozen', 'available', row.frozen),
            );
            row.frozen = 0n;
          }
          row.updated_at = batch.now;
          batch.orders.set(row.id, row);
          this.live.delete(row.id);
          break;
        }
        case 'rejected':
          throw new Error(`unexpected rejection ${event.reason} while settling`);
      }
    }
  }

  private cancel(userId: string, symbol: string, orderId: number, batch: Batch): HostResult {
    const state = this.marketState(symbol);
    const row = this.live.get(orderId);
    if (!row || row.user_id !== userId || row.symbol !== symbol) throw appError('ORDER_NOT_FOUND');
    const events = state.book.execute({
      type: 'cancel',
      orderId,
      userId: this.userNumber(userId),
      time: batch.now,
    });
    if (events[0]?.type === 'rejected') throw appError('ORDER_NOT_FOUND');
    this.settle(state, events, batch);
    return { kind: 'order', order: row };
  }

  private cancelAll(userId: string, symbol: string, batch: Batch): HostResult {
    const state = this.marketState(symbol);
    const events = state.book.execute({
      type: 'cancelAll',
      userId: this.userNumber(userId),
      time: batch.now,
    });
    if (events[0]?.type === 'rejected') return { kind: 'cancelled', count: 0 };
    this.settle(state, events, batch);
    return { kind: 'cancelled', count: events.filter((e) => e.type === 'cancelled').length };
  }

  private publish(batch: Batch): void {
    if (batch.trades.length > 0) {
      for (const listener of this.tradeListeners) this.safely(() => listener(batch.trades));
    }
    for (const [symbol, touched] of batch.touched) {
      const state = this.markets.get(symbol);
      if (!state) continue;
      state.seq += 1;
      const change: BookChange = { symbol, seq: state.seq, bids: [], asks: [] };
      const { config } = state.market;
      for (const key of touched) {
        const side: Side = key.startsWith('b') ? 'buy' : 'sell';
        const price = Number(key.slice(2));
        const level: [string, string] = [
          ticksToPrice(price, config),
          lotsToQuantity(state.book.levelQuantity(side, price), config),
        ];
        (side === 'buy' ? change.bids : change.asks).push(level);
      }
      for (const listener of this.bookListeners) this.safely(() => listener(change));
    }
    const balanceUsers = batch.journal.users();
    for (const id of batch.noticedUsers) balanceUsers.add(id);
    balanceUsers.delete(FEE_ACCOUNT);
    if (batch.orders.size > 0 || balanceUsers.size > 0) {
      const updates: UserUpdates = {
        orders: [...batch.orders.values()].map((row) => ({ ...row })),
        fills: batch.fills,
        balanceUsers,
      };
      for (const listener of this.userListeners) this.safely(() => listener(updates));
    }
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.options.onError?.(err, 'spot listener failed');
    }
  }

  onTrades(listener: Listener<MarketTrade[]>): () => void {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  onBookChange(listener: Listener<BookChange>): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }

  onUserUpdates(listener: Listener<UserUpdates>): () => void {
    this.userListeners.add(listener);
    return () => this.userListeners.delete(listener);
  }

  book(symbol: string, levels: number): BookSnapshot {
    const state = this.markets.get(symbol);
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
