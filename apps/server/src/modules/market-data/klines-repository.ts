import type { Kysely, Selectable } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

/** One kline of a market and interval; figures are decimal strings. */
export interface KlinesTable {
  symbol: string;
  interval: string;
  /** Epoch milliseconds. */
  open_time: number;
  o: string;
  h: string;
  l: string;
  c: string;
  /** Base volume. */
  v: string;
  /** Quote volume. */
  qv: string;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type MarketDataTables = {
  klines: KlinesTable;
};

type MarketDataDatabase = KernelTables & MarketDataTables;

export type KlineRow = Selectable<KlinesTable>;

/** Rows per statement: well under the bound-parameter limits of SQLite and PostgreSQL. */
const UPSERT_CHUNK = 500;

/** The only code that reads and writes klines. */
export class KlinesRepository {
  constructor(private readonly db: Kysely<MarketDataDatabase>) {}

  /** Inserts each kline, or replaces the one with the same market, interval and open time. */
  async upsert(rows: readonly KlineRow[]): Promise<void> {
    for (let i = 0; i < rows.length; i += UPSERT_CHUNK) {
      await this.db
        .insertInto('klines')
        .values(rows.slice(i, i + UPSERT_CHUNK))
        .onConflict((oc) =>
          oc.columns(['symbol', 'interval', 'open_time']).doUpdateSet((eb) => ({
            o: eb.ref('excluded.o'),
            h: eb.ref('excluded.h'),
            l: eb.ref('excluded.l'),
            c: eb.ref('excluded.c'),
            v: eb.ref('excluded.v'),
            qv: eb.ref('excluded.qv'),
          })),
        )
        .execute();
    }
  }

  /** The `limit` latest klines opening at or before `endTime`, oldest first. */
  async until(
    symbol: string,
    interval: string,
    endTime: number,
    limit: number,
  ): Promise<KlineRow[]> {
    const rows = await this.db
      .selectFrom('klines')
      .selectAll()
      .where('symbol', '=', symbol)
      .where('interval', '=', interval)
      .where('open_time', '<=', endTime)
      .orderBy('open_time', 'desc')
      .limit(limit)
      .execute();
    return rows.reverse();
  }

  /** Klines opening at or after `from`, oldest first (at most `limit`). */
  since(symbol: string, interval: string, from: number, limit: number): Promise<KlineRow[]> {
    return this.db
      .selectFrom('klines')
      .selectAll()
      .where('symbol', '=', symbol)
      .where('interval', '=', interval)
      .where('open_time', '>=', from)
      .orderBy('open_time', 'asc')
      .limit(limit)
      .execute();
  }

  latest(symbol: string, interval: string): Promise<KlineRow | undefined> {
    return this.db
      .selectFrom('klines')
      .selectAll()
      .where('symbol', '=', symbol)
      .where('interval', '=', interval)
      .orderBy('open_time', 'desc')
      .limit(1)
      .executeTakeFirst();
  }
}
