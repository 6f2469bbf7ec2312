/**
 * Earn tables: products (terms as JSON), holdings (written by the spot
 * writer's jobs, in the batch that moves the coins), records and the
 * midnights settled. Money is integer minor units in text.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface EarnProductTable {
  id: string;
  terms: string;
  updated_at: number;
}

export interface EarnHoldingTable {
  id: string;
  user_id: string;
  product_id: string;
  coin: string;
  principal: string;
  interest_paid: string;
  earn_from: number;
  matures_at: number;
  auto_renew: number;
  active: number;
  created_at: number;
}

export interface EarnRecordTable {
  id: string;
  user_id: string;
  product_id: string;
  kind: string;
  coin: string;
  amount: string;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type EarnTables = {
  earn_products: EarnProductTable;
  earn_holdings: EarnHoldingTable;
  earn_records: EarnRecordTable;
  earn_settlements: { day: number; settled_at: number };
};

type EarnDatabase = KernelTables & EarnTables;

export type EarnHoldingRow = EarnHoldingTable;
export type EarnRecordRow = EarnRecordTable;

const CHUNK = 200;

const holdingOf = (r: EarnHoldingRow): EarnHoldingRow => ({
  ...r,
  earn_from: Number(r.earn_from),
  matures_at: Number(r.matures_at),
  auto_renew: Number(r.auto_renew),
  active: Number(r.active),
  created_at: Number(r.created_at),
});

export class EarnRepository {
  constructor(private readonly db: Kysely<EarnDatabase>) {}

  async products(): Promise<EarnProductTable[]> {
    return this.db.selectFrom('earn_products').selectAll().orderBy('id').execute();
  }

  async upsertProduct(id: string, terms: string, now: number): Promise<void> {
    await this.db
      .insertInto('earn_products')
      .values({ id, terms, updated_at: now })
      .onConflict((oc) => oc.column('id').doUpdateSet({ terms, updated_at: now }))
      .execute();
  }

  /** Adds products the store does not know yet; keeps those it does. */
  async addMissingProducts(rows: EarnProductTable[]): Promise<void> {
    if (rows.length === 0) return;
    await this.db
      .insertInto('earn_products')
      .values(rows)
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
  }

  async activeHoldingsOf(userId: string): Promise<EarnHoldingRow[]> {
    const rows = await this.db
      .selectFrom('earn_holdings')
      .selectAll()
      .where('user_id', '=', userId)
      .where('active', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(holdingOf);
  }

  /** Every active holding (the settlement of a midnight reads them all). */
  async activeHoldings(): Promise<EarnHoldingRow[]> {
    const rows = await this.db
      .selectFrom('earn_holdings')
      .selectAll()
      .where('active', '=', 1)
      .orderBy('created_at')
      .orderBy('id')
      .execute();
    return rows.map(holdingOf);
  }

  async upsertHoldings(rows: readonly EarnHoldingRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('earn_holdings')
        .values(rows.slice(i, i + CHUNK))
        .onConflict((oc) =>
          oc.column('id').doUpdateSet((eb) => ({
            principal: eb.ref('excluded.principal'),
            interest_paid: eb.ref('excluded.interest_paid'),
            earn_from: eb.ref('excluded.earn_from'),
            matures_at: eb.ref('excluded.matures_at'),
            auto_renew: eb.ref('excluded.auto_renew'),
            active: eb.ref('excluded.active'),
          })),
        )
        .execute();
    }
  }

  async insertRecords(rows: readonly EarnRecordRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += CHUNK) {
      await this.db
        .insertInto('earn_records')
        .values(rows.slice(i, i + CHUNK))
        .execute();
    }
  }

  async records(
    userId: string,
    kind: string | null,
    offset: number,
    limit: number,
  ): Promise<{ total: number; rows: EarnRecordRow[] }> {
    const mine = this.db
      .selectFrom('earn_records')
      .where('user_id', '=', userId)
      .$if(kind !== null, (q) => q.where('kind', '=', kind as string));
    const [counted, rows] = await Promise.all([
      mine.select((eb) => eb.fn.countAll<string>().as('n')).executeTakeFirst(),
      mine
        .selectAll()
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset(offset)
        .execute(),
    ]);
    return {
      total: Number(counted?.n ?? 0),
      rows: rows.map((r) => ({ ...r, created_at: Number(r.created_at) })),
    };
  }

  /** Interest records of a user since `since`, oldest first (the earnings chart). */
  async interestSince(userId: string, since: number): Promise<EarnRecordRow[]> {
    const rows = await this.db
      .selectFrom('earn_records')
      .selectAll()
      .where('user_id', '=', userId)
      .where('kind', '=', 'interest')
      .where('created_at', '>=', since)
      .orderBy('created_at')
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }

  async lastSettled(): Promise<number | null> {
    const row = await this.db
      .selectFrom('earn_settlements')
      .select((eb) => eb.fn.max('day').as('day'))
      .executeTakeFirst();
    return row?.day === null || row?.day === undefined ? null : Number(row.day);
  }

  async markSettled(day: number, now: number): Promise<void> {
    await this.db.insertInto('earn_settlements').values({ day, settled_at: now }).execute();
  }
}
