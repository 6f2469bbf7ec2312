/**
 * A transfer between a main account and its subs, as a ledger job of the
 * spot host (the single writer of spot balances): `load` reads, inside the
 * batch's transaction, who the sub ends belong to; `run` checks ownership
 * and the balance, posts the two legs and records the transfer in the same
 * transaction. A refusal changes nothing.
 */
import { appError } from '../../kernel/app-error';
import { namedJob, type LedgerJob } from '../spot';
import type { SubAccountsRepos } from './sub-accounts-repositories';
import type { SubAccountRow } from './sub-accounts-repository';

export interface TransferOrder {
  id: string;
  mainUserId: string;
  fromUserId: string;
  toUserId: string;
  coin: string;
  amount: bigint;
}

function subReposOf(repos: object): SubAccountsRepos {
  if (!('subAccounts' in repos)) throw new Error('the store has no sub-account repositories');
  return repos as SubAccountsRepos;
}

/** Moves spot coins between a main account and its subs, and records the transfer. */
export const SUB_TRANSFER = namedJob<TransferOrder>('sub-accounts.transfer');

export function subTransferJob(order: TransferOrder): LedgerJob<void> {
  const { id, mainUserId, fromUserId, toUserId, coin, amount } = order;
  const subs = new Map<string, SubAccountRow | undefined>();
  return {
    accounts: [fromUserId, toUserId],
    load: async (repos) => {
      const { subAccounts } = subReposOf(repos);
      for (const id of [fromUserId, toUserId]) {
        if (id !== mainUserId) subs.set(id, await subAccounts.bySubUserId(id));
      }
    },
    run: (ctx) => {
      for (const [, sub] of subs) {
        if (!sub || sub.main_user_id !== mainUserId) throw appError('SUB_ACCOUNT_NOT_FOUND');
      }
      if (ctx.available(fromUserId, coin) < amount) {
        throw appError('INSUFFICIENT_BALANCE', { coin });
      }
      ctx.post(`sub-transfer:${id}`, 'sub_transfer', [
        { userId: fromUserId, coin, bucket: 'available', amount: -amount },
        { userId: toUserId, coin, bucket: 'available', amount },
      ]);
      const createdAt = ctx.now;
      ctx.write(async (repos) => {
        await subReposOf(repos).subAccounts.insertTransfer({
          id,
          main_user_id: mainUserId,
          from_user_id: fromUserId,
          to_user_id: toUserId,
          coin,
          amount: amount.toString(),
          created_at: createdAt,
        });
      });
    },
  };
}
