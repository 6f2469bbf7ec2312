import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, LoginHistoryTable } from './schema';

export type LoginHistoryRow = Selectable<LoginHistoryTable>;

/** Every login attempt on an existing account, successful or not. */
export class LoginHistoryRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async insert(row: Insertable<LoginHistoryTable>): Promise<void> {
    await this.db.insertInto('login_history').values(row).execute();
  }

  /** The newest entries of a user first. */
  forUser(userId: string, limit: number): Promise<LoginHistoryRow[]> {
    return this.db
      .selectFrom('login_history')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }
}
