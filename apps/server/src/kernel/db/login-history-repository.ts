import type { Insertable, Kysely, Selectable, SelectQueryBuilder } from 'kysely';
import { countRows } from './queries';
import type { KernelTables, LoginHistoryTable } from './schema';

export type LoginHistoryRow = Selectable<LoginHistoryTable>;

/** Filters of the login history: inclusive epoch-millisecond bounds and the outcome. */
export interface LoginHistoryFilter {
  begin: number | null;
  end: number | null;
  success: boolean | null;
}

/** Every login attempt on an existing account, successful or not. */
export class LoginHistoryRepository {
  constructor(private readonly db: Kysely<KernelTables>) {}

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

  private filtered(userId: string, filter: LoginHistoryFilter) {
    let query: SelectQueryBuilder<KernelTables, 'login_history', object> = this.db
      .selectFrom('login_history')
      .where('user_id', '=', userId);
    if (filter.begin !== null) query = query.where('created_at', '>=', filter.begin);
    if (filter.end !== null) query = query.where('created_at', '<=', filter.end);
    if (filter.success !== null) query = query.where('success', '=', filter.success ? 1 : 0);
    return query;
  }

  async count(userId: string, filter: LoginHistoryFilter): Promise<number> {
    return countRows(this.filtered(userId, filter));
  }

  /** One page of a user's entries, newest first. */
  page(
    userId: string,
    filter: LoginHistoryFilter,
    offset: number,
    limit: number,
  ): Promise<LoginHistoryRow[]> {
    return this.filtered(userId, filter)
      .selectAll()
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }
}
