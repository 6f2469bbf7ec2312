/**
 * Ledger jobs: another product line's money moves on balances the spot
 * host writes (margin accounts, whose orders it settles), run inside the
 * host's batch and transaction so those balances keep a single writer. A
 * job command names its job (spot-job-registry.ts): the registry makes it
 * as the batch begins, on the process that runs the batch.
 */
import { AppError } from '../../../kernel/app-error';
import type { SpotRepos as Repositories } from '../spot-repositories';
import type { SpotOrderRow } from '../spot-repository';
import type { SpotBatch } from './spot-batch';
import type { HostCommand, HostResult, LedgerJobContext } from './spot-commands';
import type { SpotHostState } from './spot-host-state';
import type { LedgerJobRegistry } from './spot-job-registry';

type Apply = (host: SpotHostState, command: HostCommand, batch: SpotBatch) => HostResult;

/** Makes the batch's jobs from their names and arguments; a refusal is kept for the command. */
export function makeJobs(
  registry: LedgerJobRegistry,
  pending: ReadonlyArray<{ command: HostCommand }>,
  batch: SpotBatch,
): void {
  for (const { command } of pending) {
    if (command.kind !== 'job') continue;
    try {
      batch.jobs.set(command, registry.make(command.name, command.args));
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      batch.jobs.set(command, err);
    }
  }
}

/** Runs every job's `load` inside the batch's transaction, before any command of the batch runs. */
export async function loadJobs(repos: Repositories, batch: SpotBatch): Promise<void> {
  for (const job of batch.jobs.values()) {
    if (!(job instanceof AppError) && job.load) await job.load(repos, batch);
  }
}

export function runJob(
  host: SpotHostState,
  command: HostCommand,
  batch: SpotBatch,
  apply: Apply,
): HostResult {
  const job = batch.jobs.get(command);
  if (!job) throw new Error('a job command ran without its job');
  if (job instanceof AppError) throw job;
  const orderOf = (result: HostResult): SpotOrderRow => {
    if (result.kind !== 'order') throw new Error('an order command answered without its order');
    return result.order;
  };
  const context: LedgerJobContext = {
    now: batch.now,
    scope: batch,
    available: (account, coin) => host.available(account, coin),
    frozen: (account, coin) => host.balances.get(account)?.get(coin)?.frozen ?? 0n,
    post: (ref, kind, legs) => host.post(batch, ref, kind, legs),
    place: (account, order) =>
      orderOf(apply(host, { kind: 'place', userId: account, order }, batch)),
    cancel: (account, symbol, orderId) =>
      orderOf(apply(host, { kind: 'cancel', userId: account, symbol, orderId }, batch)),
    cancelAll: (account, symbol) => {
      const result = apply(host, { kind: 'cancelAll', userId: account, symbol }, batch);
      return result.kind === 'cancelled' ? result.count : 0;
    },
    withCredit: (account, coin, amount, fn) => {
      const held = host.balances.get(account);
      if (!held) throw new Error(`the balances of ${account} are not held`);
      const balance = held.get(coin) ?? { available: 0n, frozen: 0n };
      held.set(coin, balance);
      balance.available += amount;
      try {
        return fn();
      } finally {
        balance.available -= amount;
      }
    },
    lastPriceTicks: (symbol) => host.markets.get(symbol)?.lastPrice ?? null,
    write: (write) => {
      batch.writes.push(write);
    },
  };
  return { kind: 'job', result: job.run(context) };
}
