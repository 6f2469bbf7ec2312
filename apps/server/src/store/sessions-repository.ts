import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, LoginHistoryTable, SessionsTable } from './schema';

export type SessionRow = Selectable<SessionsTable>;

/** Sessions and the login history. */
export class SessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  async recordLogin(row: Insertable<LoginHistoryTable>): Promise<void> {
    await this.db.insertInto('login_history').values(row).execute();
  }

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('sessions')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
