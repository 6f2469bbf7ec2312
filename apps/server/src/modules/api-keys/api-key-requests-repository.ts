/** The log of public API calls per key and the only code that reads and writes it. */
import type { Kysely, Selectable } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';
import type { ApiKeysTables } from './api-keys-repository';

/** One public API call made with a key; `at` in epoch milliseconds. */
export interface ApiKeyRequestsTable {
  id: string;
  api_key: string;
  at: number;
  method: string;
  path: string;
  status: number;
  code: string;
  ip: string;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type ApiKeyRequestsTables = {
  api_key_requests: ApiKeyRequestsTable;
};

type Database = KernelTables & ApiKeysTables & ApiKeyRequestsTables;

export type ApiKeyRequestRow = Selectable<ApiKeyRequestsTable>;

export class ApiKeyRequestsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Inserts the calls whose key exists (a call naming an unknown key is not kept). */
  async insertKnown(rows: ApiKeyRequestRow[]): Promise<string[]> {
    if (rows.length === 0) return [];
    const ids = [...new Set(rows.map((r) => r.api_key))];
    const known = new Set(
      (await this.db.selectFrom('api_keys').select('id').where('id', 'in', ids).execute()).map(
        (r) => r.id,
      ),
    );
    const kept = rows.filter((r) => known.has(r.api_key));
    if (kept.length > 0) await this.db.insertInto('api_key_requests').values(kept).execute();
    return [...known];
  }

  /** One key's calls, newest first. */
  page(apiKey: string, offset: number, limit: number): Promise<ApiKeyRequestRow[]> {
    return this.db
      .selectFrom('api_key_requests')
      .selectAll()
      .where('api_key', '=', apiKey)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(offset)
      .limit(limit)
      .execute();
  }

  async count(apiKey: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_key_requests')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('api_key', '=', apiKey)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /** Keeps a key's newest `keep` calls, none at or before `before`. */
  async prune(apiKey: string, keep: number, before: number): Promise<void> {
    await this.db
      .deleteFrom('api_key_requests')
      .where('api_key', '=', apiKey)
      .where('at', '<=', before)
      .execute();
    const last = await this.db
      .selectFrom('api_key_requests')
      .select(['at', 'id'])
      .where('api_key', '=', apiKey)
      .orderBy('at', 'desc')
      .orderBy('id', 'desc')
      .offset(keep - 1)
      .limit(1)
      .executeTakeFirst();
    if (!last) return;
    await this.db
      .deleteFrom('api_key_requests')
      .where('api_key', '=', apiKey)
      .where((eb) =>
        eb.or([eb('at', '<', last.at), eb.and([eb('at', '=', last.at), eb('id', '<', last.id)])]),
      )
      .execute();
  }

  async deleteOfKey(apiKey: string): Promise<void> {
    await this.db.deleteFrom('api_key_requests').where('api_key', '=', apiKey).execute();
  }
}
