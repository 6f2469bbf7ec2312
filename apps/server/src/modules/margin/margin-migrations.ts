import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The margin module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const MARGIN_MIGRATIONS: Migrations = {
  // Margin trading: loans (principal and unpaid interest per account and
  // coin, money as integer minor units in text), the history of borrowing,
  // repaying, interest and liquidation, and what each margin order asked for
  // (auto-borrow, auto-repay). The balances themselves are ledger accounts.
  '0011_margin': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('margin_loans')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull())
        .addColumn('account', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('principal', 'text', (c) => c.notNull())
        .addColumn('interest', 'text', (c) => c.notNull())
        .addColumn('next_charge_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('margin_loans_account')
        .on('margin_loans')
        .columns(['account'])
        .execute();
      await db.schema
        .createIndex('margin_loans_due')
        .on('margin_loans')
        .columns(['next_charge_at'])
        .execute();
      for (const table of ['margin_records', 'margin_orders']) {
        await db.schema
          .createTable(table)
          .addColumn('id', 'text', (c) => c.primaryKey())
          .addColumn('user_id', 'text', (c) => c.notNull())
          .addColumn('account', 'text', (c) => c.notNull())
          .addColumn('kind', 'text', (c) => c.notNull())
          .addColumn('coin', 'text', (c) => c.notNull())
          .addColumn('created_at', 'bigint', (c) => c.notNull())
          .addColumn('data', 'text', (c) => c.notNull())
          .execute();
        await db.schema
          .createIndex(`${table}_user`)
          .on(table)
          .columns(['user_id', 'created_at'])
          .execute();
      }
    },
  },
};
