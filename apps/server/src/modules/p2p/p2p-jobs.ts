/**
 * P2P's money moves as ledger jobs of the spot host, the one writer of spot
 * balances: a sell ad's coins into escrow, an order's coins into escrow (a
 * buy ad's taker sells), the release to the buyer, the return to the seller
 * or the ad on a cancellation or a refund, and the closing of an ad. Each job
 * checks everything before it posts anything; a refusal changes nothing.
 */
import { appError } from '../../kernel/app-error';
import { newId } from '../../kernel/ids';
import { namedJob, type LedgerJob, type LedgerJobContext, type SpotHost } from '../spot';
import { JobP2p, loadP2p } from './p2p-batch';
import type { P2pAdRow, P2pOrderRow } from './p2p-repository';

/** The ledger account that holds every escrowed coin: sell ads' remaining amounts and live orders'. */
export const P2P_ESCROW = '@p2p-escrow';

const LIVE = new Set(['unpaid', 'paid', 'appeal']);

export function isLive(status: string): boolean {
  return LIVE.has(status);
}

function toEscrow(
  ctx: LedgerJobContext,
  ref: string,
  userId: string,
  coin: string,
  amount: bigint,
) {
  if (ctx.available(userId, coin) < amount) throw appError('INSUFFICIENT_BALANCE', { coin });
  ctx.post(ref, 'p2p_escrow', [
    { userId, coin, bucket: 'available', amount: -amount },
    { userId: P2P_ESCROW, coin, bucket: 'available', amount },
  ]);
}

function fromEscrow(
  ctx: LedgerJobContext,
  ref: string,
  userId: string,
  coin: string,
  amount: bigint,
) {
  if (amount === 0n) return;
  ctx.post(ref, 'p2p_release', [
    { userId: P2P_ESCROW, coin, bucket: 'available', amount: -amount },
    { userId, coin, bucket: 'available', amount },
  ]);
}

type OrderParties = Pick<P2pOrderRow, 'id' | 'buyer_id' | 'seller_id'>;

export const P2P_PUBLISH_AD = namedJob<{ ad: P2pAdRow }>('p2p.publish-ad');
export const P2P_CHANGE_AD = namedJob<{ userId: string; adId: string; change: AdChange }>(
  'p2p.change-ad',
);
export const P2P_EDIT_AD = namedJob<{ userId: string; adId: string; edit: AdEdit }>('p2p.edit-ad');
export const P2P_OPEN_ORDER = namedJob<{ order: P2pOrderRow; timeLimitMs: number }>(
  'p2p.open-order',
);
export const P2P_ORDER_STEP = namedJob<{
  parties: OrderParties;
  step: OrderStep;
  actor: OrderActor;
  reason: string;
}>('p2p.order-step');

export function registerP2pJobs(host: SpotHost): void {
  host.jobs.register(P2P_PUBLISH_AD, ({ ad }) => publishAdJob(ad));
  host.jobs.register(P2P_CHANGE_AD, (a) => changeAdJob(a.userId, a.adId, a.change));
  host.jobs.register(P2P_EDIT_AD, (a) => editAdJob(a.userId, a.adId, a.edit));
  host.jobs.register(P2P_OPEN_ORDER, (a) => openOrderJob(a.order, a.timeLimitMs));
  host.jobs.register(P2P_ORDER_STEP, (a) => orderStepJob(a.parties, a.step, a.actor, a.reason));
}

/** Publishes an ad; a sell ad's total moves from the seller into escrow. */
function publishAdJob(ad: P2pAdRow): LedgerJob<void> {
  return {
    accounts: [ad.user_id, P2P_ESCROW],
    run: (ctx) => {
      if (ad.side === 'sell')
        toEscrow(ctx, `p2p-ad:${ad.id}`, ad.user_id, ad.coin, BigInt(ad.total));
      new JobP2p(ctx).putAd({ ...ad, created_at: ctx.now });
    },
  };
}

export type AdChange = 'pause' | 'resume' | 'close';

/** A job on the owner's ad that is not closed; anyone else's, or a closed one, is refused. */
function ownAdJob(
  userId: string,
  adId: string,
  run: (ctx: LedgerJobContext, p2p: JobP2p, ad: P2pAdRow) => void,
): LedgerJob<void> {
  return {
    accounts: [userId, P2P_ESCROW],
    load: (repos, scope) => loadP2p(repos, scope, [adId], []),
    run: (ctx) => {
      const p2p = new JobP2p(ctx);
      const ad = p2p.ad(adId);
      if (!ad || ad.user_id !== userId) throw appError('P2P_AD_NOT_FOUND');
      if (ad.status === 'closed') throw appError('P2P_AD_NOT_ONLINE');
      run(ctx, p2p, ad);
    },
  };
}

/** Pauses, resumes or closes the owner's ad; closing a sell ad returns what it still holds. */
function changeAdJob(userId: string, adId: string, change: AdChange): LedgerJob<void> {
  return ownAdJob(userId, adId, (ctx, p2p, ad) => {
    if (change === 'close') {
      if (ad.side === 'sell') {
        fromEscrow(ctx, `p2p-ad-close:${ad.id}`, ad.user_id, ad.coin, BigInt(ad.remaining));
      }
      p2p.putAd({ ...ad, remaining: '0', status: 'closed' });
    } else {
      p2p.putAd({ ...ad, status: change === 'pause' ? 'paused' : 'online' });
    }
  });
}

/** What an edit sets on an ad; its total is the new total (taken plus what is left). */
export type AdEdit = Pick<
  P2pAdRow,
  | 'price_type'
  | 'price_cents'
  | 'margin_bps'
  | 'total'
  | 'min_cents'
  | 'max_cents'
  | 'payment_method_ids'
  | 'time_limit_min'
  | 'terms'
  | 'min_registered_days'
  | 'min_completed_orders'
>;

/**
 * Edits the owner's open ad. What orders have taken stays taken; the rest
 * follows the new total, and a sell ad's escrow moves by the difference
 * (more from the seller, or the surplus back to the seller).
 */
function editAdJob(userId: string, adId: string, edit: AdEdit): LedgerJob<void> {
  return ownAdJob(userId, adId, (ctx, p2p, ad) => {
    const remaining = BigInt(ad.remaining);
    const taken = BigInt(ad.total) - remaining;
    const total = BigInt(edit.total);
    if (total < taken) {
      throw appError('P2P_AD_TOTAL_TOO_LOW', { taken: amountText(taken), coin: ad.coin });
    }
    const next = total - taken;
    if (ad.side === 'sell') {
      const ref = `p2p-ad-edit:${ad.id}:${newId()}`;
      if (next > remaining) toEscrow(ctx, ref, ad.user_id, ad.coin, next - remaining);
      else fromEscrow(ctx, ref, ad.user_id, ad.coin, remaining - next);
    }
    p2p.putAd({ ...ad, ...edit, remaining: next.toString() });
  });
}

/**
 * Opens an order on an ad for `order.amount`: the amount leaves the ad's
 * remaining; on a buy ad the taker sells, so the taker's coins move into
 * escrow. Two takers of the last amount: the first job wins, the second is
 * refused with what is left.
 */
function openOrderJob(order: P2pOrderRow, timeLimitMs: number): LedgerJob<void> {
  return {
    accounts: [order.taker_id, P2P_ESCROW],
    load: (repos, scope) => loadP2p(repos, scope, [order.ad_id], []),
    run: (ctx) => {
      const p2p = new JobP2p(ctx);
      const ad = p2p.ad(order.ad_id);
      if (!ad) throw appError('P2P_AD_NOT_FOUND');
      if (ad.status !== 'online') throw appError('P2P_AD_NOT_ONLINE');
      const amount = BigInt(order.amount);
      const remaining = BigInt(ad.remaining);
      if (amount > remaining) {
        throw appError('P2P_AD_NOT_ENOUGH', { available: amountText(remaining), coin: ad.coin });
      }
      if (ad.side === 'buy')
        toEscrow(ctx, `p2p-order:${order.id}`, order.taker_id, ad.coin, amount);
      p2p.putAd({ ...ad, remaining: (remaining - amount).toString() });
      p2p.putOrder({ ...order, created_at: ctx.now, expires_at: ctx.now + timeLimitMs });
      p2p.system(order.id, 'unpaid');
    },
  };
}

/** Who acts on an order: its buyer or seller, the clock (timeout) or the operator (appeal). */
export type OrderActor = { userId: string } | { by: 'timeout' } | { by: 'operator' };

export type OrderStep = 'paid' | 'release' | 'cancel' | 'appeal';

function refuse(): never {
  throw appError('P2P_ORDER_STATE');
}

/** Returns an order's coins: to its ad while the ad is open (a sell ad), else to the seller. */
function giveBack(ctx: LedgerJobContext, p2p: JobP2p, order: P2pOrderRow): void {
  const ad = p2p.ad(order.ad_id);
  const amount = BigInt(order.amount);
  const toAd = ad !== undefined && ad.status !== 'closed';
  if (ad && toAd) p2p.putAd({ ...ad, remaining: (BigInt(ad.remaining) + amount).toString() });
  // A sell ad's coins stay in escrow for the ad; a buy ad's taker gets theirs back.
  if (!(toAd && ad.side === 'sell')) {
    fromEscrow(ctx, `p2p-return:${order.id}`, order.seller_id, order.coin, amount);
  }
}

/** One step of an order's life: paid, release, cancel or appeal, checked against its state. */
function orderStepJob(
  parties: OrderParties,
  step: OrderStep,
  actor: OrderActor,
  reason: string,
): LedgerJob<void> {
  const orderId = parties.id;
  return {
    accounts: [P2P_ESCROW, parties.buyer_id, parties.seller_id],
    load: (repos, scope) => loadP2p(repos, scope, [], [orderId]),
    run: (ctx) => {
      const p2p = new JobP2p(ctx);
      const order = p2p.order(orderId);
      if (!order) throw appError('P2P_ORDER_NOT_FOUND');
      const user = 'userId' in actor ? actor.userId : null;
      if (user !== null && user !== order.buyer_id && user !== order.seller_id) {
        throw appError('P2P_ORDER_NOT_FOUND');
      }
      const isBuyer = user === order.buyer_id;
      const isSeller = user === order.seller_id;
      const operator = 'by' in actor && actor.by === 'operator';
      const next = { ...order };
      switch (step) {
        case 'paid':
          if (!isBuyer || order.status !== 'unpaid') refuse();
          next.status = 'paid';
          next.paid_at = ctx.now;
          break;
        case 'appeal':
          if (user === null || order.status !== 'paid') refuse();
          next.status = 'appeal';
          next.appeal_reason = reason;
          break;
        case 'release':
          if (!(isSeller || operator) || (order.status !== 'paid' && order.status !== 'appeal')) {
            refuse();
          }
          fromEscrow(
            ctx,
            `p2p-release:${order.id}`,
            order.buyer_id,
            order.coin,
            BigInt(order.amount),
          );
          next.status = 'completed';
          next.finished_at = ctx.now;
          break;
        case 'cancel': {
          const timeout = 'by' in actor && actor.by === 'timeout';
          const allowed =
            (isBuyer && order.status === 'unpaid') ||
            (timeout && order.status === 'unpaid' && ctx.now >= order.expires_at) ||
            (operator && (order.status === 'paid' || order.status === 'appeal'));
          if (!allowed) refuse();
          giveBack(ctx, p2p, order);
          next.status = 'cancelled';
          next.cancel_reason = timeout ? 'timeout' : operator ? 'appeal' : 'buyer';
          next.finished_at = ctx.now;
          break;
        }
      }
      p2p.putOrder(next);
      p2p.system(order.id, next.status);
    },
  };
}

/** Minor units as the wire's decimal string, without trailing zeros. */
export function amountText(minor: bigint): string {
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / 100_000_000n;
  const fraction = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Cents as the wire's decimal string with two decimals. */
export function centsText(cents: bigint): string {
  const negative = cents < 0n;
  const abs = negative ? -cents : cents;
  return `${negative ? '-' : ''}${abs / 100n}.${(abs % 100n).toString().padStart(2, '0')}`;
}
