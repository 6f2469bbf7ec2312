/**
 * The engine host's reads and writes on the embedded store, on a connection
 * of their own in a worker thread. SQLite's driver is synchronous: on the
 * main thread every commit (and its sync to disk, and the checkpoints) would
 * stop every request in flight. Here the main thread keeps parsing and
 * checking requests, which join the next batch, while a batch commits; and
 * each commit can afford to sync (synchronous = FULL), so an acknowledged
 * order survives a power loss, not only a crash of the process.
 *
 * Writes waiting together are committed together (one sync for several
 * batches), each still answered on its own. The worker runs the same
 * statements as the repositories' fast paths.
 */
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import type { BalanceDelta, BalanceRow } from '../../kernel/db/ledger-repository';
import {
  ACCOUNT_INDEX_EVERY_MS,
  ACCOUNT_INDEX_MAX_KEYS,
  ACCOUNT_INDEX_SLICE_KEYS,
} from '../../kernel/db/ledger-account-index';
import { LEDGER_MOVE_SQL, LEDGER_SQL, MOVE_KINDS } from '../../kernel/db/ledger-repository';
import { WAL_CHECKPOINT_PAGES } from '../../kernel/db/sqlite-statements';
import type { SpotFillRow, SpotOrderRow } from './spot-repository';
import { SPOT_SQL } from './spot-repository';
import { SPOT_INDEX_SQL, SPOT_MOVE_SQL } from './spot-index-repository';
import { SPOT_PLAN_SQL, planColumns, type SpotPlanRow } from './spot-plan-repository';

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
  /** The orders placed (a subset of `orders`): their keys go to the index by account. */
  placed: SpotOrderRow[];
  fills: SpotFillRow[];
  plans: SpotPlanRow[];
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
const { parentPort, receiveMessageOnPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.pragma('foreign_keys = ON');
db.pragma('busy_timeout = 5000');
db.pragma('wal_autocheckpoint = ' + workerData.walCheckpointPages);
// A move's copy of the keys (sliceMoveSql) lives in memory, outside the log.
db.pragma('temp_store = MEMORY');
const sql = workerData.sql;
const balancesOf = db.prepare(sql.balancesOf).safeIntegers(true);
const clientIdTaken = db.prepare(sql.clientIdTaken);
const upsertOrder = db.prepare(sql.upsertOrder);
const insertFill = db.prepare(sql.insertFill);
const upsertPlan = db.prepare(sql.upsertPlan);
const insertEntry = db.prepare(sql.insertEntry);
const pendEntry = db.prepare(sql.pendEntry);
const pendOrder = db.prepare(sql.pendOrder);
const pendFill = db.prepare(sql.pendFill);
const moves = workerData.moves.map((m) => {
  db.exec(m.create);
  return {
    empty: db.prepare(m.empty),
    last: db.prepare(m.last).raw(),
    keyAt: db.prepare(m.keyAt).raw(),
    take: db.prepare(m.take),
    slice: db.prepare(m.slice),
    clear: db.prepare(m.clear),
    // The last row taken: its number, and it whole (number and key) as text.
    upTo: 0,
    mark: '',
    taken: 0,
  };
});
const moveKinds = new Set(workerData.moveKinds);
let indexedAt = Date.now();
// Keys appended since they last moved into the indexes by account.
let pended = 0;
const take = db.prepare(sql.take);
const add = db.prepare(sql.add);
// One snapshot for all of a batch's reads.
const read = db.transaction((users, clientIds) => {
  const balances = [];
  for (const id of users) for (const row of balancesOf.all(id)) balances.push(row);
  const taken = clientIds.map(([user, clientId]) => clientIdTaken.get(user, clientId) !== undefined);
  return { balances, taken };
});
// Rows arrive flattened, field after field (see pack below).
function write(b) {
  const o = b.orders;
  for (let i = 0; i < o.length; i += 17) {
    upsertOrder.run(o[i], o[i + 1], o[i + 2], o[i + 3], o[i + 4], o[i + 5], o[i + 6], o[i + 7],
      o[i + 8], o[i + 9], o[i + 10], o[i + 11], o[i + 12], o[i + 13], o[i + 14], o[i + 15],
      o[i + 16]);
  }
  const k = b.placed;
  for (let i = 0; i < k.length; i += 3) pendOrder.run(k[i], k[i + 1], k[i + 2]);
  pended += k.length / 3;
  const f = b.fills;
  for (let i = 0; i < f.length; i += 12) {
    insertFill.run(f[i], f[i + 1], f[i + 2], f[i + 3], f[i + 4], f[i + 5], f[i + 6], f[i + 7],
      f[i + 8], f[i + 9], f[i + 10], f[i + 11]);
    pendFill.run(f[i + 6], f[i]);
    if (f[i + 9] !== f[i + 6]) pendFill.run(f[i + 9], f[i]);
    pended += 2;
  }
  const p = b.plans;
  for (let i = 0; i < p.length; i += 7) {
    upsertPlan.run(p[i], p[i + 1], p[i + 2], p[i + 3], p[i + 4], p[i + 5], p[i + 6]);
  }
  const e = b.entries;
  for (let i = 0; i < e.length; i += 8) {
    insertEntry.run(e[i], e[i + 1], e[i + 2], e[i + 3], e[i + 4], e[i + 5], e[i + 6], e[i + 7]);
    if (moveKinds.has(e[i + 2])) continue;
    pendEntry.run(e[i + 3], e[i + 4], e[i + 7], e[i], e[i + 1]);
    pended += 1;
  }
  const d = b.deltas;
  for (let i = 0; i < d.length; i += 4) {
    const [userId, coin, available, frozen] = [d[i], d[i + 1], d[i + 2], d[i + 3]];
    if (available >= 0n && frozen >= 0n) add.run(userId, coin, available, frozen, b.now);
    else if (take.run(available, frozen, b.now, userId, coin).changes !== 1) {
      throw new Error('no ' + coin + ' balance of ' + userId + ' to take from');
    }
  }
}
// After a failed write every later one is refused until a reset: they were
// matched on top of the failed one, and the host rebuilds from the store.
let failed = null;
// A move copies the keys waiting, then goes a slice of them per commit, in
// the indexes' order (so a slice writes the index pages of its own accounts
// only), then clears them, each step in a commit of its own: a move of every
// key at once held the writer tens of milliseconds. Slice n of slices
// (slices: the clear), or -1 between moves.
let slice = -1;
let slices = 0;
function startMove() {
  let keys = 0;
  for (const m of moves) {
    m.empty.run();
    const last = m.last.get();
    m.upTo = last ? last[0] : 0;
    m.mark = JSON.stringify(last ?? null);
    m.taken = m.take.run(m.upTo).changes;
    keys += m.taken;
  }
  slices = Math.ceil(keys / workerData.indexSliceKeys);
  slice = 0;
}
function moveSlice() {
  for (const m of moves) {
    const lo = Math.floor((m.taken * slice) / slices);
    const hi = Math.floor((m.taken * (slice + 1)) / slices);
    if (hi > lo) m.slice.run(lo, hi);
  }
  slice += 1;
}
const writeAll = db.transaction((batches) => {
  for (const b of batches) write(b);
  // The keys written since go into the indexes by account once an interval
  // (the futures host's keys too, which it does not count here) or once there
  // are as many as one move should take.
  const now = Date.now();
  if (slice < 0 && (pended >= workerData.indexMaxKeys || now - indexedAt >= workerData.indexEveryMs)) {
    indexedAt = now;
    pended = 0;
    // The copy is a commit's work of its own; the slices follow it.
    startMove();
    return;
  }
  if (slice < 0) return;
  if (slice < slices) {
    moveSlice();
    return;
  }
  for (const m of moves) {
    if (m.taken > 0 && JSON.stringify(m.keyAt.get(m.upTo) ?? null) === m.mark) m.clear.run(m.upTo);
  }
  slice = -1;
});
/** Writes sent one after another, committed together: one sync for all of them. */
function commit(messages) {
  if (!failed) {
    try {
      // IMMEDIATE takes the write lock first, so another writer makes it wait, never fail.
      writeAll.immediate(messages.map((m) => m.batch));
      for (const m of messages) parentPort.postMessage({ id: m.id });
      return;
    } catch (err) {
      failed = String((err && err.message) || err);
    }
  }
  for (const m of messages) parentPort.postMessage({ id: m.id, error: 'batch not written: ' + failed });
}
function handle(m) {
  try {
    if (m.kind === 'read') parentPort.postMessage({ id: m.id, result: read(m.users, m.clientIds) });
    else if (m.kind === 'reset') {
      failed = null;
      // The failed commit took back what it copied: the next move starts afresh.
      slice = -1;
      parentPort.postMessage({ id: m.id });
    } else if (m.kind === 'close') {
      db.close();
      parentPort.postMessage({ id: m.id });
      parentPort.close();
    }
  } catch (err) {
    parentPort.postMessage({ id: m.id, error: String((err && err.message) || err) });
  }
}
parentPort.on('message', (first) => {
  // Everything already waiting is taken now, in order: consecutive writes share a commit.
  const waiting = [first];
  for (let next = receiveMessageOnPort(parentPort); next; next = receiveMessageOnPort(parentPort)) {
    waiting.push(next.message);
  }
  let writes = [];
  for (const m of waiting) {
    if (m.kind === 'write') {
      writes.push(m);
      continue;
    }
    if (writes.length > 0) commit(writes);
    writes = [];
    handle(m);
  }
  if (writes.length > 0) commit(writes);
});
`;

/**
 * The checkpointer: a connection on a thread of its own that copies the
 * committed log into the database file every `CHECKPOINT_EVERY_MS`, while
 * the writer goes on committing (a PASSIVE checkpoint takes no lock a writer
 * needs). The writer's own checkpoint, when the log reaches
 * `WAL_CHECKPOINT_PAGES`, then finds nearly everything copied already: its
 * pause, which every order in flight waited for, is short.
 */
const CHECKPOINT_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require(workerData.driver);
const db = new SQLite(workerData.file);
db.pragma('synchronous = FULL');
db.pragma('wal_autocheckpoint = 0');
let timer = null;
function round() {
  try {
    db.pragma('wal_checkpoint(PASSIVE)');
  } catch {
    // A busy file: the next round tries again.
  }
  timer = setTimeout(round, workerData.everyMs);
}
timer = setTimeout(round, workerData.everyMs);
parentPort.once('message', () => {
  clearTimeout(timer);
  db.close();
  parentPort.close();
});
`;

/** How often the checkpointer copies the log into the file. */
const CHECKPOINT_EVERY_MS = 20;

type Field = string | number | bigint | null;

/**
 * The batch as flat arrays of plain values, field after field in the
 * statements' order: copying them to the worker costs a fraction of copying
 * an object per row.
 */
function pack(batch: SpotBatchRows) {
  const orders: Field[] = [];
  for (const o of batch.orders) {
    orders.push(o.id, o.user_id, o.client_order_id, o.symbol, o.side, o.type, o.time_in_force);
    orders.push(o.price_ticks, o.quantity_lots, o.quote_amount, o.filled_lots, o.filled_quote);
    orders.push(o.frozen, o.status, o.cancel_reason, o.created_at, o.updated_at);
  }
  const placed: Field[] = [];
  for (const o of batch.placed) placed.push(o.user_id, o.created_at, o.id);
  const fills: Field[] = [];
  for (const f of batch.fills) {
    fills.push(f.id, f.symbol, f.price_ticks, f.lots, f.taker_side, f.maker_order_id);
    fills.push(f.maker_user_id, f.maker_fee, f.taker_order_id, f.taker_user_id, f.taker_fee);
    fills.push(f.created_at);
  }
  const plans: Field[] = batch.plans.flatMap(planColumns);
  const entries: Field[] = [];
  for (const e of batch.entries) {
    entries.push(e.ref, e.leg, e.kind, e.user_id, e.coin, e.bucket, e.amount, e.created_at);
  }
  const deltas: Field[] = [];
  for (const d of batch.deltas) deltas.push(d.userId, d.coin, d.available, d.frozen);
  return { orders, placed, fills, plans, entries, deltas, now: batch.now };
}

export class SqliteBatchWriter {
  private readonly worker: Worker;
  private readonly checkpointer: Worker;
  private readonly checkpointerGone: Promise<unknown>;
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
      workerData: {
        file,
        driver,
        walCheckpointPages: WAL_CHECKPOINT_PAGES,
        moveKinds: MOVE_KINDS,
        indexEveryMs: ACCOUNT_INDEX_EVERY_MS,
        indexMaxKeys: ACCOUNT_INDEX_MAX_KEYS,
        indexSliceKeys: ACCOUNT_INDEX_SLICE_KEYS,
        sql: { ...LEDGER_SQL, ...SPOT_SQL, ...SPOT_INDEX_SQL, ...SPOT_PLAN_SQL },
        moves: [LEDGER_MOVE_SQL, ...SPOT_MOVE_SQL],
      },
    });
    // The store's close ends it; it never keeps the process alive on its own.
    this.worker.unref();
    this.checkpointer = new Worker(CHECKPOINT_SOURCE, {
      eval: true,
      workerData: { file, driver, everyMs: CHECKPOINT_EVERY_MS },
    });
    this.checkpointer.unref();
    this.checkpointerGone = new Promise((gone) => this.checkpointer.once('exit', gone));
    // Without it the writer still checkpoints by itself: a failed checkpointer costs latency, not data.
    this.checkpointer.on('error', () => undefined);
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

  /**
   * Writes a batch in one transaction; resolves once it is committed and
   * synced. Writes are taken in the order they are sent, reads after the
   * writes sent before them; after a failed write the later ones fail too,
   * until `reset`.
   */
  write(batch: SpotBatchRows): Promise<void> {
    return this.ask<void>({ kind: 'write', batch: pack(batch) });
  }

  /** Takes writes again after a failure (the host has rebuilt from the store). */
  reset(): Promise<void> {
    return this.ask<void>({ kind: 'reset' });
  }

  async close(): Promise<void> {
    this.checkpointer.postMessage('close');
    await this.checkpointerGone;
    if (this.failure) return;
    await this.ask<void>({ kind: 'close' }).catch(() => undefined);
    await this.worker.terminate();
  }
}

/** The spot host's writer on the embedded store (`Store.sqliteResource` keeps one per store). */
export const openBatchWriter = (file: string): SqliteBatchWriter => new SqliteBatchWriter(file);
