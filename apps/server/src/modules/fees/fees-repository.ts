/**
 * The VIP tier table and each user's standing, and the reads a recompute
 * makes: the user's spot and futures fills of the last 30 days (the spot and
 * futures tables, read only) and who may hold a tier (accounts that log in,
 * not the exchange's system accounts).
 */
import { sql, type Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

interface VipTiersTable {
  level: number;
  spot_volume: bigint | string | number;
  futures_volume: bigint | string | number;
  assets: bigint | string | number;
  spot_maker_ppm: number;
  spot_taker_ppm: number;
  futures_maker_ppm: number;
  futures_taker_ppm: number;
}

interface VipLevelsTable {
  user_id: string;
  level: number;
  assigned_level: number | null;
  spot_volume: bigint | string | number;
  futures_volume: bigint | string | number;
  assets: bigint | string | number;
  computed_at: number | null;
  updated_at: number;
}

/** How far back of a window its first fill is sought: a clock set back by less hides no fill. */
const CLOCK_SLACK_MS = 3_600_000;

/** Read only here: the columns a volume needs. */
interface SpotFillsRead {
  id: number;
  symbol: string;
  price_ticks: number;
  lots: number;
  created_at: number;
}

/** The spot fills' keys by account (the spot module's index by account, and the keys not in it yet). */
interface SpotFillKeysRead {
  user_id: string;
  id: number;
}

interface FuturesFillsRead {
  user_id: string;
  symbol: string;
  created_at: number;
  data: string;
}

interface UsersRead {
  id: string;
  email: string;
  password_hash: string;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type FeesTables = {
  vip_tiers: VipTiersTable;
  vip_levels: VipLevelsTable;
  spot_fills: SpotFillsRead;
  spot_fill_index: SpotFillKeysRead;
  spot_fills_unindexed: SpotFillKeysRead;
  futures_fills: FuturesFillsRead;
  users: UsersRead;
};

type FeesDatabase = KernelTables & FeesTables;

export interface TierRow {
  level: number;
  spot_volume: bigint;
  futures_volume: bigint;
  assets: bigint;
  spot_maker_ppm: number;
  spot_taker_ppm: number;
  futures_maker_ppm: number;
  futures_taker_ppm: number;
}

export interface LevelRow {
  user_id: string;
  level: number;
  assigned_level: number | null;
  spot_volume: bigint;
  futures_volume: bigint;
  assets: bigint;
  computed_at: number | null;
  updated_at: number;
}

/** One fill as a volume sees it: its market and its size in ticks and lots. */
export interface VolumeFill {
  symbol: string;
  price_ticks: number;
  lots: number;
}

const text = (column: string) => sql<string>`cast(${sql.ref(column)} as text)`;

export class FeesRepository {
  constructor(private readonly db: Kysely<FeesDatabase>) {}

  async tiers(): Promise<TierRow[]> {
    const rows = await this.db
      .selectFrom('vip_tiers')
      .select([
        'level',
        text('spot_volume').as('spot_volume'),
        text('futures_volume').as('futures_volume'),
        text('assets').as('assets'),
        'spot_maker_ppm',
        'spot_taker_ppm',
        'futures_maker_ppm',
        'futures_taker_ppm',
      ])
      .orderBy('level')
      .execute();
    return rows.map((r) => ({
      ...r,
      level: Number(r.level),
      spot_volume: BigInt(r.spot_volume),
      futures_volume: BigInt(r.futures_volume),
      assets: BigInt(r.assets),
      spot_maker_ppm: Number(r.spot_maker_ppm),
      spot_taker_ppm: Number(r.spot_taker_ppm),
      futures_maker_ppm: Number(r.futures_maker_ppm),
      futures_taker_ppm: Number(r.futures_taker_ppm),
    }));
  }

  async levels(userIds?: readonly string[]): Promise<LevelRow[]> {
    let query = this.db
      .selectFrom('vip_levels')
      .select([
        'user_id',
        'level',
        'assigned_level',
        text('spot_volume').as('spot_volume'),
        text('futures_volume').as('futures_volume'),
        text('assets').as('assets'),
        'computed_at',
        'updated_at',
      ]);
    if (userIds) {
      if (userIds.length === 0) return [];
      query = query.where('user_id', 'in', userIds);
    }
    const rows = await query.execute();
    return rows.map((r) => ({
      user_id: r.user_id,
      level: Number(r.level),
      assigned_level: r.assigned_level === null ? null : Number(r.assigned_level),
      spot_volume: BigInt(r.spot_volume),
      futures_volume: BigInt(r.futures_volume),
      assets: BigInt(r.assets),
      computed_at: r.computed_at === null ? null : Number(r.computed_at),
      updated_at: Number(r.updated_at),
    }));
  }

  /** The newest change to any standing: the server reloads its rates when it moves. */
  async lastChange(): Promise<number> {
    const row = await this.db
      .selectFrom('vip_levels')
      .select((eb) => eb.fn.max('updated_at').as('last'))
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? 0 : Number(row.last);
  }

  /** The newest recompute of any standing; null before the first. */
  async lastComputed(): Promise<number | null> {
    const row = await this.db
      .selectFrom('vip_levels')
      .select((eb) => eb.fn.max('computed_at').as('last'))
      .executeTakeFirst();
    return row?.last === null || row?.last === undefined ? null : Number(row.last);
  }

  /** Writes a recompute's figures and tier; an assigned tier is kept. */
  async saveComputed(row: Omit<LevelRow, 'assigned_level'>): Promise<void> {
    const values = {
      user_id: row.user_id,
      level: row.level,
      spot_volume: String(row.spot_volume),
      futures_volume: String(row.futures_volume),
      assets: String(row.assets),
      computed_at: row.computed_at,
      updated_at: row.updated_at,
    };
    await this.db
      .insertInto('vip_levels')
      .values({ ...values, assigned_level: null })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          level: values.level,
          spot_volume: values.spot_volume,
          futures_volume: values.futures_volume,
          assets: values.assets,
          computed_at: values.computed_at,
          updated_at: values.updated_at,
        }),
      )
      .execute();
  }

  /** An operator's tier for a user (null clears it: the computed tier applies again). */
  async assign(userId: string, level: number | null, now: number): Promise<void> {
    await this.db
      .insertInto('vip_levels')
      .values({
        user_id: userId,
        level: 0,
        assigned_level: level,
        spot_volume: '0',
        futures_volume: '0',
        assets: '0',
        computed_at: null,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ assigned_level: level, updated_at: now }),
      )
      .execute();
  }

  /** Accounts that may hold a tier: every one but the exchange's system accounts. */
  async tierHolders(systemPasswordHash: string): Promise<string[]> {
    const rows = await this.db
      .selectFrom('users')
      .select('id')
      .where('password_hash', '!=', systemPasswordHash)
      .orderBy('id')
      .execute();
    return rows.map((r) => r.id);
  }

  async userIdByEmail(email: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('email', '=', email)
      .executeTakeFirst();
    return row?.id ?? null;
  }

  /**
   * The spot fills since `since`, on either side, of these ledger owners (a
   * user's account and its margin accounts, `spotOwnersOf`): each owner's
   * keys are sought in the index by account, none of the others read.
   */
  async spotFillsSince(
    owners: readonly string[],
    since: number,
    fromId?: number | null,
  ): Promise<VolumeFill[]> {
    const first = fromId === undefined ? await this.spotFillIdFrom(since) : fromId;
    if (first === null) return [];
    // Fills on either side: the keys in the index by account and those made since, from the
    // window's first fill id on (the owners' older keys are not read).
    const keysIn = (table: 'spot_fill_index' | 'spot_fills_unindexed') =>
      this.db
        .selectFrom(table as 'spot_fills_unindexed')
        .select('id')
        .where('user_id', 'in', owners)
        .where('id', '>=', first);
    const rows = await this.db
      .selectFrom('spot_fills')
      .select(['symbol', 'price_ticks', 'lots'])
      .where('created_at', '>=', since)
      .where('id', 'in', keysIn('spot_fill_index').unionAll(keysIn('spot_fills_unindexed')))
      .execute();
    return rows.map((r) => ({
      symbol: r.symbol,
      price_ticks: Number(r.price_ticks),
      lots: Number(r.lots),
    }));
  }

  /**
   * A lower bound on the ids of the spot fills made at or after `time`, or
   * null when none is: the first fill made at or after `time - CLOCK_SLACK_MS`
   * (a clock set back a little cannot hide a fill of the window). Fill ids
   * grow with time, so it is a search by id: one seek of the primary key a
   * step, about 25 for 30 million fills.
   */
  async spotFillIdFrom(time: number): Promise<number | null> {
    const at = time - CLOCK_SLACK_MS;
    const firstFrom = async (id: number) => {
      const row = await this.db
        .selectFrom('spot_fills')
        .select(['id', 'created_at'])
        .where('id', '>=', id)
        .orderBy('id')
        .limit(1)
        .executeTakeFirst();
      return row && { id: Number(row.id), made: Number(row.created_at) };
    };
    const last = await this.db
      .selectFrom('spot_fills')
      .select(['id', 'created_at'])
      .orderBy('id', 'desc')
      .limit(1)
      .executeTakeFirst();
    if (!last || Number(last.created_at) < at) return null;
    // The first fill from `hi` on is made at or after `at`; none before `lo` is.
    let lo = 0;
    let hi = Number(last.id);
    while (lo < hi) {
      const mid = Math.floor((lo + hi) / 2);
      const fill = await firstFrom(mid);
      if (fill && fill.made >= at) hi = mid;
      else lo = mid + 1;
    }
    return (await firstFrom(hi))?.id ?? null;
  }

  /** The user's futures fills since `since` (each side of a fill is a row of its owner). */
  async futuresFillsSince(userId: string, since: number): Promise<VolumeFill[]> {
    const rows = await this.db
      .selectFrom('futures_fills')
      .select(['symbol', 'data'])
      .where('user_id', '=', userId)
      .where('created_at', '>=', since)
      .execute();
    return rows.map((r) => {
      const doc = JSON.parse(r.data) as { priceTicks: number; lots: number };
      return { symbol: r.symbol, price_ticks: Number(doc.priceTicks), lots: Number(doc.lots) };
    });
  }
}
