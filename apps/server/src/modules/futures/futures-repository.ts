/**
 * Perpetual futures documents: orders, fills, positions, trigger plans,
 * settings and funding. The futures host writes them in its batches and
 * reads the live ones whole at start; the read side pages through them for
 * the order, fill, plan and funding history. Each row keeps its figures in
 * `data` (JSON whose money is integer minor units written as strings); the
 * columns are only what queries filter and sort on.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

/**
 * The futures tables: an id, the columns queries filter on (not every table
 * has each) and the document itself as JSON.
 */
export interface FuturesDocumentTable {
  id: string | number;
  user_id: string;
  symbol: string;
  status: string;
  lots: number;
  created_at: number;
  updated_at: number;
  data: string;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type FuturesTables = {
  futures_orders: FuturesDocumentTable;
  futures_fills: FuturesDocumentTable;
  futures_positions: FuturesDocumentTable;
  futures_plans: FuturesDocumentTable;
  futures_settings: FuturesDocumentTable;
  futures_funding: FuturesDocumentTable;
};

type FuturesDatabase = KernelTables & FuturesTables;

export type FuturesTable =
  | 'futures_orders'
  | 'futures_fills'
  | 'futures_positions'
  | 'futures_plans'
  | 'futures_settings'
  | 'futures_funding';

/** One row to write: its id, the filter columns the table has, and the document. */
export interface FuturesDocument {
  id: string | number;
  user_id: string;
  symbol?: string;
  status?: string;
  lots?: number;
  created_at?: number;
  updated_at?: number;
  data: string;
}

export interface FuturesPageFilter {
  userId: string;
  /** Only these symbols (one ledger side). */
  symbols: readonly string[];
  statuses?: readonly string[] | null;
  begin?: number | null;
  end?: number | null;
  offset: number;
  limit: number;
}

const CHUNK = 200;
const LIVE_ORDERS = ['NEW', 'PARTIALLY_FILLED'];

export class FuturesRepository {
  constructor(private readonly db: Kysely<FuturesDatabase>) {}

  /** Writes rows whole: new ones are inserted, known ids replaced. */
  async upsert(table: FuturesTable, rows: readonly FuturesDocument[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      const chunk = rows.slice(i, i + CHUNK);
      const columns = Object.keys(chunk[0] ?? {}).filter((c) => c !== 'id') as Array<
        keyof FuturesDocument
      >;
      await this.db
        .insertInto(table)
        .values(chunk as never)
        .onConflict((oc) =>
          oc
            .column('id')
            .doUpdateSet(
              (eb) =>
                Object.fromEntries(
                  columns.map((c) => [c, eb.ref(`excluded.${c}` as never)]),
                ) as never,
            ),
        )
        .execute();
    }
  }

  /** Documents of a table, optionally only some statuses, by id. */
  async documents(
    table: FuturesTable,
    where: { statuses?: readonly string[]; minLots?: number } = {},
  ): Promise<string[]> {
    let query = this.db.selectFrom(table).select('data').orderBy('id');
    if (where.statuses) query = query.where('status', 'in', where.statuses);
    if (where.minLots !== undefined) query = query.where('lots', '>=', where.minLots);
    return (await query.execute()).map((r) => r.data);
  }

  async liveOrders(): Promise<string[]> {
    return this.documents('futures_orders', { statuses: LIVE_ORDERS });
  }

  async maxId(table: 'futures_orders' | 'futures_fills' | 'futures_plans'): Promise<number> {
    const row = await this.db
      .selectFrom(table)
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirst();
    return Number(row?.id ?? 0);
  }

  /** A user's rows of one table, newest first, with the total for paging. */
  async page(
    table: 'futures_orders' | 'futures_fills' | 'futures_plans' | 'futures_funding',
    filter: FuturesPageFilter,
  ): Promise<{ total: number; rows: string[] }> {
    if (filter.symbols.length === 0) return { total: 0, rows: [] };
    let query = this.db
      .selectFrom(table)
      .where('user_id', '=', filter.userId)
      .where('symbol', 'in', filter.symbols);
    if (filter.statuses && filter.statuses.length > 0) {
      query = query.where('status', 'in', filter.statuses);
    }
    if (filter.begin != null) query = query.where('created_at', '>=', filter.begin);
    if (filter.end != null) query = query.where('created_at', '<', filter.end);
    const count = await query.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst();
    const rows = await query
      .select('data')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(filter.offset)
      .limit(filter.limit)
      .execute();
    return { total: Number(count?.n ?? 0), rows: rows.map((r) => r.data) };
  }

  /** The latest fills of a market as the taker saw them, newest first. */
  async recentTakerFills(symbol: string, limit: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('futures_fills')
      .select('data')
      .where('symbol', '=', symbol)
      .orderBy('id', 'desc')
      .limit(limit * 2)
      .execute();
    return rows.map((r) => r.data);
  }
}
