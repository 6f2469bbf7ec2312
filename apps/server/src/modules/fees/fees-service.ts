/**
 * VIP tiers: the schedule, each user's standing, the daily recompute from
 * the fills and balances in the store, operators' assigned tiers, and the
 * in-memory rate table the engine hosts charge from (kernel/fee-rates.ts),
 * reloaded whenever a standing changes (also by an operator's command).
 */
import { Decimal, type FeeSchedule, type MyVip, type SpotMarketConfig } from '@quay/core';
import { isDemoCoin } from '../../kernel/coins';
import { spotOwnersOf, type FeeRates, type OwnerRates } from '../../kernel/fee-rates';
import { fromMinor } from '../../kernel/money';
import type { FeesStore as Store } from './fees-repositories';
import type { LevelRow, TierRow } from './fees-repository';
import {
  VOLUME_COIN,
  VOLUME_WINDOW_MS,
  ratesOf,
  tierAt,
  tierReached,
  tierWire,
  volumeOf,
  volumeScales,
  type Figures,
} from './vip-standing';

export interface FeesOptions {
  now: () => number;
  /** The value of one coin in USDT, or null when it has none. */
  usdtPrice: (coin: string) => string | null | Promise<string | null>;
  /** The markets whose fills count (the USDT ones do): spot and perpetual. */
  markets: readonly SpotMarketConfig[];
  /** The table the engine hosts read; this service keeps it up to date. */
  rates: FeeRates;
  /** Accounts with this password hash are the exchange's own: they hold no tier. */
  systemPasswordHash: string;
}

export interface RecomputeResult {
  users: number;
  /** Users whose computed tier moved. */
  changed: number;
}

export class FeesService {
  private readonly scales: Map<string, bigint>;
  private readonly symbols: string[];
  private loadedChange = -1;

  constructor(
    private readonly store: Store,
    private readonly options: FeesOptions,
  ) {
    this.scales = volumeScales(options.markets);
    this.symbols = options.markets.map((market) => market.symbol);
  }

  async schedule(): Promise<FeeSchedule> {
    return { tiers: (await this.store.repos.fees.tiers()).map(tierWire) };
  }

  /** The user's standing as last computed or assigned; VIP0 with zero figures before any. */
  async myVip(userId: string): Promise<MyVip> {
    const tiers = await this.store.repos.fees.tiers();
    const [row] = await this.store.repos.fees.levels([userId]);
    const level = row ? (row.assigned_level ?? row.level) : 0;
    const current = tierAt(tiers, level) as TierRow;
    const next = tiers.find((t) => t.level > current.level) ?? null;
    return {
      level: current.level,
      assigned: row?.assigned_level !== null && row?.assigned_level !== undefined,
      spotVolume: fromMinor(row?.spot_volume ?? 0n),
      futuresVolume: fromMinor(row?.futures_volume ?? 0n),
      assets: fromMinor(row?.assets ?? 0n),
      computedAt: row?.computed_at ?? null,
      rates: tierWire(current),
      next: next && tierWire(next),
    };
  }

  /** The user's 30-day spot and futures volumes and assets held, in USDT minor units. */
  async figuresOf(userId: string, now: number, firstFillId?: number | null): Promise<Figures> {
    const since = now - VOLUME_WINDOW_MS;
    const repos = this.store.repos;
    const owners = spotOwnersOf(userId, this.symbols);
    const fills = await repos.fees.spotFillsSince(owners, since, firstFillId);
    const spotVolume = volumeOf(fills, this.scales);
    const futuresVolume = volumeOf(await repos.fees.futuresFillsSince(userId, since), this.scales);
    // The spot account and the futures wallet, each coin at its USDT price.
    let assets = 0n;
    for (const b of await repos.ledger.balancesOf([userId, `f:${userId}`])) {
      if (isDemoCoin(b.coin)) continue;
      const total = BigInt(b.available) + BigInt(b.frozen);
      if (total === 0n) continue;
      const price = b.coin === VOLUME_COIN ? '1' : await this.options.usdtPrice(b.coin);
      if (price === null) continue;
      const value = new Decimal(total.toString()).times(price).toFixed(0, Decimal.ROUND_DOWN);
      assets += BigInt(value);
    }
    return { spotVolume, futuresVolume, assets };
  }

  /** Recomputes every account's tier from its figures now; assigned tiers stay. */
  async recomputeAll(): Promise<RecomputeResult> {
    const now = this.options.now();
    const tiers = await this.store.repos.fees.tiers();
    const users = await this.store.repos.fees.tierHolders(this.options.systemPasswordHash);
    const before = new Map((await this.store.repos.fees.levels()).map((r) => [r.user_id, r]));
    // The window's first spot fill, sought once for every account.
    const firstFillId = await this.store.repos.fees.spotFillIdFrom(now - VOLUME_WINDOW_MS);
    let changed = 0;
    for (const userId of users) {
      const figures = await this.figuresOf(userId, now, firstFillId);
      const level = tierReached(tiers, figures);
      const prior = before.get(userId);
      if (
        !prior &&
        level === 0 &&
        figures.spotVolume + figures.futuresVolume + figures.assets === 0n
      )
        continue;
      if ((prior?.level ?? 0) !== level) changed += 1;
      await this.store.repos.fees.saveComputed({
        user_id: userId,
        level,
        spot_volume: figures.spotVolume,
        futures_volume: figures.futuresVolume,
        assets: figures.assets,
        computed_at: now,
        updated_at: now,
      });
    }
    await this.reload();
    return { users: users.length, changed };
  }

  /** When tiers were last recomputed; null before the first time. */
  lastComputed(): Promise<number | null> {
    return this.store.repos.fees.lastComputed();
  }

  /** An operator's tier for a user, or null to let the computed one apply again. */
  async assign(userId: string, level: number | null): Promise<void> {
    if (level !== null) {
      const tiers = await this.store.repos.fees.tiers();
      if (!tiers.some((t) => t.level === level)) throw new RangeError(`no tier VIP${level}`);
    }
    await this.store.repos.fees.assign(userId, level, this.options.now());
    await this.reload();
  }

  userIdByEmail(email: string): Promise<string | null> {
    return this.store.repos.fees.userIdByEmail(email.trim().toLowerCase());
  }

  /** Builds the hosts' rate table from the store: every user above the first tier. */
  async reload(): Promise<void> {
    const change = await this.store.repos.fees.lastChange();
    const tiers = await this.store.repos.fees.tiers();
    const first = tiers[0]?.level ?? 0;
    const entries = new Map<string, OwnerRates>();
    for (const row of await this.store.repos.fees.levels()) {
      const t = tierAt(tiers, effectiveLevel(row));
      if (t && t.level > first) entries.set(row.user_id, ratesOf(t));
    }
    this.options.rates.replace(entries);
    this.loadedChange = change;
  }

  /** Reloads when a standing changed since the last load (an operator's command beside the server). */
  async reloadIfChanged(): Promise<boolean> {
    const change = await this.store.repos.fees.lastChange();
    if (change === this.loadedChange) return false;
    await this.reload();
    return true;
  }
}

export function effectiveLevel(row: Pick<LevelRow, 'level' | 'assigned_level'>): number {
  return row.assigned_level ?? row.level;
}
