import type { Insertable, Kysely, Selectable } from 'kysely';
import type { AccountsDatabase } from './accounts-tables';
import type {
  AgenciesTable,
  LoginChecksTables,
  SystemLoginTicketsTable,
  UserLoginOptionsTable,
} from './login-checks-tables';

export type AgencyRow = Selectable<AgenciesTable>;
export type LoginOptionsRow = Selectable<UserLoginOptionsTable>;
export type SystemLoginTicketRow = Selectable<SystemLoginTicketsTable>;

/** The only code that reads and writes agencies, login options and new-device login tickets. */
export class LoginChecksRepository {
  constructor(private readonly db: Kysely<AccountsDatabase & LoginChecksTables>) {}

  agency(userId: string): Promise<AgencyRow | undefined> {
    return this.db
      .selectFrom('agencies')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  async saveAgency(userId: string, shareBps: number, now: number): Promise<void> {
    await this.db
      .insertInto('agencies')
      .values({ user_id: userId, commission_share_bps: shareBps, granted_at: now, updated_at: now })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({ commission_share_bps: shareBps, updated_at: now }),
      )
      .execute();
  }

  /** Answers whether there was a role to take. */
  async deleteAgency(userId: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('agencies')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  options(userId: string): Promise<LoginOptionsRow | undefined> {
    return this.db
      .selectFrom('user_login_options')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Writes the given options, creating the user's row when it is missing. */
  async saveOptions(
    userId: string,
    changes: { no_pwd?: number; system_login_check?: number; updated_at: number },
  ): Promise<void> {
    await this.db
      .insertInto('user_login_options')
      .values({ user_id: userId, no_pwd: 0, system_login_check: 0, ...changes })
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  async insertTicket(row: Insertable<SystemLoginTicketsTable>): Promise<void> {
    await this.db.insertInto('system_login_tickets').values(row).execute();
  }

  ticket(hash: string): Promise<SystemLoginTicketRow | undefined> {
    return this.db
      .selectFrom('system_login_tickets')
      .selectAll()
      .where('ticket_hash', '=', hash)
      .executeTakeFirst();
  }

  /** Spends an open ticket; false when another call spent it first or it expired. */
  async consumeTicket(hash: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('system_login_tickets')
      .set({ consumed_at: now })
      .where('ticket_hash', '=', hash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', now)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async deleteTicketsBefore(expiredBefore: number): Promise<void> {
    await this.db
      .deleteFrom('system_login_tickets')
      .where('expires_at', '<', expiredBefore)
      .execute();
  }

  /** Whether the account has logged in from this device before. */
  async knowsDevice(userId: string, deviceHash: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_devices')
      .select('device_hash')
      .where('user_id', '=', userId)
      .where('device_hash', '=', deviceHash)
      .executeTakeFirst();
    return row !== undefined;
  }
}
