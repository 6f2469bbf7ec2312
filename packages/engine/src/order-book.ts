/**
 * The fast order book: each side's levels in an array with the best last (so
 * taking the best is a pop, see book-side.ts), the orders in columns of
 * typed arrays (order-pool.ts), those of a level in a doubly linked list of
 * slots (first come first), orders and users by id in tables, so cancels are
 * O(1) but for removing an emptied level.
 * It produces exactly the events of the reference book (contract suite).
 */
import {
  type CancelReason,
  type Command,
  type Depth,
  type EngineEvent,
  type LimitCommand,
  type OrderBook,
  type RestingOrder,
  type Side,
} from './types';
import { cancelledAndDone, pushCancelledAndDone, rejected } from './events';
import { ABSENT, OrderIndex } from './order-index';
import { BUY, NIL, OrderPool, sideCode } from './order-pool';
import { BookSide, type Level } from './book-side';
import { rejectionOf } from './validate';

export class FastOrderBook implements OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly pool = new OrderPool();
  /** Live orders' slots by order id. */
  private readonly orders = new OrderIndex();
  /**
   * Each user who has had an order, by user id: their number, which indexes
   * `newest` (the slot of their newest live order; the rest follow through
   * the pool's userNext). A number stays when its user has none left, so the
   * next order needs no insert (one small record per user, as the host keeps).
   */
  private readonly byUser = new OrderIndex();
  /** The same for user ids the table cannot hold (0, negative, fractional: the hosts number users from 1). */
  private readonly byOtherUser = new Map<number, number>();
  private readonly newest: number[] = [];
  private readonly isLive = (orderId: number) => this.orders.has(orderId);

  // Each path returns an array literal of its first events: an empty array
  // that grows on its first push would allocate room for 17.
  execute(command: Command): EngineEvent[] {
    const reason = rejectionOf(command, this.isLive);
    if (reason) return [rejected(command, reason)];
    const { time } = command;
    switch (command.type) {
      case 'limit':
        return this.limit(command);
      case 'market':
      case 'marketQuote': {
        const side: Side = command.type === 'market' ? command.side : 'buy';
        if (!(side === 'buy' ? this.asks : this.bids).best())
          return [rejected(command, 'NO_LIQUIDITY')];
        const byQuote = command.type === 'marketQuote';
        const events: EngineEvent[] = [
          {
            type: 'accepted',
            orderId: command.orderId,
            userId: command.userId,
            side,
            price: 0,
            quantity: byQuote ? 0 : command.quantity,
            time,
          },
        ];
        this.match(
          command.orderId,
          command.userId,
          side,
          byQuote ? Number.MAX_SAFE_INTEGER : command.quantity,
          byQuote ? command.quoteAmount : Number.MAX_SAFE_INTEGER,
          byQuote,
          command.priceLimit ?? null,
          time,
          events,
          'MARKET_REMAINDER',
        );
        return events;
      }
      case 'cancel': {
        const slot = this.orders.get(command.orderId);
        if (slot === ABSENT) return [rejected(command, 'ORDER_NOT_FOUND')];
        const pool = this.pool;
        if (pool.userId[slot] !== command.userId) return [rejected(command, 'NOT_ORDER_OWNER')];
        const events = cancelledAndDone(
          command.orderId,
          command.userId,
          pool.remaining[slot] as number,
          pool.filled[slot] as number,
          'USER',
          time,
        );
        this.end(slot);
        return events;
      }
      case 'cancelAll': {
        const events: EngineEvent[] = [];
        const pool = this.pool;
        const mine: number[] = [];
        const user = this.userNumber(command.userId);
        if (user !== ABSENT) {
          for (let o = this.newest[user] as number; o !== NIL; o = pool.userNext[o] as number)
            mine.push(o);
        }
        mine.sort((a, b) => (pool.orderId[a] as number) - (pool.orderId[b] as number));
        for (const slot of mine) {
          pushCancelledAndDone(
            events,
            {
              orderId: pool.orderId[slot] as number,
              userId: command.userId,
              remaining: pool.remaining[slot] as number,
              filled: pool.filled[slot] as number,
            },
            'USER',
            time,
          );
          this.end(slot);
        }
        return events;
      }
    }
  }

  private limit(command: LimitCommand): EngineEvent[] {
    const { orderId, userId, side, price, quantity, timeInForce, time } = command;
    const other = side === 'buy' ? this.asks : this.bids;
    const best = other.best();
    // No closure here: this runs on every order, and a function made per call costs.
    if (
      timeInForce === 'POST_ONLY' &&
      best &&
      (side === 'buy' ? best.price <= price : best.price >= price)
    ) {
      return [rejected(command, 'POST_ONLY_WOULD_TAKE')];
    }
    if (timeInForce === 'FOK' && this.fillable(other, userId, price, quantity) < quantity) {
      return [rejected(command, 'FOK_NOT_FILLABLE')];
    }
    const events: EngineEvent[] = [
      { type: 'accepted', orderId, userId, side, price, quantity, time },
    ];
    // Nothing to take: it rests whole (GTC, post-only) or is cancelled whole (IOC, FOK cannot be here).
    if (!best || (side === 'buy' ? best.price > price : best.price < price)) {
      if (timeInForce === 'IOC') {
        events.push(
          {
            type: 'cancelled',
            orderId,
            userId,
            remaining: quantity,
            reason: 'IOC_REMAINDER',
            time,
          },
          { type: 'done', orderId, userId, filled: 0, time },
        );
      } else {
        this.rest(orderId, userId, side, price, quantity, 0, time);
      }
      return events;
    }
    const rests = timeInForce === 'GTC' || timeInForce === 'POST_ONLY';
    const left = this.match(
      orderId,
      userId,
      side,
      quantity,
      Number.MAX_SAFE_INTEGER,
      false,
      price,
      time,
      events,
      rests ? null : 'IOC_REMAINDER',
    );
    if (left > 0) this.rest(orderId, userId, side, price, left, quantity - left, time);
    return events;
  }

  /** Lots a taker could fill within its limit before meeting its own order. */
  private fillable(other: BookSide, userId: number, limit: number, wanted: number): number {
    let sum = 0;
    const levels = other.levels;
    for (let i = levels.length - 1; i >= 0 && sum < wanted; i -= 1) {
      const level = levels[i] as Level;
      if (other.side === 'sell' ? level.price > limit : level.price < limit) break;
      const pool = this.pool;
      for (let o = level.head; o !== NIL; o = pool.next[o] as number) {
        if (pool.userId[o] === userId) return sum;
        sum += pool.remaining[o] as number;
        if (sum >= wanted) return sum;
      }
    }
    return sum;
  }

  /**
   * Takes liquidity; returns the lots left to rest (0 when the taker is done,
   * including when its rest was cancelled). A market order that meets a level
   * beyond its limit has its rest cancelled for price protection.
   */
  private match(
    orderId: number,
    userId: number,
    side: Side,
    lots: number,
    quote: number,
    byQuote: boolean,
    limit: number | null,
    time: number,
    events: EngineEvent[],
    remainder: 'IOC_REMAINDER' | 'MARKET_REMAINDER' | null,
  ): number {
    const other = side === 'buy' ? this.asks : this.bids;
    const pool = this.pool;
    let filled = 0;
    let reason: CancelReason | null = remainder;
    while (lots > 0) {
      const level = other.best();
      if (!level) break;
      const price = level.price;
      // Only an order by quote amount can run out of money before lots.
      const affordable = byQuote ? Math.floor(quote / price) : lots;
      if (affordable === 0) break;
      if (limit !== null && (side === 'buy' ? price > limit : price < limit)) {
        if (remainder === 'MARKET_REMAINDER') reason = 'PRICE_PROTECTION';
        break;
      }
      const maker = level.head;
      const makerUserId = pool.userId[maker] as number;
      if (makerUserId === userId) {
        pushCancelledAndDone(
          events,
          { orderId, userId, remaining: byQuote ? 0 : lots, filled },
          'SELF_TRADE',
          time,
        );
        return 0;
      }
      const makerOrderId = pool.orderId[maker] as number;
      const makerRemaining = pool.remaining[maker] as number;
      const quantity = Math.min(lots, makerRemaining, affordable);
      events.push({
        type: 'fill',
        makerOrderId,
        makerUserId,
        takerOrderId: orderId,
        takerUserId: userId,
        takerSide: side,
        price,
        quantity,
        time,
      });
      const makerFilled = (pool.filled[maker] as number) + quantity;
      pool.remaining[maker] = makerRemaining - quantity;
      pool.filled[maker] = makerFilled;
      level.total -= quantity;
      filled += quantity;
      if (!byQuote) lots -= quantity;
      quote -= quantity * price;
      if (makerRemaining === quantity) {
        events.push({
          type: 'done',
          orderId: makerOrderId,
          userId: makerUserId,
          filled: makerFilled,
          time,
        });
        this.end(maker);
      }
    }
    if (reason === 'PRICE_PROTECTION') {
      const remaining = byQuote ? 0 : lots;
      pushCancelledAndDone(events, { orderId, userId, remaining, filled }, reason, time);
      return 0;
    }
    if (byQuote || lots === 0) {
      events.push({ type: 'done', orderId, userId, filled, time });
      return 0;
    }
    if (reason) {
      pushCancelledAndDone(events, { orderId, userId, remaining: lots, filled }, reason, time);
      return 0;
    }
    return lots;
  }

  private rest(
    orderId: number,
    userId: number,
    side: Side,
    price: number,
    remaining: number,
    filled: number,
    time: number,
  ): void {
    const level = (side === 'buy' ? this.bids : this.asks).levelFor(price);
    let user = this.userNumber(userId);
    if (user === ABSENT) {
      user = this.newest.length;
      this.newest.push(NIL);
      if (Number.isSafeInteger(userId) && userId > 0) this.byUser.add(userId, user);
      else this.byOtherUser.set(userId, user);
    }
    const newest = this.newest[user] as number;
    // Take the slot before reading the columns: taking one may grow them.
    const slot = this.pool.take();
    const pool = this.pool;
    pool.orderId[slot] = orderId;
    pool.userId[slot] = userId;
    pool.side[slot] = sideCode(side);
    pool.price[slot] = price;
    pool.remaining[slot] = remaining;
    pool.filled[slot] = filled;
    pool.time[slot] = time;
    const tail = level.tail;
    pool.prev[slot] = tail;
    pool.next[slot] = NIL;
    if (tail !== NIL) pool.next[tail] = slot;
    else level.head = slot;
    level.tail = slot;
    level.total += remaining;
    pool.owner[slot] = user;
    pool.userPrev[slot] = NIL;
    pool.userNext[slot] = newest;
    if (newest !== NIL) pool.userPrev[newest] = slot;
    this.newest[user] = slot;
    this.orders.add(orderId, slot);
  }

  /**
   * Takes an ended order out of its level (its rest off the level's total; a
   * filled one has none left), the level out of its side when emptied, the
   * order out of the tables and its user's list; frees its slot.
   */
  private end(slot: number): void {
    const pool = this.pool;
    const side = pool.side[slot] === BUY ? this.bids : this.asks;
    const level = side.find(pool.price[slot] as number) as Level;
    level.total -= pool.remaining[slot] as number;
    const prev = pool.prev[slot] as number;
    const next = pool.next[slot] as number;
    if (prev !== NIL) pool.next[prev] = next;
    else level.head = next;
    if (next !== NIL) pool.prev[next] = prev;
    else level.tail = prev;
    if (level.head === NIL) side.dropLevel(level);
    this.orders.delete(pool.orderId[slot] as number);
    const userPrev = pool.userPrev[slot] as number;
    const userNext = pool.userNext[slot] as number;
    if (userPrev !== NIL) pool.userNext[userPrev] = userNext;
    else this.newest[pool.owner[slot] as number] = userNext;
    if (userNext !== NIL) pool.userPrev[userNext] = userPrev;
    pool.free(slot);
  }

  /** The user's number, or ABSENT if they have never had an order here. */
  private userNumber(userId: number): number {
    return Number.isSafeInteger(userId) && userId > 0
      ? this.byUser.get(userId)
      : (this.byOtherUser.get(userId) ?? ABSENT);
  }

  private book(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  depth(levels = Number.MAX_SAFE_INTEGER): Depth {
    const read = (side: BookSide) => {
      const out: Array<[number, number]> = [];
      for (let i = side.levels.length - 1; i >= 0 && out.length < levels; i -= 1) {
        const level = side.levels[i] as Level;
        out.push([level.price, level.total]);
      }
      return out;
    };
    return { bids: read(this.bids), asks: read(this.asks) };
  }

  levelQuantity(side: Side, price: number): number {
    return this.book(side).find(price)?.total ?? 0;
  }

  order(orderId: number): RestingOrder | undefined {
    const slot = this.orders.get(orderId);
    if (slot === ABSENT) return undefined;
    const pool = this.pool;
    return {
      orderId,
      userId: pool.userId[slot] as number,
      side: pool.side[slot] === BUY ? 'buy' : 'sell',
      price: pool.price[slot] as number,
      remaining: pool.remaining[slot] as number,
      filled: pool.filled[slot] as number,
      time: pool.time[slot] as number,
    };
  }

  bestBid(): number | undefined {
    return this.bids.best()?.price;
  }

  bestAsk(): number | undefined {
    return this.asks.best()?.price;
  }

  size(): number {
    return this.orders.size;
  }
}
