/**
 * The store: one Kysely instance on embedded SQLite (default) or PostgreSQL
 * (DATABASE_URL), with the same migrations and queries on both, and the
 * repositories bound to it or to a transaction.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  CompiledQuery,
  Kysely,
  Migrator,
  PostgresDialect,
  SqliteDialect,
  sql,
  type Driver,
} from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import { repositoriesOf, type Repositories } from './repositories';
import type { Database } from './schema';
import { SqliteBatchWriter } from './sqlite-batch-writer';
import type { SqliteConnection } from './sqlite-statements';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  dialect: Dialect;
  /** Repositories outside a transaction: each statement stands alone. */
  repos: Repositories;
  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (repos: Repositories) => Promise<T>): Promise<T>;
  /**
   * On the embedded store, the engine host's own connection in a worker
   * thread (started on first use); null on PostgreSQL, whose driver does not
   * block the process.
   */
  batchWriter(): SqliteBatchWriter | null;
  /** A real round trip to the database. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export interface StoreOptions {
  dataDir: string;
  databaseUrl?: string | undefined;
  /** Told about errors of idle pooled connections, which have no caller to throw to. */
  onBackgroundError?: (err: Error) => void;
}

const INT8_OID = 20;

/**
 * int8 columns here hold epoch milliseconds and counters, all far below 2^53,
 * so they are read as numbers. Money never goes through this path: it will be
 * stored as integer minor units in numeric/text columns and read as strings.
 */
function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID) {
        return (value: string) => {
          const n = Number(value);
          if (!Number.isSafeInteger(n)) throw new Error(`int8 ${value} is not a safe integer`);
          return n;
        };
      }
      return pg.types.getTypeParser(oid, format);
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`bad schema name ${name}`);
  return `"${name}"`;
}

/** Splits `?schema=name` off the URL: pg itself does not know that parameter. */
export function parsePostgresUrl(url: string): { connectionString: string; schema: string | null } {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  if (schema) quoteIdent(schema);
  return { connectionString: parsed.toString(), schema: schema || null };
}

async function openPostgres(
  options: StoreOptions & { databaseUrl: string },
): Promise<Kysely<Database>> {
  const { connectionString, schema } = parsePostgresUrl(options.databaseUrl);
  if (schema) {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${quoteIdent(schema)}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    types: pgTypes(),
    application_name: 'quay',
  });
  // Without a listener an idle connection dropped by the server would crash the process.
  pool.on('error', (err) => options.onBackgroundError?.(err));
  // Each pooled connection works in the schema, so tests can run side by side.
  const searchPath = schema ? `set search_path to ${quoteIdent(schema)}` : null;
  return new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: searchPath
        ? async (conn) => {
            await conn.executeQuery(CompiledQuery.raw(searchPath));
          }
        : undefined,
    }),
  });
}

/**
 * SQLite with transactions that take the write lock when they begin. The
 * batch writer's connection (and the operator's command line) write to the
 * same file; a transaction that read first and then tried to write after
 * another connection had committed would fail at once instead of waiting.
 */
class ImmediateSqliteDialect extends SqliteDialect {
  override createDriver(): Driver {
    const driver = super.createDriver();
    driver.beginTransaction = async (connection) => {
      await connection.executeQuery(CompiledQuery.raw('begin immediate'));
    };
    return driver;
  }
}

function sqlitePath(dataDir: string): string {
  return join(dataDir, 'quay.db');
}

function openSqlite(dataDir: string): { db: Kysely<Database>; file: SqliteConnection } {
  mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(sqlitePath(dataDir));
  file.pragma('journal_mode = WAL');
  // FULL syncs the log at every commit: what was acknowledged survives a
  // power loss, not only a crash of the process (NORMAL's promise). Orders
  // commit in batches on the batch writer's thread (sqlite-batch-writer.ts),
  // so this thread waits for the disk only on rarer writes (sign-ups,
  // deposits).
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  return {
    db: new Kysely<Database>({ dialect: new ImmediateSqliteDialect({ database: file }) }),
    file,
  };
}

export async function openStore(options: StoreOptions): Promise<Store> {
  const sqlite = options.databaseUrl ? null : openSqlite(options.dataDir);
  const db = sqlite
    ? sqlite.db
    : await openPostgres({ ...options, databaseUrl: options.databaseUrl ?? '' });
  // Inside a transaction the store holds the one SQLite connection for that
  // transaction alone, so repositories may write through it directly there.
  const file = sqlite?.file ?? null;
  let writer: SqliteBatchWriter | null = null;
  // Kysely looks for its migration tables in every schema it can see unless
  // told which one; on a shared PostgreSQL another schema's tables would
  // fool it. They belong in the schema the app works in.
  const migrationTableSchema = options.databaseUrl
    ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]?.schema
    : undefined;
  const migrator = new Migrator({ db, provider: migrationProvider, migrationTableSchema });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await db.destroy();
    throw error instanceof Error
      ? error
      : new Error(`migration ${failed?.migrationName ?? ''} failed`);
  }
  let closed: Promise<void> | null = null;
  return {
    dialect: options.databaseUrl ? 'postgres' : 'sqlite',
    repos: repositoriesOf(db),
    transaction: (work) => db.transaction().execute((trx) => work(repositoriesOf(trx, file))),
    batchWriter() {
      if (!sqlite || closed) return null;
      writer ??= new SqliteBatchWriter(sqlitePath(options.dataDir));
      return writer;
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    close() {
      closed ??= (async () => {
        await writer?.close();
        await db.destroy();
      })();
      return closed;
    },
  };
}
