/**
 * Freezing what is available, as a ledger job of the spot host (the one
 * writer of what is available): a withdrawal request (with its record,
 * written in the same transaction) and the demo ledger's reset.
 */
import type { AssetRecordRow } from '../../kernel/db/ledger-repository';
import { appError } from '../../kernel/app-error';
import { move } from '../../kernel/journal';
import { namedJob, type LedgerJob, type SpotHost } from '../spot';

export interface FreezeArgs {
  userId: string;
  coin: string;
  amount: bigint;
  ref: string;
  /** The withdrawal the coins are frozen for, written with them; null for none. */
  record: AssetRecordRow | null;
}

/** Moves `amount` of the coin from available to frozen; refused beyond what is available. */
export const ASSETS_FREEZE = namedJob<FreezeArgs>('assets.freeze');

export function registerFreezeJob(host: SpotHost): void {
  host.jobs.register(ASSETS_FREEZE, freezeJob);
}

function freezeJob({ userId, coin, amount, ref, record }: FreezeArgs): LedgerJob<void> {
  return {
    accounts: [userId],
    run: (ctx) => {
      if (ctx.available(userId, coin) < amount) throw appError('INSUFFICIENT_BALANCE', { coin });
      ctx.post(ref, 'freeze', move(userId, coin, 'available', 'frozen', amount));
      if (record) ctx.write((repos) => repos.ledger.insertRecord(record));
    },
  };
}
