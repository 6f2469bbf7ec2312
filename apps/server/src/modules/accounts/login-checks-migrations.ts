import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** Agencies, login options (password-free, new-device check) and new-device login tickets. */
export const LOGIN_CHECKS_MIGRATIONS: Migrations = {
  '0030_agency_login_checks': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('agencies')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('commission_share_bps', 'integer', (c) => c.notNull())
        .addColumn('granted_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_login_options')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('no_pwd', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('system_login_check', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('system_login_tickets')
        .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('system_login_tickets_expiry')
        .on('system_login_tickets')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['system_login_tickets', 'user_login_options', 'agencies']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
};
