/**
 * How the spot host runs a batch and writes it. On the embedded store the
 * batch goes to the store's writer thread and is pipelined (matched while the
 * batches before it commit); elsewhere, and for a batch that carries writes
 * of its own, reads, matching and writes run in one transaction.
 */
import { ERRORS } from '@quay/core';
import { AppError } from '../../../kernel/app-error';
import { ACCOUNT_INDEX_LEFT_BEHIND_MS } from '../../../kernel/db/ledger-account-index';
import { FEE_ACCOUNT } from '../../../kernel/journal';
import type { SpotRepos as Repositories, SpotStore as Store } from '../spot-repositories';
import {
  openBatchWriter,
  type BatchReads,
  type JournalEntryRow,
  type SqliteBatchWriter,
} from '../sqlite-batch-writer';
import type { BatchWrite } from '../../../kernel/writer-queue';
import { SpotBatch } from './spot-batch';
import type { HostCommand, HostResult, PendingCommand } from './spot-commands';
import type { SpotHostState } from './spot-host-state';
import { loadJobs, makeJobs } from './spot-jobs';
import type { LedgerJobRegistry } from './spot-job-registry';
import { apply } from './spot-orders';
import { armTpSl } from './spot-plans';

/** Users whose balances are held between batches, at most. */
const MAX_HELD_BALANCES = 100_000;

type BatchReader = (users: string[], clientIds: Array<[string, string]>) => Promise<BatchReads>;

export interface SpotBatchContext {
  readonly state: SpotHostState;
  readonly store: Store;
  readonly now: () => number;
  /** Where the batch's job commands find their jobs. */
  readonly jobs: LedgerJobRegistry;
  /** Tells the listeners what a committed batch changed. */
  readonly publish: (batch: SpotBatch) => void;
  /** ROLE=engine: in the batch's transaction, after its writes (fencing, answers, event). */
  readonly commit?: (
    repos: Repositories,
    pending: readonly PendingCommand[],
    batch: SpotBatch,
  ) => Promise<void>;
}

/** The embedded store's writer, when this batch may go through it (and be pipelined). */
export function writerFor(
  store: Store,
  pending: readonly PendingCommand[],
): SqliteBatchWriter | null {
  const writer = store.sqliteResource(openBatchWriter);
  // A job reads and writes in the same transaction (a withdrawal's record, a
  // swap's intent): such a batch goes through the store's transaction.
  return writer && !pending.some((p) => p.command.kind === 'job') ? writer : null;
}

/** Runs a batch and sends its writes: the queue answers its callers once they commit. */
export async function runSpotBatch(
  context: SpotBatchContext,
  pending: PendingCommand[],
): Promise<BatchWrite<HostCommand, HostResult>> {
  const { state, store } = context;
  const batch = new SpotBatch(context.now());
  makeJobs(context.jobs, pending, batch);
  const publish = () => context.publish(batch);
  const writer = writerFor(store, pending);
  if (writer) {
    state.writerUsedAt = batch.now;
    return runOnWriter(state, writer, pending, batch, publish);
  }
  // Reads, matching and writes in one transaction: what the batch checks
  // (balances, client order ids) cannot change before it commits.
  await store.transaction(async (repos) => {
    state.balances.clear();
    await prefetch(state, pending, batch, (users, clientIds) => readIn(repos, users, clientIds));
    await loadJobs(repos, batch);
    applyAll(state, pending, batch);
    if (batch.orders.size > 0) await repos.spot.upsertOrders([...batch.orders.values()]);
    if (batch.placed.length > 0) await repos.spot.pendOrders(batch.placed);
    if (batch.fills.length > 0) await repos.spot.insertFills(batch.fills);
    if (batch.plans.size > 0) await repos.spotPlans.upsertPlans([...batch.plans.values()]);
    await batch.journal.flush(repos);
    for (const write of batch.writes) await write(repos);
    if (state.indexMoves.due(batch.now) && movesKeysHere(state, store, batch.now)) {
      await repos.ledger.indexPending();
      await repos.spot.indexPending();
    }
    await context.commit?.(repos, pending, batch);
  });
  return { committed: Promise.resolve(), again: batch.retry, publish };
}

/**
 * Whether a batch through the store's transaction moves the keys written
 * since into the indexes by account. On the embedded store the writer thread
 * moves them a slice per commit while it writes, and a whole
 * move here would hold the engine's thread (as the futures host's did, up to
 * 19 ms a second under load): so only once that thread has had no batch for
 * `ACCOUNT_INDEX_LEFT_BEHIND_MS`. On PostgreSQL the move runs in the database.
 */
function movesKeysHere(state: SpotHostState, store: Store, now: number): boolean {
  return store.dialect !== 'sqlite' || now - state.writerUsedAt >= ACCOUNT_INDEX_LEFT_BEHIND_MS;
}

/**
 * A batch on the embedded store's writer thread, pipelined: it is matched
 * while the batches before it commit, and answered (in order) once its own
 * write has committed. Balances are held between batches: this host is the
 * one writer of everything spendable, and what others write (deposits,
 * rejected withdrawals) only adds, so a held balance is never more than
 * the store's. An order refused on a held balance is tried once more on a
 * fresh read.
 */
async function runOnWriter(
  state: SpotHostState,
  writer: SqliteBatchWriter,
  pending: PendingCommand[],
  batch: SpotBatch,
  publish: () => void,
): Promise<BatchWrite<HostCommand, HostResult>> {
  await prefetch(state, pending, batch, (users, clientIds) => writer.read(users, clientIds));
  applyAll(state, pending, batch);
  for (const p of batch.retry) {
    if (p.command.kind === 'place') state.balances.delete(p.command.userId);
  }
  for (const id of batch.noticedUsers) state.balances.delete(id);
  // Sent now, so that the writer commits batches in the order they were matched.
  const committed = writer.write({
    orders: [...batch.orders.values()],
    placed: batch.placed,
    fills: batch.fills,
    plans: [...batch.plans.values()],
    entries: batch.journal.entries as JournalEntryRow[],
    deltas: batch.journal.balanceDeltas(),
    now: batch.now,
  });
  // The refused ones are tried again at the head of the queue, and answered with that later batch.
  return { committed, again: batch.retry, publish };
}

/** A batch's reads through the repositories of a transaction. */
async function readIn(
  repos: Repositories,
  users: string[],
  clientIds: Array<[string, string]>,
): Promise<BatchReads> {
  const taken: boolean[] = [];
  for (const [userId, clientOrderId] of clientIds) {
    taken.push(await repos.spot.clientOrderIdTaken(userId, clientOrderId));
  }
  return { balances: await repos.ledger.balancesOf(users), taken };
}

function applyAll(state: SpotHostState, pending: PendingCommand[], batch: SpotBatch): void {
  for (const p of pending) {
    try {
      p.result = apply(state, p.command, batch);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      const { command } = p;
      if (
        err.code === ERRORS.INSUFFICIENT_BALANCE.code &&
        command.kind === 'place' &&
        !p.requeued &&
        !batch.freshUsers.has(command.userId)
      ) {
        // The balance was held from earlier batches: a deposit may have landed since.
        // Tried once more only: the queue marks a command it sends back.
        batch.retry.add(p);
        continue;
      }
      p.error = err;
    }
  }
  armTpSl(state, batch);
}

/** Reads what the batch's commands check: balances not held yet, and client order ids already used. */
async function prefetch(
  state: SpotHostState,
  pending: PendingCommand[],
  batch: SpotBatch,
  read: BatchReader,
): Promise<void> {
  const clientIds: Array<[string, string]> = [];
  const users = new Set<string>();
  if (state.balances.size > MAX_HELD_BALANCES) state.balances.clear();
  // Maker rebates are paid from the fee account, never more than it is held to have.
  if (!state.balances.has(FEE_ACCOUNT)) users.add(FEE_ACCOUNT);
  for (const { command } of pending) {
    if (command.kind === 'place' || command.kind === 'debit') {
      if (!state.balances.has(command.userId)) users.add(command.userId);
    }
    const job = batch.jobs.get(command);
    if (job && !(job instanceof AppError)) {
      for (const id of job.accounts) if (!state.balances.has(id)) users.add(id);
    }
    // A plan fires on the balance as it is now: held ones may miss a deposit.
    if (command.kind === 'fire') for (const id of command.owners) users.add(id);
    if (command.kind === 'place' && command.order.clientOrderId !== null) {
      clientIds.push([command.userId, command.order.clientOrderId]);
    }
  }
  if (users.size === 0 && clientIds.length === 0) return;
  // Read after every write sent before: the store then holds all this host has matched.
  const { balances, taken } = await read([...users], clientIds);
  clientIds.forEach(([userId, clientOrderId], i) => {
    if (taken[i]) batch.takenClientIds.add(`${userId}\u0000${clientOrderId}`);
  });
  for (const id of users) {
    state.balances.set(id, new Map());
    batch.freshUsers.add(id);
  }
  for (const row of balances) {
    state.balances
      .get(row.user_id)
      ?.set(row.coin, { available: row.available, frozen: row.frozen });
  }
}
