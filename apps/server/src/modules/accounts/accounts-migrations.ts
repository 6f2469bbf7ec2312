import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The accounts module's migrations (its first tables came with the kernel's 0001_accounts). Run by the kernel with every other migration, in name order; never edited once released. */
export const ACCOUNTS_MIGRATIONS: Migrations = {
  // Login by mobile number without an area code looks the number up alone.
  '0002_users_mobile': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_mobile').execute();
    },
  },
  // Second factor: authenticator keys and which codes a login asks for, and login tickets.
  '0007_second_factor': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_factors')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('google_secret', 'text')
        .addColumn('google_last_step', 'bigint')
        .addColumn('google_pending_secret', 'text')
        .addColumn('google_pending_expires_at', 'bigint')
        .addColumn('email_on', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('mobile_on', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('login_tickets')
        .addColumn('ticket_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('login_tickets_expiry')
        .on('login_tickets')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['login_tickets', 'user_factors']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Account security: the anti-phishing code, password and freeze times, the
  // withdrawal hold after a reset, and the devices each user logged in from.
  '0012_account_security': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_security')
        .addColumn('user_id', 'text', (c) => c.primaryKey().references('users.id'))
        .addColumn('anti_phishing_code', 'text')
        .addColumn('password_changed_at', 'bigint')
        .addColumn('withdraw_hold_until', 'bigint')
        .addColumn('frozen_at', 'bigint')
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createTable('user_devices')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
        .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
        .addPrimaryKeyConstraint('user_devices_pk', ['user_id', 'device_hash'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['user_devices', 'user_security']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
};
