import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';
import { LOGIN_CHECKS_MIGRATIONS } from './login-checks-migrations';
import { THIRD_PARTY_MIGRATION } from './third-party-migrations';

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
  // Other ways in: passkeys (WebAuthn credentials and open challenges) and QR login keys.
  '0025_passkeys_qr_login': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('user_passkeys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('public_key', 'text', (c) => c.notNull())
        .addColumn('counter', 'bigint', (c) => c.notNull())
        .addColumn('transports', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('user_passkeys_user')
        .on('user_passkeys')
        .column('user_id')
        .execute();
      await db.schema
        .createTable('webauthn_challenges')
        .addColumn('challenge', 'text', (c) => c.primaryKey())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        .addColumn('rp_id', 'text', (c) => c.notNull())
        .addColumn('origin', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('consumed_at', 'bigint')
        .execute();
      await db.schema
        .createIndex('webauthn_challenges_expiry')
        .on('webauthn_challenges')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('qr_logins')
        .addColumn('key_hash', 'text', (c) => c.primaryKey())
        .addColumn('device_hash', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('user_id', 'text', (c) => c.references('users.id'))
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('qr_logins_expiry')
        .on('qr_logins')
        .column('expires_at')
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['qr_logins', 'webauthn_challenges', 'user_passkeys']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Third-party and wallet sign-in: linked identities, pending ones, OIDC flows, wallet nonces.
  '0028_third_party_login': THIRD_PARTY_MIGRATION,
  ...LOGIN_CHECKS_MIGRATIONS,
};
