/**
 * The store: one Kysely instance on embedded SQLite (default) or PostgreSQL
 * (DATABASE_URL), with the same migrations and queries on both.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, Migrator, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { migrationProvider } from './migrations';
import type { Database } from './schema';

export type Dialect = 'sqlite' | 'postgres';

export interface Store {
  db: Kysely<Database>;
  dialect: Dialect;
  close(): Promise<void>;
}

const INT8_OID = 20;
const NUMERIC_OID = 1700;

/** int8 columns here are epoch milliseconds and counters: safe as numbers. */
function pgTypes(): pg.CustomTypesConfig {
  return {
    getTypeParser: ((oid: number, format?: 'text' | 'binary') => {
      if (oid === INT8_OID) return (value: string) => Number(value);
      if (oid === NUMERIC_OID) return (value: string) => value;
      return pg.types.getTypeParser(oid, format);
    }) as pg.CustomTypesConfig['getTypeParser'],
  };
}

function quoteIdent(name: string): string {
  if (!/^[A-Za-z_][A-Za-z0-9_]{0,62}$/.test(name)) throw new Error(`bad schema name ${name}`);
  return `"${name}"`;
}

async function openPostgres(url: string): Promise<Store> {
  const parsed = new URL(url);
  const schema = parsed.searchParams.get('schema');
  parsed.searchParams.delete('schema');
  const connectionString = parsed.toString();
  if (schema) {
    const client = new pg.Client({ connectionString });
    await client.connect();
    try {
      await client.query(`create schema if not exists ${quoteIdent(schema)}`);
    } finally {
      await client.end();
    }
  }
  const pool = new pg.Pool({ connectionString, max: 10, types: pgTypes() });
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({
      pool,
      onCreateConnection: schema
        ? async (conn) => {
            await conn.executeQuery(
              sql`set search_path to ${sql.raw(quoteIdent(schema))}`.compile(db),
            );
          }
        : undefined,
    }),
  });
  return { db, dialect: 'postgres', close: () => db.destroy() };
}

function openSqlite(dataDir: string): Store {
  mkdirSync(dataDir, { recursive: true });
  const file = new SQLite(join(dataDir, 'quay.db'));
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = NORMAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
  return { db, dialect: 'sqlite', close: () => db.destroy() };
}

export async function openStore(options: {
  dataDir: string;
  databaseUrl?: string | undefined;
}): Promise<Store> {
  const store = options.databaseUrl
    ? await openPostgres(options.databaseUrl)
    : openSqlite(options.dataDir);
  const migrator = new Migrator({ db: store.db, provider: migrationProvider });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    await store.close();
    throw error instanceof Error
      ? error
      : new Error(`migration ${failed?.migrationName ?? ''} failed`);
  }
  return store;
}

/** A real round trip, for /health. */
export async function pingStore(store: Store): Promise<void> {
  await sql`select 1`.execute(store.db);
}
