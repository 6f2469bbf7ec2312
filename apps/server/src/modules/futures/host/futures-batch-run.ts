/**
 * How the futures host runs a batch: the callers' wallets are read first,
 * then every command runs without waiting (the host's own included: the
 * tick and the funding settlement), and the batch is written in one
 * transaction.
 */
import { AppError } from '../../../kernel/app-error';
import { ACCOUNT_INDEX_LEFT_BEHIND_MS } from '../../../kernel/db/ledger-account-index';
import type { BatchWrite } from '../../../kernel/writer-queue';
import { walletOf } from '../futures-state';
import type { FuturesRepos as Repositories } from '../futures-repositories';
import { FuturesBatch, writeBatch } from './futures-batch';
import type { FuturesCommand, FuturesResult, PendingFuturesCommand } from './futures-commands';
import type { FuturesHostState } from './futures-host-state';
import { checkLiquidations, closeFundPositions } from './futures-liquidation';
import { updateMark, settleFunding } from './futures-marks';
import { place, cancel, cancelAll, closePosition, closeAll } from './futures-orders';
import { setLeverage, setMarginMode, setPositionMode, adjustMargin } from './futures-settings';
import { deskOf } from './futures-fill-hook';
import { transferOut, resetDemo } from './futures-transfers';
import { setTpSl, placePlan, cancelPlan, runTriggers } from './futures-triggers';

/** Runs one command of a batch; throws an AppError to refuse it. */
function apply(
  host: FuturesHostState,
  command: FuturesCommand,
  batch: FuturesBatch,
): FuturesResult {
  switch (command.kind) {
    case 'place':
      return { kind: 'order', order: place(host, command.owner, command.order, 'user', batch) };
    case 'cancel':
      return cancel(host, command.owner, command.orderId, batch);
    case 'cancelAll':
      return { kind: 'count', count: cancelAll(host, command.owner, command.symbols, batch) };
    case 'closePosition':
      return closePosition(host, command, batch);
    case 'closeAll':
      return { kind: 'count', count: closeAll(host, command.owner, command.symbols, batch) };
    case 'leverage':
      return setLeverage(host, command, batch);
    case 'marginMode':
      return setMarginMode(host, command, batch);
    case 'positionMode':
      return setPositionMode(host, command, batch);
    case 'adjustMargin':
      return adjustMargin(host, command, batch);
    case 'tpsl':
      return setTpSl(host, command, batch);
    case 'placePlan':
      return { kind: 'plan', plan: placePlan(host, command.owner, command.plan, batch) };
    case 'cancelPlan':
      return cancelPlan(host, command.owner, command.planId, batch);
    case 'transferOut':
      return transferOut(host, command, batch);
    case 'notice':
      for (const a of command.accounts) batch.owners.add(a.account.replace(/^f:/, ''));
      return { kind: 'done' };
    case 'resetDemo':
      resetDemo(host, command, batch);
      return { kind: 'done' };
    case 'tick':
      batch.ticked = true;
      tick(host, batch);
      return { kind: 'done' };
    case 'funding':
      for (const symbol of command.symbols) settleFunding(host, host.marketState(symbol), batch);
      return { kind: 'done' };
  }
}

/** The host's own command every mark interval: marks, triggers, the fund's closes, liquidations, funding when due. */
function tick(host: FuturesHostState, batch: FuturesBatch): void {
  for (const state of host.markets.values()) updateMark(host, state, batch.now);
  for (const state of host.markets.values()) {
    if (!state.markTicks) continue;
    runTriggers(host, state, batch);
  }
  closeFundPositions(host, batch);
  checkLiquidations(host, batch);
  for (const state of host.markets.values()) {
    if (batch.now >= state.nextFundingTime) settleFunding(host, state, batch);
  }
}

/** Runs a batch and writes it in one transaction: the queue answers its callers once that commits. */
export async function runFuturesBatch(
  host: FuturesHostState,
  pending: PendingFuturesCommand[],
  publish: (batch: FuturesBatch) => void,
  /** ROLE=engine: in the batch's transaction, the writer's fenced commit (host/futures-link.ts). */
  commit?: (
    repos: Repositories,
    pending: PendingFuturesCommand[],
    batch: FuturesBatch,
  ) => Promise<void>,
): Promise<BatchWrite<FuturesCommand, FuturesResult>> {
  const batch = new FuturesBatch(host.options.now());
  // Wallets of the callers first: every command then runs without waiting.
  const hook = host.fillHook;
  const accounts: string[] = hook ? [...hook.begin()] : [];
  for (const { command } of pending) {
    if ('owner' in command) accounts.push(walletOf(command.owner));
    if (command.kind === 'notice') {
      for (const a of command.accounts) host.wallets.delete(`${a.account}|*`);
      accounts.push(...command.accounts.map((a) => a.account));
    }
  }
  await host.loadWallets(accounts);
  const desk = hook ? deskOf(host, batch) : null;
  for (const p of pending) {
    const from = batch.fills.length;
    hook?.beforeCommand(desk!);
    try {
      p.result = apply(host, p.command, batch);
    } catch (err) {
      if (!(err instanceof AppError)) throw err;
      p.error = err;
    }
    // Orders the hook places join this batch: copied in the same tick and transaction.
    if (hook && batch.fills.length > from) hook.afterCommand(batch.fills.slice(from), desk!);
  }
  await host.store.transaction(async (repos) => {
    await writeBatch(repos, batch);
    if (host.indexMoves.due(batch.now)) {
      await repos.ledger.indexLeftBehind(batch.now - ACCOUNT_INDEX_LEFT_BEHIND_MS);
    }
    await commit?.(repos, pending, batch);
  });
  hook?.committed();
  return { committed: Promise.resolve(), publish: () => publish(batch) };
}
