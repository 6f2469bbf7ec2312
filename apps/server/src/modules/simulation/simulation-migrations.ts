import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The simulation module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const SIMULATION_MIGRATIONS: Migrations = {
  // Simulation mode: which users have a demo ledger (granted once), and when it was last reset.
  '0008_demo_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('demo_accounts')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('reset_at', 'bigint')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('demo_accounts').execute();
    },
  },
};
