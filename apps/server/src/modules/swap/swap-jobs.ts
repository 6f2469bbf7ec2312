/**
 * A swap as a ledger job of the spot host, the one writer of the balances it
 * moves: the intent is read in the batch's transaction, checked (the
 * caller's, not spent, not stale), the route re-priced at the pools' reserves
 * as they stand in the batch, refused below the minimum received or beyond
 * the caller's balance; then the coins move user -> pools -> user in one
 * journal entry, and the intent is spent with the swap written, in the same
 * transaction. A refusal posts nothing.
 */
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { fromMinor } from '../../kernel/money';
import { namedJob, type LedgerJob, type LedgerJobContext } from '../spot';
import type { Leg } from '../../kernel/journal';
import { feeInInput, forwardAmounts, type PoolLookup } from './swap-math';
import { swapReposOf } from './swap-repositories';
import type { SwapIntentRow, SwapOrderRow } from './swap-repository';
import { poolAccount } from './swap-settings';

/** Per batch: intents read, and those spent by an earlier job of the batch. */
const batches = new WeakMap<
  object,
  { intents: Map<string, SwapIntentRow | null>; spent: Set<string> }
>();

function batchOf(scope: object) {
  let batch = batches.get(scope);
  if (!batch) {
    batch = { intents: new Map(), spent: new Set() };
    batches.set(scope, batch);
  }
  return batch;
}

export interface SwapJobTerms {
  fee_bps: bigint;
  /** The pair whose pool joins two coins, either way round; null without one. */
  pairOf(a: string, b: string): { pair: string; base: string } | null;
}

/** The pools as the job's context holds them. */
export function poolsIn(ctx: Pick<LedgerJobContext, 'available'>, terms: SwapJobTerms): PoolLookup {
  return (from, to) => {
    const found = terms.pairOf(from, to);
    if (!found) return null;
    const account = poolAccount(found.pair);
    return { in: ctx.available(account, from), out: ctx.available(account, to) };
  };
}

export interface SwapArgs {
  intentId: string;
  userId: string;
  route: string[];
}

/** Carries out a signed intent; answers the swap written. */
export const SWAP_EXECUTE = namedJob<SwapArgs, SwapOrderRow>('swap.execute');

export function swapJob(
  { intentId, userId, route }: SwapArgs,
  terms: SwapJobTerms,
): LedgerJob<SwapOrderRow> {
  const pairs = route.slice(1).map((to, i) => {
    const found = terms.pairOf(route[i] as string, to);
    if (!found) throw appError('SWAP_PAIR_UNKNOWN');
    return found.pair;
  });
  return {
    accounts: [userId, ...pairs.map(poolAccount)],
    load: async (repos, scope) => {
      const batch = batchOf(scope);
      if (!batch.intents.has(intentId)) {
        batch.intents.set(intentId, (await swapReposOf(repos).swap.intent(intentId)) ?? null);
      }
    },
    run: (ctx) => {
      const batch = batchOf(ctx.scope);
      const intent = batch.intents.get(intentId);
      if (!intent || intent.user_id !== userId || intent.route !== route.join('>')) {
        throw appError('SWAP_INTENT_NOT_FOUND');
      }
      if (intent.used_at !== null || batch.spent.has(intentId)) throw appError('SWAP_INTENT_USED');
      if (ctx.now > intent.expires_at) throw appError('SWAP_INTENT_EXPIRED');
      const input = BigInt(intent.amount_in);
      const minimum = BigInt(intent.minimum_out);
      const first = route[0] as string;
      const last = route.at(-1) as string;
      if (ctx.available(userId, first) < input)
        throw appError('INSUFFICIENT_BALANCE', { coin: first });
      const amounts = forwardAmounts(route, input, poolsIn(ctx, terms), terms.fee_bps);
      const output = amounts?.at(-1) ?? 0n;
      if (!amounts || output < minimum) {
        throw appError('SWAP_BELOW_MINIMUM', { minimum: fromMinor(minimum), coin: last });
      }
      const legs: Leg[] = [{ userId, coin: first, bucket: 'available', amount: -input }];
      for (let i = 0; i + 1 < route.length; i++) {
        const pool = poolAccount(pairs[i] as string);
        legs.push(
          {
            userId: pool,
            coin: route[i] as string,
            bucket: 'available',
            amount: amounts[i] as bigint,
          },
          {
            userId: pool,
            coin: route[i + 1] as string,
            bucket: 'available',
            amount: -(amounts[i + 1] as bigint),
          },
        );
      }
      legs.push({ userId, coin: last, bucket: 'available', amount: output });
      ctx.post(`swap:${intentId}`, 'swap', legs);
      batch.spent.add(intentId);
      const order: SwapOrderRow = {
        id: newId(),
        user_id: userId,
        route: intent.route,
        amount_in: input.toString(),
        amount_out: output.toString(),
        minimum_out: minimum.toString(),
        fee: feeInInput(input, route.length - 1, terms.fee_bps).toString(),
        created_at: ctx.now,
      };
      ctx.write(async (repos) => {
        const swap = swapReposOf(repos).swap;
        if (!(await swap.spendIntent(intentId, ctx.now))) throw appError('SWAP_INTENT_USED');
        await swap.insertOrder(order);
      });
      return order;
    },
  };
}
