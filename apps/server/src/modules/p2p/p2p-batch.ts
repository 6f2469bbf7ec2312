/**
 * Ads and orders as the P2P ledger jobs see them: read in the spot writer's
 * transaction before the batch runs, changed by the batch's jobs in order
 * (so two takers of one ad in one batch see each other), and written once,
 * with the chat's system messages, in that same transaction.
 */
import type { LedgerJobContext } from '../spot';
import { newId } from '../../kernel/ids';
import type { P2pRepos } from './p2p-repositories';
import type { P2pAdRow, P2pMessageRow, P2pOrderRow } from './p2p-repository';

class BatchState {
  readonly ads = new Map<string, P2pAdRow>();
  readonly orders = new Map<string, P2pOrderRow>();
  readonly changedAds = new Set<P2pAdRow>();
  readonly changedOrders = new Set<P2pOrderRow>();
  readonly messages: P2pMessageRow[] = [];
  flushing = false;
}

const batches = new WeakMap<object, BatchState>();

let sequence = 0;
/**
 * A chat line's id: its time, then a counter of this process, then a random
 * tail, so an order's lines sort as they were written even within one
 * millisecond (the server is their one writer).
 */
export function messageId(now: number): string {
  sequence = (sequence + 1) % 1_000_000;
  return `${now.toString().padStart(15, '0')}-${sequence.toString().padStart(6, '0')}-${newId().slice(0, 8)}`;
}

function batchOf(scope: object): BatchState {
  let state = batches.get(scope);
  if (!state) {
    state = new BatchState();
    batches.set(scope, state);
  }
  return state;
}

/** The P2P repositories of a spot transaction: the app's store binds every module's. */
export function p2pReposOf(repos: object): P2pRepos {
  if (!('p2p' in repos)) throw new Error('the store has no p2p repositories');
  return repos as P2pRepos;
}

/** Reads the ads and orders the batch has not read yet. */
export async function loadP2p(
  repos: object,
  scope: object,
  adIds: readonly string[],
  orderIds: readonly string[],
): Promise<void> {
  const state = batchOf(scope);
  const { p2p } = p2pReposOf(repos);
  for (const id of orderIds) {
    if (state.orders.has(id)) continue;
    const order = await p2p.order(id);
    if (order) {
      state.orders.set(id, order);
      if (!state.ads.has(order.ad_id)) {
        const ad = await p2p.ad(order.ad_id);
        if (ad) state.ads.set(ad.id, ad);
      }
    }
  }
  for (const id of adIds) {
    if (state.ads.has(id)) continue;
    const ad = await p2p.ad(id);
    if (ad) state.ads.set(id, ad);
  }
}

/** What a job reads and changes of the P2P state in its batch. */
export class JobP2p {
  private readonly state: BatchState;

  constructor(private readonly ctx: LedgerJobContext) {
    this.state = batchOf(ctx.scope);
  }

  ad(id: string): P2pAdRow | undefined {
    return this.state.ads.get(id);
  }

  order(id: string): P2pOrderRow | undefined {
    return this.state.orders.get(id);
  }

  putAd(ad: P2pAdRow): void {
    ad.updated_at = this.ctx.now;
    this.state.ads.set(ad.id, ad);
    this.state.changedAds.add(ad);
    this.flushOnce();
  }

  putOrder(order: P2pOrderRow): void {
    this.state.orders.set(order.id, order);
    this.state.changedOrders.add(order);
    this.flushOnce();
  }

  /** A system line in the order's chat: the state it moved to. */
  system(orderId: string, text: string): void {
    this.state.messages.push({
      id: messageId(this.ctx.now),
      order_id: orderId,
      sender: 'system',
      text,
      image_id: '',
      created_at: this.ctx.now,
    });
    this.flushOnce();
  }

  /** One write per batch, after every job of it: the ads and orders as they end, the messages. */
  private flushOnce(): void {
    if (this.state.flushing) return;
    this.state.flushing = true;
    const state = this.state;
    this.ctx.write(async (repos) => {
      const { p2p } = p2pReposOf(repos);
      for (const ad of state.changedAds) await p2p.upsertAd(ad);
      for (const order of state.changedOrders) await p2p.upsertOrder(order);
      await p2p.insertMessages(state.messages);
    });
  }
}
