/**
 * What the spot host holds in memory: every market's book, the orders
 * resting in them, and the balances it has read, which it keeps in step
 * with what it posts.
 */
import { FastOrderBook, type Side } from '@quay/engine';
import { appError } from '../../../kernel/app-error';
import { FeeRates } from '../../../kernel/fee-rates';
import { EXTERNAL_ACCOUNT, type Leg } from '../../../kernel/journal';
import type { SpotStore as Store } from '../spot-repositories';
import type { SpotOrderRow } from '../spot-repository';
import type { SpotPlanRow } from '../spot-plan-repository';
import type { SpotMarket, SpotMarkets } from '../spot-markets';
import type { SpotBatch } from './spot-batch';
import { IndexMoves } from '../../../kernel/db/ledger-account-index';

export interface HostMarketState {
  market: SpotMarket;
  book: FastOrderBook;
  seq: number;
  /** The last trade's price in ticks, the reference of market orders' price protection; null before any. */
  lastPrice: number | null;
}

export interface CachedBalance {
  available: bigint;
  frozen: bigint;
}

export class SpotHostState {
  readonly markets = new Map<string, HostMarketState>();
  /** Orders resting in a book, by id. */
  readonly live = new Map<number, SpotOrderRow>();
  readonly balances = new Map<string, Map<string, CachedBalance>>();
  /** Plans waiting for a trigger, and TP/SL waiting for their order, by id. */
  readonly plans = new Map<number, SpotPlanRow>();
  /** Plans sent to be fired and not yet run. */
  readonly firing = new Set<number>();
  nextPlanId = 1;
  /** The engine knows users by number; the numbers live only in memory. */
  private readonly userNumbers = new Map<string, number>();
  nextOrderId = 1;
  nextFillId = 1;
  /** When this host moves the new keys into the indexes by account, on its own transactions. */
  readonly indexMoves = new IndexMoves();
  /**
   * When a batch last went to the embedded store's writer thread (by the
   * host's clock): while it writes, that thread moves the keys itself.
   */
  writerUsedAt = Number.NEGATIVE_INFINITY;
  /** The owners' fee rates (VIP tiers), kept up to date by the fees module. */
  feeRates = new FeeRates();

  /** `priceBand_bps`: how far from the reference price a market order may fill. */
  constructor(
    spotMarkets: SpotMarkets,
    readonly priceBand_bps: number,
  ) {
    for (const market of spotMarkets.all()) {
      this.markets.set(market.config.symbol, {
        market,
        book: new FastOrderBook(),
        seq: 0,
        lastPrice: null,
      });
    }
  }

  /** Rebuilds the books from the store: every live order back in its place, in the order it came. */
  async rebuild(store: Store): Promise<void> {
    this.live.clear();
    this.balances.clear();
    this.plans.clear();
    this.firing.clear();
    for (const state of this.markets.values()) {
      state.book = new FastOrderBook();
      // A jump in the sequence tells every depth subscriber to take a new snapshot.
      state.seq += 2;
      const [last] = await store.repos.spot.recentFills(state.market.config.symbol, 1);
      state.lastPrice = last?.price_ticks ?? null;
    }
    const ids = await store.repos.spot.maxIds();
    this.nextOrderId = ids.order + 1;
    this.nextFillId = ids.fill + 1;
    this.nextPlanId = (await store.repos.spotPlans.maxPlanId()) + 1;
    for (const plan of await store.repos.spotPlans.livePlans()) this.plans.set(plan.id, plan);
    for (const row of await store.repos.spot.liveOrders()) {
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

  marketState(symbol: string): HostMarketState {
    const state = this.markets.get(symbol);
    if (!state) throw appError('MARKET_UNKNOWN');
    return state;
  }

  userNumber(userId: string): number {
    let n = this.userNumbers.get(userId);
    if (n === undefined) {
      n = this.userNumbers.size + 1;
      this.userNumbers.set(userId, n);
    }
    return n;
  }

  available(userId: string, coin: string): bigint {
    return this.balances.get(userId)?.get(coin)?.available ?? 0n;
  }

  /** Posts legs to the journal and mirrors them in the balances the host holds. */
  post(batch: SpotBatch, ref: string, kind: string, legs: Leg[]): void {
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
}
