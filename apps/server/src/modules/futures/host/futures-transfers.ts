/** Money leaving the futures wallet: a transfer to spot, and the demo account's reset. */
import { appError } from '../../../kernel/app-error';
import { DEMO_SOURCE } from '../../../kernel/journal';
import { fromMinorText, walletOf } from '../futures-state';
import type { FuturesBatch } from './futures-batch';
import type { FuturesCommand, FuturesResult } from './futures-commands';
import type { FuturesHostState } from './futures-host-state';
import { clearOrdersAndPlans, takeOver } from './futures-liquidation';
import { transferable } from './futures-risk';

export function transferOut(
  host: FuturesHostState,
  c: Extract<FuturesCommand, { kind: 'transferOut' }>,
  batch: FuturesBatch,
): FuturesResult {
  const max = transferable(host, c.owner, c.coin);
  if (c.amount > max)
    throw appError('TRANSFER_TOO_LARGE', { max: fromMinorText(max), coin: c.coin });
  host.post(batch, c.ref, 'transfer', [
    { userId: walletOf(c.owner), coin: c.coin, bucket: 'available', amount: -c.amount },
    { userId: c.spotAccount, coin: c.coin, bucket: 'available', amount: c.amount },
  ]);
  batch.spotCredits.add(c.spotAccount);
  return { kind: 'done' };
}

/**
 * Starts a demo futures account afresh: its orders and plans cancelled,
 * its positions taken over by the demo fund at the mark, and the whole
 * wallet given back to the demo source (the demo grant comes again on spot).
 */
export function resetDemo(
  host: FuturesHostState,
  command: { owner: string; coin: string; symbols: string[] },
  batch: FuturesBatch,
): void {
  const { owner, coin } = command;
  const symbols = new Set(command.symbols);
  clearOrdersAndPlans(host, owner, symbols, batch);
  const held = host.ownerPositions(owner, coin).filter((p) => symbols.has(p.symbol));
  takeOver(host, owner, held, 'user', batch);
  const first = held[0];
  if (first) host.coverShortfall(owner, coin, first.symbol, batch);
  const account = walletOf(owner);
  const w = host.wallet(account, coin);
  if (w.available > 0n) {
    host.post(batch, `demo-reset:futures:${owner}:${batch.now}`, 'demo-reset', [
      { userId: account, coin, bucket: 'available', amount: -w.available },
      { userId: DEMO_SOURCE, coin, bucket: 'available', amount: w.available },
    ]);
  }
}
