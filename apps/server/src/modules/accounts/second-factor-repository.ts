import type { Insertable, Kysely, Selectable, Updateable } from 'kysely';
import type { AccountsDatabase, LoginTicketsTable, UserFactorsTable } from './accounts-tables';

export type UserFactorsRow = Selectable<UserFactorsTable>;
export type LoginTicketRow = Selectable<LoginTicketsTable>;

/** The only code that reads and writes second factors and login tickets. */
export class SecondFactorRepository {
  constructor(private readonly db: Kysely<AccountsDatabase>) {}

  factorsOf(userId: string): Promise<UserFactorsRow | undefined> {
    return this.db
      .selectFrom('user_factors')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
  }

  /** Writes the given columns, creating the user's row (all factors off) when it is missing. */
  async saveFactors(
    userId: string,
    changes: Updateable<UserFactorsTable> & { updated_at: number },
  ): Promise<void> {
    const row: Insertable<UserFactorsTable> = {
      user_id: userId,
      google_secret: null,
      google_last_step: null,
      google_pending_secret: null,
      google_pending_expires_at: null,
      email_on: 0,
      mobile_on: 0,
      ...changes,
    };
    await this.db
      .insertInto('user_factors')
      .values(row)
      .onConflict((oc) => oc.column('user_id').doUpdateSet(changes))
      .execute();
  }

  /**
   * Records an accepted TOTP step unless a later or equal one was recorded
   * meanwhile; false when a parallel request used the same code first.
   */
  async advanceGoogleStep(userId: string, step: number): Promise<boolean> {
    const result = await this.db
      .updateTable('user_factors')
      .set({ google_last_step: step })
      .where('user_id', '=', userId)
      .where((eb) => eb.or([eb('google_last_step', 'is', null), eb('google_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertTicket(row: Insertable<LoginTicketsTable>): Promise<void> {
    await this.db.insertInto('login_tickets').values(row).execute();
  }

  ticket(ticketHash: string): Promise<LoginTicketRow | undefined> {
    return this.db
      .selectFrom('login_tickets')
      .selectAll()
      .where('ticket_hash', '=', ticketHash)
      .executeTakeFirst();
  }

  /** Spends a ticket that is unspent and unexpired at `at`; false when it was not. */
  async consumeTicket(ticketHash: string, at: number): Promise<boolean> {
    const result = await this.db
      .updateTable('login_tickets')
      .set({ consumed_at: at })
      .where('ticket_hash', '=', ticketHash)
      .where('consumed_at', 'is', null)
      .where('expires_at', '>', at)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  /** Forgets tickets that expired before `before` (they can only be refused). */
  async deleteExpiredTickets(before: number): Promise<void> {
    await this.db.deleteFrom('login_tickets').where('expires_at', '<', before).execute();
  }
}
