import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The earn module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const EARN_MIGRATIONS: Migrations = {
  // Earn: the products (terms as JSON, changed by the operator), holdings
  // (each subscription a lot: principal, interest paid, when it earns from
  // and matures; money as integer minor units in text), the records of
  // subscribing, redeeming, interest and maturity, and the midnights settled.
  // The coins themselves sit in ledger accounts `@earn:<product>`.
  '0016_earn': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('earn_products')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('terms', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('earn_holdings')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('principal', 'text', (c) => c.notNull())
        .addColumn('interest_paid', 'text', (c) => c.notNull())
        .addColumn('earn_from', 'bigint', (c) => c.notNull())
        .addColumn('matures_at', 'bigint', (c) => c.notNull())
        .addColumn('auto_renew', 'integer', (c) => c.notNull())
        .addColumn('active', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('earn_holdings_user')
        .on('earn_holdings')
        .columns(['user_id', 'active'])
        .execute();
      await db.schema
        .createIndex('earn_holdings_active')
        .on('earn_holdings')
        .columns(['active', 'earn_from'])
        .execute();
      await db.schema
        .createTable('earn_records')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('product_id', 'text', (c) => c.notNull())
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('earn_records_user')
        .on('earn_records')
        .columns(['user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('earn_settlements')
        .addColumn('day', 'bigint', (c) => c.primaryKey())
        .addColumn('settled_at', 'bigint', (c) => c.notNull())
        .execute();
    },
  },
};
