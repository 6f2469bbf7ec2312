import { PostgresAdapter, sql, type Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/**
 * The spot module's migrations (its tables were made by the kernel's
 * `0004_spot_ledger`, which released them with the ledger). Run by the kernel
 * with every other migration, in name order; never edited once released.
 */
export const SPOT_MIGRATIONS: Migrations = {
  // Why the exchange cancelled the rest of an order (PRICE_PROTECTION); null when it did not.
  '0010_spot_cancel_reason': {
    async up(db: Kysely<unknown>) {
      await db.schema.alterTable('spot_orders').addColumn('cancel_reason', 'text').execute();
    },
  },
  // Trigger plans and the TP/SL of orders: figures in `data` (JSON), the
  // columns are what the history and the host's start filter on.
  '0029_spot_plans': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('spot_plans')
        .addColumn('id', 'bigint', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('spot_plans_user')
        .on('spot_plans')
        .columns(['user_id', 'status', 'id'])
        .execute();
      await db.schema
        .createIndex('spot_plans_live')
        .on('spot_plans')
        .columns(['status', 'id'])
        .execute();
    },
  },
  // An order without a client order id has no entry in the index of client
  // order ids (its uniqueness never concerned it: nulls are distinct): an
  // order placed without one writes no page of it. The lookups, by
  // `client_order_id = ?`, imply the condition, so they still use it.
  '0033_spot_client_ids_index_partial': {
    async up(db: Kysely<unknown>) {
      await db.schema.dropIndex('spot_orders_client').execute();
      await db.schema
        .createIndex('spot_orders_client')
        .on('spot_orders')
        .columns(['user_id', 'client_order_id'])
        .unique()
        .where(sql<boolean>`client_order_id is not null`)
        .execute();
    },
  },
  // The orders' and the fills' indexes by account are written in bulk, as
  // the journal's (kernel 0034_ledger_index_in_bulk): each order placed
  // appends its key to spot_orders_unindexed, each fill a key per account on
  // a side of it to spot_fills_unindexed, and the spot writer moves those
  // keys into spot_order_index and spot_fill_index, in account order, about
  // once a second. The histories read both (spot-repository.ts).
  '0035_spot_indexes_in_bulk': {
    async up(db: Kysely<unknown>) {
      // On SQLite the key is the table (one tree, not a table and its index).
      const withoutRowid =
        db.getExecutor().adapter instanceof PostgresAdapter ? sql`` : sql`without rowid`;
      await db.schema
        .createTable('spot_order_index')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('spot_order_index_pk', ['user_id', 'created_at', 'id'])
        .modifyEnd(withoutRowid)
        .execute();
      await db.schema
        .createTable('spot_orders_unindexed')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('spot_fill_index')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('spot_fill_index_pk', ['user_id', 'id'])
        .modifyEnd(withoutRowid)
        .execute();
      await db.schema
        .createTable('spot_fills_unindexed')
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('id', 'bigint', (c) => c.notNull())
        .execute();
      await sql`insert into spot_order_index (user_id, created_at, id)
        select user_id, created_at, id from spot_orders`.execute(db);
      await sql`insert into spot_fill_index (user_id, id)
        select maker_user_id, id from spot_fills
        union select taker_user_id, id from spot_fills`.execute(db);
      await db.schema.dropIndex('spot_orders_user').execute();
      await db.schema.dropIndex('spot_fills_maker').execute();
      await db.schema.dropIndex('spot_fills_taker').execute();
    },
  },
  // An order's fills (the public API's order query, a margin order's
  // details) were found by reading every fill of the store. Order ids grow
  // with time, so a new fill's keys land at or near the right edge of these
  // two: a commit touches a page or two of each, whatever the accounts.
  '0036_spot_fills_by_order': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('spot_fills_maker_order')
        .on('spot_fills')
        .column('maker_order_id')
        .execute();
      await db.schema
        .createIndex('spot_fills_taker_order')
        .on('spot_fills')
        .column('taker_order_id')
        .execute();
    },
  },
};
