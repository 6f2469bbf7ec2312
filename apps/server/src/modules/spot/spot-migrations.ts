import { sql, type Kysely } from 'kysely';
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
};
