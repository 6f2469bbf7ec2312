/**
 * The spot orders' and fills' indexes by account, kept as tables of keys and
 * brought up to date in bulk (DESIGN.md section 5): each order placed and
 * each fill appends its keys to an `_unindexed` table, and the spot writer
 * moves them into the index, in account order, about once a second. The
 * histories read the keys of both tables (spot-repository.ts).
 */
import { PostgresAdapter, sql, type QueryExecutorProvider } from 'kysely';
import { sliceMoveSql } from '../../kernel/db/ledger-account-index';

/**
 * The orders' index by account, kept as a table and brought up to date in
 * bulk (`indexPendingSpot`), and the keys of the orders placed since.
 */
export interface SpotOrderKeysTable {
  user_id: string;
  created_at: number;
  id: number;
}

/** The same for the fills: a key for each account on a side of the fill (one when both are the same). */
export interface SpotFillKeysTable {
  user_id: string;
  id: number;
}

/** Statements of the embedded store's fast paths, shared with its batch writer. */
export const SPOT_INDEX_SQL = {
  /** The key of an order placed, until the index by account takes it. */
  pendOrder: `insert into spot_orders_unindexed (user_id, created_at, id) values (?, ?, ?)`,
  /**
   * With `clearOrders`, in one transaction: the embedded store has one writer
   * at a time. A key the writer thread's move has put in the index already
   * (`SPOT_MOVE_SQL`) is skipped.
   */
  indexOrders: `insert or ignore into spot_order_index (user_id, created_at, id)
  select user_id, created_at, id from spot_orders_unindexed order by user_id, created_at, id`,
  clearOrders: `delete from spot_orders_unindexed`,
  pendFill: `insert into spot_fills_unindexed (user_id, id) values (?, ?)`,
  indexFills: `insert or ignore into spot_fill_index (user_id, id)
  select user_id, id from spot_fills_unindexed order by user_id, id`,
  clearFills: `delete from spot_fills_unindexed`,
} as const;

/** How the embedded store's writer thread moves these keys, a slice per commit (`LEDGER_MOVE_SQL`). */
export const SPOT_MOVE_SQL = [
  sliceMoveSql('spot_orders_unindexed', 'spot_order_index', 'user_id, created_at, id'),
  sliceMoveSql('spot_fills_unindexed', 'spot_fill_index', 'user_id, id'),
];

/** A fill's keys by account: one per side, one when both sides are the same account. */
export function fillKeys(maker: string, taker: string, id: number): SpotFillKeysTable[] {
  return maker === taker
    ? [{ user_id: maker, id }]
    : [
        { user_id: maker, id },
        { user_id: taker, id },
      ];
}

/**
 * Moves the keys of the orders placed and the fills made since into the
 * indexes by account, in their order, inside the writer's transaction (as
 * `LedgerRepository.indexPending` does the journal's).
 */
export async function indexPendingSpot(db: QueryExecutorProvider): Promise<void> {
  if (db.getExecutor().adapter instanceof PostgresAdapter) {
    await sql`with moved as (delete from spot_orders_unindexed returning user_id, created_at, id)
      insert into spot_order_index (user_id, created_at, id)
      select user_id, created_at, id from moved order by user_id, created_at, id`.execute(db);
    await sql`with moved as (delete from spot_fills_unindexed returning user_id, id)
      insert into spot_fill_index (user_id, id)
      select user_id, id from moved order by user_id, id`.execute(db);
    return;
  }
  for (const step of ['indexOrders', 'clearOrders', 'indexFills', 'clearFills'] as const) {
    await sql.raw(SPOT_INDEX_SQL[step]).execute(db);
  }
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type SpotKeyTables = {
  spot_order_index: SpotOrderKeysTable;
  spot_orders_unindexed: SpotOrderKeysTable;
  spot_fill_index: SpotFillKeysTable;
  spot_fills_unindexed: SpotFillKeysTable;
};
