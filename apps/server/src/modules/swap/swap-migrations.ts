import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The swap module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const SWAP_MIGRATIONS: Migrations = {
  // Web3 swap: signed intents (spent once, in the batch that moves the
  // coins) and the swaps done. The pools' reserves are ledger accounts.
  '0019_swap': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('swap_intents')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('amount_in', 'text', (c) => c.notNull())
        .addColumn('minimum_out', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('used_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('swap_orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('route', 'text', (c) => c.notNull())
        .addColumn('amount_in', 'text', (c) => c.notNull())
        .addColumn('amount_out', 'text', (c) => c.notNull())
        .addColumn('minimum_out', 'text', (c) => c.notNull())
        .addColumn('fee', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('swap_orders_user')
        .on('swap_orders')
        .columns(['user_id', 'created_at'])
        .execute();
    },
  },
};
