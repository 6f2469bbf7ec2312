/**
 * What the futures host holds in memory: every perpetual's book and mark,
 * positions, live orders and trigger plans (each also by owner, so the
 * checks of one order read only its owner's), settings, and the futures
 * wallets it has read, kept in step with what it posts. The host's jobs are
 * plain functions over this state.
 */
import { FastOrderBook } from '@quay/engine';
import {
  Decimal,
  MARGIN_MODE,
  POSITION_MODE,
  type DecimalValue,
  type PositionMode,
  type PositionSide,
} from '@quay/core';
import { appError } from '../../../kernel/app-error';
import { DEMO_SOURCE, EXTERNAL_ACCOUNT, FEE_ACCOUNT, type Leg } from '../../../kernel/journal';
import type { FuturesStore as Store } from '../futures-repositories';
import type { PerpMarket, PerpMarkets } from '../perp-markets';
import {
  CLEARING_ACCOUNT,
  LONG,
  PROTECTION_FUND,
  positionKey,
  toDoc,
  walletOf,
  type Order,
  type Plan,
  type Position,
  type SymbolSettings,
} from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { FuturesFillHook, FuturesHostOptions } from './futures-commands';
import { IndexMoves } from '../../../kernel/db/ledger-account-index';

export const DEFAULT_LEVERAGE = 20;

export interface MarketState {
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

export interface Wallet {
  available: bigint;
  frozen: bigint;
}

export class FuturesHostState {
  readonly markets = new Map<string, MarketState>();
  readonly positions = new Map<string, Position>();
  readonly live = new Map<number, Order>();
  /** The same orders and the positions by owner: the checks of one order read only its owner's. */
  readonly liveByOwner = new Map<string, Map<number, Order>>();
  readonly positionsByOwner = new Map<string, Map<string, Position>>();
  readonly plans = new Map<number, Plan>();
  readonly settings = new Map<string, SymbolSettings>();
  readonly modes = new Map<string, PositionMode>();
  readonly wallets = new Map<string, Wallet>();
  readonly userNumbers = new Map<string, number>();
  readonly ownersByNumber = new Map<number, string>();
  nextOrderId = 1;
  nextFillId = 1;
  nextPlanId = 1;
  /** Owners that trade without fees: the simulator's system accounts. */
  readonly feeFreeOwners = new Set<string>();
  /** Set by another module to act on fills in their batch (copy trading). */
  fillHook: FuturesFillHook | null = null;
  /** When this host moves the journal's new keys into its index by account (the spot host may be idle). */
  readonly indexMoves = new IndexMoves();

  constructor(
    readonly store: Store,
    readonly perpMarkets: PerpMarkets,
    readonly options: FuturesHostOptions,
  ) {
    for (const market of perpMarkets.all()) {
      this.markets.set(market.config.symbol, this.freshMarket(market));
    }
  }

  /**
   * The owner's fee in parts per million in a market: its VIP tier's rate,
   * else the market's own; nothing for the fee-free system accounts.
   */
  feePpmOf(owner: string, market: PerpMarket, role: 'maker' | 'taker'): number {
    if (this.feeFreeOwners.has(owner)) return 0;
    const bps = role === 'maker' ? market.config.makerFee_bps : market.config.takerFee_bps;
    return this.options.feeRates?.ppmOf(owner, 'futures', role, bps) ?? bps * 100;
  }

  freshMarket(market: PerpMarket): MarketState {
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

  nextFundingAfter(time: number): number {
    const interval = this.options.fundingIntervalMs;
    return (Math.floor(time / interval) + 1) * interval;
  }

  async loadWallets(accounts: string[]): Promise<void> {
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

  /** Every futures wallet (`f:...`) from the store, at a (re)build: they are read synchronously. */
  async loadEveryWallet(): Promise<void> {
    for (const row of await this.store.repos.ledger.allBalances('f:')) {
      this.wallets.set(`${row.user_id}|*`, { available: 0n, frozen: 0n });
      this.wallets.set(`${row.user_id}|${row.coin}`, {
        available: BigInt(row.available),
        frozen: BigInt(row.frozen),
      });
    }
  }

  wallet(account: string, coin: string): Wallet {
    const key = `${account}|${coin}`;
    let w = this.wallets.get(key);
    if (!w) this.wallets.set(key, (w = { available: 0n, frozen: 0n }));
    return w;
  }

  marketState(symbol: string): MarketState {
    const state = this.markets.get(symbol);
    if (!state) throw appError('MARKET_UNKNOWN');
    return state;
  }

  coinOf(symbol: string): string {
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

  saveSettings(owner: string, symbol: string, s: SymbolSettings, batch: FuturesBatch): void {
    const key = `${owner}|${symbol}`;
    this.settings.set(key, s);
    batch.settings.set(key, { id: key, user_id: owner, data: toDoc({ key, settings: s }) });
    batch.owners.add(owner);
  }

  position(owner: string, symbol: string, side: PositionSide): Position | undefined {
    const p = this.positions.get(positionKey(owner, symbol, side));
    return p && p.lots > 0 ? p : undefined;
  }

  ensurePosition(owner: string, symbol: string, side: PositionSide, now: number): Position {
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

  addLive(order: Order): void {
    this.live.set(order.id, order);
    let mine = this.liveByOwner.get(order.owner);
    if (!mine) this.liveByOwner.set(order.owner, (mine = new Map()));
    mine.set(order.id, order);
  }

  dropLive(order: Order): void {
    this.live.delete(order.id);
    const mine = this.liveByOwner.get(order.owner);
    mine?.delete(order.id);
    if (mine?.size === 0) this.liveByOwner.delete(order.owner);
  }

  addPosition(p: Position): void {
    this.positions.set(p.id, p);
    let mine = this.positionsByOwner.get(p.owner);
    if (!mine) this.positionsByOwner.set(p.owner, (mine = new Map()));
    mine.set(p.id, p);
  }

  ownerPlans(owner: string): Plan[] {
    return [...this.plans.values()].filter((p) => p.owner === owner);
  }

  userNumber(owner: string): number {
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

  post(batch: FuturesBatch, ref: string, kind: string, legs: Leg[]): void {
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
  coverShortfall(owner: string, coin: string, symbol: string, batch: FuturesBatch): void {
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

  /** The liquidation price of a position in ticks (0 when none), from the core formula. */
  liquidationTicks(p: Position): DecimalValue | null {
    return this.liquidationPriceOf?.(p) ?? null;
  }

  /** Set by the views: the liquidation price of a position (core maths). */
  liquidationPriceOf: ((p: Position) => DecimalValue | null) | null = null;

  priceText(market: PerpMarket, ticks: number): string {
    return new Decimal(ticks).times(market.config.tickSize).toFixed(market.scale.priceDecimals);
  }

  lotsText(market: PerpMarket, lots: number): string {
    return new Decimal(lots).times(market.config.lotSize).toFixed(market.scale.quantityDecimals);
  }
}
