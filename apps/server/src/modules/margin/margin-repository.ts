/**
 * Margin tables: loans (written by the spot writer's jobs, in the batch
 * that moves the coins), the records of borrowing, repaying, interest and
 * liquidation, and what each margin order asked for. Money is integer minor
 * units in text; record and order details are JSON in `data`.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface MarginLoanTable {
  id: string;
  user_id: string;
  account: string;
  coin: string;
  principal: string;
  interest: string;
  next_charge_at: number;
  updated_at: number;
}

export interface MarginDocumentTable {
  id: string;
  user_id: string;
  account: string;
  kind: string;
  coin: string;
  created_at: number;
  data: string;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type MarginTables = {
  margin_loans: MarginLoanTable;
  margin_records: MarginDocumentTable;
  margin_orders: MarginDocumentTable;
};

type MarginDatabase = KernelTables & MarginTables;

export type MarginLoanRow = MarginLoanTable;
export type MarginDocumentRow = MarginDocumentTable;

export interface MarginRecordFilter {
  userId: string;
  kind: string | null;
  /** Only these kinds, when no one kind is asked for (notices are kept apart). */
  kinds: readonly string[] | null;
  accounts: readonly string[] | null;
  coin: string | null;
  begin: number | null;
  end: number | null;
  offset: number;
  limit: number;
}

const CHUNK = 200;

export class MarginRepository {
  constructor(private readonly db: Kysely<MarginDatabase>) {}

  async loansOf(accounts: readonly string[]): Promise<MarginLoanRow[]> {
    if (accounts.length === 0) return [];
    const rows = await this.db
      .selectFrom('margin_loans')
      .selectAll()
      .where('account', 'in', accounts)
      .orderBy('id')
      .execute();
    return rows.map((r) => ({
      ...r,
      next_charge_at: Number(r.next_charge_at),
      updated_at: Number(r.updated_at),
    }));
  }

  /** Accounts that owe anything. */
  async indebtedAccounts(): Promise<string[]> {
    const rows = await this.db
      .selectFrom('margin_loans')
      .select('account')
      .distinct()
      .where((eb) => eb.or([eb('principal', '!=', '0'), eb('interest', '!=', '0')]))
      .execute();
    return rows.map((r) => r.account);
  }

  /** Accounts with a loan whose next hourly charge is due at `now`. */
  async dueAccounts(now: number): Promise<string[]> {
    const rows = await this.db
      .selectFrom('margin_loans')
      .select('account')
      .distinct()
      .where('principal', '!=', '0')
      .where('next_charge_at', '<=', now)
      .execute();
    return rows.map((r) => r.account);
  }

  async upsertLoans(rows: readonly MarginLoanRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('margin_loans')
        .values(rows.slice(i, i + CHUNK) as MarginLoanRow[])
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            principal: eb.ref('excluded.principal'),
            interest: eb.ref('excluded.interest'),
            next_charge_at: eb.ref('excluded.next_charge_at'),
            updated_at: eb.ref('excluded.updated_at'),
          })),
        )
        .execute();
    }
  }

  async insertDocuments(
    table: 'margin_records' | 'margin_orders',
    rows: readonly MarginDocumentRow[],
  ): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto(table)
        .values(rows.slice(i, i + CHUNK) as MarginDocumentRow[])
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({ data: eb.ref('excluded.data') })),
        )
        .execute();
    }
  }

  async orders(ids: readonly string[]): Promise<MarginDocumentRow[]> {
    if (ids.length === 0) return [];
    return this.db.selectFrom('margin_orders').selectAll().where('id', 'in', ids).execute();
  }

  /** The user's notices (records of kind `notice:*`), newest first. */
  async notices(userId: string, limit: number): Promise<MarginDocumentRow[]> {
    return this.db
      .selectFrom('margin_records')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', 'like', 'notice:%')
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute();
  }

  async records(filter: MarginRecordFilter): Promise<{ total: number; rows: MarginDocumentRow[] }> {
    let query = this.db.selectFrom('margin_records').where('user_id', '=', filter.userId);
    if (filter.kind !== null) query = query.where('kind', '=', filter.kind);
    if (filter.kinds !== null) query = query.where('kind', 'in', filter.kinds);
    if (filter.accounts !== null) query = query.where('account', 'in', filter.accounts);
    if (filter.coin !== null) query = query.where('coin', '=', filter.coin);
    if (filter.begin !== null) query = query.where('created_at', '>=', filter.begin);
    if (filter.end !== null) query = query.where('created_at', '<', filter.end);
    const [rows, counted] = await Promise.all([
      query
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .offset(filter.offset)
        .limit(filter.limit)
        .execute(),
      query.select((eb) => eb.fn.countAll().as('total')).executeTakeFirst(),
    ]);
    return { rows, total: Number(counted?.total ?? 0) };
  }
}
