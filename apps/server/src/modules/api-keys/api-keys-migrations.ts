import type { Kysely } from 'kysely';
import type { Migrations } from '../../kernel/db/migrations';

/** The API keys module's migrations. Run by the kernel with every other migration, in name order; never edited once released. */
export const API_KEYS_MIGRATIONS: Migrations = {
  // API keys: scopes, allow-list, the passphrase's hash and the sealed HMAC secret.
  '0013_api_keys': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_keys')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
        .addColumn('label', 'text', (c) => c.notNull())
        .addColumn('scopes', 'text', (c) => c.notNull())
        .addColumn('ips', 'text', (c) => c.notNull())
        .addColumn('passphrase_hash', 'text', (c) => c.notNull())
        .addColumn('secret_sealed', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('created_at', 'bigint', (c) => c.notNull())
        .addColumn('updated_at', 'bigint', (c) => c.notNull())
        .addColumn('last_used_at', 'bigint')
        .execute();
      await db.schema.createIndex('api_keys_user').on('api_keys').column('user_id').execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_keys').execute();
    },
  },
  // The public API calls made with each key, for the owner's API page (bounded per key).
  '0022_public_api_request_log': {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('api_key_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('api_key', 'text', (c) => c.notNull())
        .addColumn('at', 'bigint', (c) => c.notNull())
        .addColumn('method', 'text', (c) => c.notNull())
        .addColumn('path', 'text', (c) => c.notNull())
        .addColumn('status', 'integer', (c) => c.notNull())
        .addColumn('code', 'text', (c) => c.notNull())
        .addColumn('ip', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('api_key_requests_key_at')
        .on('api_key_requests')
        .columns(['api_key', 'at'])
        .execute();
    },
    async down(db: Kysely<unknown>) {
      await db.schema.dropTable('api_key_requests').execute();
    },
  },
};
