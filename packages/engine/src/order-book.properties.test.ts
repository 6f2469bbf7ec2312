/**
 * Properties over random command sequences: the fast book says exactly what
 * the reference book says; the book is never crossed; every lot an order
 * brought is filled, cancelled or resting; no fill is worse than a limit,
 * a market order's price limit included.
 * And a seeded workload replays to the same events, byte for byte.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { FastOrderBook } from './order-book';
import { ReferenceBook } from './reference-book';
import type { Command, EngineEvent, OrderBook } from './types';
import { workload } from './workload';

const side = fc.constantFrom('buy' as const, 'sell' as const);
const userId = fc.integer({ min: 1, max: 4 });
const orderId = fc.integer({ min: 1, max: 40 });
const price = fc.integer({ min: 95, max: 105 });
const lots = fc.integer({ min: 1, max: 10 });
/** A market order's price protection: mostly within the prices, sometimes none. */
const priceLimit = fc.option(fc.integer({ min: 93, max: 107 }), { nil: undefined });

const command: fc.Arbitrary<Command> = fc.oneof(
  {
    weight: 6,
    arbitrary: fc.record({
      type: fc.constant('limit' as const),
      orderId,
      userId,
      side,
      price,
      quantity: lots,
      timeInForce: fc.constantFrom(
        'GTC' as const,
        'IOC' as const,
        'FOK' as const,
        'POST_ONLY' as const,
      ),
      time: fc.constant(0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('market' as const),
      orderId,
      userId,
      side,
      quantity: lots,
      priceLimit,
      time: fc.constant(0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({
      type: fc.constant('marketQuote' as const),
      orderId,
      userId,
      quoteAmount: fc.integer({ min: 1, max: 2000 }),
      priceLimit,
      time: fc.constant(0),
    }),
  },
  {
    weight: 2,
    arbitrary: fc.record({
      type: fc.constant('cancel' as const),
      orderId,
      userId,
      time: fc.constant(0),
    }),
  },
  {
    weight: 1,
    arbitrary: fc.record({ type: fc.constant('cancelAll' as const), userId, time: fc.constant(0) }),
  },
);

const commands = fc.array(command, { minLength: 1, maxLength: 120 });

function run(book: OrderBook, list: Command[]): EngineEvent[][] {
  return list.map((c, i) => book.execute({ ...c, time: i }));
}

describe('order book properties', () => {
  it('the fast book produces the reference book events and depth for any sequence', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const reference = new ReferenceBook();
        const fast = new FastOrderBook();
        expect(run(fast, list)).toEqual(run(reference, list));
        expect(fast.depth()).toEqual(reference.depth());
      }),
      { numRuns: 400 },
    );
  });

  it('agrees with the reference book when levels share price slots, ids share table slots, and users are any number', () => {
    // Prices 2048 ticks apart (every other level lands on the same slot of the
    // fast book's price index), ids that collide in its id table, users from -1.
    const spread = (p: number) => 95 + (p - 95) * 2048;
    const remap = (c: Command): Command => {
      const moved = { ...c, userId: c.userId - 2 } as Command;
      if ('orderId' in moved && moved.orderId > 0)
        moved.orderId = moved.orderId % 2 ? moved.orderId * 2 ** 31 : moved.orderId * 65_536;
      if (moved.type === 'limit') moved.price = spread(moved.price);
      if (moved.type === 'market' || moved.type === 'marketQuote') {
        if (moved.priceLimit !== undefined) moved.priceLimit = spread(moved.priceLimit);
      }
      if (moved.type === 'marketQuote') moved.quoteAmount *= 2048;
      return moved;
    };
    fc.assert(
      fc.property(commands, (list) => {
        const moved = list.map(remap);
        const reference = new ReferenceBook();
        const fast = new FastOrderBook();
        expect(run(fast, moved)).toEqual(run(reference, moved));
        expect(fast.depth()).toEqual(reference.depth());
      }),
      { numRuns: 300 },
    );
  });

  it('is never crossed after a command', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const book = new FastOrderBook();
        for (const [i, c] of list.entries()) {
          book.execute({ ...c, time: i });
          const bid = book.bestBid();
          const ask = book.bestAsk();
          if (bid !== undefined && ask !== undefined) expect(bid).toBeLessThan(ask);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('conserves quantity: what an order brought is filled, cancelled or resting', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const book = new FastOrderBook();
        const brought = new Map<number, number>();
        const filled = new Map<number, number>();
        const cancelled = new Map<number, number>();
        const add = (m: Map<number, number>, id: number, n: number) =>
          m.set(id, (m.get(id) ?? 0) + n);
        for (const [i, c] of list.entries()) {
          for (const e of book.execute({ ...c, time: i })) {
            // Ids are reused after an order ends: account per life.
            if (e.type === 'accepted') {
              brought.set(e.orderId, e.quantity);
              filled.set(e.orderId, 0);
              cancelled.set(e.orderId, 0);
            }
            if (e.type === 'fill') {
              add(filled, e.makerOrderId, e.quantity);
              add(filled, e.takerOrderId, e.quantity);
            }
            if (e.type === 'cancelled') add(cancelled, e.orderId, e.remaining);
            if (e.type === 'done' && brought.get(e.orderId) !== 0) {
              expect(filled.get(e.orderId)).toBe(e.filled);
              expect((filled.get(e.orderId) ?? 0) + (cancelled.get(e.orderId) ?? 0)).toBe(
                brought.get(e.orderId),
              );
            }
          }
        }
        for (const [id, qty] of brought) {
          const resting = book.order(id);
          if (resting) expect(resting.filled + resting.remaining).toBe(qty);
        }
      }),
      { numRuns: 300 },
    );
  });

  it('never fills at a price worse than the limit', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const book = new FastOrderBook();
        const limits = new Map<number, { side: string; price: number }>();
        for (const [i, c] of list.entries()) {
          const events = book.execute({ ...c, time: i });
          if (c.type === 'limit' && events[0]?.type === 'accepted') {
            limits.set(c.orderId, { side: c.side, price: c.price });
          }
          for (const e of events) {
            if (e.type !== 'fill') continue;
            const taker = c.type === 'limit' ? limits.get(e.takerOrderId) : undefined;
            if (taker) {
              if (taker.side === 'buy') expect(e.price).toBeLessThanOrEqual(taker.price);
              else expect(e.price).toBeGreaterThanOrEqual(taker.price);
            }
            const maker = limits.get(e.makerOrderId);
            if (maker) expect(e.price).toBe(maker.price);
          }
        }
      }),
      { numRuns: 300 },
    );
  });

  it('fills a market order within its price limit, and cancels for protection only at a level beyond it', () => {
    fc.assert(
      fc.property(commands, (list) => {
        const book = new FastOrderBook();
        for (const [i, c] of list.entries()) {
          const isMarket = c.type === 'market' || c.type === 'marketQuote';
          const side = c.type === 'market' ? c.side : 'buy';
          const limit = isMarket ? c.priceLimit : undefined;
          const beyond = (price: number) =>
            limit !== undefined && (side === 'buy' ? price > limit : price < limit);
          const events = book.execute({ ...c, time: i });
          for (const e of events) {
            if (e.type === 'fill' && isMarket) expect(beyond(e.price)).toBe(false);
            if (e.type === 'cancelled' && e.reason === 'PRICE_PROTECTION') {
              expect(limit).toBeDefined();
              // The order stopped because the best level left is beyond its limit.
              const best = side === 'buy' ? book.bestAsk() : book.bestBid();
              expect(best !== undefined && beyond(best)).toBe(true);
            }
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('seeded replay', () => {
  const replay = (seed: number) => {
    const book = new FastOrderBook();
    const lines: string[] = [];
    for (const c of workload({ seed, count: 20_000 })) lines.push(JSON.stringify(book.execute(c)));
    return { stream: lines.join('\n'), depth: book.depth(5) };
  };

  it('gives the same event stream for the same seed, byte for byte, and another for another', () => {
    const first = replay(42);
    const again = replay(42);
    expect(again.stream).toBe(first.stream);
    expect(again.depth).toEqual(first.depth);
    expect(replay(43).stream).not.toBe(first.stream);
    // The workload really trades and cancels.
    expect(first.stream).toContain('"type":"fill"');
    expect(first.stream).toContain('"reason":"USER"');
  });

  it('replays the seeded workload through both books alike', () => {
    const reference = new ReferenceBook();
    const fast = new FastOrderBook();
    for (const c of workload({ seed: 7, count: 3000 })) {
      expect(fast.execute(c)).toEqual(reference.execute(c));
    }
    expect(fast.depth()).toEqual(reference.depth());
  });
});
