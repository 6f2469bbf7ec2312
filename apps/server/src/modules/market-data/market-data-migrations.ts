import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The market-data module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const MARKET_DATA_MIGRATIONS: Migrations = {
  // Market data: klines per market and interval, figures as decimal text.
  '0005_klines': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('klines')
        .addColumn('symbol', 'text', (c) => c.notNull())
        .addColumn('interval', 'text', (c) => c.notNull())
        .addColumn('open_time', 'bigint', (c) => c.notNull())
        .addColumn('o', 'text', (c) => c.notNull())
        .addColumn('h', 'text', (c) => c.notNull())
        .addColumn('l', 'text', (c) => c.notNull())
        .addColumn('c', 'text', (c) => c.notNull())
        .addColumn('v', 'text', (c) => c.notNull())
        .addColumn('qv', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('klines_pk', ['symbol', 'interval', 'open_time'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('klines').execute();
    },
  },
};
