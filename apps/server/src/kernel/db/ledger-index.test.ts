/**
 * The journal's index by account, brought up to date in bulk: what is read
 * by account is the same before and after the keys written since move into
 * it, the moves never enter it, and on PostgreSQL a key committed while they
 * move is neither lost nor read twice.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { STORES, type StoreKind } from '../../test/harness';
import { EXTERNAL_ACCOUNT, Journal, move } from '../journal';
import { openStore, type Store } from './db';
import type { KernelRepositories } from './repositories';

const cleanups: Array<() => Promise<void>> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0)) await cleanup();
});

type KeyTable = 'ledger_account_index' | 'ledger_unindexed';

/** Stores on one fresh database (the kernel's tables alone), and how many keys each key table holds. */
async function storesOn(
  kind: StoreKind,
  count: number,
): Promise<{ stores: Store[]; keys: () => Promise<{ indexed: number; pending: number }> }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-ledger-index-'));
  let databaseUrl: string | undefined;
  let schema = '';
  if (kind === 'postgres') {
    schema = `li_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.searchParams.set('schema', schema);
    databaseUrl = url.toString();
  }
  const stores: Store[] = [];
  for (let i = 0; i < count; i += 1) {
    stores.push(
      await openStore({ dataDir, databaseUrl }, { migrations: [], repositories: () => ({}) }),
    );
  }
  cleanups.push(async () => {
    for (const store of stores) await store.close();
    if (schema) {
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      await client.query(`drop schema if exists "${schema}" cascade`);
      await client.end();
    }
    rmSync(dataDir, { recursive: true, force: true });
  });
  const rows = async (table: KeyTable): Promise<number> => {
    const text = `select count(*) as n from ${table}`;
    if (!schema) {
      const file = new SQLite(join(dataDir, 'quay.db'), { readonly: true });
      try {
        return (file.prepare(text).get() as { n: number }).n;
      } finally {
        file.close();
      }
    }
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`set search_path to "${schema}"`);
      return Number((await client.query<{ n: string }>(text)).rows[0]?.n);
    } finally {
      await client.end();
    }
  };
  const keys = async () => ({
    indexed: await rows('ledger_account_index'),
    pending: await rows('ledger_unindexed'),
  });
  return { stores, keys };
}

/** One store on a fresh database, and how many keys each key table holds. */
async function oneStore(kind: StoreKind) {
  const {
    stores: [store],
    keys,
  } = await storesOn(kind, 1);
  if (!store) throw new Error('no store');
  return { store, keys };
}

function deposit(journal: Journal, ref: string, userId: string, amount: bigint): void {
  journal.post(ref, 'deposit', [
    { userId: EXTERNAL_ACCOUNT, coin: 'USDT', bucket: 'available', amount: -amount },
    { userId, coin: 'USDT', bucket: 'available', amount },
  ]);
}

/** A deposit journalled at `at` through the repositories of a transaction. */
async function depositIn(
  repos: KernelRepositories,
  at: number,
  ref: string,
  userId: string,
  amount: bigint,
): Promise<void> {
  const journal = new Journal(at);
  deposit(journal, ref, userId, amount);
  await journal.flush(repos);
}

/** A deposit journalled at `at`, in a transaction of its own. */
function depositAt(store: Store, at: number, ref: string, userId: string, amount: bigint) {
  return store.transaction((repos) => depositIn(repos, at, ref, userId, amount));
}

/** What the screens read by account: u1's bills in USDT, and the journal's sum of the world outside. */
async function byAccount(store: Store) {
  const query = { userId: 'u1', coin: 'USDT' };
  return {
    bills: (await store.repos.movements.page(query, { order: 'oldest', limit: 50 })).map(
      (m) => `${m.ref} ${m.amount}`,
    ),
    count: await store.repos.movements.count(query),
    outside: (await store.repos.ledger.journalTotals([EXTERNAL_ACCOUNT])).get('USDT'),
  };
}

describe.each(STORES)('the journal by account on %s', (kind) => {
  it('reads the same before and after the keys move into the index, and never the moves', async () => {
    const { store, keys } = await oneStore(kind);
    await store.transaction(async (repos) => {
      const journal = new Journal(1_000);
      deposit(journal, 'deposit:1', 'u1', 100n);
      journal.post('place:1', 'freeze', move('u1', 'USDT', 'available', 'frozen', 40n));
      deposit(journal, 'deposit:2', 'u2', 7n);
      await journal.flush(repos);
    });
    const expected = { bills: ['deposit:1 100'], count: 1, outside: -107n };
    // Just written: read from the keys not yet indexed.
    expect(await byAccount(store)).toEqual(expected);
    // Two deposits of two legs each; the freeze's two legs are never keyed.
    expect(await keys()).toEqual({ indexed: 0, pending: 4 });

    await store.transaction((repos) => repos.ledger.indexPending());
    expect(await keys()).toEqual({ indexed: 4, pending: 0 });
    expect(await byAccount(store)).toEqual(expected);

    // Written after: one read finds the indexed and the pending together.
    await depositAt(store, 2_000, 'deposit:3', 'u1', 5n);
    expect(await byAccount(store)).toEqual({
      bills: ['deposit:1 100', 'deposit:3 5'],
      count: 2,
      outside: -112n,
    });
    expect(await keys()).toEqual({ indexed: 4, pending: 2 });
  });
});

describe.each(STORES)('a writer beside the spot writer thread on %s', (kind) => {
  it('moves the keys only once the oldest has waited, on SQLite; every time on PostgreSQL', async () => {
    const { store, keys } = await oneStore(kind);
    await depositAt(store, 1_000, 'deposit:1', 'u1', 100n);
    await depositAt(store, 3_000, 'deposit:2', 'u1', 5n);
    const expected = { bills: ['deposit:1 100', 'deposit:2 5'], count: 2, outside: -105n };
    // The oldest key was written at 1,000: not before it.
    await store.transaction((repos) => repos.ledger.indexLeftBehind(1_000));
    expect(await keys()).toEqual(
      kind === 'sqlite' ? { indexed: 0, pending: 4 } : { indexed: 4, pending: 0 },
    );
    expect(await byAccount(store)).toEqual(expected);
    // Before 1,001 it was: every key moves, the younger with it.
    await store.transaction((repos) => repos.ledger.indexLeftBehind(1_001));
    expect(await keys()).toEqual({ indexed: 4, pending: 0 });
    expect(await byAccount(store)).toEqual(expected);
  });
});

// Only PostgreSQL has writers in other processes' transactions meanwhile: SQLite has one writer at a time.
describe.each(STORES.filter((kind) => kind === 'postgres'))(
  'the journal by account on %s',
  (kind) => {
    it('keeps a key committed while the index is brought up to date', async () => {
      const {
        stores: [engine, other],
        keys,
      } = await storesOn(kind, 2);
      if (!engine || !other) throw new Error('no stores');
      await depositAt(engine, 1_000, 'deposit:1', 'u1', 100n);
      // Another process's transaction has written its entry and not committed yet.
      let commit = () => {};
      const held = new Promise<void>((resolve) => (commit = resolve));
      let written = () => {};
      const isWritten = new Promise<void>((resolve) => (written = resolve));
      const late = other.transaction(async (repos) => {
        await depositIn(repos, 1_500, 'deposit:2', 'u1', 3n);
        written();
        await held;
      });
      await isWritten;
      await engine.transaction((repos) => repos.ledger.indexPending());
      commit();
      await late;
      expect((await byAccount(engine)).bills).toEqual(['deposit:1 100', 'deposit:2 3']);
      expect(await keys()).toEqual({ indexed: 2, pending: 2 });
      await engine.transaction((repos) => repos.ledger.indexPending());
      expect(await keys()).toEqual({ indexed: 4, pending: 0 });
      expect((await byAccount(engine)).bills).toEqual(['deposit:1 100', 'deposit:2 3']);
    });
  },
);
