import type { Insertable, Kysely, Selectable } from 'kysely';
import type {
  AccountsDatabase,
  QrLoginsTable,
  UserPasskeysTable,
  WebauthnChallengesTable,
} from './accounts-tables';

export type PasskeyRow = Selectable<UserPasskeysTable>;
export type ChallengeRow = Selectable<WebauthnChallengesTable>;
export type QrLoginRow = Selectable<QrLoginsTable>;

/** The only code that reads and writes passkeys, their challenges and QR login keys. */
export class LoginWaysRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  passkeysOf(userId: string): Promise<PasskeyRow[]> {
    return this.db
      .selectFrom('user_passkeys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'asc')
      .execute();
  }

  passkey(id: string): Promise<PasskeyRow | undefined> {
    return this.db.selectFrom('user_passkeys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  async insertPasskey(row: Insertable<UserPasskeysTable>): Promise<void> {
    await this.db.insertInto('user_passkeys').values(row).execute();
  }

  /**
   * Moves a passkey's counter forward (and notes its use) only from the value
   * read; false when another login moved it first.
   */
  async usePasskey(id: string, from: number, to: number, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_passkeys')
      .set({ counter: to, last_used_at: at })
      .where('id', '=', id)
      .where('counter', '=', from)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deletePasskey(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('user_passkeys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) === 1;
  }

  async insertChallenge(row: Insertable<WebauthnChallengesTable>): Promise<void> {
    await this.db.insertInto('webauthn_challenges').values(row).execute();
  }

  challenge(challenge: string): Promise<ChallengeRow | undefined> {
    return this.db
      .selectFrom('webauthn_challenges')
      .selectAll()
      .where('challenge', '=', challenge)
      .executeTakeFirst();
  }

  /** Spends an open challenge; false when it was spent or expired at `at`. */
  async consumeChallenge(challenge: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('webauthn_challenges')
      .set({ consumed_at: at })
      .where('challenge', '=', challenge)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async deleteExpired(before: number): Promise<void> {
    await this.db.deleteFrom('webauthn_challenges').where('expires_at', '<', before).execute();
    await this.db.deleteFrom('qr_logins').where('expires_at', '<', before).execute();
  }

  async insertQrLogin(row: Insertable<QrLoginsTable>): Promise<void> {
    await this.db.insertInto('qr_logins').values(row).execute();
  }

  qrLogin(keyHash: string): Promise<QrLoginRow | undefined> {
    return this.db
      .selectFrom('qr_logins')
      .selectAll()
      .where('key_hash', '=', keyHash)
      .executeTakeFirst();
  }

  /**
   * Moves a QR key from one state to the next, for `userId` (null: any), only
   * while unexpired at `at`; false when it was not in `from`.
   */
  async moveQrLogin(
    keyHash: string,
    from: string,
    to: string,
    userId: string | null,
    at: number,
  ): Promise<boolean> {
    let query = this.db
      .updateTable('qr_logins')
      .set(userId === null ? { status: to } : { status: to, user_id: userId })
      .where('key_hash', '=', keyHash)
      .where('status', '=', from)
      .where('expires_at', '>', at);
    if (userId !== null && from !== 'waiting') query = query.where('user_id', '=', userId);
    const result = await query.executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }
}
