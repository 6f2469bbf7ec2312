import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccountsDatabase } from './accounts-tables';
import type {
  OidcFlowsTable,
  ThirdPartyPendingTable,
  ThirdPartyTables,
  UserIdentitiesTable,
} from './third-party-tables';

export type IdentityRow = Selectable<UserIdentitiesTable>;
export type PendingRow = Selectable<ThirdPartyPendingTable>;
export type OidcFlowRow = Selectable<OidcFlowsTable>;

type Db = Kysely<AccountsDatabase & ThirdPartyTables>;

/** The only code that reads and writes linked identities, pending ones, OIDC flows and wallet nonces. */
export class ThirdPartyRepository {
  constructor(private readonly db: Db) {}

  identity(provider: string, subject: string): Promise<IdentityRow | undefined> {
    return this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('provider', '=', provider)
      .where('subject', '=', subject)
      .executeTakeFirst();
  }

  identitiesOf(userId: string): Promise<IdentityRow[]> {
    return this.db
      .selectFrom('user_identities')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();
  }

  async insertIdentity(row: Insertable<UserIdentitiesTable>): Promise<void> {
    await this.db.insertInto('user_identities').values(row).execute();
  }

  async touchIdentity(id: string, at: number): Promise<void> {
    await this.db
      .updateTable('user_identities')
      .set({ last_used_at: at })
      .where('id', '=', id)
      .execute();
  }

  async deleteIdentity(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_identities')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async insertPending(row: Insertable<ThirdPartyPendingTable>): Promise<void> {
    await this.db.insertInto('third_party_pending').values(row).execute();
  }

  /** An open pending identity by its serial's hash, or by the hash of the wallet signature behind it. */
  openPending(
    by: 'serial_hash' | 'proof_hash',
    hash: string,
    at: number,
  ): Promise<PendingRow | undefined> {
    return this.db
      .selectFrom('third_party_pending')
      .selectAll()
      .where(by, '=', hash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
  }

  async boundPending(serialHash: string, userId: string): Promise<void> {
    await this.db
      .updateTable('third_party_pending')
      .set({ bound_user_id: userId })
      .where('serial_hash', '=', serialHash)
      .execute();
  }

  /** Spends a pending identity; false when it was spent or expired at `at`. */
  async consumePending(serialHash: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('third_party_pending')
      .set({ consumed_at: at })
      .where('serial_hash', '=', serialHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertFlow(row: Insertable<OidcFlowsTable>): Promise<void> {
    await this.db.insertInto('oidc_flows').values(row).execute();
  }

  flow(state: string): Promise<OidcFlowRow | undefined> {
    return this.db
      .selectFrom('oidc_flows')
      .selectAll()
      .where('state', '=', state)
      .executeTakeFirst();
  }

  /** Spends a flow's state; false when it was spent or expired at `at`. */
  async consumeFlow(state: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('oidc_flows')
      .set({ consumed_at: at })
      .where('state', '=', state)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertNonce(nonce: string, at: number, expiresAt: number): Promise<void> {
    await this.db
      .insertInto('wallet_nonces')
      .values({ nonce, created_at: at, expires_at: expiresAt, consumed_at: null })
      .execute();
  }

  /** Spends a wallet nonce; false when unknown, spent or expired at `at`. */
  async consumeNonce(nonce: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('wallet_nonces')
      .set({ consumed_at: at })
      .where('nonce', '=', nonce)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Drops flows, nonces and pending identities that expired before `before`. */
  async deleteExpired(before: number): Promise<void> {
    await this.db.deleteFrom('oidc_flows').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('wallet_nonces').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('third_party_pending').where('expires_at', '<', before).execute();
  }
}
