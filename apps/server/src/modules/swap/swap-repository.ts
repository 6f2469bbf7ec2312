/**
 * Swap tables: signed intents and the swaps done. Money is integer minor
 * units in text; a route is its coins joined by '>'.
 */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface SwapIntentTable {
  id: string;
  user_id: string;
  route: string;
  amount_in: string;
  minimum_out: string;
  expires_at: number;
  used_at: number | null;
  created_at: number;
}

export interface SwapOrderTable {
  id: string;
  user_id: string;
  route: string;
  amount_in: string;
  amount_out: string;
  minimum_out: string;
  fee: string;
  created_at: number;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type SwapTables = { swap_intents: SwapIntentTable; swap_orders: SwapOrderTable };

export type SwapIntentRow = SwapIntentTable;
export type SwapOrderRow = SwapOrderTable;

export class SwapRepository {
  constructor(private readonly db: Kysely<KernelTables & SwapTables>) {}

  async insertIntent(row: SwapIntentRow): Promise<void> {
    await this.db.insertInto('swap_intents').values(row).execute();
  }

  async intent(id: string): Promise<SwapIntentRow | undefined> {
    const row = await this.db
      .selectFrom('swap_intents')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
    return (
      row && {
        ...row,
        expires_at: Number(row.expires_at),
        used_at: row.used_at === null ? null : Number(row.used_at),
        created_at: Number(row.created_at),
      }
    );
  }

  /** Spends an intent; false when it was spent already. */
  async spendIntent(id: string, now: number): Promise<boolean> {
    const result = await this.db
      .updateTable('swap_intents')
      .set({ used_at: now })
      .where('id', '=', id)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async insertOrder(row: SwapOrderRow): Promise<void> {
    await this.db.insertInto('swap_orders').values(row).execute();
  }

  async countOrders(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('swap_orders')
      .where('user_id', '=', userId)
      .select((eb) => eb.fn.count<string | number>('id').as('swaps'))
      .executeTakeFirst();
    return Number(row?.swaps ?? 0);
  }

  async orders(userId: string, offset: number, limit: number): Promise<SwapOrderRow[]> {
    const rows = await this.db
      .selectFrom('swap_orders')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
    return rows.map((r) => ({ ...r, created_at: Number(r.created_at) }));
  }
}
