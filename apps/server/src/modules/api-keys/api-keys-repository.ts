/** The API keys table and the only code that reads and writes it. */
import type { Kysely, Selectable, Updateable } from 'kysely';
import type { KernelTables } from '../../kernel/db/schema';

/** One API key of a user; timestamps are epoch milliseconds. */
export interface ApiKeysTable {
  /** The ACCESS-KEY clients send. */
  id: string;
  user_id: string;
  label: string;
  /** Scopes joined by commas, in API_KEY_SCOPES order. */
  scopes: string;
  /** Normalised addresses and CIDR ranges joined by commas; '' allows any address. */
  ips: string;
  /** scrypt hash of the passphrase, as passwords are kept. */
  passphrase_hash: string;
  /** The HMAC secret, AES-256-GCM under a key derived from the server's key. */
  secret_sealed: string;
  /** 'active' or 'disabled'. */
  status: string;
  created_at: number;
  updated_at: number;
  last_used_at: number | null;
}

/** A type, not an interface: `Kysely.withTables` takes only types with an index signature. */
export type ApiKeysTables = {
  api_keys: ApiKeysTable;
};

type ApiKeysDatabase = KernelTables & ApiKeysTables;

export type ApiKeyRow = Selectable<ApiKeysTable>;

export class ApiKeysRepository {
  constructor(private readonly db: Kysely<ApiKeysDatabase>) {}

  byId(id: string): Promise<ApiKeyRow | undefined> {
    return this.db.selectFrom('api_keys').selectAll().where('id', '=', id).executeTakeFirst();
  }

  /** A user's keys, newest first. */
  ofUser(userId: string): Promise<ApiKeyRow[]> {
    return this.db
      .selectFrom('api_keys')
      .selectAll()
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id')
      .execute();
  }

  async countOfUser(userId: string): Promise<number> {
    const row = await this.db
      .selectFrom('api_keys')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  async insert(row: ApiKeyRow): Promise<void> {
    await this.db.insertInto('api_keys').values(row).execute();
  }

  /** Changes a key of this user; false when the user has no such key. */
  async update(
    userId: string,
    id: string,
    changes: Updateable<ApiKeysTable> & { updated_at: number },
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('api_keys')
      .set(changes)
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return BigInt(result.numUpdatedRows) > 0n;
  }

  async delete(userId: string, id: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('api_keys')
      .where('id', '=', id)
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return BigInt(result.numDeletedRows) > 0n;
  }

  /** Records a signed call; written at most once a minute per key by the caller. */
  async touch(id: string, at: number): Promise<void> {
    await this.db.updateTable('api_keys').set({ last_used_at: at }).where('id', '=', id).execute();
  }
}
