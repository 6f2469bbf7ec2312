import type { Kysely, Selectable, Updateable } from 'kysely';
import type { AccountsDatabase, UserSecurityTable } from './accounts-tables';

export type UserSecurityRow = Selectable<UserSecurityTable>;

/** The only code that reads and writes users' security settings and known devices. */
export class AccountSecurityRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  settingsOf(userId: string): Promise<UserSecurityRow | undefined> {
    return this.db
      .selectFrom('user_security')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** The anti-phishing code of the account an email address belongs to, or null. */
  async antiPhishingCodeByEmail(email: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('user_security')
      .innerJoin('users', 'users.id', 'user_security.user_id')
      .select('user_security.anti_phishing_code')
      .where('users.email', '=', email)
      .executeTakeFirst();
    return row?.anti_phishing_code ?? null;
  }

  /** Writes the given columns, creating the user's row when it is missing. */
  async save(
    userId: string,
    changes: Updateable<UserSecurityTable> & { updated_at: number },
  ): Promise<void> {
    await this.db
      .insertInto('user_security')
      .values({
        user_id: userId,
        anti_phishing_code: null,
        password_changed_at: null,
        withdraw_hold_until: null,
        frozen_at: null,
        ...changes,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  async deviceCount(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('user_devices')
      .select((eb) => eb.fn.countAll<string | number>().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Records a login from a device; answers whether the device was new to the user. */
  async noteDevice(userId: string, deviceHash: string, at: number): Promise<boolean> {
    const updated = await this.db
      .updateTable('user_devices')
      .set({ last_seen_at: at })
      .where('user_id', '=', userId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst();
    if (Number(updated.numUpdatedRows) > 0) return false;
    const inserted = await this.db
      .insertInto('user_devices')
      .values({ user_id: userId, device_hash: deviceHash, first_seen_at: at, last_seen_at: at })
      .onConflict((oc) => oc.columns(['user_id', 'device_hash']).doNothing())
      .executeTakeFirst();
    return Number(inserted.numInsertedOrUpdatedRows ?? 0n) > 0;
  }
}
