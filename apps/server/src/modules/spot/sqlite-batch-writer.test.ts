/**
 * The embedded store's writer thread moves the keys written since into the
 * indexes by account a part of the accounts per commit: every key lands in
 * its index once the parts have gone round, a commit moves the keys of its
 * part only, and a read by account finds the same rows at every step.
 */
import { randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_INDEX_MAX_KEYS, ACCOUNT_INDEX_PARTS } from '../../kernel/db/ledger-account-index';
import { openStore, type Store } from '../../kernel/db/db';
import { SPOT_MIGRATIONS } from './spot-migrations';
import { openBatchWriter, type JournalEntryRow, type SpotBatchRows } from './sqlite-batch-writer';
import type { SpotOrderRow } from './spot-repository';

const dataDir = mkdtempSync(join(tmpdir(), 'quay-batch-writer-'));
let store: Store;
let file: SQLite.Database;

beforeAll(async () => {
  store = await openStore({ dataDir }, { migrations: [SPOT_MIGRATIONS], repositories: () => ({}) });
  file = new SQLite(join(dataDir, 'quay.db'), { readonly: true });
});

afterAll(async () => {
  file.close();
  await store.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const count = (table: string, where = '', ...params: unknown[]) =>
  (file.prepare(`select count(*) as n from ${table} ${where}`).get(...params) as { n: number }).n;

/** The part an account's keys move in (the writer's rule: its last character). */
const partOf = (account: string) =>
  (account.codePointAt(account.length - 1) ?? 0) % ACCOUNT_INDEX_PARTS;

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
  it('moves the keys into the indexes by account a part of the accounts per commit', async () => {
    const writer = store.sqliteResource(openBatchWriter);
    if (!writer) throw new Error('the embedded store has a batch writer');
    // User ids are UUIDs: 40 of them, every last hex digit among them.
    const accounts = Array.from(
      { length: 40 },
      (_, i) => `${randomUUID().slice(0, -1)}${'0123456789abcdef'[i % 16]}`,
    );
    // As many journal keys as start a move, spread over the accounts.
    const entries: JournalEntryRow[] = Array.from({ length: ACCOUNT_INDEX_MAX_KEYS }, (_, i) => ({
      ref: `trade:${i}`,
      leg: 0,
      kind: 'trade',
      user_id: accounts[i % accounts.length] as string,
      coin: 'USDT',
      bucket: 'available',
      amount: 1n,
      created_at: 2_000 + i,
    }));
    const orders = accounts.map((account, i) => order(i + 1, account));
    const perAccount = (account: string) =>
      count('ledger_account_index', 'where user_id = ?', account) +
      count('ledger_unindexed', 'where user_id = ?', account);
    const expected = new Map<string, number>();
    for (const e of entries) expected.set(e.user_id, (expected.get(e.user_id) ?? 0) + 1);
    // This commit starts the move: its first part goes with it.
    await writer.write(batch(orders, entries));
    const moved = accounts.filter((a) => count('ledger_account_index', 'where user_id = ?', a) > 0);
    expect(moved.length).toBeGreaterThan(0);
    expect(moved.every((a) => partOf(a) === 0)).toBe(true);
    expect(accounts.filter((a) => partOf(a) === 0)).toEqual(moved);
    for (const account of accounts) expect(perAccount(account)).toBe(expected.get(account));
    // Each later commit, with nothing of its own, moves the next part.
    for (let part = 1; part < ACCOUNT_INDEX_PARTS; part += 1) {
      await writer.write(batch([], []));
      for (const account of accounts) expect(perAccount(account)).toBe(expected.get(account));
    }
    expect(count('ledger_unindexed')).toBe(0);
    expect(count('spot_orders_unindexed')).toBe(0);
    expect(count('ledger_account_index')).toBe(ACCOUNT_INDEX_MAX_KEYS);
    expect(count('spot_order_index')).toBe(accounts.length);
  });
});
