import type { Kysely, Selectable, Insertable, Updateable } from 'kysely';
import type { Database, UsersTable } from './schema';

export type UserRow = Selectable<UsersTable>;

/** The only code that reads and writes users. */
export class UsersRepository {
  constructor(private readonly db: Kysely<Database>) {}

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

  byId(id: string): Promise<UserRow | undefined> {
    return this.db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();
  }

  byReferralCode(code: string): Promise<UserRow | undefined> {
    return this.db
      .selectFrom('users')
      .selectAll()
      .where('referral_code', '=', code)
      .executeTakeFirst();
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

  async count(): Promise<number> {
    const row = await this.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }
}
