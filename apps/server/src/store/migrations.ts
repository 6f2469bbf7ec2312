import type { Kysely, Migration, MigrationProvider } from 'kysely';

/**
 * Migrations in code, in order. Portable across SQLite and PostgreSQL: text
 * ids made by the app, bigint epoch-millisecond timestamps, no dialect types.
 */
const migrations: Record<string, Migration> = {
  '0001_accounts': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text', (c) => c.unique())
        .addColumn('mobile', 'text')
        .addColumn('area_code', 'text')
        .addColumn('password_hash', 'text', (c) => c.notNull())
        .addColumn('referral_code', 'text', (c) => c.notNull().unique())
        .addColumn('referrer_user_id', 'text')
        .addColumn('register_vip_no', 'text')
        .addColumn('register_channel', 'text')
        .addColumn('clac_code', 'text')
        .addColumn('common_code', 'text')
        .addColumn('group_id', 'text')
        .addColumn('act_code', 'text')
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('active'))
        .addColumn('failed_logins', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('locked_until', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addUniqueConstraint('users_mobile_unique', ['area_code', 'mobile'])
        .execute();
      await db.schema
        .createTable('sessions')
        .addColumn('token_hash', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('revoked_at', 'bigint')
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .execute();
      await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
      await db.schema
        .createTable('verify_codes')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('target', 'text', (c) => c.notNull())
        .addColumn('purpose', 'text', (c) => c.notNull())
        .addColumn('code_hash', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'bigint', (c) => c.notNull())
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('consumed_at', 'bigint')
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('verify_codes_target')
        .on('verify_codes')
        .columns(['target', 'purpose', 'created_at'])
        .execute();
      await db.schema
        .createTable('login_history')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('ip', 'text')
        .addColumn('user_agent', 'text')
        .addColumn('success', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('login_history_user')
        .on('login_history')
        .columns(['user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      for (const t of ['login_history', 'verify_codes', 'sessions', 'users']) {
        await db.schema.dropTable(t).execute();
      }
    },
  },
  // Login by mobile number without an area code looks the number up alone.
  '0002_users_mobile': {
    async up(db: Kysely<unknown>) {
      await db.schema.createIndex('users_mobile').on('users').column('mobile').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_mobile').execute();
    },
  },
  // Public content: announcements with server-provided HTML bodies.
  '0003_announcements': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('announcements')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('title', 'text', (c) => c.notNull())
        .addColumn('body_html', 'text', (c) => c.notNull())
        .addColumn('banner_path', 'text')
        .addColumn('published_at', 'bigint', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('announcements_published')
        .on('announcements')
        .columns(['published_at', 'id'])
        .execute();
      // Invitees are listed per referrer.
      await db.schema
        .createIndex('users_referrer')
        .on('users')
        .columns(['referrer_user_id', 'created_at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropIndex('users_referrer').execute();
      await db.schema.dropTable('announcements').execute();
    },
  },
};

export const migrationProvider: MigrationProvider = {
  getMigrations: async () => migrations,
};
