/**
 * One contract, two books: every scenario runs against the plain reference
 * book and the fast book, and asserts the events a host would see.
 */
import { describe, expect, it } from 'vitest';
import { FastOrderBook } from './order-book';
import { ReferenceBook } from './reference-book';
import type { Command, EngineEvent, MarketCommand, OrderBook, Side, TimeInForce } from './types';

const BOOKS: Array<[string, () => OrderBook]> = [
  ['reference book', () => new ReferenceBook()],
  ['fast book', () => new FastOrderBook()],
];

let clock = 0;
const limit = (
  orderId: number,
  userId: number,
  side: Side,
  price: number,
  quantity: number,
  timeInForce: TimeInForce = 'GTC',
): Command => ({
  type: 'limit',
  orderId,
  userId,
  side,
  price,
  quantity,
  timeInForce,
  time: ++clock,
});
const market = (orderId: number, userId: number, side: Side, quantity: number): MarketCommand => ({
  type: 'market',
  orderId,
  userId,
  side,
  quantity,
  time: ++clock,
});
const kinds = (events: EngineEvent[]) => events.map((e) => e.type);
const fills = (events: EngineEvent[]) =>
  events.flatMap((e) =>
    e.type === 'fill' ? [[e.makerOrderId, e.takerOrderId, e.price, e.quantity]] : [],
  );

describe.each(BOOKS)('the order book contract: %s', (_name, make) => {
  it('rests a limit order that does not cross, and shows it in the depth', () => {
    const book = make();
    expect(kinds(book.execute(limit(1, 1, 'buy', 100, 5)))).toEqual(['accepted']);
    expect(kinds(book.execute(limit(2, 2, 'sell', 105, 3)))).toEqual(['accepted']);
    expect(book.depth()).toEqual({ bids: [[100, 5]], asks: [[105, 3]] });
    expect(book.bestBid()).toBe(100);
    expect(book.bestAsk()).toBe(105);
    expect(book.order(1)).toMatchObject({ remaining: 5, filled: 0, side: 'buy', price: 100 });
    expect(book.size()).toBe(2);
  });

  it('reports the lots resting at one price, and 0 for an empty level', () => {
    const book = make();
    book.execute(limit(1, 1, 'buy', 100, 5));
    book.execute(limit(2, 2, 'buy', 100, 2));
    book.execute(limit(3, 3, 'sell', 105, 3));
    expect(book.levelQuantity('buy', 100)).toBe(7);
    expect(book.levelQuantity('sell', 105)).toBe(3);
    expect(book.levelQuantity('sell', 100)).toBe(0);
    book.execute({ type: 'cancel', orderId: 1, userId: 1, time: 3 });
    expect(book.levelQuantity('buy', 100)).toBe(2);
    book.execute({ type: 'market', orderId: 4, userId: 4, side: 'buy', quantity: 3, time: 4 });
    expect(book.levelQuantity('sell', 105)).toBe(0);
  });

  it('fills at the maker price, best price first, then first come', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 101, 2));
    book.execute(limit(2, 2, 'sell', 100, 2));
    book.execute(limit(3, 3, 'sell', 100, 2));
    const events = book.execute(limit(4, 4, 'buy', 101, 5));
    expect(fills(events)).toEqual([
      [2, 4, 100, 2],
      [3, 4, 100, 2],
      [1, 4, 101, 1],
    ]);
    expect(kinds(events)).toEqual(['accepted', 'fill', 'done', 'fill', 'done', 'fill', 'done']);
    expect(book.depth()).toEqual({ bids: [], asks: [[101, 1]] });
    expect(book.order(1)).toMatchObject({ remaining: 1, filled: 1 });
  });

  it('rests the rest of a crossing GTC order at its own price', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 100, 2));
    const events = book.execute(limit(2, 2, 'buy', 102, 5));
    expect(fills(events)).toEqual([[1, 2, 100, 2]]);
    expect(book.depth()).toEqual({ bids: [[102, 3]], asks: [] });
    expect(book.order(2)).toMatchObject({ remaining: 3, filled: 2 });
  });

  it('cancels the rest of an IOC order', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 100, 2));
    const events = book.execute(limit(2, 2, 'buy', 100, 5, 'IOC'));
    expect(events.slice(-2)).toEqual([
      {
        type: 'cancelled',
        orderId: 2,
        userId: 2,
        remaining: 3,
        reason: 'IOC_REMAINDER',
        time: clock,
      },
      { type: 'done', orderId: 2, userId: 2, filled: 2, time: clock },
    ]);
    expect(book.size()).toBe(0);
  });

  it('fills a FOK order whole or refuses it untouched', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 100, 2));
    book.execute(limit(2, 1, 'sell', 101, 2));
    const refused = book.execute(limit(3, 2, 'buy', 101, 5, 'FOK'));
    expect(refused).toEqual([
      { type: 'rejected', orderId: 3, userId: 2, reason: 'FOK_NOT_FILLABLE', time: clock },
    ]);
    expect(book.depth().asks).toEqual([
      [100, 2],
      [101, 2],
    ]);
    const filled = book.execute(limit(4, 2, 'buy', 101, 4, 'FOK'));
    expect(fills(filled)).toEqual([
      [1, 4, 100, 2],
      [2, 4, 101, 2],
    ]);
    expect(book.size()).toBe(0);
  });

  it('refuses a post-only order that would take, and rests one that would not', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 100, 2));
    expect(book.execute(limit(2, 2, 'buy', 100, 1, 'POST_ONLY'))[0]).toMatchObject({
      type: 'rejected',
      reason: 'POST_ONLY_WOULD_TAKE',
    });
    expect(kinds(book.execute(limit(3, 2, 'buy', 99, 1, 'POST_ONLY')))).toEqual(['accepted']);
    expect(book.depth()).toEqual({ bids: [[99, 1]], asks: [[100, 2]] });
  });

  it('fills a market order by base quantity across levels and cancels what the book lacks', () => {
    const book = make();
    book.execute(limit(1, 1, 'buy', 100, 2));
    book.execute(limit(2, 1, 'buy', 98, 2));
    const events = book.execute(market(3, 2, 'sell', 5));
    expect(fills(events)).toEqual([
      [1, 3, 100, 2],
      [2, 3, 98, 2],
    ]);
    expect(events.at(-2)).toMatchObject({
      type: 'cancelled',
      remaining: 1,
      reason: 'MARKET_REMAINDER',
    });
    expect(events.at(-1)).toMatchObject({ type: 'done', orderId: 3, filled: 4 });
    expect(book.execute(market(4, 2, 'sell', 1))[0]).toMatchObject({
      type: 'rejected',
      reason: 'NO_LIQUIDITY',
    });
  });

  it('spends a market buy by quote amount, whole lots only', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 100, 3));
    book.execute(limit(2, 1, 'sell', 120, 5));
    // 3 lots at 100 = 300; 250 left buys 2 lots at 120 = 240; 10 is not a lot.
    const events = book.execute({
      type: 'marketQuote',
      orderId: 3,
      userId: 2,
      quoteAmount: 550,
      time: ++clock,
    });
    expect(fills(events)).toEqual([
      [1, 3, 100, 3],
      [2, 3, 120, 2],
    ]);
    expect(events.at(-1)).toMatchObject({ type: 'done', orderId: 3, filled: 5 });
    expect(book.depth().asks).toEqual([[120, 3]]);
  });

  it('stops a market order at its price limit and cancels the rest for price protection', () => {
    const book = make();
    book.execute(limit(1, 1, 'buy', 100, 2));
    book.execute(limit(2, 1, 'buy', 95, 2));
    book.execute(limit(3, 1, 'buy', 50, 5));
    const events = book.execute({ ...market(4, 2, 'sell', 6), priceLimit: 95 });
    // The limit is inclusive: 95 fills, 50 is beyond it and stays.
    expect(fills(events)).toEqual([
      [1, 4, 100, 2],
      [2, 4, 95, 2],
    ]);
    expect(events.slice(-2)).toEqual([
      {
        type: 'cancelled',
        orderId: 4,
        userId: 2,
        remaining: 2,
        reason: 'PRICE_PROTECTION',
        time: clock,
      },
      { type: 'done', orderId: 4, userId: 2, filled: 4, time: clock },
    ]);
    expect(book.depth()).toEqual({ bids: [[50, 5]], asks: [] });
    // Within its limit the whole order fills, and nothing is cancelled.
    const within = book.execute({ ...market(5, 2, 'sell', 2), priceLimit: 40 });
    expect(kinds(within)).toEqual(['accepted', 'fill', 'done']);
  });

  it('accepts a market order whose best price is already beyond its limit and cancels it whole', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 120, 3));
    const events = book.execute({ ...market(2, 2, 'buy', 3), priceLimit: 110 });
    expect(kinds(events)).toEqual(['accepted', 'cancelled', 'done']);
    expect(events[1]).toMatchObject({ remaining: 3, reason: 'PRICE_PROTECTION' });
    expect(events[2]).toMatchObject({ filled: 0 });
    expect(book.depth().asks).toEqual([[120, 3]]);
  });

  it('stops a market buy by quote amount at its price limit', () => {
    const book = make();
    book.execute(limit(1, 1, 'sell', 100, 3));
    book.execute(limit(2, 1, 'sell', 120, 5));
    const quote = (orderId: number, quoteAmount: number): Command => ({
      type: 'marketQuote',
      orderId,
      userId: 2,
      quoteAmount,
      priceLimit: 110,
      time: ++clock,
    });
    const events = book.execute(quote(3, 550));
    expect(fills(events)).toEqual([[1, 3, 100, 3]]);
    expect(events.slice(-2)).toEqual([
      {
        type: 'cancelled',
        orderId: 3,
        userId: 2,
        remaining: 0,
        reason: 'PRICE_PROTECTION',
        time: clock,
      },
      { type: 'done', orderId: 3, userId: 2, filled: 3, time: clock },
    ]);
    expect(book.depth().asks).toEqual([[120, 5]]);
    // An amount spent before the limit matters ends as before: done, nothing cancelled.
    book.execute(limit(4, 1, 'sell', 100, 3));
    const spent = book.execute(quote(5, 350));
    expect(fills(spent)).toEqual([[4, 5, 100, 3]]);
    expect(kinds(spent).slice(-1)).toEqual(['done']);
    expect(kinds(spent)).not.toContain('cancelled');
  });

  it('cancels the taker rest when it would trade with its own order', () => {
    const book = make();
    book.execute(limit(1, 2, 'sell', 100, 2));
    book.execute(limit(2, 1, 'sell', 101, 2));
    book.execute(limit(3, 2, 'sell', 102, 2));
    const events = book.execute(limit(4, 2, 'buy', 102, 6));
    // Its own order is first in line: nothing trades, nothing of the taker rests.
    expect(events).toEqual([
      {
        type: 'accepted',
        orderId: 4,
        userId: 2,
        side: 'buy',
        price: 102,
        quantity: 6,
        time: clock,
      },
      { type: 'cancelled', orderId: 4, userId: 2, remaining: 6, reason: 'SELF_TRADE', time: clock },
      { type: 'done', orderId: 4, userId: 2, filled: 0, time: clock },
    ]);
    expect(book.size()).toBe(3);
    // Another user's order first: it trades, then stops at the own order.
    const other = make();
    other.execute(limit(1, 1, 'sell', 100, 2));
    other.execute(limit(2, 2, 'sell', 101, 2));
    const partial = other.execute(limit(3, 2, 'buy', 101, 5));
    expect(fills(partial)).toEqual([[1, 3, 100, 2]]);
    expect(partial.at(-2)).toMatchObject({ type: 'cancelled', remaining: 3, reason: 'SELF_TRADE' });
    expect(other.order(2)).toMatchObject({ remaining: 2 });
  });

  it('cancels an order of its owner only, once', () => {
    const book = make();
    book.execute(limit(1, 1, 'buy', 100, 5));
    expect(book.execute({ type: 'cancel', orderId: 1, userId: 2, time: ++clock })[0]).toMatchObject(
      {
        type: 'rejected',
        reason: 'NOT_ORDER_OWNER',
      },
    );
    expect(kinds(book.execute({ type: 'cancel', orderId: 1, userId: 1, time: ++clock }))).toEqual([
      'cancelled',
      'done',
    ]);
    expect(book.execute({ type: 'cancel', orderId: 1, userId: 1, time: ++clock })[0]).toMatchObject(
      {
        type: 'rejected',
        reason: 'ORDER_NOT_FOUND',
      },
    );
    expect(book.depth()).toEqual({ bids: [], asks: [] });
  });

  it('cancels all of a user in order-id order and leaves the others', () => {
    const book = make();
    book.execute(limit(5, 1, 'buy', 99, 1));
    book.execute(limit(2, 1, 'sell', 105, 1));
    book.execute(limit(3, 2, 'buy', 98, 1));
    const events = book.execute({ type: 'cancelAll', userId: 1, time: ++clock });
    expect(
      events.filter((e) => e.type === 'cancelled').map((e) => e.type === 'cancelled' && e.orderId),
    ).toEqual([2, 5]);
    expect(book.depth()).toEqual({ bids: [[98, 1]], asks: [] });
    expect(book.execute({ type: 'cancelAll', userId: 9, time: ++clock })).toEqual([]);
  });

  it('refuses bad commands and changes nothing', () => {
    const book = make();
    book.execute(limit(1, 1, 'buy', 100, 5));
    const bad: Array<[Command, string]> = [
      [limit(2, 1, 'buy', 0, 5), 'INVALID_PRICE'],
      [limit(2, 1, 'buy', 1.5, 5), 'INVALID_PRICE'],
      [limit(2, 1, 'buy', 100, 0), 'INVALID_QUANTITY'],
      [limit(2, 1, 'buy', 100, -3), 'INVALID_QUANTITY'],
      [limit(2, 1, 'buy', 2 ** 40, 2 ** 20), 'INVALID_QUANTITY'],
      [limit(0, 1, 'buy', 100, 1), 'INVALID_ORDER_ID'],
      [limit(1, 1, 'buy', 100, 1), 'DUPLICATE_ORDER_ID'],
      [market(3, 1, 'sell', 0), 'INVALID_QUANTITY'],
      [{ ...market(3, 1, 'sell', 1), priceLimit: 0 }, 'INVALID_PRICE'],
      [
        { type: 'marketQuote', orderId: 4, userId: 1, quoteAmount: 100, priceLimit: 2.5, time: 1 },
        'INVALID_PRICE',
      ],
      [
        { type: 'marketQuote', orderId: 4, userId: 1, quoteAmount: -1, time: ++clock },
        'INVALID_QUANTITY',
      ],
    ];
    for (const [command, reason] of bad) {
      expect(book.execute(command), reason).toEqual([
        expect.objectContaining({ type: 'rejected', reason }),
      ]);
    }
    expect(book.depth()).toEqual({ bids: [[100, 5]], asks: [] });
    expect(book.size()).toBe(1);
  });

  it('aggregates depth per price and limits the levels', () => {
    const book = make();
    for (let i = 0; i < 6; i += 1) book.execute(limit(i + 1, 1, 'buy', 100 - (i % 3), 1 + i));
    expect(book.depth()).toEqual({
      bids: [
        [100, 1 + 4],
        [99, 2 + 5],
        [98, 3 + 6],
      ],
      asks: [],
    });
    expect(book.depth(2).bids).toHaveLength(2);
  });
});
