/**
 * Seeded command streams that follow a live book, for the bench and replay
 * tests: the generator runs its own book beside the stream, so every cancel
 * names an order that is still resting, as a real client's cancels do.
 *
 * - `drift`: the mid walks, so orders are left behind on many levels, and
 *   cancels hit live orders anywhere in the book.
 * - `bursty`: calm stretches broken by sweeps across many levels and by waves
 *   of cancels and replacements near the top of the book.
 */
import { FastOrderBook } from './order-book';
import type { Command, Side } from './types';
import { seededRandom } from './workload';

export type LiveWorkloadShape = 'drift' | 'bursty';

export interface LiveWorkloadOptions {
  shape: LiveWorkloadShape;
  seed: number;
  count: number;
  users?: number;
  maxLots?: number;
}

interface Live {
  orderId: number;
  userId: number;
  side: Side;
  price: number;
}

/** Resting orders, with removal in O(1) (the last takes the removed one's slot). */
class LiveOrders {
  readonly list: Live[] = [];
  private readonly at = new Map<number, number>();

  add(order: Live): void {
    this.at.set(order.orderId, this.list.length);
    this.list.push(order);
  }

  remove(orderId: number): void {
    const i = this.at.get(orderId);
    if (i === undefined) return;
    const last = this.list.pop() as Live;
    this.at.delete(orderId);
    if (last.orderId !== orderId) {
      this.list[i] = last;
      this.at.set(last.orderId, i);
    }
  }
}

export function liveWorkload(options: LiveWorkloadOptions): Command[] {
  const random = seededRandom(options.seed);
  const users = options.users ?? 100;
  const maxLots = options.maxLots ?? 100;
  const int = (n: number) => Math.floor(random() * n);
  const book = new FastOrderBook();
  const live = new LiveOrders();
  const out: Command[] = [];
  let mid = 100_000;
  let orderId = 0;

  const run = (command: Command) => {
    out.push(command);
    for (const e of book.execute(command)) {
      if (e.type === 'done') live.remove(e.orderId);
    }
    if (command.type === 'limit' && book.order(command.orderId)) {
      live.add({
        orderId: command.orderId,
        userId: command.userId,
        side: command.side,
        price: command.price,
      });
    }
  };
  const limit = (side: Side, price: number, time: number) => {
    orderId += 1;
    run({
      type: 'limit',
      orderId,
      userId: 1 + int(users),
      side,
      price,
      quantity: 1 + int(maxLots),
      timeInForce: 'GTC',
      time,
    });
  };
  const cancel = (order: Live, time: number) =>
    run({ type: 'cancel', orderId: order.orderId, userId: order.userId, time });
  const market = (side: Side, quantity: number, time: number) => {
    orderId += 1;
    run({ type: 'market', orderId, userId: 1 + int(users), side, quantity, time });
  };
  /** A live order near the top of its side (within `levels` ticks of the best), or any if none is found soon. */
  const nearTop = (levels: number): Live | undefined => {
    let pick: Live | undefined;
    for (let tries = 0; tries < 16; tries += 1) {
      pick = live.list[int(live.list.length)];
      if (!pick) return undefined;
      const best = pick.side === 'buy' ? book.bestBid() : book.bestAsk();
      if (best !== undefined && Math.abs(best - pick.price) <= levels) return pick;
    }
    return pick;
  };

  for (let time = 0; out.length < options.count; time += 1) {
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    // Orders rest mostly on their own side of the mid, a few cross it.
    const offset = int(50) - 10;
    const price = side === 'buy' ? mid - offset : mid + offset;
    if (options.shape === 'drift') {
      if (random() < 0.2) mid += random() < 0.5 ? -1 : 1;
      const pick = random();
      if (pick < 0.3 && live.list.length > 0)
        cancel(live.list[int(live.list.length)] as Live, time);
      else if (pick < 0.9) limit(side, Math.max(1, price), time);
      else market(side, 1 + int(maxLots), time);
      continue;
    }
    // bursty
    if (random() < 0.05) mid += random() < 0.5 ? -1 : 1;
    const pick = random();
    if (pick < 0.004) {
      // A sweep: most of what rests on the first 5 to 25 levels of one side, at once.
      const levels = 5 + int(21);
      const depth = book.depth(levels);
      const against = side === 'buy' ? depth.asks : depth.bids;
      const lots = against.reduce((sum, [, q]) => sum + q, 0);
      if (lots > 0) market(side, lots, time);
      const last = against[against.length - 1];
      if (last) mid = last[0];
    } else if (pick < 0.02) {
      // A wave of cancels and replacements at the top, as market makers requote.
      for (let k = 0; k < 20 && out.length < options.count; k += 1) {
        const order = nearTop(3);
        if (!order) break;
        cancel(order, time);
        const best = order.side === 'buy' ? book.bestBid() : book.bestAsk();
        const near = (best ?? mid) + (order.side === 'buy' ? -int(3) : int(3));
        if (out.length < options.count) limit(order.side, Math.max(1, near), time);
      }
    } else if (pick < 0.3 && live.list.length > 0) {
      const order = nearTop(5);
      if (order) cancel(order, time);
    } else if (pick < 0.92) {
      limit(side, Math.max(1, price), time);
    } else {
      market(side, 1 + int(maxLots), time);
    }
  }
  return out.slice(0, options.count);
}
