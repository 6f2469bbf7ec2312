/** The demo ledgers of simulation mode: one row per user who has one. */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

/** One row per user with a demo ledger (simulation mode). */
export interface DemoAccountsTable {
  user_id: string;
  created_at: number;
  reset_at: number | null;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type SimulationTables = {
  demo_accounts: DemoAccountsTable;
};

type SimulationDatabase = KernelTables & SimulationTables;

/** The only code that reads and writes demo accounts. */
export class DemoAccountsRepository {
  constructor(private readonly db: Kysely<SimulationDatabase>) {}

  /** Opens a user's demo ledger; true only for the call that opened it. */
  async openDemoAccount(userId: string, now: number): Promise<boolean> {
    const result = await this.db
      .insertInto('demo_accounts')
      .values({ user_id: userId, created_at: now, reset_at: null })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .executeTakeFirst();
    return BigInt(result.numInsertedOrUpdatedRows ?? 0n) > 0n;
  }

  async hasDemoAccount(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('demo_accounts')
      .select('user_id')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row !== undefined;
  }

  async markDemoReset(userId: string, now: number): Promise<void> {
    await this.db
      .updateTable('demo_accounts')
      .set({ reset_at: now })
      .where('user_id', '=', userId)
      .execute();
  }
}
