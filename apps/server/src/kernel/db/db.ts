/**
 * The store: one Kysely instance on embedded SQLite (default) or PostgreSQL
 * (DATABASE_URL), with the same migrations and queries on both, and the
 * repositories bound to it or to a transaction: the kernel's own and those
 * the modules contribute (composed in `src/store.ts`, which the kernel does
 * not import).
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { CompiledQuery, Kysely, Migrator, SqliteDialect, sql, type Driver } from 'kysely';
import pg from 'pg';
import { migrationProviderOf, type Migrations } from './migrations';
import {
  kernelRepositoriesOf,
  type KernelRepositories,
  type RepositoriesFactory,
} from './repositories';
import type { KernelTables } from './schema';
import { WAL_CHECKPOINT_PAGES, type SqliteConnection } from './sqlite-statements';
import { WorkingSchemaPostgresDialect } from './working-schema-dialect';

export type Dialect = 'sqlite' | 'postgres';

/** Something the store closes before itself. */
export interface Closable {
  close(): Promise<void>;
}

/**
 * The store as its users see it: `R` is the repositories they use, the
 * kernel's and those of the modules they read (a structural slice of what
 * the app's store holds).
 */
export interface Store<R extends KernelRepositories = KernelRepositories> {
  dialect: Dialect;
  /** Repositories outside a transaction: each statement stands alone. */
  repos: R;
  /** Runs `work` in one transaction: all of its writes land, or none. */
  transaction<T>(work: (repos: R) => Promise<T>): Promise<T>;
  /**
   * Runs `work` on one consistent, read-only view of the store, taken when it
   * begins: writers go on meanwhile (a deferred read on SQLite's log, a
   * repeatable-read transaction on PostgreSQL). For reads that must agree
   * with each other on a live store, such as the ledger audit.
   */
  snapshot<T>(work: (repos: R) => Promise<T>): Promise<T>;
  /**
   * On the embedded store, a connection of a module's own to the database
   * file (the spot host's batch writer on a worker thread), made by `open` on
   * first use, one per `open` function, and closed before the store; null on
   * PostgreSQL, whose driver does not block the process, and once the store
   * is closing.
   */
  sqliteResource<T extends Closable>(open: (file: string) => T): T | null;
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

/** What the modules bring to the store: their migrations and their repositories. */
export interface StoreModules<R> {
  migrations: readonly Migrations[];
  repositories: RepositoriesFactory<R>;
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
): Promise<Kysely<KernelTables>> {
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
  return new Kysely<KernelTables>({
    dialect: new WorkingSchemaPostgresDialect({
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

function openSqlite(dataDir: string): { db: Kysely<KernelTables>; file: SqliteConnection } {
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
  file.pragma(`wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  return {
    db: new Kysely<KernelTables>({ dialect: new ImmediateSqliteDialect({ database: file }) }),
    file,
  };
}

/** Binds the kernel's and the modules' repositories to `db`; a module may not reuse a name. */
function bindRepositories<R extends object>(
  repositories: RepositoriesFactory<R>,
): RepositoriesFactory<KernelRepositories & R> {
  return (db, sqlite) => ({ ...repositories(db, sqlite), ...kernelRepositoriesOf(db, sqlite) });
}

function refuseSharedNames<R extends object>(
  db: Kysely<KernelTables>,
  repositories: RepositoriesFactory<R>,
): void {
  const own = repositories(db, null);
  const shared = Object.keys(kernelRepositoriesOf(db, null)).filter((name) => name in own);
  if (shared.length > 0) throw new Error(`repository ${shared.join(', ')} is the kernel's`);
}

export async function openStore<R extends object>(
  options: StoreOptions,
  modules: StoreModules<R>,
): Promise<Store<KernelRepositories & R>> {
  const sqlite = options.databaseUrl ? null : openSqlite(options.dataDir);
  const db = sqlite
    ? sqlite.db
    : await openPostgres({ ...options, databaseUrl: options.databaseUrl ?? '' });
  // Inside a transaction the store holds the one SQLite connection for that
  // transaction alone, so repositories may write through it directly there.
  const file = sqlite?.file ?? null;
  const resources = new Map<(file: string) => Closable, Closable>();
  const repositoriesOf = bindRepositories(modules.repositories);
  try {
    refuseSharedNames(db, modules.repositories);
    // Kysely looks for its migration tables in every schema it can see unless
    // told which one; on a shared PostgreSQL another schema's tables would
    // fool it. They belong in the schema the app works in.
    const migrationTableSchema = options.databaseUrl
      ? (await sql<{ schema: string }>`select current_schema() as schema`.execute(db)).rows[0]
          ?.schema
      : undefined;
    const provider = migrationProviderOf(modules.migrations);
    const migrator = new Migrator({ db, provider, migrationTableSchema });
    const { error, results } = await migrator.migrateToLatest();
    const failed = results?.find((r) => r.status === 'Error');
    if (error || failed) {
      throw error instanceof Error
        ? error
        : new Error(`migration ${failed?.migrationName ?? ''} failed`);
    }
  } catch (err) {
    await db.destroy();
    throw err;
  }
  let closed: Promise<void> | null = null;
  return {
    dialect: options.databaseUrl ? 'postgres' : 'sqlite',
    repos: repositoriesOf(db, null),
    transaction: (work) => db.transaction().execute((trx) => work(repositoriesOf(trx, file))),
    snapshot: (work) =>
      sqlite
        ? // Kysely's SQLite transactions begin immediate (they take the write lock); a
          // deferred one on a held connection reads a snapshot of the log and blocks no one.
          db.connection().execute(async (conn) => {
            await sql`begin deferred`.execute(conn);
            try {
              return await work(repositoriesOf(conn, null));
            } finally {
              await sql`rollback`.execute(conn);
            }
          })
        : db
            .transaction()
            .setIsolationLevel('repeatable read')
            .setAccessMode('read only')
            .execute((trx) => work(repositoriesOf(trx, null))),
    sqliteResource<T extends Closable>(open: (file: string) => T): T | null {
      if (!sqlite || closed) return null;
      let resource = resources.get(open);
      if (!resource) {
        resource = open(sqlitePath(options.dataDir));
        resources.set(open, resource);
      }
      // One resource per `open`, which made it: it is a T.
      return resource as T;
    },
    async ping() {
      await sql`select 1`.execute(db);
    },
    close() {
      closed ??= (async () => {
        for (const resource of resources.values()) await resource.close();
        await db.destroy();
      })();
      return closed;
    },
  };
}
