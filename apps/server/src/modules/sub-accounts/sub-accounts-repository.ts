/**
 * Sub-account tables and the only code that reads and writes them: which
 * user is a sub of which main, the transfers the main made between them,
 * and the sessions a main switched into a sub with. Money is integer minor
 * units in text; timestamps are epoch milliseconds.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface SubAccountsTable {
  /** The sub's users.id. */
  sub_user_id: string;
  /** The sub's public user id (users.user_id). */
  sub_public_id: string;
  /** The main's users.id. */
  main_user_id: string;
  name: string;
  email: string;
  /** 'active' or 'frozen' (by the main; users.status follows it). */
  status: string;
  created_at: number;
  updated_at: number;
}

export interface SubAccountTransfersTable {
  id: string;
  main_user_id: string;
  from_user_id: string;
  to_user_id: string;
  coin: string;
  amount: string;
  created_at: number;
}

/** A session of a sub opened by its main's switch: the way back to the main's session. */
export interface SubAccountSwitchesTable {
  /** SHA-256 of the sub's session token. */
  token_hash: string;
  sub_user_id: string;
  main_user_id: string;
  /** SHA-256 of the main's session token the switch came from. */
  main_token_hash: string;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type SubAccountsTables = {
  sub_accounts: SubAccountsTable;
  sub_account_transfers: SubAccountTransfersTable;
  sub_account_switches: SubAccountSwitchesTable;
};

type SubAccountsDatabase = KernelTables & SubAccountsTables;

export type SubAccountRow = SubAccountsTable;
export type SubAccountTransferRow = SubAccountTransfersTable;
export type SubAccountSwitchRow = SubAccountSwitchesTable;

const numbers = <T extends { created_at: number }>(row: T): T => ({
  ...row,
  created_at: Number(row.created_at),
});

export class SubAccountsRepository {
  constructor(private readonly db: Kysely<SubAccountsDatabase>) {}

  async insert(row: SubAccountRow): Promise<void> {
    await this.db.insertInto('sub_accounts').values(row).execute();
  }

  async bySubUserId(subUserId: string): Promise<SubAccountRow | undefined> {
    const row = await this.db
      .selectFrom('sub_accounts')
      .selectAll()
      .where('sub_user_id', '=', subUserId)
      .executeTakeFirst();
    return row && { ...numbers(row), updated_at: Number(row.updated_at) };
  }

  /** The main's sub with this public id, or undefined (also for another main's sub). */
  async ofMainByPublicId(mainUserId: string, publicId: string): Promise<SubAccountRow | undefined> {
    const row = await this.db
      .selectFrom('sub_accounts')
      .selectAll()
      .where('main_user_id', '=', mainUserId)
      .where('sub_public_id', '=', publicId)
      .executeTakeFirst();
    return row && { ...numbers(row), updated_at: Number(row.updated_at) };
  }

  async ofMain(mainUserId: string): Promise<SubAccountRow[]> {
    const rows = await this.db
      .selectFrom('sub_accounts')
      .selectAll()
      .where('main_user_id', '=', mainUserId)
      .orderBy('created_at')
      .orderBy('name')
      .execute();
    return rows.map((row) => ({ ...numbers(row), updated_at: Number(row.updated_at) }));
  }

  async countOfMain(mainUserId: string): Promise<number> {
    const row = await this.db
      .selectFrom('sub_accounts')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('main_user_id', '=', mainUserId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async setStatus(subUserId: string, status: string, now: number): Promise<void> {
    await this.db
      .updateTable('sub_accounts')
      .set({ status, updated_at: now })
      .where('sub_user_id', '=', subUserId)
      .execute();
  }

  async insertTransfer(row: SubAccountTransferRow): Promise<void> {
    await this.db.insertInto('sub_account_transfers').values(row).execute();
  }

  /** The main's transfers, newest first. */
  async transfersOf(mainUserId: string, limit: number): Promise<SubAccountTransferRow[]> {
    const rows = await this.db
      .selectFrom('sub_account_transfers')
      .selectAll()
      .where('main_user_id', '=', mainUserId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
    return rows.map(numbers);
  }

  async insertSwitch(row: SubAccountSwitchRow): Promise<void> {
    await this.db.insertInto('sub_account_switches').values(row).execute();
  }

  async switchOf(tokenHash: string): Promise<SubAccountSwitchRow | undefined> {
    const row = await this.db
      .selectFrom('sub_account_switches')
      .selectAll()
      .where('token_hash', '=', tokenHash)
      .executeTakeFirst();
    return row && numbers(row);
  }

  /** The sessions switched into a sub from any of `mainTokenHashes`. */
  async switchesFrom(mainTokenHashes: readonly string[]): Promise<string[]> {
    if (mainTokenHashes.length === 0) return [];
    const rows = await this.db
      .selectFrom('sub_account_switches')
      .select('token_hash')
      .where('main_token_hash', 'in', [...mainTokenHashes])
      .execute();
    return rows.map((row) => row.token_hash);
  }

  async deleteSwitch(tokenHash: string): Promise<void> {
    await this.db.deleteFrom('sub_account_switches').where('token_hash', '=', tokenHash).execute();
  }
}
