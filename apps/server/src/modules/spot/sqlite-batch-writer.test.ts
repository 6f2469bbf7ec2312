/**
 * The embedded store's writer thread moves the keys written since into the
 * indexes by account a slice per commit, in the indexes' order: every key
 * lands in its index once the slices have gone round, a commit moves the
 * next keys in that order only, a read by account finds the same rows at
 * every step, and a whole move by another writer in the middle of one loses
 * and doubles nothing.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  accountEntries,
  ACCOUNT_INDEX_MAX_KEYS,
  ACCOUNT_INDEX_SLICE_KEYS,
} from '../../kernel/db/ledger-account-index';
import type { KernelTables } from '../../kernel/db/schema';
import { openStore, type Store } from '../../kernel/db/db';
import { SPOT_MIGRATIONS } from './spot-migrations';
import { openBatchWriter, type JournalEntryRow, type SpotBatchRows } from './sqlite-batch-writer';
import type { SpotOrderRow } from './spot-repository';

const dataDir = mkdtempSync(join(tmpdir(), 'quay-batch-writer-'));
let store: Store;
let file: SQLite.Database;
let reader: Kysely<KernelTables>;

beforeAll(async () => {
  store = await openStore({ dataDir }, { migrations: [SPOT_MIGRATIONS], repositories: () => ({}) });
  file = new SQLite(join(dataDir, 'quay.db'), { readonly: true });
  reader = new Kysely<KernelTables>({ dialect: new SqliteDialect({ database: file }) });
});

afterAll(async () => {
  await reader.destroy();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = (table: string, where = '', ...params: unknown[]) =>
  (file.prepare(`select count(*) as n from ${table} ${where}`).get(...params) as { n: number }).n;

/** The journal's keys of an account as a read by account finds them. */
const read = async (account: string) =>
  (await accountEntries(reader, [account]).execute()).map((e) => e.ref).sort();

/** The orders of an account as the spot history reads their keys (through `in`). */
const ordersOf = (account: string) =>
  count(
    'spot_orders',
    `where id in (select id from spot_order_index where user_id = ?
    union all select id from spot_orders_unindexed where user_id = ?)`,
    account,
    account,
  );

function order(id: number, userId: string): SpotOrderRow {
  return {
    id,
    user_id: userId,
    client_order_id: null,
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    time_in_force: 'GTC',
    price_ticks: 5_000_000,
    quantity_lots: 100,
    quote_amount: 0n,
    filled_lots: 0,
    filled_quote: 0n,
    frozen: 0n,
    status: 'NEW',
    cancel_reason: null,
    created_at: 1_000 + id,
    updated_at: 1_000 + id,
  };
}

function batch(orders: SpotOrderRow[], entries: JournalEntryRow[]): SpotBatchRows {
  return { orders, placed: orders, fills: [], plans: [], entries, deltas: [], now: 5_000 };
}

describe('the embedded store writer', () => {
  const accounts = Array.from({ length: 40 }, () => randomUUID());
  const sorted = [...accounts].sort();
  let nextOrder = 1;
  let nextRef = 0;
  /** Every batch written, for what the reads should find. */
  const written: SpotBatchRows[] = [];

  /** As many journal keys as start a move, spread over the accounts, and an order each. */
  function aMoveOfKeys(): SpotBatchRows {
    const entries: JournalEntryRow[] = Array.from({ length: ACCOUNT_INDEX_MAX_KEYS }, (_, i) => ({
      ref: `trade:${String(nextRef++).padStart(6, '0')}`,
      leg: 0,
      kind: 'trade',
      user_id: accounts[i % accounts.length] as string,
      coin: 'USDT',
      bucket: 'available',
      amount: 1n,
      created_at: 2_000 + i,
    }));
    return batch(
      accounts.map((account) => order(nextOrder++, account)),
      entries,
    );
  }

  async function write(rows: SpotBatchRows) {
    const writer = store.sqliteResource(openBatchWriter);
    if (!writer) throw new Error('the embedded store has a batch writer');
    written.push(rows);
    await writer.write(rows);
  }

  async function expectEveryKeyReadOnce() {
    const expected = new Map<string, string[]>(accounts.map((a) => [a, []]));
    for (const e of written.flatMap((b) => b.entries)) expected.get(e.user_id)?.push(e.ref);
    for (const account of accounts) {
      expected.get(account)?.sort();
      expect(await read(account)).toEqual(expected.get(account));
      expect(ordersOf(account)).toBe(count('spot_orders', 'where user_id = ?', account));
    }
  }

  it('moves the keys into the indexes by account a slice per commit, in their order', async () => {
    const keys = ACCOUNT_INDEX_MAX_KEYS + 2 * accounts.length;
    const slices = Math.ceil(keys / ACCOUNT_INDEX_SLICE_KEYS);
    // This commit starts the move: it copies the keys waiting, and moves none.
    await write(aMoveOfKeys());
    expect(count('ledger_account_index') + count('spot_order_index')).toBe(0);
    await write(batch([], []));
    const moved = count('ledger_account_index') + count('spot_order_index');
    expect(moved).toBeGreaterThan(0);
    expect(moved).toBeLessThanOrEqual(ACCOUNT_INDEX_SLICE_KEYS + 2);
    // In the index's order: the accounts moved come before those not yet moved.
    const movedAccounts = sorted.filter(
      (a) => count('ledger_account_index', 'where user_id = ?', a) > 0,
    );
    expect(sorted.slice(0, movedAccounts.length)).toEqual(movedAccounts);
    await expectEveryKeyReadOnce();
    // Each later commit, with nothing of its own, moves the next slice; the one after clears what moved.
    for (let n = 1; n <= slices; n += 1) {
      expect(count('ledger_unindexed')).toBe(ACCOUNT_INDEX_MAX_KEYS);
      await write(batch([], []));
      await expectEveryKeyReadOnce();
    }
    expect(count('ledger_unindexed')).toBe(0);
    expect(count('spot_orders_unindexed')).toBe(0);
    expect(count('ledger_account_index')).toBe(ACCOUNT_INDEX_MAX_KEYS);
    expect(count('spot_order_index')).toBe(accounts.length);
  });

  it('loses and doubles no key when a whole move runs in the middle of one', async () => {
    const before = count('ledger_account_index');
    await write(aMoveOfKeys());
    await write(batch([], []));
    expect(count('ledger_account_index')).toBeGreaterThan(before);
    // Another writer moves every key waiting, those of the slice moved included.
    await store.transaction((repos) => repos.ledger.indexPending());
    expect(count('ledger_unindexed')).toBe(0);
    await expectEveryKeyReadOnce();
    // Keys written after it, while the writer's move goes on.
    await write(
      batch([order(nextOrder++, accounts[0] as string)], aMoveOfKeys().entries.slice(0, 100)),
    );
    await expectEveryKeyReadOnce();
    for (let n = 0; n < 20; n += 1) await write(batch([], []));
    await expectEveryKeyReadOnce();
    // The move under way cleared only the keys it took: the later ones wait
    // for the next (or, should a second have begun by now, are in the index).
    expect(count('ledger_account_index') + count('ledger_unindexed')).toBe(
      before + ACCOUNT_INDEX_MAX_KEYS + 100,
    );
  });
});
