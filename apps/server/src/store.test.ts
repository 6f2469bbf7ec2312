/**
 * Databases made before the repositories and migrations moved into their
 * modules open as they are: the migration names and their order are those
 * the databases recorded, and a database at the latest migration runs none.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { openStore as openKernelStore } from './kernel/db/db';
import { accountEntries } from './kernel/db/ledger-account-index';
import type { KernelTables } from './kernel/db/schema';
import { openStore } from './store';
import { STORES, type StoreKind } from './test/harness';

/** Every migration a database records, in the order they ran, as they were named when released. */
const RELEASED = [
  '0001_accounts',
  '0002_users_mobile',
  '0003_announcements',
  '0004_spot_ledger',
  '0005_klines',
  '0006_gateway_keys',
  '0007_second_factor',
  '0008_demo_accounts',
  '0009_futures',
  '0010_spot_cancel_reason',
  '0011_margin',
  '0012_account_security',
  '0012_sessions_last_seen',
  '0013_api_keys',
  '0014_vip_fees',
  '0015_sub_accounts',
  '0016_earn',
  '0017_reserves',
  '0018_p2p',
  '0019_swap',
  '0020_red_packets',
  '0021_copy_trading',
  '0022_public_api_request_log',
  '0023_p2p_files_requirements_feedback',
  '0025_passkeys_qr_login',
  '0026_sub_account_switches_main',
  '0027_cluster',
  '0028_third_party_login',
  '0029_spot_plans',
  '0030_agency_login_checks',
  '0031_replay_marks',
  '0032_ledger_index_without_moves',
  '0033_spot_client_ids_index_partial',
  '0034_ledger_index_in_bulk',
  '0035_spot_indexes_in_bulk',
  '0036_spot_fills_by_order',
];

/** The schema and migration rows of a SQLite database made by the release before the move. */
const RELEASED_SQLITE = readFileSync(
  join(import.meta.dirname, 'test', 'fixtures', 'schema-0009.sql'),
  'utf8',
);

interface MigrationRow {
  name: string;
  timestamp: string;
}

interface Place {
  dataDir: string;
  databaseUrl: string | undefined;
  migrations(): Promise<MigrationRow[]>;
  drop(): Promise<void>;
}

async function onPostgres<T>(schema: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
  await client.connect();
  try {
    await client.query(`set search_path to "${schema}"`);
    return await work(client);
  } finally {
    await client.end();
  }
}

function sqliteMigrations(dataDir: string): MigrationRow[] {
  const db = new SQLite(join(dataDir, 'quay.db'), { readonly: true });
  try {
    return db
      .prepare('select name, timestamp from kysely_migration order by name')
      .all() as MigrationRow[];
  } finally {
    db.close();
  }
}

function sqliteSchema(dataDir: string): string[] {
  const db = new SQLite(join(dataDir, 'quay.db'), { readonly: true });
  try {
    const rows = db
      .prepare("select sql from sqlite_master where sql is not null and name not like 'sqlite_%'")
      .all() as Array<{ sql: string }>;
    return rows.map((r) => r.sql).sort();
  } finally {
    db.close();
  }
}

function newPlace(kind: StoreKind): Place {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-migrations-'));
  if (kind === 'sqlite') {
    return {
      dataDir,
      databaseUrl: undefined,
      migrations: async () => sqliteMigrations(dataDir),
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `m_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.searchParams.set('schema', schema);
  return {
    dataDir,
    databaseUrl: url.toString(),
    migrations: () =>
      onPostgres(schema, async (client) => {
        const res = await client.query<MigrationRow>(
          'select name, timestamp from kysely_migration order by name',
        );
        return res.rows;
      }),
    drop: async () => {
      await onPostgres('public', (client) =>
        client.query(`drop schema if exists "${schema}" cascade`),
      );
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

const places: Place[] = [];
afterEach(async () => {
  for (const place of places.splice(0)) await place.drop();
});

describe.each(STORES)('migrations on %s', (kind) => {
  it('applies the released migrations under their names, in order, and none on a second open', async () => {
    const place = newPlace(kind);
    places.push(place);
    const first = await openStore(place);
    await first.close();
    const applied = await place.migrations();
    expect(applied.map((m) => m.name)).toEqual(RELEASED);

    const second = await openStore(place);
    // The store works after the second open: the kernel's and a module's repositories answer.
    expect(await second.repos.ledger.coinTotals()).toEqual(new Map());
    expect(await second.repos.announcements.count()).toBe(0);
    await second.close();
    expect(await place.migrations()).toEqual(applied);
  });

  it('refuses a module migration that reuses a name', async () => {
    const place = newPlace(kind);
    places.push(place);
    const reused = { '0004_spot_ledger': { up: async () => undefined } };
    await expect(
      openKernelStore(place, { migrations: [reused], repositories: () => ({}) }),
    ).rejects.toThrow('migration 0004_spot_ledger is given twice');
  });
});

describe('a SQLite database made by the release before the move', () => {
  it('opens as it is, runs only the migrations released since, and has the schema of a new database', async () => {
    const released = newPlace('sqlite');
    const fresh = newPlace('sqlite');
    places.push(released, fresh);
    const file = new SQLite(join(released.dataDir, 'quay.db'));
    file.exec(RELEASED_SQLITE);
    file.close();
    const before = sqliteMigrations(released.dataDir);
    const atMove = RELEASED.indexOf('0009_futures') + 1;
    expect(before.map((m) => m.name)).toEqual(RELEASED.slice(0, atMove));

    const store = await openStore(released);
    expect(await store.repos.users.byEmail('nobody@example.com')).toBeUndefined();
    await store.close();
    const after = sqliteMigrations(released.dataDir);
    expect(after.slice(0, atMove)).toEqual(before);
    expect(after.map((m) => m.name)).toEqual(RELEASED);

    await (await openStore(fresh)).close();
    expect(sqliteSchema(released.dataDir)).toEqual(sqliteSchema(fresh.dataDir));
  });
});

/**
 * The indexes are used: the journal's by account (a table, brought up to
 * date in bulk) and each entry by its key, by the queries by account; the
 * client order ids' partial index, by the lookups of one. A query that missed
 * them would read the whole table instead.
 */
describe.each(STORES)('the indexes by account on %s', (kind) => {
  it("serve the journal by account, the client order ids and an order's fills", async () => {
    const place = newPlace(kind);
    places.push(place);
    await (await openStore(place)).close();
    // How the spot module looks a client order id up (spot-repository.ts).
    const byClientId = 'select 1 from spot_orders where user_id = ? and client_order_id = ?';
    // How it finds an order's fills (SpotRepository.fillsOfOrder).
    const fillsOfOrder = 'select id from spot_fills where maker_order_id = ? or taker_order_id = ?';
    const byAccount = (db: Kysely<KernelTables>) => accountEntries(db, ['u1'], 'USDT').compile();
    if (kind === 'sqlite') {
      const file = new SQLite(join(place.dataDir, 'quay.db'));
      try {
        const plan = (text: string, ...params: unknown[]) =>
          (file.prepare(`explain query plan ${text}`).all(...params) as Array<{ detail: string }>)
            .map((r) => r.detail)
            .join('; ');
        const query = byAccount(new Kysely({ dialect: new SqliteDialect({ database: file }) }));
        const journal = plan(query.sql, ...query.parameters);
        expect(journal).toContain(
          'SEARCH ledger_account_index USING PRIMARY KEY (user_id=? AND coin=?)',
        );
        // ledger_unindexed is read whole: it holds the keys of about a second.
        expect(journal).toContain('SCAN ledger_unindexed');
        // Each of its keys is looked up in the index, in case a move has put it there already.
        expect(journal).toContain(
          'SEARCH i USING PRIMARY KEY (user_id=? AND coin=? AND created_at=? AND ref=? AND leg=?)',
        );
        expect(journal).toContain(
          'SEARCH e USING INDEX sqlite_autoindex_ledger_entries_1 (ref=? AND leg=?)',
        );
        expect(journal).not.toContain('SCAN e');
        expect(plan(byClientId, 'u1', 'c1')).toContain('INDEX spot_orders_client');
        const fills = plan(fillsOfOrder, 7, 7);
        expect(fills).toContain('INDEX spot_fills_maker_order (maker_order_id=?)');
        expect(fills).toContain('INDEX spot_fills_taker_order (taker_order_id=?)');
        expect(fills).not.toContain('SCAN spot_fills');
      } finally {
        file.close();
      }
      return;
    }
    const schema = new URL(place.databaseUrl ?? '').searchParams.get('schema') ?? '';
    const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 1 });
    try {
      const client = await pool.connect();
      try {
        await client.query(`set search_path to "${schema}"`);
        // The tables are empty: without this the planner would rightly read them whole.
        await client.query('set enable_seqscan = off');
        const plan = async (text: string, params: readonly unknown[]) =>
          (await client.query<{ 'QUERY PLAN': string }>(`explain ${text}`, [...params])).rows
            .map((r) => r['QUERY PLAN'])
            .join('; ');
        const query = byAccount(new Kysely({ dialect: new PostgresDialect({ pool }) }));
        const journal = await plan(query.sql, query.parameters);
        expect(journal).toContain('Index Only Scan using ledger_account_index_pk');
        expect(journal).toContain('Index Scan using ledger_entries_pk');
        expect(journal).not.toContain('Seq Scan on ledger_entries');
        expect(
          await plan(byClientId.replace('?', '$1').replace('?', '$2'), ['u1', 'c1']),
        ).toContain('spot_orders_client');
        const fills = await plan(fillsOfOrder.replace('?', '$1').replace('?', '$2'), [7, 7]);
        expect(fills).toContain('spot_fills_maker_order');
        expect(fills).toContain('spot_fills_taker_order');
        expect(fills).not.toContain('Seq Scan on spot_fills');
      } finally {
        client.release();
      }
    } finally {
      await pool.end();
    }
  });
});
