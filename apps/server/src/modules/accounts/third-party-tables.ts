/**
 * Tables of third-party and wallet sign-in (`0028_third_party_login`): the
 * identities linked to accounts, the identities waiting to be bound
 * (serialNO), OpenID Connect flows between the button and the callback, and
 * wallet sign-in nonces. Timestamps are epoch milliseconds.
 */
import type { Kysely, Migration } from 'kysely';

/** An identity at a provider that logs its account in. */
export interface UserIdentitiesTable {
  id: string;
  user_id: string;
  /** The provider's id: an OIDC provider's configured id, 'telegram' or 'wallet'. */
  provider: string;
  kind: 'oidc' | 'telegram' | 'wallet';
  /** Who the provider says it is: the OIDC `sub`, the Telegram id, the address in lower case. */
  subject: string;
  label: string;
  created_at: number;
  last_used_at: number | null;
}

/** An identity no account has yet, handed to the browser as its serialNO. */
export interface ThirdPartyPendingTable {
  serial_hash: string;
  provider: string;
  kind: 'oidc' | 'telegram' | 'wallet';
  subject: string;
  label: string;
  /** The address the provider vouches for (verified), else null. */
  email: string | null;
  /** SHA-256 of the wallet signature that produced it (wallet/check names it so). */
  proof_hash: string | null;
  /** The account a password proved (third/check and its kin), to bind at bind/choose. */
  bound_user_id: string | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface OidcFlowsTable {
  state: string;
  provider: string;
  nonce: string;
  code_verifier: string;
  device_hash: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export interface WalletNoncesTable {
  nonce: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

export type ThirdPartyTables = {
  user_identities: UserIdentitiesTable;
  third_party_pending: ThirdPartyPendingTable;
  oidc_flows: OidcFlowsTable;
  wallet_nonces: WalletNoncesTable;
};

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
