/**
 * A seeded stream of commands like a busy market's: limit orders near the
 * mid, cancels of orders placed earlier, market orders. The same seed gives
 * the same commands, so runs can be replayed and compared.
 */
import type { Command, Side } from './types';

/** mulberry32: a small, fast, seeded generator of uniform numbers in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export interface WorkloadOptions {
  seed: number;
  count: number;
  /** Shares of limit orders, cancels and market orders; they need not add to 1. */
  mix?: { limit: number; cancel: number; market: number };
  /** Mid price in ticks, and how far either side of it limit prices fall. */
  mid?: number;
  spread?: number;
  users?: number;
  maxLots?: number;
}

export function* workload(options: WorkloadOptions): Generator<Command> {
  const random = seededRandom(options.seed);
  const mix = options.mix ?? { limit: 0.7, cancel: 0.2, market: 0.1 };
  const total = mix.limit + mix.cancel + mix.market;
  const mid = options.mid ?? 100_000;
  const spread = options.spread ?? 50;
  const users = options.users ?? 100;
  const maxLots = options.maxLots ?? 100;
  const placed: Array<{ orderId: number; userId: number }> = [];
  let orderId = 0;
  const int = (n: number) => Math.floor(random() * n);
  for (let i = 0; i < options.count; i += 1) {
    const pick = random() * total;
    const userId = 1 + int(users);
    const side: Side = random() < 0.5 ? 'buy' : 'sell';
    const time = i;
    if (pick < mix.limit || (pick < mix.limit + mix.cancel && placed.length === 0)) {
      orderId += 1;
      // Buys mostly below the mid and sells above, with some crossing it.
      const offset = int(spread) - Math.floor(spread / 5);
      const price = side === 'buy' ? mid - offset : mid + offset;
      placed.push({ orderId, userId });
      yield {
        type: 'limit',
        orderId,
        userId,
        side,
        price,
        quantity: 1 + int(maxLots),
        timeInForce: 'GTC',
        time,
      };
    } else if (pick < mix.limit + mix.cancel) {
      // A recent order, taken out of the list: it is cancelled at most once.
      const at = placed.length - 1 - int(Math.min(placed.length, 1000));
      const [target] = placed.splice(at, 1);
      if (target) yield { type: 'cancel', orderId: target.orderId, userId: target.userId, time };
    } else {
      orderId += 1;
      yield { type: 'market', orderId, userId, side, quantity: 1 + int(maxLots), time };
    }
  }
}
