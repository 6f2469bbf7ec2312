/** The migration of third-party and wallet sign-in's tables (see third-party-tables.ts). */
import type { Kysely, Migration } from 'kysely';

const TABLES = ['wallet_nonces', 'oidc_flows', 'third_party_pending', 'user_identities'];

export const THIRD_PARTY_MIGRATION: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('user_identities')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('user_id', 'text', (c) => c.notNull().references('users.id'))
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema
      .createIndex('user_identities_subject')
      .on('user_identities')
      .columns(['provider', 'subject'])
      .unique()
      .execute();
    await db.schema
      .createIndex('user_identities_user')
      .on('user_identities')
      .column('user_id')
      .execute();
    await db.schema
      .createTable('third_party_pending')
      .addColumn('serial_hash', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('label', 'text', (c) => c.notNull())
      .addColumn('email', 'text')
      .addColumn('proof_hash', 'text')
      .addColumn('bound_user_id', 'text', (c) => c.references('users.id'))
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    for (const column of ['expires_at', 'proof_hash']) {
      await db.schema
        .createIndex(`third_party_pending_${column}`)
        .on('third_party_pending')
        .column(column)
        .execute();
    }
    await db.schema
      .createTable('oidc_flows')
      .addColumn('state', 'text', (c) => c.primaryKey())
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('nonce', 'text', (c) => c.notNull())
      .addColumn('code_verifier', 'text', (c) => c.notNull())
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    await db.schema
      .createTable('wallet_nonces')
      .addColumn('nonce', 'text', (c) => c.primaryKey())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('consumed_at', 'bigint')
      .execute();
    for (const table of ['oidc_flows', 'wallet_nonces']) {
      await db.schema.createIndex(`${table}_expiry`).on(table).column('expires_at').execute();
    }
  },
  async down(db: Kysely<unknown>) {
    for (const table of TABLES) await db.schema.dropTable(table).execute();
  },
};
