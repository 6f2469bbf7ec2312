/** What the public API reads of the ledger's balances: the amounts and when each last changed. */
import type { Kysely } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

export interface SpotBalanceRow {
  coin: string;
  available: bigint;
  frozen: bigint;
  updated_at: number;
}

export class PublicApiRepository {
  constructor(private readonly db: Kysely<KernelTables>) {}

  async balancesOf(userId: string): Promise<SpotBalanceRow[]> {
    const rows = await this.db
      .selectFrom('balances')
      .select(['coin', 'available', 'frozen', 'updated_at'])
      .where('user_id', '=', userId)
      .orderBy('coin')
      .execute();
    return rows.map((r) => ({
      coin: r.coin,
      available: BigInt(r.available),
      frozen: BigInt(r.frozen),
      updated_at: Number(r.updated_at),
    }));
  }
}
