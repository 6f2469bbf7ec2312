/**
 * The fast order book: each side's levels in an array with the best last (so
 * taking the best is a pop, see book-side.ts), the orders as records of one
 * buffer (order-pool.ts), those of a level in a doubly linked list of
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
import {
  BUY,
  F64_STRIDE,
  FILLED,
  I32_STRIDE,
  NEXT,
  NIL,
  ORDER_ID,
  OWNER,
  OrderPool,
  PREV,
  PRICE,
  REMAINING,
  SIDE,
  TIME,
  USER_NEXT,
  USER_PREV,
  sideCode,
} from './order-pool';
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
   * the records' USER_NEXT) and `userIds`. A number stays when its user has
   * none left, so the next order needs no insert (one small record per user,
   * as the host keeps).
   */
  private readonly byUser = new OrderIndex();
  /** The same for user ids the table cannot hold (0, negative, fractional: the hosts number users from 1). */
  private readonly byOtherUser = new Map<number, number>();
  private readonly newest: number[] = [];
  /** Each user number's user id: an order's record holds the number, not the id. */
  private readonly userIds: number[] = [];
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
        if (this.userIdOf(slot) !== command.userId) return [rejected(command, 'NOT_ORDER_OWNER')];
        const f64 = this.pool.f64;
        const at = slot * F64_STRIDE;
        const events = cancelledAndDone(
          command.orderId,
          command.userId,
          f64[at + REMAINING] as number,
          f64[at + FILLED] as number,
          'USER',
          time,
        );
        this.end(slot);
        return events;
      }
      case 'cancelAll': {
        const events: EngineEvent[] = [];
        const { f64, i32 } = this.pool;
        const mine: number[] = [];
        const user = this.userNumber(command.userId);
        if (user !== ABSENT) {
          for (
            let o = this.newest[user] as number;
            o !== NIL;
            o = i32[o * I32_STRIDE + USER_NEXT] as number
          )
            mine.push(o);
        }
        const idOf = (slot: number) => f64[slot * F64_STRIDE + ORDER_ID] as number;
        mine.sort((a, b) => idOf(a) - idOf(b));
        for (const slot of mine) {
          const at = slot * F64_STRIDE;
          pushCancelledAndDone(
            events,
            {
              orderId: f64[at + ORDER_ID] as number,
              userId: command.userId,
              remaining: f64[at + REMAINING] as number,
              filled: f64[at + FILLED] as number,
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
      const { f64, i32 } = this.pool;
      for (let o = level.head; o !== NIL; o = i32[o * I32_STRIDE + NEXT] as number) {
        if (this.userIdOf(o) === userId) return sum;
        sum += f64[o * F64_STRIDE + REMAINING] as number;
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
    const f64 = this.pool.f64;
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
      const at = maker * F64_STRIDE;
      const makerUserId = this.userIdOf(maker);
      if (makerUserId === userId) {
        pushCancelledAndDone(
          events,
          { orderId, userId, remaining: byQuote ? 0 : lots, filled },
          'SELF_TRADE',
          time,
        );
        return 0;
      }
      const makerOrderId = f64[at + ORDER_ID] as number;
      const makerRemaining = f64[at + REMAINING] as number;
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
      const makerFilled = (f64[at + FILLED] as number) + quantity;
      f64[at + REMAINING] = makerRemaining - quantity;
      f64[at + FILLED] = makerFilled;
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
      this.userIds.push(userId);
      if (Number.isSafeInteger(userId) && userId > 0) this.byUser.add(userId, user);
      else this.byOtherUser.set(userId, user);
    }
    const newest = this.newest[user] as number;
    // Take the slot before reading the records: taking one may replace them.
    const slot = this.pool.take();
    const { f64, i32 } = this.pool;
    const at = slot * F64_STRIDE;
    const link = slot * I32_STRIDE;
    f64[at + ORDER_ID] = orderId;
    f64[at + PRICE] = price;
    f64[at + REMAINING] = remaining;
    f64[at + FILLED] = filled;
    f64[at + TIME] = time;
    const tail = level.tail;
    i32[link + PREV] = tail;
    i32[link + NEXT] = NIL;
    if (tail !== NIL) i32[tail * I32_STRIDE + NEXT] = slot;
    else level.head = slot;
    level.tail = slot;
    level.total += remaining;
    i32[link + USER_PREV] = NIL;
    i32[link + USER_NEXT] = newest;
    i32[link + OWNER] = user;
    i32[link + SIDE] = sideCode(side);
    if (newest !== NIL) i32[newest * I32_STRIDE + USER_PREV] = slot;
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
    const { f64, i32 } = pool;
    const at = slot * F64_STRIDE;
    const link = slot * I32_STRIDE;
    const side = i32[link + SIDE] === BUY ? this.bids : this.asks;
    const level = side.find(f64[at + PRICE] as number) as Level;
    level.total -= f64[at + REMAINING] as number;
    const prev = i32[link + PREV] as number;
    const next = i32[link + NEXT] as number;
    if (prev !== NIL) i32[prev * I32_STRIDE + NEXT] = next;
    else level.head = next;
    if (next !== NIL) i32[next * I32_STRIDE + PREV] = prev;
    else level.tail = prev;
    if (level.head === NIL) side.dropLevel(level);
    this.orders.delete(f64[at + ORDER_ID] as number);
    const userPrev = i32[link + USER_PREV] as number;
    const userNext = i32[link + USER_NEXT] as number;
    if (userPrev !== NIL) i32[userPrev * I32_STRIDE + USER_NEXT] = userNext;
    else this.newest[i32[link + OWNER] as number] = userNext;
    if (userNext !== NIL) i32[userNext * I32_STRIDE + USER_PREV] = userPrev;
    pool.free(slot);
  }

  /** The user id of the order in a slot. */
  private userIdOf(slot: number): number {
    return this.userIds[this.pool.i32[slot * I32_STRIDE + OWNER] as number] as number;
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
    const { f64, i32 } = this.pool;
    const at = slot * F64_STRIDE;
    return {
      orderId,
      userId: this.userIdOf(slot),
      side: i32[slot * I32_STRIDE + SIDE] === BUY ? 'buy' : 'sell',
      price: f64[at + PRICE] as number,
      remaining: f64[at + REMAINING] as number,
      filled: f64[at + FILLED] as number,
      time: f64[at + TIME] as number,
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
