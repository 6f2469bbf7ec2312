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
 */
import { FastOrderBook, type EngineEvent, type Side } from '@quay/engine';
import {
  Decimal,
  ERRORS,
  MARGIN_MODE,
  POSITION_MODE,
  type DecimalValue,
  type FuturesOrderSource,
  type FuturesTimeInForce,
  type MarginMode,
  type PositionMode,
  type PositionSide,
  type TriggerPriceType,
} from '@quay/core';
import { AppError, appError } from '../../kernel/app-error';
import {
  EXTERNAL_ACCOUNT,
  FEE_ACCOUNT,
  DEMO_SOURCE,
  Journal,
  type Leg,
} from '../../kernel/journal';
import { feeOf, fromMinor } from '../../kernel/money';
import type { PerpMarket, PerpMarkets } from './perp-markets';
import type { Store } from '../../kernel/db/db';
import type { FuturesDocument } from '../../kernel/db/futures-repository';
import type { Repositories } from '../../kernel/db/repositories';
import {
  CLEARING_ACCOUNT,
  LONG,
  PROTECTION_FUND,
  SHORT,
  decimalOfMinor,
  directionOfSide,
  fromDoc,
  initialOf,
  leverageCapAt,
  maintenanceAt,
  minorCeil,
  notionalCapOf,
  openingSide,
  pnlAt,
  positionKey,
  toDoc,
  trailTo,
  valueOf,
  walletOf,
  type FillDoc,
  type FundingDoc,
  type Order,
  type Plan,
  type Position,
  type SymbolSettings,
  type TrailingState,
} from './futures-state';
import type {
  BookChange,
  BookSnapshot,
  MarketEvents,
  MarketTrade,
} from '../../kernel/market-events';

export const DEFAULT_LEVERAGE = 20;
/** Interest part of the funding rate per 8 hours, as the large exchanges use. */
const INTEREST_PER_8H = new Decimal('0.0001');
const EIGHT_HOURS = 8 * 3600 * 1000;
/** Smoothing of the book basis in the mark price: about five minutes of one-second ticks. */
const BASIS_ALPHA = new Decimal(2).div(301);

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
}

interface Pending {
  command: FuturesCommand;
  resolve: (r: FuturesResult) => void;
  reject: (e: unknown) => void;
}

interface MarketState {
  market: PerpMarket;
  book: FastOrderBook;
  seq: number;
  lastTicks: number;
  markTicks: number;
  index: DecimalValue | null;
  basis: DecimalValue | null;
  premiumSum: DecimalValue;
  premiumCount: number;
  lastFundingRate: DecimalValue | null;
  nextFundingTime: number;
}

interface Wallet {
  available: bigint;
  frozen: bigint;
}

class Batch {
  readonly journal: Journal;
  readonly orders = new Map<number, Order>();
  readonly plans = new Map<number, Plan>();
  readonly positions = new Map<string, Position>();
  readonly settings = new Map<string, FuturesDocument>();
  readonly fills: FillDoc[] = [];
  readonly funding: FundingDoc[] = [];
  readonly docs: Array<{ table: 'futures_funding'; row: FuturesDocument }> = [];
  readonly trades: MarketTrade[] = [];
  readonly touched = new Map<string, Set<string>>();
  readonly owners = new Set<string>();
  readonly spotCredits = new Set<string>();
  constructor(readonly now: number) {
    this.journal = new Journal(now);
  }
  touch(symbol: string, side: Side, price: number): void {
    let set = this.touched.get(symbol);
    if (!set) this.touched.set(symbol, (set = new Set()));
    set.add(`${side === 'buy' ? 'b' : 's'}:${price}`);
  }
}

type Listener<T> = (value: T) => void;

export class FuturesHost implements MarketEvents {
  private readonly markets = new Map<string, MarketState>();
  private readonly positions = new Map<string, Position>();
  private readonly live = new Map<number, Order>();
  /** The same orders and the positions by owner: the checks of one order read only its owner's. */
  private readonly liveByOwner = new Map<string, Map<number, Order>>();
  private readonly positionsByOwner = new Map<string, Map<string, Position>>();
  private readonly plans = new Map<number, Plan>();
  private readonly settings = new Map<string, SymbolSettings>();
  private readonly modes = new Map<string, PositionMode>();
  private readonly wallets = new Map<string, Wallet>();
  private readonly userNumbers = new Map<string, number>();
  private readonly ownersByNumber = new Map<number, string>();
  private nextOrderId = 1;
  private nextFillId = 1;
  private nextPlanId = 1;
  private queue: Pending[] = [];
  private running = false;
  private started = false;
  private readonly tradeListeners = new Set<Listener<MarketTrade[]>>();
  private readonly bookListeners = new Set<Listener<BookChange>>();
  private readonly updateListeners = new Set<Listener<FuturesUpdates>>();
  private readonly markListeners = new Set<Listener<MarkState[]>>();
  private timer: NodeJS.Timeout | null = null;
  /** Owners that trade without fees: the simulator's system accounts. */
  readonly feeFreeOwners = new Set<string>();

  constructor(
    private readonly store: Store,
    readonly perpMarkets: PerpMarkets,
    private readonly options: FuturesHostOptions,
  ) {
    for (const market of perpMarkets.all()) {
      this.markets.set(market.config.symbol, this.freshMarket(market));
    }
  }

  private freshMarket(market: PerpMarket): MarketState {
    return {
      market,
      book: new FastOrderBook(),
      seq: 0,
      lastTicks: 0,
      markTicks: 0,
      index: null,
      basis: null,
      premiumSum: new Decimal(0),
      premiumCount: 0,
      lastFundingRate: null,
      nextFundingTime: this.nextFundingAfter(this.options.now()),
    };
  }

  private nextFundingAfter(time: number): number {
    const interval = this.options.fundingIntervalMs;
    return (Math.floor(time / interval) + 1) * interval;
  }

  // -------------------------------------------------------------------------
  // Start, queue, batches

  async start(): Promise<void> {
    await this.seedFund();
    await this.rebuild();
    this.started = true;
  }

  /** Credits the protection fund's seed once per settlement coin, from outside the exchange. */
  private async seedFund(): Promise<void> {
    if (this.options.fundSeed <= 0n) return;
    const coins = new Map<string, 'real' | 'demo'>();
    for (const m of this.perpMarkets.all()) coins.set(m.config.quote, m.side);
    const now = this.options.now();
    await this.store.transaction(async (repos) => {
      const held = await repos.ledger.balancesOf([PROTECTION_FUND]);
      const journal = new Journal(now);
      for (const [coin, side] of coins) {
        if (held.some((b) => b.coin === coin)) continue;
        const source = side === 'demo' ? DEMO_SOURCE : EXTERNAL_ACCOUNT;
        journal.post(`fund-seed:${coin}`, 'fund_seed', [
          { userId: source, coin, bucket: 'available', amount: -this.options.fundSeed },
          { userId: PROTECTION_FUND, coin, bucket: 'available', amount: this.options.fundSeed },
        ]);
      }
      await journal.flush(repos);
    });
  }

  private async rebuild(): Promise<void> {
    this.positions.clear();
    this.live.clear();
    this.liveByOwner.clear();
    this.positionsByOwner.clear();
    this.plans.clear();
    this.settings.clear();
    this.modes.clear();
    this.wallets.clear();
    for (const [symbol, state] of this.markets) {
      const fresh = this.freshMarket(state.market);
      fresh.seq = state.seq + 2;
      fresh.lastTicks = state.lastTicks;
      fresh.markTicks = state.markTicks;
      fresh.index = state.index;
      fresh.basis = state.basis;
      fresh.lastFundingRate = state.lastFundingRate;
      this.markets.set(symbol, fresh);
    }
    const repo = this.store.repos.futures;
    this.nextOrderId = (await repo.maxId('futures_orders')) + 1;
    this.nextFillId = (await repo.maxId('futures_fills')) + 1;
    this.nextPlanId = (await repo.maxId('futures_plans')) + 1;
    for (const text of await repo.documents('futures_settings')) {
      const doc = fromDoc<{ key: string; settings?: SymbolSettings; mode?: PositionMode }>(text);
      if (doc.settings) this.settings.set(doc.key, doc.settings);
      if (doc.mode) this.modes.set(doc.key, doc.mode);
    }
    for (const text of await repo.documents('futures_positions', { minLots: 1 })) {
      const p = fromDoc<Position>(text);
      this.addPosition(p);
    }
    for (const text of await repo.documents('futures_plans', { statuses: ['WAITING'] })) {
      const plan = fromDoc<Plan>(text);
      this.plans.set(plan.id, plan);
    }
    for (const text of await repo.liveOrders()) {
      const order = fromDoc<Order>(text);
      const state = this.markets.get(order.symbol);
      if (!state) throw new Error(`futures order ${order.id} is in unknown market ${order.symbol}`);
      const events = state.book.execute({
        type: 'limit',
        orderId: order.id,
        userId: this.userNumber(order.owner),
        side: order.side,
        price: order.priceTicks,
        quantity: order.lots - order.filledLots,
        timeInForce: 'GTC',
        time: order.createdAt,
      });
      if (events[0]?.type !== 'accepted')
        throw new Error(`futures order ${order.id} did not rest again`);
      this.addLive(order);
    }
    const owners = new Set<string>([PROTECTION_FUND]);
    for (const p of this.positions.values()) owners.add(p.owner);
    for (const o of this.live.values()) owners.add(o.owner);
    await this.loadWallets([...owners].map(walletOf));
  }

  private async loadWallets(accounts: string[]): Promise<void> {
    const missing = [...new Set(accounts)].filter((a) => !this.wallets.has(`${a}|*`));
    if (missing.length === 0) return;
    const rows = await this.store.repos.ledger.balancesOf(missing);
    for (const account of missing) this.wallets.set(`${account}|*`, { available: 0n, frozen: 0n });
    for (const row of rows) {
      this.wallets.set(`${row.user_id}|${row.coin}`, {
        available: BigInt(row.available),
        frozen: BigInt(row.frozen),
      });
    }
  }

  private wallet(account: string, coin: string): Wallet {
    const key = `${account}|${coin}`;
    let w = this.wallets.get(key);
    if (!w) this.wallets.set(key, (w = { available: 0n, frozen: 0n }));
    return w;
  }

  submit(command: FuturesCommand): Promise<FuturesResult> {
    if (!this.started) return Promise.reject(appError('SERVICE_BUSY'));
    if (this.queue.length >= 20_000) return Promise.reject(appError('SERVICE_BUSY'));
    return new Promise((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (!this.running) {
        this.running = true;
        setImmediate(() => void this.drain());
      }
    });
  }

  async idle(): Promise<void> {
    while (this.running) await new Promise((r) => setImmediate(r));
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) await this.runBatch(this.queue.splice(0, 500));
    } finally {
      this.running = false;
    }
  }

  private async runBatch(pending: Pending[]): Promise<void> {
    const batch = new Batch(this.options.now());
    const results: Array<{ ok: boolean; value: unknown }> = [];
    try {
      // Wallets of the callers first: every command then runs without waiting.
      const accounts: string[] = [];
      for (const { command } of pending) {
        if ('owner' in command) accounts.push(walletOf(command.owner));
        if (command.kind === 'notice') {
          for (const a of command.accounts) this.wallets.delete(`${a.account}|*`);
          accounts.push(...command.accounts.map((a) => a.account));
        }
      }
      await this.loadWallets(accounts);
      for (const p of pending) {
        try {
          results.push({ ok: true, value: this.apply(p.command, batch) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          results.push({ ok: false, value: err });
        }
      }
      await this.store.transaction((repos) => this.write(repos, batch));
    } catch (err) {
      this.options.onError?.(err, 'futures batch failed; rebuilding from the store');
      for (const p of pending) p.reject(appError('SERVICE_BUSY'));
      try {
        await this.rebuild();
      } catch (rebuildErr) {
        this.options.onError?.(rebuildErr, 'futures host could not rebuild');
        this.started = false;
      }
      return;
    }
    pending.forEach((p, i) => {
      const r = results[i];
      if (r?.ok) p.resolve(r.value as FuturesResult);
      else p.reject(r?.value);
    });
    this.publish(batch);
  }

  private async write(repos: Repositories, batch: Batch): Promise<void> {
    await batch.journal.flush(repos);
    const repo = repos.futures;
    await repo.upsert(
      'futures_orders',
      [...batch.orders.values()].map((o) => ({
        id: o.id,
        user_id: o.owner,
        symbol: o.symbol,
        status: o.status,
        created_at: o.createdAt,
        updated_at: o.updatedAt,
        data: toDoc(o),
      })),
    );
    await repo.upsert(
      'futures_fills',
      batch.fills.map((f) => ({
        id: f.id,
        user_id: f.owner,
        symbol: f.symbol,
        created_at: f.time,
        data: toDoc(f),
      })),
    );
    await repo.upsert(
      'futures_positions',
      [...batch.positions.values()].map((p) => ({
        id: p.id,
        user_id: p.owner,
        symbol: p.symbol,
        lots: p.lots,
        updated_at: p.updatedAt,
        data: toDoc(p),
      })),
    );
    await repo.upsert(
      'futures_plans',
      [...batch.plans.values()].map((p) => ({
        id: p.id,
        user_id: p.owner,
        symbol: p.symbol,
        status: p.status,
        created_at: p.createdAt,
        updated_at: p.updatedAt,
        data: toDoc(p),
      })),
    );
    await repo.upsert('futures_settings', [...batch.settings.values()]);
    await repo.upsert('futures_funding', [
      ...batch.funding.map((f) => ({
        id: f.id,
        user_id: f.owner,
        symbol: f.symbol,
        created_at: f.time,
        data: toDoc(f),
      })),
      ...batch.docs.map((d) => d.row),
    ]);
  }

  private publish(batch: Batch): void {
    for (const [symbol, levels] of batch.touched) {
      const state = this.markets.get(symbol);
      if (!state) continue;
      state.seq += 1;
      const change: BookChange = { symbol, seq: state.seq, bids: [], asks: [] };
      for (const key of levels) {
        const price = Number(key.slice(2));
        const side: Side = key[0] === 'b' ? 'buy' : 'sell';
        const lots = state.book.levelQuantity(side, price);
        const level: [string, string] = [
          this.priceText(state.market, price),
          this.lotsText(state.market, lots),
        ];
        (side === 'buy' ? change.bids : change.asks).push(level);
      }
      for (const l of this.bookListeners) this.safely(() => l(change));
    }
    if (batch.trades.length > 0) {
      for (const l of this.tradeListeners) this.safely(() => l(batch.trades));
    }
    const updates: FuturesUpdates = {
      orders: [...batch.orders.values()],
      plans: [...batch.plans.values()],
      owners: batch.owners,
    };
    if (updates.orders.length + updates.plans.length + updates.owners.size > 0) {
      for (const l of this.updateListeners) this.safely(() => l(updates));
    }
    if (batch.spotCredits.size > 0) this.options.onSpotCredit?.([...batch.spotCredits]);
  }

  private safely(fn: () => void): void {
    try {
      fn();
    } catch (err) {
      this.options.onError?.(err, 'futures listener failed');
    }
  }

  // -------------------------------------------------------------------------
  // Commands

  private apply(command: FuturesCommand, batch: Batch): FuturesResult {
    switch (command.kind) {
      case 'place':
        return { kind: 'order', order: this.place(command.owner, command.order, 'user', batch) };
      case 'cancel':
        return this.cancel(command.owner, command.orderId, batch);
      case 'cancelAll':
        return { kind: 'count', count: this.cancelAll(command.owner, command.symbols, batch) };
      case 'closePosition':
        return this.closePosition(command, batch);
      case 'closeAll':
        return { kind: 'count', count: this.closeAll(command.owner, command.symbols, batch) };
      case 'leverage':
        return this.setLeverage(command, batch);
      case 'marginMode':
        return this.setMarginMode(command, batch);
      case 'positionMode':
        return this.setPositionMode(command, batch);
      case 'adjustMargin':
        return this.adjustMargin(command, batch);
      case 'tpsl':
        return this.setTpSl(command, batch);
      case 'placePlan':
        return { kind: 'plan', plan: this.placePlan(command.owner, command.plan, batch) };
      case 'cancelPlan':
        return this.cancelPlan(command.owner, command.planId, batch);
      case 'transferOut':
        return this.transferOut(command, batch);
      case 'notice':
        for (const a of command.accounts) batch.owners.add(a.account.replace(/^f:/, ''));
        return { kind: 'done' };
      case 'resetDemo':
        this.resetDemo(command, batch);
        return { kind: 'done' };
      case 'tick':
        this.tick(batch);
        return { kind: 'done' };
      case 'funding':
        for (const symbol of command.symbols) this.settleFunding(this.marketState(symbol), batch);
        return { kind: 'done' };
    }
  }

  private marketState(symbol: string): MarketState {
    const state = this.markets.get(symbol);
    if (!state) throw appError('MARKET_UNKNOWN');
    return state;
  }

  private coinOf(symbol: string): string {
    return this.marketState(symbol).market.config.quote;
  }

  positionMode(owner: string, coin: string): PositionMode {
    return this.modes.get(`${owner}|${coin}`) ?? POSITION_MODE.oneWay;
  }

  symbolSettings(owner: string, symbol: string): SymbolSettings {
    return (
      this.settings.get(`${owner}|${symbol}`) ?? {
        marginMode: MARGIN_MODE.cross,
        long: Math.min(DEFAULT_LEVERAGE, this.marketState(symbol).market.maxLeverage),
        short: Math.min(DEFAULT_LEVERAGE, this.marketState(symbol).market.maxLeverage),
      }
    );
  }

  private saveSettings(owner: string, symbol: string, s: SymbolSettings, batch: Batch): void {
    const key = `${owner}|${symbol}`;
    this.settings.set(key, s);
    batch.settings.set(key, { id: key, user_id: owner, data: toDoc({ key, settings: s }) });
    batch.owners.add(owner);
  }

  position(owner: string, symbol: string, side: PositionSide): Position | undefined {
    const p = this.positions.get(positionKey(owner, symbol, side));
    return p && p.lots > 0 ? p : undefined;
  }

  private ensurePosition(owner: string, symbol: string, side: PositionSide, now: number): Position {
    const id = positionKey(owner, symbol, side);
    let p = this.positions.get(id);
    if (!p || p.lots === 0) {
      const s = this.symbolSettings(owner, symbol);
      p = {
        id,
        owner,
        symbol,
        side,
        marginMode: s.marginMode,
        leverage: side === LONG ? s.long : s.short,
        lots: 0,
        cost: 0n,
        margin: 0n,
        openedLots: 0,
        closedLots: 0,
        realised: 0n,
        tp: 0,
        sl: 0,
        tpslTrigger: 'mark',
        createdAt: now,
        updatedAt: now,
      };
      this.addPosition(p);
    }
    return p;
  }

  ownerPositions(owner: string, coin?: string): Position[] {
    const out: Position[] = [];
    for (const p of this.positionsByOwner.get(owner)?.values() ?? []) {
      if (p.lots === 0) continue;
      if (coin && this.coinOf(p.symbol) !== coin) continue;
      out.push(p);
    }
    return out;
  }

  /** An owner's live orders, a copy: callers may cancel while they walk it. */
  ownerOrders(owner: string): Order[] {
    return [...(this.liveByOwner.get(owner)?.values() ?? [])];
  }

  private addLive(order: Order): void {
    this.live.set(order.id, order);
    let mine = this.liveByOwner.get(order.owner);
    if (!mine) this.liveByOwner.set(order.owner, (mine = new Map()));
    mine.set(order.id, order);
  }

  private dropLive(order: Order): void {
    this.live.delete(order.id);
    const mine = this.liveByOwner.get(order.owner);
    mine?.delete(order.id);
    if (mine?.size === 0) this.liveByOwner.delete(order.owner);
  }

  private addPosition(p: Position): void {
    this.positions.set(p.id, p);
    let mine = this.positionsByOwner.get(p.owner);
    if (!mine) this.positionsByOwner.set(p.owner, (mine = new Map()));
    mine.set(p.id, p);
  }

  ownerPlans(owner: string): Plan[] {
    return [...this.plans.values()].filter((p) => p.owner === owner);
  }

  private userNumber(owner: string): number {
    let n = this.userNumbers.get(owner);
    if (n === undefined) {
      n = this.userNumbers.size + 1;
      this.userNumbers.set(owner, n);
      this.ownersByNumber.set(n, owner);
    }
    return n;
  }

  /** The price a position is valued at: the mark, else the last trade, else its entry. */
  markOf(symbol: string): number {
    const state = this.marketState(symbol);
    return state.markTicks || state.lastTicks;
  }

  // ----- risk figures, minor units ------------------------------------------

  /** Margin and opening fee held by an owner's open orders in one coin. */
  orderMargin(owner: string, coin: string): bigint {
    let sum = 0n;
    for (const o of this.ownerOrders(owner)) {
      if (o.owner !== owner || o.openLots === 0) continue;
      const market = this.marketState(o.symbol).market;
      if (market.config.quote !== coin) continue;
      const lots = Math.min(o.openLots, o.lots - o.filledLots);
      const value = valueOf(market, o.priceTicks, lots);
      sum += initialOf(value, o.leverage) + feeOf(value, market.config.takerFee_bps);
    }
    return sum;
  }

  /** The cross figures of an owner in one coin: unrealised PnL, initial and maintenance margin at the mark. */
  crossFigures(owner: string, coin: string): { upnl: bigint; im: bigint; mm: bigint } {
    let upnl = 0n;
    let im = 0n;
    let mm = 0n;
    for (const p of this.ownerPositions(owner, coin)) {
      if (p.marginMode !== MARGIN_MODE.cross) continue;
      const market = this.marketState(p.symbol).market;
      const mark =
        this.markOf(p.symbol) || Number(p.cost / (BigInt(p.lots) * market.scale.quotePerTickLot));
      upnl += pnlAt(market, p, mark);
      im += initialOf(valueOf(market, mark, p.lots), p.leverage);
      mm += maintenanceAt(market, p.lots, mark);
    }
    return { upnl, im, mm };
  }

  /** What a new order may use: cross wallet + cross PnL - cross initial margin - order margin. */
  availableFor(owner: string, coin: string): bigint {
    const w = this.wallet(walletOf(owner), coin);
    const cross = this.crossFigures(owner, coin);
    const free = w.available + cross.upnl - cross.im - this.orderMargin(owner, coin);
    return free > 0n ? free : 0n;
  }

  /** What may leave the futures wallet now: as availableFor, but a gain not yet realised does not count. */
  transferable(owner: string, coin: string): bigint {
    const w = this.wallet(walletOf(owner), coin);
    const cross = this.crossFigures(owner, coin);
    const loss = cross.upnl < 0n ? cross.upnl : 0n;
    const free = w.available + loss - cross.im - this.orderMargin(owner, coin);
    return free > 0n ? free : 0n;
  }

  walletBalance(owner: string, coin: string): Wallet {
    return { ...this.wallet(walletOf(owner), coin) };
  }

  // ----- ledger helpers -------------------------------------------------------

  private post(batch: Batch, ref: string, kind: string, legs: Leg[]): void {
    batch.journal.post(ref, kind, legs);
    for (const leg of legs) {
      if (leg.userId === CLEARING_ACCOUNT || leg.userId === EXTERNAL_ACCOUNT) continue;
      if (leg.userId === DEMO_SOURCE || leg.userId === FEE_ACCOUNT) continue;
      if (!leg.userId.startsWith('f:') && leg.userId !== PROTECTION_FUND) continue;
      const w = this.wallet(leg.userId, leg.coin);
      if (leg.bucket === 'available') w.available += leg.amount;
      else w.frozen += leg.amount;
      batch.owners.add(leg.userId.replace(/^f:/, ''));
    }
  }

  /**
   * Keeps a wallet from going below zero after a loss: the protection fund
   * pays the shortfall; if even the fund cannot, the rest is a socialised
   * loss carried by '@clearing' (journaled as such).
   */
  private coverShortfall(owner: string, coin: string, symbol: string, batch: Batch): void {
    const account = walletOf(owner);
    const w = this.wallet(account, coin);
    if (w.available >= 0n) return;
    const need = -w.available;
    if (owner !== PROTECTION_FUND) {
      const fund = this.wallet(PROTECTION_FUND, coin).available;
      const paid = fund >= need ? need : fund > 0n ? fund : 0n;
      if (paid > 0n) {
        this.post(batch, `fund-payout:${symbol}:${batch.now}:${owner}`, 'fund_payout', [
          { userId: PROTECTION_FUND, coin, bucket: 'available', amount: -paid },
          { userId: account, coin, bucket: 'available', amount: paid },
        ]);
      }
      if (paid === need) return;
    }
    const rest = -this.wallet(account, coin).available;
    this.options.onError?.(new Error(`socialised loss ${rest} ${coin} on ${symbol}`), 'futures');
    this.post(batch, `socialised:${symbol}:${batch.now}:${owner}`, 'socialised_loss', [
      { userId: CLEARING_ACCOUNT, coin, bucket: 'available', amount: -rest },
      { userId: account, coin, bucket: 'available', amount: rest },
    ]);
  }

  // ----- placing and matching -------------------------------------------------

  private liveOrderOf(owner: string, orderId: number): Order {
    const order = this.live.get(orderId);
    if (!order || order.owner !== owner) throw appError('ORDER_NOT_FOUND');
    return order;
  }

  /** Lots of a position that open orders already close. */
  private closingLots(
    owner: string,
    symbol: string,
    positionSide: PositionSide,
    except = 0,
  ): number {
    let sum = 0;
    for (const o of this.ownerOrders(owner)) {
      if (o.id === except || o.owner !== owner || o.symbol !== symbol) continue;
      if (o.positionSide !== positionSide) continue;
      const closes = o.side !== (positionSide === LONG ? 'buy' : 'sell');
      if (closes) sum += o.lots - o.filledLots;
    }
    return sum;
  }

  /** The best price a market order of `lots` would reach, walking the book; 0 with no book. */
  private walkPrice(state: MarketState, side: 'buy' | 'sell', lots: number): number {
    const depth = state.book.depth(200);
    const levels = side === 'buy' ? depth.asks : depth.bids;
    let left = lots;
    let last = 0;
    for (const [price, qty] of levels) {
      last = price;
      left -= qty;
      if (left <= 0) break;
    }
    return last;
  }

  private place(
    owner: string,
    input: CheckedFuturesOrder,
    source: FuturesOrderSource,
    batch: Batch,
  ): Order {
    const state = this.marketState(input.symbol);
    const { market } = state;
    const coin = market.config.quote;
    const mode = this.positionMode(owner, coin);
    const settings = this.symbolSettings(owner, input.symbol);
    if (mode === POSITION_MODE.hedge && input.positionSide === null) {
      throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is required in hedge mode' });
    }
    if (mode === POSITION_MODE.hedge && input.reduceOnly && source === 'user') {
      throw appError('POSITION_SIDE_INVALID', {
        detail: 'hedge mode closes by positionSide, not reduceOnly',
      });
    }
    if (mode === POSITION_MODE.oneWay && input.positionSide !== null && source === 'user') {
      throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is for hedge mode only' });
    }
    if (input.clientOrderId !== null) {
      for (const o of this.ownerOrders(owner)) {
        if (o.owner === owner && o.clientOrderId === input.clientOrderId) {
          throw appError('CLIENT_ORDER_ID_TAKEN');
        }
      }
    }
    // Which position it acts on, and how much of it opens exposure.
    let positionSide: PositionSide;
    let closable: number;
    if (mode === POSITION_MODE.hedge) {
      positionSide = input.positionSide ?? openingSide(input.side);
      const closing = input.side !== (positionSide === LONG ? 'buy' : 'sell');
      if (closing) {
        const held = this.position(owner, input.symbol, positionSide)?.lots ?? 0;
        closable = held - this.closingLots(owner, input.symbol, positionSide);
        if (input.lots > closable) throw appError('REDUCE_ONLY_WOULD_OPEN');
        closable = input.lots;
      } else {
        closable = 0;
      }
    } else {
      positionSide = openingSide(input.side);
      const against = this.position(owner, input.symbol, positionSide === LONG ? SHORT : LONG);
      closable = against?.lots ?? 0;
      if (input.reduceOnly) {
        if (closable === 0 || input.lots > closable) throw appError('REDUCE_ONLY_WOULD_OPEN');
      }
    }
    const reduceOnly = input.reduceOnly || (mode === POSITION_MODE.hedge && closable > 0);
    const openLots = reduceOnly ? 0 : Math.max(0, input.lots - closable);
    const leverage = positionSide === LONG ? settings.long : settings.short;
    if (openLots > 0 && source !== 'liquidation' && source !== 'adl') {
      const ref =
        input.type === 'limit'
          ? input.priceTicks
          : this.walkPrice(state, input.side, input.lots) || this.markOf(input.symbol);
      if (ref === 0) throw appError('NO_LIQUIDITY');
      const held = this.position(owner, input.symbol, positionSide);
      const openValue = valueOf(market, ref, openLots);
      const heldValue = held ? valueOf(market, this.markOf(input.symbol) || ref, held.lots) : 0n;
      const pendingValue = this.ownerOrders(owner)
        .filter(
          (o) => o.symbol === input.symbol && o.positionSide === positionSide && o.openLots > 0,
        )
        .reduce(
          (s, o) => s + valueOf(market, o.priceTicks, Math.min(o.openLots, o.lots - o.filledLots)),
          0n,
        );
      const total = openValue + heldValue + pendingValue;
      if (leverageCapAt(market, total) < leverage) {
        throw appError('RISK_LIMIT_EXCEEDED', {
          leverage,
          max: fromMinorText(notionalCapOf(market, leverage)),
          coin,
        });
      }
      const required =
        initialOf(openValue, leverage) + feeOf(openValue, market.config.takerFee_bps);
      const available = this.availableFor(owner, coin);
      if (required > available) {
        throw appError('MARGIN_INSUFFICIENT', {
          required: fromMinorText(required),
          available: fromMinorText(available),
          coin,
        });
      }
    }
    if (input.tp > 0 || input.sl > 0) {
      const ref = input.type === 'limit' ? input.priceTicks : this.markOf(input.symbol);
      const long = positionSide === LONG;
      const tpBad = input.tp > 0 && (long ? input.tp <= ref : input.tp >= ref);
      const slBad = input.sl > 0 && (long ? input.sl >= ref : input.sl <= ref);
      if (tpBad || slBad) throw appError('TPSL_PRICE_INVALID');
    }
    const order: Order = {
      id: this.nextOrderId++,
      owner,
      clientOrderId: input.clientOrderId,
      symbol: input.symbol,
      side: input.side,
      positionSide,
      positionMode: mode,
      reduceOnly,
      type: input.type,
      timeInForce: input.type === 'limit' ? (input.timeInForce ?? 'GTC') : null,
      priceTicks: input.type === 'limit' ? input.priceTicks : 0,
      lots: input.lots,
      filledLots: 0,
      filledValue: 0n,
      openLots,
      leverage,
      marginMode: settings.marginMode,
      realised: 0n,
      fee: 0n,
      status: 'NEW',
      source,
      tp: input.tp,
      sl: input.sl,
      tpslTrigger: input.tpslTrigger,
      createdAt: batch.now,
      updatedAt: batch.now,
    };
    const userNo = this.userNumber(owner);
    const events =
      order.type === 'limit'
        ? state.book.execute({
            type: 'limit',
            orderId: order.id,
            userId: userNo,
            side: order.side,
            price: order.priceTicks,
            quantity: order.lots,
            timeInForce: order.timeInForce ?? 'GTC',
            time: batch.now,
          })
        : state.book.execute({
            type: 'market',
            orderId: order.id,
            userId: userNo,
            side: order.side,
            quantity: order.lots,
            time: batch.now,
          });
    const first = events[0];
    if (first?.type === 'rejected') {
      this.nextOrderId -= 1;
      if (first.reason === 'POST_ONLY_WOULD_TAKE') throw appError('POST_ONLY_WOULD_TAKE');
      if (first.reason === 'FOK_NOT_FILLABLE') throw appError('FOK_NOT_FILLABLE');
      if (first.reason === 'NO_LIQUIDITY') throw appError('NO_LIQUIDITY');
      throw appError('ORDER_TYPE_INVALID', { detail: first.reason });
    }
    this.addLive(order);
    batch.orders.set(order.id, order);
    if (order.type === 'limit') batch.touch(order.symbol, order.side, order.priceTicks);
    this.settle(state, events, batch);
    return order;
  }

  private settle(state: MarketState, events: EngineEvent[], batch: Batch): void {
    for (const event of events) {
      if (event.type === 'fill') {
        const maker = this.live.get(event.makerOrderId);
        const taker = this.live.get(event.takerOrderId);
        if (!maker || !taker)
          throw new Error(
            `fill of unknown futures order ${event.makerOrderId}/${event.takerOrderId}`,
          );
        batch.touch(state.market.config.symbol, maker.side, event.price);
        this.fillOrder(state, maker, 'maker', event.price, event.quantity, batch);
        this.fillOrder(state, taker, 'taker', event.price, event.quantity, batch);
        state.lastTicks = event.price;
        const id = batch.trades.length;
        batch.trades.push({
          id: `${batch.now}-${event.takerOrderId}-${id}`,
          symbol: state.market.config.symbol,
          price: this.priceText(state.market, event.price),
          quantity: this.lotsText(state.market, event.quantity),
          quoteQuantity: fromMinorText(valueOf(state.market, event.price, event.quantity)),
          side: event.takerSide,
          time: batch.now,
        });
      } else if (event.type === 'cancelled' || event.type === 'done') {
        const order = this.live.get(event.orderId);
        if (!order) continue;
        if (event.type === 'cancelled') {
          order.status = order.filledLots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
          if (order.type === 'limit') batch.touch(order.symbol, order.side, order.priceTicks);
        } else if (order.filledLots === order.lots) {
          order.status = 'FILLED';
        } else if (order.status === 'NEW' || order.status === 'PARTIALLY_FILLED') {
          order.status = order.filledLots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
        }
        this.dropLive(order);
        order.updatedAt = batch.now;
        batch.orders.set(order.id, order);
      }
    }
  }

  /** One side of a fill: the position closes and opens, PnL and fee are posted. */
  private fillOrder(
    state: MarketState,
    order: Order,
    role: 'maker' | 'taker',
    price: number,
    lots: number,
    batch: Batch,
  ): void {
    const { market } = state;
    const coin = market.config.quote;
    const account = walletOf(order.owner);
    let realised = 0n;
    let left = lots;
    // Closing first: the position this direction lowers.
    const closeSide: PositionSide =
      order.positionMode === POSITION_MODE.hedge
        ? order.positionSide
        : order.side === 'buy'
          ? SHORT
          : LONG;
    const closes =
      order.positionMode === POSITION_MODE.hedge
        ? order.side !== (order.positionSide === LONG ? 'buy' : 'sell')
        : true;
    if (closes) {
      const held = this.position(order.owner, order.symbol, closeSide);
      if (held) {
        const q = Math.min(left, held.lots);
        realised += this.closeLots(
          market,
          held,
          q,
          price,
          batch,
          `fill:${order.symbol}:${this.nextFillId}`,
        );
        left -= q;
      }
    }
    if (left > 0 && !(order.reduceOnly && order.positionMode === POSITION_MODE.oneWay)) {
      const openSide = openingSide(order.side);
      const p = this.ensurePosition(order.owner, order.symbol, openSide, batch.now);
      if (p.lots === 0) {
        const s = this.symbolSettings(order.owner, order.symbol);
        p.marginMode = s.marginMode;
        p.leverage = openSide === LONG ? s.long : s.short;
        p.createdAt = batch.now;
        p.openedLots = 0;
        p.closedLots = 0;
        p.realised = 0n;
      }
      const value = valueOf(market, price, left);
      p.lots += left;
      p.cost += value;
      p.openedLots += left;
      p.updatedAt = batch.now;
      if (order.tp > 0) p.tp = order.tp;
      if (order.sl > 0) p.sl = order.sl;
      if (order.tp > 0 || order.sl > 0) p.tpslTrigger = order.tpslTrigger;
      if (p.marginMode === MARGIN_MODE.isolated && order.owner !== PROTECTION_FUND) {
        const w = this.wallet(account, coin);
        let margin = initialOf(value, p.leverage);
        if (margin > w.available) margin = w.available > 0n ? w.available : 0n;
        if (margin > 0n) {
          p.margin += margin;
          this.post(batch, `margin:${order.symbol}:${this.nextFillId}:${order.owner}`, 'margin', [
            { userId: account, coin, bucket: 'available', amount: -margin },
            { userId: account, coin, bucket: 'frozen', amount: margin },
          ]);
        }
      }
      batch.positions.set(p.id, p);
      if (order.openLots > 0) order.openLots = Math.max(0, order.openLots - left);
    } else if (left > 0) {
      // A reduce-only order never opens: the rest of it goes.
      left = 0;
    }
    // The fee, on the whole fill.
    const value = valueOf(market, price, lots);
    const exempt = order.owner === PROTECTION_FUND || this.feeFreeOwners.has(order.owner);
    const fee = exempt
      ? 0n
      : feeOf(value, role === 'maker' ? market.config.makerFee_bps : market.config.takerFee_bps);
    if (fee > 0n) {
      this.post(batch, `fee:${order.symbol}:${this.nextFillId}:${role}`, 'fee', [
        { userId: account, coin, bucket: 'available', amount: -fee },
        { userId: FEE_ACCOUNT, coin, bucket: 'available', amount: fee },
      ]);
      const p = this.positions.get(
        positionKey(
          order.owner,
          order.symbol,
          closes && realised !== 0n ? closeSide : openingSide(order.side),
        ),
      );
      if (p) {
        p.realised -= fee;
        batch.positions.set(p.id, p);
      }
    }
    this.coverShortfall(order.owner, coin, order.symbol, batch);
    order.filledLots += lots;
    order.filledValue += value;
    order.realised += realised;
    order.fee += fee;
    order.status = order.filledLots === order.lots ? 'FILLED' : 'PARTIALLY_FILLED';
    order.updatedAt = batch.now;
    batch.orders.set(order.id, order);
    batch.fills.push({
      id: this.nextFillId++,
      owner: order.owner,
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      positionSide: closes && realised !== 0n ? closeSide : order.positionSide,
      role,
      priceTicks: price,
      lots,
      realised,
      fee,
      time: batch.now,
    });
    if (order.status === 'FILLED') this.dropLive(order);
    // A position closed in full takes its closing orders and triggers with it.
    if (closes) this.afterClose(order.owner, order.symbol, closeSide, batch, order.id);
  }

  /** Closes `lots` of a position at `price`: realised PnL through '@clearing', isolated margin released. */
  private closeLots(
    market: PerpMarket,
    p: Position,
    lots: number,
    price: number,
    batch: Batch,
    ref: string,
  ): bigint {
    const coin = market.config.quote;
    const account = walletOf(p.owner);
    const costPart = lots === p.lots ? p.cost : (p.cost * BigInt(lots)) / BigInt(p.lots);
    const exit = valueOf(market, price, lots);
    const pnl = directionOfSide(p.side) * (exit - costPart);
    const marginPart = lots === p.lots ? p.margin : (p.margin * BigInt(lots)) / BigInt(p.lots);
    p.cost -= costPart;
    p.margin -= marginPart;
    p.lots -= lots;
    p.closedLots += lots;
    p.realised += pnl;
    p.updatedAt = batch.now;
    if (p.lots === 0) {
      p.tp = 0;
      p.sl = 0;
    }
    batch.positions.set(p.id, p);
    const legs: Leg[] = [
      { userId: CLEARING_ACCOUNT, coin, bucket: 'available', amount: -pnl },
      { userId: account, coin, bucket: 'available', amount: pnl },
    ];
    if (marginPart > 0n) {
      legs.push(
        { userId: account, coin, bucket: 'frozen', amount: -marginPart },
        { userId: account, coin, bucket: 'available', amount: marginPart },
      );
    }
    this.post(batch, `pnl:${p.symbol}:${ref}:${p.owner}`, 'realised_pnl', legs);
    return pnl;
  }

  private afterClose(
    owner: string,
    symbol: string,
    side: PositionSide,
    batch: Batch,
    except: number,
  ): void {
    if (this.position(owner, symbol, side)) return;
    const state = this.marketState(symbol);
    for (const o of this.ownerOrders(owner)) {
      if (o.id === except || o.owner !== owner || o.symbol !== symbol || !o.reduceOnly) continue;
      if (o.positionMode === POSITION_MODE.hedge && o.positionSide !== side) continue;
      this.cancelInBook(state, o, batch);
    }
  }

  private cancelInBook(state: MarketState, order: Order, batch: Batch): void {
    const events = state.book.execute({
      type: 'cancel',
      orderId: order.id,
      userId: this.userNumber(order.owner),
      time: batch.now,
    });
    this.settle(state, events, batch);
    if (this.live.has(order.id)) {
      this.dropLive(order);
      order.status = order.filledLots > 0 ? 'PARTIALLY_CANCELED' : 'CANCELED';
      order.updatedAt = batch.now;
      batch.orders.set(order.id, order);
    }
  }

  private cancel(owner: string, orderId: number, batch: Batch): FuturesResult {
    const order = this.liveOrderOf(owner, orderId);
    this.cancelInBook(this.marketState(order.symbol), order, batch);
    return { kind: 'order', order };
  }

  private cancelAll(owner: string, symbols: string[], batch: Batch): number {
    const wanted = new Set(symbols);
    let count = 0;
    for (const o of this.ownerOrders(owner)) {
      if (o.owner !== owner || !wanted.has(o.symbol)) continue;
      this.cancelInBook(this.marketState(o.symbol), o, batch);
      count += 1;
    }
    return count;
  }

  private closeOrder(
    owner: string,
    p: Position,
    type: 'limit' | 'market',
    priceTicks: number,
    lots: number,
    source: FuturesOrderSource,
    batch: Batch,
  ): Order {
    const mode = this.positionMode(owner, this.coinOf(p.symbol));
    return this.place(
      owner,
      {
        symbol: p.symbol,
        side: p.side === LONG ? 'sell' : 'buy',
        positionSide: mode === POSITION_MODE.hedge ? p.side : null,
        type,
        timeInForce: type === 'limit' ? 'GTC' : null,
        priceTicks,
        lots,
        reduceOnly: mode === POSITION_MODE.oneWay,
        clientOrderId: null,
        tp: 0,
        sl: 0,
        tpslTrigger: 'mark',
      },
      source,
      batch,
    );
  }

  private closePosition(
    c: Extract<FuturesCommand, { kind: 'closePosition' }>,
    batch: Batch,
  ): FuturesResult {
    const p = this.position(c.owner, c.symbol, c.positionSide);
    if (!p) throw appError('POSITION_NOT_FOUND');
    const free = p.lots - this.closingLots(c.owner, c.symbol, c.positionSide);
    const lots = c.lots > 0 ? c.lots : free;
    if (lots <= 0 || lots > free) throw appError('REDUCE_ONLY_WOULD_OPEN');
    return {
      kind: 'order',
      order: this.closeOrder(c.owner, p, c.type, c.priceTicks, lots, 'user', batch),
    };
  }

  private closeAll(owner: string, symbols: string[], batch: Batch): number {
    const wanted = new Set(symbols);
    // Closing orders resting in the book would hold the size: they go first.
    for (const o of this.ownerOrders(owner)) {
      if (o.owner === owner && wanted.has(o.symbol) && o.reduceOnly) {
        this.cancelInBook(this.marketState(o.symbol), o, batch);
      }
    }
    let count = 0;
    for (const p of this.ownerPositions(owner)) {
      if (!wanted.has(p.symbol)) continue;
      try {
        this.closeOrder(owner, p, 'market', 0, p.lots, 'user', batch);
        count += 1;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
    return count;
  }

  private setLeverage(
    c: Extract<FuturesCommand, { kind: 'leverage' }>,
    batch: Batch,
  ): FuturesResult {
    const state = this.marketState(c.symbol);
    const { market } = state;
    const s = { ...this.symbolSettings(c.owner, c.symbol) };
    const sides: PositionSide[] = c.positionSide ? [c.positionSide] : [LONG, SHORT];
    for (const side of sides) {
      const held = this.position(c.owner, c.symbol, side);
      const notional = held ? valueOf(market, this.markOf(c.symbol) || 1, held.lots) : 0n;
      const cap = leverageCapAt(market, notional);
      if (!Number.isInteger(c.leverage) || c.leverage < 1 || c.leverage > cap) {
        throw appError('LEVERAGE_INVALID', { max: cap });
      }
    }
    for (const side of sides) {
      if (side === LONG) s.long = c.leverage;
      else s.short = c.leverage;
      const held = this.position(c.owner, c.symbol, side);
      if (held) {
        held.leverage = c.leverage;
        held.updatedAt = batch.now;
        batch.positions.set(held.id, held);
      }
    }
    if (!c.positionSide) s.short = s.long = c.leverage;
    this.saveSettings(c.owner, c.symbol, s, batch);
    return { kind: 'done' };
  }

  private setMarginMode(
    c: Extract<FuturesCommand, { kind: 'marginMode' }>,
    batch: Batch,
  ): FuturesResult {
    const s = { ...this.symbolSettings(c.owner, c.symbol) };
    if (s.marginMode === c.marginMode) return { kind: 'done' };
    const busy =
      this.ownerPositions(c.owner).some((p) => p.symbol === c.symbol) ||
      this.ownerOrders(c.owner).some((o) => o.symbol === c.symbol);
    if (busy) throw appError('MARGIN_MODE_LOCKED');
    s.marginMode = c.marginMode;
    this.saveSettings(c.owner, c.symbol, s, batch);
    return { kind: 'done' };
  }

  private setPositionMode(
    c: Extract<FuturesCommand, { kind: 'positionMode' }>,
    batch: Batch,
  ): FuturesResult {
    if (this.positionMode(c.owner, c.coin) === c.positionMode) return { kind: 'done' };
    const symbols = new Set(c.symbols);
    const busy =
      this.ownerPositions(c.owner).some((p) => symbols.has(p.symbol)) ||
      this.ownerOrders(c.owner).some((o) => symbols.has(o.symbol)) ||
      this.ownerPlans(c.owner).some((p) => symbols.has(p.symbol));
    if (busy) throw appError('POSITION_MODE_LOCKED');
    const key = `${c.owner}|${c.coin}`;
    this.modes.set(key, c.positionMode);
    batch.settings.set(key, {
      id: key,
      user_id: c.owner,
      data: toDoc({ key, mode: c.positionMode }),
    });
    batch.owners.add(c.owner);
    return { kind: 'done' };
  }

  /** Most that can leave an isolated position: what keeps margin + PnL at the initial margin at the mark. */
  removableMargin(p: Position): bigint {
    const market = this.marketState(p.symbol).market;
    const mark = this.markOf(p.symbol);
    const upnl = mark ? pnlAt(market, p, mark) : 0n;
    const im = initialOf(valueOf(market, mark || 1, p.lots), p.leverage);
    const loss = upnl < 0n ? upnl : 0n;
    const max = p.margin + loss - im;
    return max > 0n ? (max < p.margin ? max : p.margin) : 0n;
  }

  private adjustMargin(
    c: Extract<FuturesCommand, { kind: 'adjustMargin' }>,
    batch: Batch,
  ): FuturesResult {
    const p = this.position(c.owner, c.symbol, c.positionSide);
    if (!p || p.marginMode !== MARGIN_MODE.isolated) throw appError('POSITION_NOT_FOUND');
    const coin = this.coinOf(c.symbol);
    const account = walletOf(c.owner);
    if (c.add) {
      const available = this.availableFor(c.owner, coin);
      if (c.amount > available) {
        throw appError('MARGIN_INSUFFICIENT', {
          required: fromMinorText(c.amount),
          available: fromMinorText(available),
          coin,
        });
      }
    } else {
      const max = this.removableMargin(p);
      if (c.amount > max)
        throw appError('MARGIN_REDUCE_TOO_MUCH', { max: fromMinorText(max), coin });
    }
    const signed = c.add ? c.amount : -c.amount;
    p.margin += signed;
    p.updatedAt = batch.now;
    batch.positions.set(p.id, p);
    this.post(batch, `margin:${c.symbol}:${batch.now}:${c.owner}:${this.nextFillId}`, 'margin', [
      { userId: account, coin, bucket: 'available', amount: -signed },
      { userId: account, coin, bucket: 'frozen', amount: signed },
    ]);
    return { kind: 'done' };
  }

  /** The liquidation price of a position in ticks (0 when none), from the core formula. */
  liquidationTicks(p: Position): DecimalValue | null {
    return this.liquidationPriceOf?.(p) ?? null;
  }

  /** Set by the views: the liquidation price of a position (core maths). */
  liquidationPriceOf: ((p: Position) => DecimalValue | null) | null = null;

  private setTpSl(c: Extract<FuturesCommand, { kind: 'tpsl' }>, batch: Batch): FuturesResult {
    const p = this.position(c.owner, c.symbol, c.positionSide);
    if (!p) throw appError('POSITION_NOT_FOUND');
    const trigger = c.trigger ?? p.tpslTrigger;
    const state = this.marketState(c.symbol);
    const ref =
      trigger === 'last' ? state.lastTicks || this.markOf(c.symbol) : this.markOf(c.symbol);
    const long = p.side === LONG;
    const liq = this.liquidationTicks(p);
    const liqTicks = liq ? liq.div(state.market.config.tickSize) : null;
    if (c.tp !== null && c.tp > 0 && (long ? c.tp <= ref : c.tp >= ref))
      throw appError('TPSL_PRICE_INVALID');
    if (c.sl !== null && c.sl > 0) {
      if (long ? c.sl >= ref : c.sl <= ref) throw appError('TPSL_PRICE_INVALID');
      if (liqTicks && (long ? liqTicks.gte(c.sl) : liqTicks.lte(c.sl)))
        throw appError('TPSL_PRICE_INVALID');
    }
    if (c.tp !== null) p.tp = c.tp;
    if (c.sl !== null) p.sl = c.sl;
    p.tpslTrigger = trigger;
    p.updatedAt = batch.now;
    batch.positions.set(p.id, p);
    batch.owners.add(c.owner);
    return { kind: 'done' };
  }

  private placePlan(owner: string, input: CheckedPlan, batch: Batch): Plan {
    const state = this.marketState(input.symbol);
    const coin = state.market.config.quote;
    const mode = this.positionMode(owner, coin);
    if (mode === POSITION_MODE.hedge && input.positionSide === null) {
      throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is required in hedge mode' });
    }
    if (mode === POSITION_MODE.oneWay && input.positionSide !== null) {
      throw appError('POSITION_SIDE_INVALID', { detail: 'positionSide is for hedge mode only' });
    }
    const ref =
      input.triggerBy === 'last'
        ? state.lastTicks || this.markOf(input.symbol)
        : this.markOf(input.symbol);
    if (ref === 0 || (!input.trailing && input.triggerTicks === ref)) {
      throw appError('TRIGGER_PRICE_INVALID', { tick: state.market.config.tickSize });
    }
    const trailing = input.trailing
      ? this.trailingAt(input.side, input.trailing, ref, state)
      : null;
    const plan: Plan = {
      id: this.nextPlanId++,
      owner,
      kind: trailing ? 'trailing' : 'plan',
      symbol: input.symbol,
      side: input.side,
      positionSide: input.positionSide ?? 0,
      triggerTicks: input.triggerTicks,
      triggerBy: input.triggerBy,
      above: input.triggerTicks > ref,
      type: input.type,
      priceTicks: input.priceTicks,
      lots: input.lots,
      reduceOnly: input.reduceOnly,
      status: 'WAITING',
      orderId: 0,
      failCode: '',
      ...(trailing ? { trailing } : {}),
      createdAt: batch.now,
      updatedAt: batch.now,
    };
    this.plans.set(plan.id, plan);
    batch.plans.set(plan.id, plan);
    return plan;
  }

  /**
   * A new trailing stop's state at the reference price: a sell stop's
   * activation price must lie above it and a buy stop's below (it would
   * activate at once otherwise, as on the large exchanges); with none it is
   * active at once and tracks from the reference price.
   */
  private trailingAt(
    side: 'buy' | 'sell',
    input: { callbackBps: number; activationTicks: number },
    ref: number,
    state: MarketState,
  ): TrailingState {
    const activation = input.activationTicks;
    if (activation > 0 && (side === 'sell' ? activation <= ref : activation >= ref)) {
      throw appError('ACTIVATION_PRICE_INVALID', { price: this.priceText(state.market, ref) });
    }
    return {
      callbackBps: input.callbackBps,
      activationTicks: activation,
      activated: activation === 0,
      extremeTicks: activation === 0 ? ref : 0,
    };
  }

  private cancelPlan(owner: string, planId: number, batch: Batch): FuturesResult {
    const plan = this.plans.get(planId);
    if (!plan || plan.owner !== owner) throw appError('PLAN_NOT_FOUND');
    this.plans.delete(planId);
    plan.status = 'CANCELED';
    plan.updatedAt = batch.now;
    batch.plans.set(plan.id, plan);
    return { kind: 'plan', plan };
  }

  private transferOut(
    c: Extract<FuturesCommand, { kind: 'transferOut' }>,
    batch: Batch,
  ): FuturesResult {
    const max = this.transferable(c.owner, c.coin);
    if (c.amount > max)
      throw appError('TRANSFER_TOO_LARGE', { max: fromMinorText(max), coin: c.coin });
    this.post(batch, c.ref, 'transfer', [
      { userId: walletOf(c.owner), coin: c.coin, bucket: 'available', amount: -c.amount },
      { userId: c.spotAccount, coin: c.coin, bucket: 'available', amount: c.amount },
    ]);
    batch.spotCredits.add(c.spotAccount);
    return { kind: 'done' };
  }

  // -------------------------------------------------------------------------
  // The tick: marks, funding rate, triggers, liquidations

  private tick(batch: Batch): void {
    for (const state of this.markets.values()) this.updateMark(state, batch.now);
    for (const state of this.markets.values()) {
      if (!state.markTicks) continue;
      this.runTriggers(state, batch);
    }
    this.closeFundPositions(batch);
    this.checkLiquidations(batch);
    for (const state of this.markets.values()) {
      if (batch.now >= state.nextFundingTime) this.settleFunding(state, batch);
    }
  }

  private updateMark(state: MarketState, now: number): void {
    const { market } = state;
    const tick = new Decimal(market.config.tickSize);
    const bid = state.book.bestBid();
    const ask = state.book.bestAsk();
    const mid =
      bid !== undefined && ask !== undefined ? new Decimal(bid + ask).div(2).times(tick) : null;
    const index =
      this.options.indexPrice(market.spotSymbol) ??
      mid ??
      (state.lastTicks ? tick.times(state.lastTicks) : null);
    state.index = index;
    if (!index || index.lte(0)) return;
    if (bid !== undefined && ask !== undefined) {
      const b = tick.times(bid);
      const a = tick.times(ask);
      const premium = Decimal.max(0, b.minus(index))
        .minus(Decimal.max(0, index.minus(a)))
        .div(index);
      state.premiumSum = state.premiumSum.plus(premium);
      state.premiumCount += 1;
    }
    if (mid) {
      const basis = mid.minus(index);
      state.basis = state.basis
        ? state.basis.plus(basis.minus(state.basis).times(BASIS_ALPHA))
        : basis;
    }
    const rate = this.predictedRate(state);
    const toNext = new Decimal(Math.max(0, state.nextFundingTime - now)).div(
      this.options.fundingIntervalMs,
    );
    const p1 = index.times(rate.times(toNext).plus(1));
    const p2 = index.plus(state.basis ?? 0);
    const last = state.lastTicks ? tick.times(state.lastTicks) : p2;
    const median = [p1, p2, last].sort((x, y) => x.comparedTo(y))[1] as DecimalValue;
    state.markTicks = Math.max(
      1,
      median.div(tick).toDecimalPlaces(0, Decimal.ROUND_HALF_UP).toNumber(),
    );
  }

  interestRate(): DecimalValue {
    return INTEREST_PER_8H.times(this.options.fundingIntervalMs).div(EIGHT_HOURS);
  }

  /** Premium index averaged over the interval, plus the clamped interest part, within the market's cap. */
  predictedRate(state: MarketState): DecimalValue {
    const premium =
      state.premiumCount > 0 ? state.premiumSum.div(state.premiumCount) : new Decimal(0);
    const interest = this.interestRate();
    const clamp = new Decimal('0.0005');
    const rate = premium.plus(
      Decimal.min(clamp, Decimal.max(clamp.neg(), interest.minus(premium))),
    );
    const tier = state.market.config.tiers[0];
    const cap = tier
      ? new Decimal(1).div(tier.maxLeverage).minus(tier.maintenanceRate).times('0.75')
      : new Decimal('0.0075');
    return Decimal.min(cap, Decimal.max(cap.neg(), rate)).toDecimalPlaces(8, Decimal.ROUND_HALF_UP);
  }

  markState(symbol: string): MarkState {
    const state = this.marketState(symbol);
    return {
      symbol,
      markTicks: state.markTicks,
      index: state.index,
      lastTicks: state.lastTicks,
      fundingRate: this.predictedRate(state),
      lastFundingRate: state.lastFundingRate,
      interestRate: this.interestRate(),
      nextFundingTime: state.nextFundingTime,
      time: this.options.now(),
    };
  }

  private runTriggers(state: MarketState, batch: Batch): void {
    const symbol = state.market.config.symbol;
    const priceOf = (by: TriggerPriceType) => (by === 'last' ? state.lastTicks : state.markTicks);
    for (const plan of [...this.plans.values()]) {
      if (plan.symbol !== symbol) continue;
      const price = priceOf(plan.triggerBy);
      if (!price) continue;
      let hit: boolean;
      if (plan.trailing) {
        const moved = trailTo(plan.side, plan.trailing, price);
        hit = moved.fire;
        if (moved.changed) {
          // The tracked extreme is stored (and pushed) as it moves, so a restart keeps it.
          plan.updatedAt = batch.now;
          batch.plans.set(plan.id, plan);
        }
      } else {
        hit = plan.above ? price >= plan.triggerTicks : price <= plan.triggerTicks;
      }
      if (!hit) continue;
      this.plans.delete(plan.id);
      plan.updatedAt = batch.now;
      try {
        const order = this.place(
          plan.owner,
          {
            symbol,
            side: plan.side,
            positionSide: plan.positionSide === 0 ? null : plan.positionSide,
            type: plan.type,
            timeInForce: plan.type === 'limit' ? 'GTC' : null,
            priceTicks: plan.priceTicks,
            lots: plan.lots,
            reduceOnly: plan.reduceOnly,
            clientOrderId: null,
            tp: 0,
            sl: 0,
            tpslTrigger: 'mark',
          },
          'plan',
          batch,
        );
        plan.status = 'TRIGGERED';
        plan.orderId = order.id;
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
        plan.status = 'FAILED';
        plan.failCode = ERRORS[err.errorName].code;
      }
      batch.plans.set(plan.id, plan);
    }
    for (const p of [...this.positions.values()]) {
      if (p.symbol !== symbol || p.lots === 0 || (p.tp === 0 && p.sl === 0)) continue;
      const price = priceOf(p.tpslTrigger);
      if (!price) continue;
      const long = p.side === LONG;
      const tpHit = p.tp > 0 && (long ? price >= p.tp : price <= p.tp);
      const slHit = p.sl > 0 && (long ? price <= p.sl : price >= p.sl);
      if (!tpHit && !slHit) continue;
      const source: FuturesOrderSource = tpHit ? 'tp' : 'sl';
      // Resting closes would hold the size; the trigger closes it all.
      for (const o of this.ownerOrders(p.owner)) {
        if (
          o.owner === p.owner &&
          o.symbol === symbol &&
          o.reduceOnly &&
          o.positionSide === p.side
        ) {
          this.cancelInBook(state, o, batch);
        }
      }
      const lots = p.lots;
      p.tp = 0;
      p.sl = 0;
      batch.positions.set(p.id, p);
      try {
        this.closeOrder(p.owner, p, 'market', 0, lots, source, batch);
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
    }
  }

  // ----- liquidation, the protection fund, auto-deleveraging -----------------

  private checkLiquidations(batch: Batch): void {
    const crossOwners = new Map<string, Set<string>>();
    for (const p of [...this.positions.values()]) {
      if (p.lots === 0 || p.owner === PROTECTION_FUND) continue;
      const state = this.marketState(p.symbol);
      if (!state.markTicks) continue;
      if (p.marginMode === MARGIN_MODE.isolated) {
        const equity = p.margin + pnlAt(state.market, p, state.markTicks);
        if (equity <= maintenanceAt(state.market, p.lots, state.markTicks)) {
          this.liquidate(p.owner, [p], batch);
        }
      } else {
        const coin = state.market.config.quote;
        let set = crossOwners.get(p.owner);
        if (!set) crossOwners.set(p.owner, (set = new Set()));
        set.add(coin);
      }
    }
    for (const [owner, coins] of crossOwners) {
      for (const coin of coins) {
        const cross = this.crossFigures(owner, coin);
        const equity = this.wallet(walletOf(owner), coin).available + cross.upnl;
        if (cross.mm > 0n && equity <= cross.mm) {
          const positions = this.ownerPositions(owner, coin).filter(
            (p) => p.marginMode === MARGIN_MODE.cross,
          );
          this.liquidate(owner, positions, batch);
        }
      }
    }
  }

  /**
   * Takes over positions whose margin reached maintenance: the owner's
   * orders in those markets are cancelled, each position passes to the
   * protection fund at the mark, and what the owner's margin then holds
   * goes to the fund (or the fund pays what it lacks), so the owner ends
   * at zero, as if taken over at the bankruptcy price. When the fund cannot
   * pay, the positions are deleveraged against the most profitable opposite
   * positions at the price that covers the shortfall.
   */
  private liquidate(owner: string, positions: Position[], batch: Batch): void {
    if (positions.length === 0) return;
    const first = positions[0] as Position;
    const coin = this.coinOf(first.symbol);
    const account = walletOf(owner);
    this.clearOrdersAndPlans(owner, new Set(positions.map((p) => p.symbol)), batch);
    const isolated = first.marginMode === MARGIN_MODE.isolated;
    // What the owner holds for these positions before the takeover.
    const held = isolated ? first.margin : this.wallet(account, coin).available;
    const taken = this.takeOver(owner, positions, 'liquidation', batch);
    const equity = held + taken.pnl;
    const fundRef = `liq:${first.symbol}:${batch.now}:${owner}`;
    if (equity >= 0n) {
      if (equity > 0n) {
        this.post(batch, fundRef, 'fund_inflow', [
          { userId: account, coin, bucket: 'available', amount: -equity },
          { userId: PROTECTION_FUND, coin, bucket: 'available', amount: equity },
        ]);
      }
    } else {
      const shortfall = -equity;
      const fund = this.wallet(PROTECTION_FUND, coin).available;
      if (fund < shortfall) {
        // Not enough in the fund: the taken positions are deleveraged at the price that covers it.
        this.deleverage(taken.legs, shortfall - fund, batch);
      }
      const left = this.wallet(PROTECTION_FUND, coin).available;
      const pay = shortfall <= left ? shortfall : left;
      if (pay > 0n) {
        this.post(batch, fundRef, 'fund_payout', [
          { userId: PROTECTION_FUND, coin, bucket: 'available', amount: -pay },
          { userId: account, coin, bucket: 'available', amount: pay },
        ]);
      }
    }
    this.coverShortfall(owner, coin, first.symbol, batch);
  }

  /** Cancels an owner's orders and waiting plans in some markets. */
  private clearOrdersAndPlans(owner: string, symbols: Set<string>, batch: Batch): void {
    for (const o of this.ownerOrders(owner)) {
      if (o.owner === owner && symbols.has(o.symbol))
        this.cancelInBook(this.marketState(o.symbol), o, batch);
    }
    for (const plan of [...this.plans.values()]) {
      if (plan.owner === owner && symbols.has(plan.symbol)) {
        this.plans.delete(plan.id);
        plan.status = 'CANCELED';
        plan.updatedAt = batch.now;
        batch.plans.set(plan.id, plan);
      }
    }
  }

  /**
   * The protection fund takes positions over at the mark: the owner's close
   * realises its PnL, the fund holds the same exposure at the mark's value
   * and closes it in the book on the next tick.
   */
  private takeOver(
    owner: string,
    positions: Position[],
    source: FuturesOrderSource,
    batch: Batch,
  ): {
    pnl: bigint;
    legs: Array<{ lots: number; side: PositionSide; mark: number; symbol: string }>;
  } {
    let total = 0n;
    const legs: Array<{ lots: number; side: PositionSide; mark: number; symbol: string }> = [];
    for (const p of positions) {
      const state = this.marketState(p.symbol);
      const mark = state.markTicks || state.lastTicks;
      if (!mark) continue;
      const lots = p.lots;
      const side = p.side;
      const order = this.systemOrder(owner, p, lots, mark, source, batch);
      const pnl = this.closeLots(
        state.market,
        p,
        lots,
        mark,
        batch,
        `${source === 'liquidation' ? 'liq' : 'reset'}:${order.id}`,
      );
      order.realised = pnl;
      total += pnl;
      this.recordFill(order, 'taker', mark, lots, pnl, batch);
      this.afterClose(owner, p.symbol, side, batch, 0);
      const fp = this.ensurePosition(PROTECTION_FUND, p.symbol, side, batch.now);
      if (fp.lots === 0) {
        fp.marginMode = MARGIN_MODE.cross;
        fp.leverage = 1;
      }
      fp.lots += lots;
      fp.openedLots += lots;
      fp.cost += valueOf(state.market, mark, lots);
      fp.updatedAt = batch.now;
      batch.positions.set(fp.id, fp);
      const fundOrder = this.systemOrder(
        PROTECTION_FUND,
        { ...p, side: side === LONG ? SHORT : LONG },
        lots,
        mark,
        source,
        batch,
      );
      this.recordFill(fundOrder, 'maker', mark, lots, 0n, batch);
      legs.push({ lots, side, mark, symbol: p.symbol });
    }
    return { pnl: total, legs };
  }

  /**
   * Starts a demo futures account afresh: its orders and plans cancelled,
   * its positions taken over by the demo fund at the mark, and the whole
   * wallet given back to the demo source (the demo grant comes again on spot).
   */
  private resetDemo(
    command: { owner: string; coin: string; symbols: string[] },
    batch: Batch,
  ): void {
    const { owner, coin } = command;
    const symbols = new Set(command.symbols);
    this.clearOrdersAndPlans(owner, symbols, batch);
    const held = this.ownerPositions(owner, coin).filter((p) => symbols.has(p.symbol));
    this.takeOver(owner, held, 'user', batch);
    const first = held[0];
    if (first) this.coverShortfall(owner, coin, first.symbol, batch);
    const account = walletOf(owner);
    const w = this.wallet(account, coin);
    if (w.available > 0n) {
      this.post(batch, `demo-reset:futures:${owner}:${batch.now}`, 'demo-reset', [
        { userId: account, coin, bucket: 'available', amount: -w.available },
        { userId: DEMO_SOURCE, coin, bucket: 'available', amount: w.available },
      ]);
    }
  }

  /** A FILLED order of the exchange's making (liquidation, ADL) in the owner's history. */
  private systemOrder(
    owner: string,
    p: Position,
    lots: number,
    price: number,
    source: FuturesOrderSource,
    batch: Batch,
  ): Order {
    const market = this.marketState(p.symbol).market;
    const order: Order = {
      id: this.nextOrderId++,
      owner,
      clientOrderId: null,
      symbol: p.symbol,
      side: p.side === LONG ? 'sell' : 'buy',
      positionSide: p.side,
      positionMode: this.positionMode(owner, market.config.quote),
      reduceOnly: true,
      type: 'market',
      timeInForce: null,
      priceTicks: 0,
      lots,
      filledLots: lots,
      filledValue: valueOf(market, price, lots),
      openLots: 0,
      leverage: p.leverage,
      marginMode: p.marginMode,
      realised: 0n,
      fee: 0n,
      status: 'FILLED',
      source,
      tp: 0,
      sl: 0,
      tpslTrigger: 'mark',
      createdAt: batch.now,
      updatedAt: batch.now,
    };
    batch.orders.set(order.id, order);
    return order;
  }

  private recordFill(
    order: Order,
    role: 'maker' | 'taker',
    price: number,
    lots: number,
    realised: bigint,
    batch: Batch,
  ): void {
    batch.fills.push({
      id: this.nextFillId++,
      owner: order.owner,
      orderId: order.id,
      symbol: order.symbol,
      side: order.side,
      positionSide: order.positionSide,
      role,
      priceTicks: price,
      lots,
      realised,
      fee: 0n,
      time: batch.now,
    });
  }

  /**
   * Auto-deleveraging: the fund's just-taken positions close against the
   * most profitable opposite positions (profit on margin, times leverage)
   * at a price that earns the fund `needed`, so a shortfall the fund cannot
   * pay is borne by those who gained on the other side.
   */
  private deleverage(
    taken: Array<{ lots: number; side: PositionSide; mark: number; symbol: string }>,
    needed: bigint,
    batch: Batch,
  ): void {
    let left = needed;
    for (const t of taken) {
      if (left <= 0n) break;
      const market = this.marketState(t.symbol).market;
      const fp = this.position(PROTECTION_FUND, t.symbol, t.side);
      if (!fp) continue;
      // The fund gains `left` closing all it holds at this price (long: above the entry value).
      const unit = market.scale.quotePerTickLot * BigInt(fp.lots);
      const shift = (left + unit - 1n) / unit;
      const avg = fp.cost / unit;
      const price = t.side === LONG ? avg + shift : avg - shift;
      const before = this.wallet(PROTECTION_FUND, market.config.quote).available;
      this.deleverageAt(fp, Number(price > 0n ? price : 1n), batch);
      left -= this.wallet(PROTECTION_FUND, market.config.quote).available - before;
    }
  }

  /** The fund closes what it took over in the book; what the book cannot take is deleveraged at the fund's bankruptcy price. */
  private closeFundPositions(batch: Batch): void {
    for (const fp of [...this.positions.values()]) {
      if (fp.owner !== PROTECTION_FUND || fp.lots === 0) continue;
      const state = this.marketState(fp.symbol);
      const { market } = state;
      const coin = market.config.quote;
      // The worst price the fund can afford: its whole balance lost on this close.
      const fund = this.wallet(PROTECTION_FUND, coin).available;
      const unit = market.scale.quotePerTickLot * BigInt(fp.lots);
      const avg = fp.cost / (BigInt(fp.lots) * market.scale.quotePerTickLot);
      const room = fund / unit;
      const limit = Number(fp.side === LONG ? (avg - room > 0n ? avg - room : 1n) : avg + room);
      const lots = fp.lots;
      let order: Order | null = null;
      try {
        order = this.place(
          PROTECTION_FUND,
          {
            symbol: fp.symbol,
            side: fp.side === LONG ? 'sell' : 'buy',
            positionSide:
              this.positionMode(PROTECTION_FUND, coin) === POSITION_MODE.hedge ? fp.side : null,
            type: 'limit',
            timeInForce: 'IOC',
            priceTicks: limit,
            lots,
            reduceOnly: this.positionMode(PROTECTION_FUND, coin) === POSITION_MODE.oneWay,
            clientOrderId: null,
            tp: 0,
            sl: 0,
            tpslTrigger: 'mark',
          },
          'liquidation',
          batch,
        );
      } catch (err) {
        if (!(err instanceof AppError)) throw err;
      }
      void order;
      const rest = this.position(PROTECTION_FUND, fp.symbol, fp.side);
      if (rest && rest.lots > 0 && state.markTicks) this.deleverageAt(rest, limit, batch);
    }
  }

  /**
   * Auto-deleveraging: the fund's position closes against the most
   * profitable opposite positions (PnL on entry value, times leverage) at
   * `price`, so what the fund cannot bear is borne by those who gained on
   * the other side.
   */
  private deleverageAt(fp: Position, price: number, batch: Batch): void {
    const state = this.marketState(fp.symbol);
    const { market } = state;
    const opposite: PositionSide = fp.side === LONG ? SHORT : LONG;
    const ranked = [...this.positions.values()]
      .filter(
        (p) =>
          p.symbol === fp.symbol &&
          p.side === opposite &&
          p.lots > 0 &&
          p.owner !== PROTECTION_FUND,
      )
      .sort((a, b) => {
        const sa =
          (pnlAt(market, a, state.markTicks) * BigInt(a.leverage) * 1_000_000n) / (a.cost || 1n);
        const sb =
          (pnlAt(market, b, state.markTicks) * BigInt(b.leverage) * 1_000_000n) / (b.cost || 1n);
        return sa > sb ? -1 : sa < sb ? 1 : 0;
      });
    for (const p of ranked) {
      if (fp.lots === 0) break;
      const q = Math.min(fp.lots, p.lots);
      const order = this.systemOrder(p.owner, p, q, price, 'adl', batch);
      order.realised = this.closeLots(market, p, q, price, batch, `adl:${order.id}`);
      this.recordFill(order, 'maker', price, q, order.realised, batch);
      this.coverShortfall(p.owner, market.config.quote, fp.symbol, batch);
      this.afterClose(p.owner, fp.symbol, p.side, batch, 0);
      const fundOrder = this.systemOrder(PROTECTION_FUND, fp, q, price, 'adl', batch);
      fundOrder.realised = this.closeLots(market, fp, q, price, batch, `adl-fund:${order.id}`);
      this.recordFill(fundOrder, 'taker', price, q, fundOrder.realised, batch);
    }
    this.coverShortfall(PROTECTION_FUND, market.config.quote, fp.symbol, batch);
  }

  // ----- funding ---------------------------------------------------------------

  /**
   * Settles funding: each position pays or receives size x mark x rate
   * (longs pay shorts when the rate is positive). What the payers pay is
   * shared among the receivers in proportion to their size, to the unit,
   * so nothing is created or lost.
   */
  private settleFunding(state: MarketState, batch: Batch): void {
    const { market } = state;
    const symbol = market.config.symbol;
    const coin = market.config.quote;
    const rate = this.predictedRate(state);
    const time = state.nextFundingTime;
    state.lastFundingRate = rate;
    state.premiumSum = new Decimal(0);
    state.premiumCount = 0;
    state.nextFundingTime = this.nextFundingAfter(Math.max(batch.now, time));
    const mark = state.markTicks || state.lastTicks;
    const markText = mark ? this.priceText(market, mark) : '0';
    batch.docs.push({
      table: 'futures_funding',
      row: {
        id: `rate:${symbol}:${time}`,
        user_id: '@rate',
        symbol,
        created_at: time,
        data: JSON.stringify({ symbol, rate: rate.toFixed(), markPrice: markText, time }),
      },
    });
    if (!mark || rate.isZero()) return;
    const held = [...this.positions.values()].filter((p) => p.symbol === symbol && p.lots > 0);
    const payerSide: PositionSide = rate.gt(0) ? LONG : SHORT;
    const payers = held.filter((p) => p.side === payerSide);
    const receivers = held.filter((p) => p.side !== payerSide);
    if (payers.length === 0 || receivers.length === 0) return;
    const absRate = rate.abs();
    const ref = `funding:${symbol}:${time}`;
    let collected = 0n;
    const legs: Leg[] = [];
    const paid = new Map<Position, bigint>();
    for (const p of payers) {
      const due = minorCeil(decimalOfMinor(valueOf(market, mark, p.lots)).times(absRate));
      const account = walletOf(p.owner);
      const w = this.wallet(account, coin);
      // Isolated positions pay from their margin, cross ones from the wallet; never more than there is.
      const from = p.marginMode === MARGIN_MODE.isolated ? 'frozen' : 'available';
      const has = from === 'frozen' ? p.margin : w.available;
      const amount = due <= has ? due : has > 0n ? has : 0n;
      if (amount === 0n) continue;
      if (from === 'frozen') p.margin -= amount;
      legs.push({ userId: account, coin, bucket: from, amount: -amount });
      collected += amount;
      paid.set(p, amount);
    }
    const totalLots = receivers.reduce((s, p) => s + BigInt(p.lots), 0n);
    const shares = receivers.map((p) => (collected * BigInt(p.lots)) / totalLots);
    let rest = collected - shares.reduce((s, x) => s + x, 0n);
    for (let i = 0; rest > 0n; i = (i + 1) % shares.length, rest -= 1n)
      shares[i] = (shares[i] ?? 0n) + 1n;
    receivers.forEach((p, i) => {
      const amount = shares[i] ?? 0n;
      if (amount === 0n) return;
      const account = walletOf(p.owner);
      const to = p.marginMode === MARGIN_MODE.isolated ? 'frozen' : 'available';
      if (to === 'frozen') p.margin += amount;
      legs.push({ userId: account, coin, bucket: to, amount });
      paid.set(p, amount);
    });
    if (legs.length === 0) return;
    this.post(batch, ref, 'funding', legs);
    for (const [p, amount] of paid) {
      const signed = p.side === payerSide ? -amount : amount;
      p.realised += signed;
      p.updatedAt = batch.now;
      batch.positions.set(p.id, p);
      batch.funding.push({
        id: `${ref}:${p.id}`,
        owner: p.owner,
        symbol,
        positionSide: p.side,
        amount: signed,
        rate: rate.toFixed(),
        lots: p.lots,
        mark: markText,
        time,
      });
    }
  }

  // -------------------------------------------------------------------------
  // Timers and listeners

  startTimer(intervalMs: number): void {
    this.timer = setInterval(() => {
      this.submit({ kind: 'tick' })
        .then(() => {
          const marks = [...this.markets.keys()].map((s) => this.markState(s));
          for (const l of this.markListeners) this.safely(() => l(marks));
        })
        .catch((err: unknown) => this.options.onError?.(err, 'futures tick failed'));
    }, intervalMs);
    this.timer.unref();
  }

  /** One tick now (tests and the first mark at start); resolves once committed, and tells the mark listeners. */
  async tickNow(): Promise<void> {
    await this.submit({ kind: 'tick' });
    const marks = [...this.markets.keys()].map((s) => this.markState(s));
    for (const l of this.markListeners) this.safely(() => l(marks));
  }

  stopTimer(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  onTrades(listener: Listener<MarketTrade[]>): () => void {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  onBookChange(listener: Listener<BookChange>): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }

  onUpdates(listener: Listener<FuturesUpdates>): () => void {
    this.updateListeners.add(listener);
    return () => this.updateListeners.delete(listener);
  }

  onMarks(listener: Listener<MarkState[]>): () => void {
    this.markListeners.add(listener);
    return () => this.markListeners.delete(listener);
  }

  book(symbol: string, levels: number): BookSnapshot {
    const state = this.marketState(symbol);
    const depth = state.book.depth(levels);
    const level = (l: [number, number]): [string, string] => [
      this.priceText(state.market, l[0]),
      this.lotsText(state.market, l[1]),
    ];
    return { symbol, seq: state.seq, bids: depth.bids.map(level), asks: depth.asks.map(level) };
  }

  priceText(market: PerpMarket, ticks: number): string {
    return new Decimal(ticks).times(market.config.tickSize).toFixed(market.scale.priceDecimals);
  }

  lotsText(market: PerpMarket, lots: number): string {
    return new Decimal(lots).times(market.config.lotSize).toFixed(market.scale.quantityDecimals);
  }

  liveOrderCount(): number {
    return this.live.size;
  }

  allPositions(): Position[] {
    return [...this.positions.values()].filter((p) => p.lots > 0);
  }

  market(symbol: string): PerpMarket {
    return this.marketState(symbol).market;
  }
}

export function fromMinorText(minor: bigint): string {
  return new Decimal(fromMinor(minor)).toFixed();
}
