import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The sub-accounts module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const SUB_ACCOUNTS_MIGRATIONS: Migrations = {
  // Sub-accounts of a main account, the main's transfers among them, switched sessions.
  '0015_sub_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('sub_accounts')
        .addColumn('sub_user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('sub_public_id', 'text', (c) => c.notNull().unique())
        .addColumn('main_user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('sub_accounts_main_name', ['main_user_id', 'name'])
        .execute();
      await db.schema
        .createTable('sub_account_transfers')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('main_user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('from_user_id', 'text', (c) => c.notNull())
        .addColumn('to_user_id', 'text', (c) => c.notNull())
        .addColumn('coin', 'text', (c) => c.notNull())
        .addColumn('amount', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('sub_account_transfers_main')
        .on('sub_account_transfers')
        .columns(['main_user_id', 'created_at'])
        .execute();
      await db.schema
        .createTable('sub_account_switches')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('sub_user_id', 'text', (c) => c.notNull())
        .addColumn('main_user_id', 'text', (c) => c.notNull())
        .addColumn('main_token_hash', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('sub_account_switches').execute();
      await db.schema.dropTable('sub_account_transfers').execute();
      await db.schema.dropTable('sub_accounts').execute();
    },
  },
  // The sessions switched from a main's session, found when it ends.
  '0026_sub_account_switches_main': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('sub_account_switches_main')
        .on('sub_account_switches')
        .column('main_token_hash')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('sub_account_switches_main').execute();
    },
  },
};
