/**
 * Spot orders and fills. The engine host writes them in batches (one
 * multi-row statement per table per batch); the read side pages through them
 * for the order and fill history.
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { countRows, createdWithin } from '../../kernel/db/queries';
import type { KernelTables, MinorUnits } from '../../kernel/db/schema';
import { prepared, type SqliteConnection } from '../../kernel/db/sqlite-statements';
import {
  SPOT_INDEX_SQL,
  fillKeys,
  indexPendingSpot,
  type SpotKeyTables,
} from './spot-index-repository';

export interface SpotOrdersTable {
  id: number;
  user_id: string;
  client_order_id: string | null;
  symbol: string;
  side: string;
  type: string;
  time_in_force: string | null;
  price_ticks: number;
  quantity_lots: number;
  /** Minor units of the quote coin, for a market buy by amount; else 0. */
  quote_amount: MinorUnits;
  filled_lots: number;
  filled_quote: MinorUnits;
  /** What the order still holds frozen, in minor units of the coin it spends. */
  frozen: MinorUnits;
  status: string;
  /** Why the exchange cancelled the rest (`PRICE_PROTECTION`); null when it did not. */
  cancel_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface SpotFillsTable {
  id: number;
  symbol: string;
  price_ticks: number;
  lots: number;
  taker_side: string;
  maker_order_id: number;
  maker_user_id: string;
  maker_fee: MinorUnits;
  taker_order_id: number;
  taker_user_id: string;
  taker_fee: MinorUnits;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type SpotTables = {
  spot_orders: SpotOrdersTable;
  spot_fills: SpotFillsTable;
} & SpotKeyTables;

type SpotDatabase = KernelTables & SpotTables;

export interface SpotOrderRow {
  id: number;
  user_id: string;
  client_order_id: string | null;
  symbol: string;
  side: string;
  type: string;
  time_in_force: string | null;
  price_ticks: number;
  quantity_lots: number;
  quote_amount: bigint;
  filled_lots: number;
  filled_quote: bigint;
  frozen: bigint;
  status: string;
  cancel_reason: string | null;
  created_at: number;
  updated_at: number;
}

export interface SpotFillRow {
  id: number;
  symbol: string;
  price_ticks: number;
  lots: number;
  taker_side: string;
  maker_order_id: number;
  maker_user_id: string;
  maker_fee: bigint;
  taker_order_id: number;
  taker_user_id: string;
  taker_fee: bigint;
  created_at: number;
}

export interface OrderFilter {
  symbol: string | null;
  /** Only these markets (one ledger side); absent for all. */
  symbols?: readonly string[] | null;
  side: string | null;
  /** Only orders in these statuses; null for all. */
  statuses: readonly string[] | null;
  begin: number | null;
  end: number | null;
}

export interface FillFilter {
  symbol: string | null;
  /** Only these markets (one ledger side); absent for all. */
  symbols?: readonly string[] | null;
  begin: number | null;
  end: number | null;
}

const CHUNK = 400;

const text = (column: string) => sql<string>`cast(${sql.ref(column)} as text)`;

const ORDER_COLUMNS = [
  'id',
  'user_id',
  'client_order_id',
  'symbol',
  'side',
  'type',
  'time_in_force',
  'price_ticks',
  'quantity_lots',
  text('quote_amount').as('quote_amount'),
  'filled_lots',
  text('filled_quote').as('filled_quote'),
  text('frozen').as('frozen'),
  'status',
  'cancel_reason',
  'created_at',
  'updated_at',
] as const;

const FILL_COLUMNS = [
  'id',
  'symbol',
  'price_ticks',
  'lots',
  'taker_side',
  'maker_order_id',
  'maker_user_id',
  text('maker_fee').as('maker_fee'),
  'taker_order_id',
  'taker_user_id',
  text('taker_fee').as('taker_fee'),
  'created_at',
] as const;

type RawOrder = Omit<SpotOrderRow, 'quote_amount' | 'filled_quote' | 'frozen'> & {
  quote_amount: string;
  filled_quote: string;
  frozen: string;
};
type RawFill = Omit<SpotFillRow, 'maker_fee' | 'taker_fee'> & {
  maker_fee: string;
  taker_fee: string;
};

function toOrder(r: RawOrder): SpotOrderRow {
  return {
    ...r,
    id: Number(r.id),
    price_ticks: Number(r.price_ticks),
    quantity_lots: Number(r.quantity_lots),
    filled_lots: Number(r.filled_lots),
    quote_amount: BigInt(r.quote_amount),
    filled_quote: BigInt(r.filled_quote),
    frozen: BigInt(r.frozen),
  };
}

function toFill(r: RawFill): SpotFillRow {
  return {
    ...r,
    id: Number(r.id),
    price_ticks: Number(r.price_ticks),
    lots: Number(r.lots),
    maker_order_id: Number(r.maker_order_id),
    taker_order_id: Number(r.taker_order_id),
    maker_fee: BigInt(r.maker_fee),
    taker_fee: BigInt(r.taker_fee),
  };
}

export const LIVE_STATUSES = ['NEW', 'PARTIALLY_FILLED'] as const;

/** Statements of the embedded store's fast paths, shared with its batch writer. */
export const SPOT_SQL = {
  upsertOrder: `insert into spot_orders (id, user_id, client_order_id, symbol, side, type,
  time_in_force, price_ticks, quantity_lots, quote_amount, filled_lots, filled_quote, frozen, status,
  cancel_reason, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  on conflict (id) do update set filled_lots = excluded.filled_lots,
  filled_quote = excluded.filled_quote, frozen = excluded.frozen, status = excluded.status,
  cancel_reason = excluded.cancel_reason, updated_at = excluded.updated_at`,
  insertFill: `insert into spot_fills (id, symbol, price_ticks, lots, taker_side,
  maker_order_id, maker_user_id, maker_fee, taker_order_id, taker_user_id, taker_fee, created_at)
  values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  clientIdTaken: `select 1 from spot_orders where user_id = ? and client_order_id = ?`,
} as const;

export class SpotRepository {
  /** `sqlite`: the embedded store's connection inside a transaction, for the batch writes. */
  constructor(
    private readonly db: Kysely<SpotDatabase>,
    private readonly sqlite: SqliteConnection | null = null,
  ) {}

  /** Inserts new orders and updates changed ones, the whole row each time. */
  async upsertOrders(orders: readonly SpotOrderRow[]): Promise<void> {
    if (this.sqlite) {
      const upsert = prepared(this.sqlite, SPOT_SQL.upsertOrder);
      for (const o of orders) {
        upsert.run(
          o.id,
          o.user_id,
          o.client_order_id,
          o.symbol,
          o.side,
          o.type,
          o.time_in_force,
          o.price_ticks,
          o.quantity_lots,
          o.quote_amount,
          o.filled_lots,
          o.filled_quote,
          o.frozen,
          o.status,
          o.cancel_reason,
          o.created_at,
          o.updated_at,
        );
      }
      return;
    }
    for (let i = 0; i < orders.length; i += CHUNK) {
      await this.db
        .insertInto('spot_orders')
        .values(orders.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('id').doUpdateSet({
            filled_lots: sql`excluded.filled_lots`,
            filled_quote: sql`excluded.filled_quote`,
            frozen: sql`excluded.frozen`,
            status: sql`excluded.status`,
            cancel_reason: sql`excluded.cancel_reason`,
            updated_at: sql`excluded.updated_at`,
          }),
        )
        .execute();
    }
  }

  /** The keys of orders placed, for the index by account (`indexPending`). */
  async pendOrders(placed: readonly SpotOrderRow[]): Promise<void> {
    if (this.sqlite) {
      const pend = prepared(this.sqlite, SPOT_INDEX_SQL.pendOrder);
      for (const o of placed) pend.run(o.user_id, o.created_at, o.id);
      return;
    }
    for (let i = 0; i < placed.length; i += CHUNK) {
      await this.db
        .insertInto('spot_orders_unindexed')
        .values(
          placed.slice(i, i + CHUNK).map((o) => ({
            user_id: o.user_id,
            created_at: o.created_at,
            id: o.id,
          })),
        )
        .execute();
    }
  }

  /**
   * Moves the keys of the orders placed and the fills made since into the
   * indexes by account, in their order (as `LedgerRepository.indexPending`
   * does the journal's).
   */
  async indexPending(): Promise<void> {
    await indexPendingSpot(this.db);
  }

  /** The fills, and a key for each account on a side of one for the index by account (`indexPending`). */
  async insertFills(fills: readonly SpotFillRow[]): Promise<void> {
    if (this.sqlite) {
      const insert = prepared(this.sqlite, SPOT_SQL.insertFill);
      const pend = prepared(this.sqlite, SPOT_INDEX_SQL.pendFill);
      for (const f of fills) {
        for (const key of fillKeys(f.maker_user_id, f.taker_user_id, f.id)) {
          pend.run(key.user_id, key.id);
        }
        insert.run(
          f.id,
          f.symbol,
          f.price_ticks,
          f.lots,
          f.taker_side,
          f.maker_order_id,
          f.maker_user_id,
          f.maker_fee,
          f.taker_order_id,
          f.taker_user_id,
          f.taker_fee,
          f.created_at,
        );
      }
      return;
    }
    for (let i = 0; i < fills.length; i += CHUNK) {
      await this.db
        .insertInto('spot_fills')
        .values(fills.slice(i, i + CHUNK))
        .execute();
    }
    const keys = fills.flatMap((f) => fillKeys(f.maker_user_id, f.taker_user_id, f.id));
    for (let i = 0; i < keys.length; i += CHUNK) {
      await this.db
        .insertInto('spot_fills_unindexed')
        .values(keys.slice(i, i + CHUNK))
        .execute();
    }
  }

  /** Every order still in a book, oldest first: the order they are put back in. */
  async liveOrders(): Promise<SpotOrderRow[]> {
    const rows = await this.db
      .selectFrom('spot_orders')
      .select(ORDER_COLUMNS)
      .where('status', 'in', LIVE_STATUSES)
      .orderBy('id')
      .execute();
    return rows.map((r) => toOrder(r as RawOrder));
  }

  async maxIds(): Promise<{ order: number; fill: number }> {
    const order = await this.db
      .selectFrom('spot_orders')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    const fill = await this.db
      .selectFrom('spot_fills')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return { order: Number(order?.id ?? 0), fill: Number(fill?.id ?? 0) };
  }

  async order(id: number): Promise<SpotOrderRow | undefined> {
    const row = await this.db
      .selectFrom('spot_orders')
      .select(ORDER_COLUMNS)
      .where('id', '=', id)
      .executeTakeFirst();
    return row && toOrder(row as RawOrder);
  }

  /** Whether the user has an order with this client order id already. */
  async clientOrderIdTaken(userId: string, clientOrderId: string): Promise<boolean> {
    if (this.sqlite) {
      return prepared(this.sqlite, SPOT_SQL.clientIdTaken).get(userId, clientOrderId) !== undefined;
    }
    const row = await this.db
      .selectFrom('spot_orders')
      .select('id')
      .where('user_id', '=', userId)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async orderByClientId(userId: string, clientOrderId: string): Promise<SpotOrderRow | undefined> {
    const row = await this.db
      .selectFrom('spot_orders')
      .select(ORDER_COLUMNS)
      .where('user_id', '=', userId)
      .where('client_order_id', '=', clientOrderId)
      .executeTakeFirst();
    return row && toOrder(row as RawOrder);
  }

  private filteredOrders(userId: string, filter: OrderFilter) {
    // The user's orders: the keys in the index by account and those of the
    // orders placed since (one statement, one snapshot), each within the span.
    const keysIn = (table: 'spot_order_index' | 'spot_orders_unindexed') =>
      createdWithin(
        this.db
          .selectFrom(table as 'spot_orders_unindexed')
          .select('id')
          .where('user_id', '=', userId),
        filter,
      );
    let query: SelectQueryBuilder<SpotDatabase, 'spot_orders', object> = this.db
      .selectFrom('spot_orders')
      .where('id', 'in', keysIn('spot_order_index').unionAll(keysIn('spot_orders_unindexed')));
    if (filter.symbol !== null) query = query.where('symbol', '=', filter.symbol);
    if (filter.symbols) query = query.where('symbol', 'in', filter.symbols);
    if (filter.side !== null) query = query.where('side', '=', filter.side);
    if (filter.statuses !== null) query = query.where('status', 'in', filter.statuses);
    return createdWithin(query, filter);
  }

  async countOrders(userId: string, filter: OrderFilter): Promise<number> {
    return countRows(this.filteredOrders(userId, filter));
  }

  /** Newest first. */
  async orders(
    userId: string,
    filter: OrderFilter,
    offset: number,
    limit: number,
  ): Promise<SpotOrderRow[]> {
    const rows = await this.filteredOrders(userId, filter)
      .select(ORDER_COLUMNS)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => toOrder(r as RawOrder));
  }

  private filteredFills(userId: string, filter: FillFilter) {
    // The user's fills on either side: the keys in the index by account and those made since.
    const keysIn = (table: 'spot_fill_index' | 'spot_fills_unindexed') =>
      this.db
        .selectFrom(table as 'spot_fills_unindexed')
        .select('id')
        .where('user_id', '=', userId);
    let query: SelectQueryBuilder<SpotDatabase, 'spot_fills', object> = this.db
      .selectFrom('spot_fills')
      .where('id', 'in', keysIn('spot_fill_index').unionAll(keysIn('spot_fills_unindexed')));
    if (filter.symbol !== null) query = query.where('symbol', '=', filter.symbol);
    if (filter.symbols) query = query.where('symbol', 'in', filter.symbols);
    return createdWithin(query, filter);
  }

  async countFills(userId: string, filter: FillFilter): Promise<number> {
    return countRows(this.filteredFills(userId, filter));
  }

  /** Newest first. */
  async fills(
    userId: string,
    filter: FillFilter,
    offset: number,
    limit: number,
  ): Promise<SpotFillRow[]> {
    const rows = await this.filteredFills(userId, filter)
      .select(FILL_COLUMNS)
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => toFill(r as RawFill));
  }

  /** Every fill of one order, oldest first (an order's details). */
  async fillsOfOrder(orderId: number): Promise<SpotFillRow[]> {
    const rows = await this.db
      .selectFrom('spot_fills')
      .select(FILL_COLUMNS)
      .where((eb) =>
        eb.or([eb('maker_order_id', '=', orderId), eb('taker_order_id', '=', orderId)]),
      )
      .orderBy('id')
      .execute();
    return rows.map((r) => toFill(r as RawFill));
  }

  /** The newest fills of a market, newest first (recent trades at start). */
  async recentFills(symbol: string, limit: number): Promise<SpotFillRow[]> {
    const rows = await this.db
      .selectFrom('spot_fills')
      .select(FILL_COLUMNS)
      .where('symbol', '=', symbol)
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map((r) => toFill(r as RawFill));
  }
}
