/**
 * The engine host's reads and writes on the embedded store, on a connection
 * of their own in a worker thread. SQLite's driver is synchronous: on the
 * main thread every commit (and its sync to disk, and the checkpoints) would
 * stop every request in flight. Here the main thread keeps parsing and
 * checking requests, which join the next batch, while a batch commits; and
 * each commit can afford to sync (synchronous = FULL), so an acknowledged
 * order survives a power loss, not only a crash of the process.
 *
 * The worker runs the same statements as the repositories' fast paths.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { BalanceDelta, BalanceRow } from './ledger-repository';
import { LEDGER_SQL } from './ledger-repository';
import type { SpotFillRow, SpotOrderRow } from './spot-repository';
import { SPOT_SQL } from './spot-repository';

export interface JournalEntryRow {
  ref: string;
  leg: number;
  kind: string;
  user_id: string;
  coin: string;
  bucket: string;
  amount: bigint;
  created_at: number;
}

export interface SpotBatchRows {
  orders: SpotOrderRow[];
  fills: SpotFillRow[];
  entries: JournalEntryRow[];
  deltas: BalanceDelta[];
  now: number;
}

export interface BatchReads {
  balances: BalanceRow[];
  /** For each asked pair, whether the user has used that client order id. */
  taken: boolean[];
}

type Reply = { id: number; result?: unknown; error?: string };

/** Plain JavaScript: the worker starts without the TypeScript loader. */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
const sql = workerData.sql;
const balancesOf = db.prepare(sql.balancesOf).safeIntegers(true);
const clientIdTaken = db.prepare(sql.clientIdTaken);
const upsertOrder = db.prepare(sql.upsertOrder);
const insertFill = db.prepare(sql.insertFill);
const insertEntry = db.prepare(sql.insertEntry);
const take = db.prepare(sql.take);
const add = db.prepare(sql.add);
// One snapshot for all of a batch's reads.
const read = db.transaction((users, clientIds) => {
  const balances = [];
  for (const id of users) for (const row of balancesOf.all(id)) balances.push(row);
  const taken = clientIds.map(([user, clientId]) => clientIdTaken.get(user, clientId) !== undefined);
  return { balances, taken };
});
const write = db.transaction((b) => {
  for (const o of b.orders) {
    upsertOrder.run(o.id, o.user_id, o.client_order_id, o.symbol, o.side, o.type, o.time_in_force,
      o.price_ticks, o.quantity_lots, o.quote_amount, o.filled_lots, o.filled_quote, o.frozen,
      o.status, o.created_at, o.updated_at);
  }
  for (const f of b.fills) {
    insertFill.run(f.id, f.symbol, f.price_ticks, f.lots, f.taker_side, f.maker_order_id,
      f.maker_user_id, f.maker_fee, f.taker_order_id, f.taker_user_id, f.taker_fee, f.created_at);
  }
  for (const e of b.entries) {
    insertEntry.run(e.ref, e.leg, e.kind, e.user_id, e.coin, e.bucket, e.amount, e.created_at);
  }
  for (const d of b.deltas) {
    if (d.available >= 0n && d.frozen >= 0n) add.run(d.userId, d.coin, d.available, d.frozen, b.now);
    else if (take.run(d.available, d.frozen, b.now, d.userId, d.coin).changes !== 1) {
      throw new Error('no ' + d.coin + ' balance of ' + d.userId + ' to take from');
    }
  }
});
parentPort.on('message', (m) => {
  try {
    if (m.kind === 'read') parentPort.postMessage({ id: m.id, result: read(m.users, m.clientIds) });
    else if (m.kind === 'write') {
      // IMMEDIATE takes the write lock first, so another writer makes it wait, never fail.
      write.immediate(m.batch);
      parentPort.postMessage({ id: m.id });
    } else if (m.kind === 'close') {
      db.close();
      parentPort.postMessage({ id: m.id });
      parentPort.close();
    }
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
});
`;

export class SqliteBatchWriter {
  private readonly worker: Worker;
  private readonly waiting = new Map<
    number,
    { ok: (v: unknown) => void; fail: (e: Error) => void }
  >();
  private nextId = 1;
  private failure: Error | null = null;

  constructor(file: string) {
    const driver = createRequire(import.meta.url).resolve('better-sqlite3');
    this.worker = new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { file, driver, sql: { ...LEDGER_SQL, ...SPOT_SQL } },
    });
    // The store's close ends it; it never keeps the process alive on its own.
    this.worker.unref();
    this.worker.on('message', (reply: Reply) => {
      const waiter = this.waiting.get(reply.id);
      if (!waiter) return;
      this.waiting.delete(reply.id);
      if (reply.error !== undefined) waiter.fail(new Error(reply.error));
      else waiter.ok(reply.result);
    });
    const stop = (err: Error) => {
      this.failure = err;
      for (const waiter of this.waiting.values()) waiter.fail(err);
      this.waiting.clear();
    };
    this.worker.on('error', stop);
    this.worker.on('exit', () => stop(new Error('the store writer has stopped')));
  }

  private ask<T>(message: Record<string, unknown>): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId;
    this.nextId += 1;
    return new Promise<T>((ok, fail) => {
      this.waiting.set(id, { ok: ok as (v: unknown) => void, fail });
      this.worker.postMessage({ ...message, id });
    });
  }

  /** The balances of these users and whether each (user, client order id) pair is taken, as committed. */
  read(users: string[], clientIds: Array<[string, string]>): Promise<BatchReads> {
    return this.ask<BatchReads>({ kind: 'read', users, clientIds });
  }

  /** Writes a batch in one transaction; resolves once it is committed and synced. */
  write(batch: SpotBatchRows): Promise<void> {
    return this.ask<void>({ kind: 'write', batch });
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.ask<void>({ kind: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}
