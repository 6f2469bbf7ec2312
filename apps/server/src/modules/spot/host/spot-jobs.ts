/**
 * Ledger jobs: another product line's money moves on balances the spot
 * host writes (margin accounts, whose orders it settles), run inside the
 * host's batch and transaction so those balances keep a single writer.
 */
import type { SpotRepos as Repositories } from '../spot-repositories';
import type { SpotOrderRow } from '../spot-repository';
import type { SpotBatch } from './spot-batch';
import type { HostCommand, HostResult, LedgerJob, LedgerJobContext } from './spot-commands';
import type { SpotHostState } from './spot-host-state';

type Apply = (host: SpotHostState, command: HostCommand, batch: SpotBatch) => HostResult;

/** Runs every job's `load` inside the batch's transaction, before any command of the batch runs. */
export async function loadJobs(
  repos: Repositories,
  pending: ReadonlyArray<{ command: HostCommand }>,
  batch: SpotBatch,
): Promise<void> {
  for (const { command } of pending) {
    if (command.kind === 'job' && command.load) await command.load(repos, batch);
  }
}

export function runJob(
  host: SpotHostState,
  job: LedgerJob,
  batch: SpotBatch,
  apply: Apply,
): HostResult {
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
  job.run(context);
  return { kind: 'done' };
}
