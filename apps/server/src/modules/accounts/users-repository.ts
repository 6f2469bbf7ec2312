import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AccountsDatabase, UsersTable } from './accounts-tables';

export type UserRow = Selectable<UsersTable>;

/** The only code that reads and writes users. */
export class UsersRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  byId(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byEmail(email: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('email', '=', email).executeTakeFirst();
  }

  byMobile(areaCode: string, mobile: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('area_code', '=', areaCode)
      .where('mobile', '=', mobile)
      .executeTakeFirst();
  }

  /** Users holding a mobile number under any area code (at most `limit`). */
  byMobileAnyArea(mobile: string, limit: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('mobile', '=', mobile)
      .orderBy('id')
      .limit(limit)
      .execute();
  }

  byReferralCode(code: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('referral_code', '=', code)
      .executeTakeFirst();
  }

  /** Accounts a user referred, newest first (at most `limit`). */
  invitees(referrerId: string, limit: number): Promise<UserRow[]> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('referrer_user_id', '=', referrerId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async inviteeCount(referrerId: string): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('referrer_user_id', '=', referrerId)
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  async userIdTaken(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('users')
      .select('id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async insert(row: Insertable<UsersTable>): Promise<void> {
    await this.db.insertInto('users').values(row).execute();
  }

  async update(id: string, patch: Updateable<UsersTable>): Promise<void> {
    await this.db.updateTable('users').set(patch).where('id', '=', id).execute();
  }

  /** Adds one failed login in a single statement, so parallel attempts all count; the new total. */
  async addFailedLogin(id: string): Promise<number> {
    const row = await this.db
      .updateTable('users')
      .set((eb) => ({ failed_logins: eb('failed_logins', '+', 1) }))
      .where('id', '=', id)
      .returning('failed_logins')
      .executeTakeFirstOrThrow();
    return Number(row.failed_logins);
  }
}
