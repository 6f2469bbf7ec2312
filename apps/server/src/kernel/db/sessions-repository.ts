import type { Insertable, Kysely, Selectable } from 'kysely';
import type { KernelTables, SessionsTable } from './schema';

export type SessionRow = Selectable<SessionsTable>;

/** Sessions, keyed by the SHA-256 of their token (the token itself is never stored). */
export class SessionsRepository {
  constructor(private readonly db: Kysely<KernelTables>) {}

  async insert(row: Insertable<SessionsTable>): Promise<void> {
    await this.db.insertInto('sessions').values(row).execute();
  }

  byTokenHash(tokenHash: string): Promise<SessionRow | undefined> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
  }

  async revoke(tokenHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ revoked_at: at })
      .where('token_hash', '=', tokenHash)
      .where('revoked_at', 'is', null)
      .execute();
  }

  /** The user's sessions neither revoked nor expired at `now`, newest first. */
  activeOf(userRowId: string, now: number): Promise<SessionRow[]> {
    return this.db
      .selectFrom('sessions')
      .selectAll()
      .where('user_id', '=', userRowId)
      .where('revoked_at', 'is', null)
      .where('expires_at', '>', now)
      .orderBy('created_at', 'desc')
      .limit(500)
      .execute();
  }

  async touch(tokenHash: string, at: number): Promise<void> {
    await this.db
      .updateTable('sessions')
      .set({ last_seen_at: at })
      .where('token_hash', '=', tokenHash)
      .execute();
  }
}
