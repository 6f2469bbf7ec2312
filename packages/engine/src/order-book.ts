/**
 * The fast order book: each side's levels in an array with the best last (so
 * taking the best is a pop, see book-side.ts), the orders of a level in a
 * doubly linked list (first come first), orders and users by id in tables,
 * so cancels are O(1) but for removing an emptied level.
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
import { OrderIndex } from './order-index';
import { BookSide, SPARE_LIMIT, type Level, type Order, type UserOrders } from './book-side';
import { rejectionOf } from './validate';

export class FastOrderBook implements OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new OrderIndex<Order>();
  /**
   * Each user who has had an order: the newest live one, the rest follow
   * through userNext. A record stays when its user has none left, so the
   * next order needs no insert (one small record per user, as the host keeps).
   */
  private readonly byUser = new OrderIndex<UserOrders>();
  /** The same for user ids the table cannot hold (0, negative, fractional: the hosts number users from 1). */
  private readonly byOtherUser = new Map<number, UserOrders>();
  private readonly isLive = (orderId: number) => this.orders.has(orderId);
  /** Ended orders kept for reuse (nothing outside the book holds one: `order()` answers a copy). */
  private readonly spare: Order[] = [];

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
        const order = this.orders.get(command.orderId);
        if (!order) return [rejected(command, 'ORDER_NOT_FOUND')];
        if (order.userId !== command.userId) return [rejected(command, 'NOT_ORDER_OWNER')];
        order.level.total -= order.remaining;
        this.unlink(order);
        const events = cancelledAndDone(order, 'USER', time);
        this.release(order);
        return events;
      }
      case 'cancelAll': {
        const events: EngineEvent[] = [];
        const mine: Order[] = [];
        for (let o = this.ownerOf(command.userId)?.newest ?? null; o; o = o.userNext) mine.push(o);
        mine.sort((a, b) => a.orderId - b.orderId);
        for (const order of mine) this.cancel(order, 'USER', time, events);
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
      for (let o = level.head; o; o = o.next) {
        if (o.userId === userId) return sum;
        sum += o.remaining;
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
      const maker = level.head as Order;
      if (maker.userId === userId) {
        pushCancelledAndDone(
          events,
          { orderId, userId, remaining: byQuote ? 0 : lots, filled },
          'SELF_TRADE',
          time,
        );
        return 0;
      }
      const quantity = Math.min(lots, maker.remaining, affordable);
      events.push({
        type: 'fill',
        makerOrderId: maker.orderId,
        makerUserId: maker.userId,
        takerOrderId: orderId,
        takerUserId: userId,
        takerSide: side,
        price,
        quantity,
        time,
      });
      maker.remaining -= quantity;
      maker.filled += quantity;
      level.total -= quantity;
      filled += quantity;
      if (!byQuote) lots -= quantity;
      quote -= quantity * price;
      if (maker.remaining === 0) {
        this.unlink(maker);
        events.push({
          type: 'done',
          orderId: maker.orderId,
          userId: maker.userId,
          filled: maker.filled,
          time,
        });
        this.release(maker);
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
    let owner = this.ownerOf(userId);
    if (!owner) {
      owner = { newest: null };
      if (Number.isSafeInteger(userId) && userId > 0) this.byUser.add(userId, owner);
      else this.byOtherUser.set(userId, owner);
    }
    const newest = owner.newest;
    let order = this.spare.pop();
    if (order) {
      order.orderId = orderId;
      order.userId = userId;
      order.side = side;
      order.price = price;
      order.remaining = remaining;
      order.filled = filled;
      order.time = time;
      order.prev = level.tail;
      order.level = level;
      order.userNext = newest;
      order.owner = owner;
    } else {
      order = {
        orderId,
        userId,
        side,
        price,
        remaining,
        filled,
        time,
        prev: level.tail,
        next: null,
        level,
        userPrev: null,
        userNext: newest,
        owner,
      };
    }
    if (level.tail) level.tail.next = order;
    else level.head = order;
    level.tail = order;
    level.total += remaining;
    this.orders.add(orderId, order);
    if (newest) newest.userPrev = order;
    owner.newest = order;
  }

  private cancel(order: Order, reason: CancelReason, time: number, events: EngineEvent[]): void {
    order.level.total -= order.remaining;
    this.unlink(order);
    pushCancelledAndDone(events, order, reason, time);
    this.release(order);
  }

  /** An ended order, unlinked and its events written, kept for the next to rest. */
  private release(order: Order): void {
    if (this.spare.length < SPARE_LIMIT) this.spare.push(order);
  }

  /** Takes an order out of its level, the maps, and its level out of the side when emptied. */
  private unlink(order: Order): void {
    const level = order.level;
    if (order.prev) order.prev.next = order.next;
    else level.head = order.next;
    if (order.next) order.next.prev = order.prev;
    else level.tail = order.prev;
    order.prev = null;
    order.next = null;
    if (!level.head) (order.side === 'buy' ? this.bids : this.asks).dropLevel(level);
    this.orders.delete(order.orderId);
    if (order.userPrev) order.userPrev.userNext = order.userNext;
    else order.owner.newest = order.userNext;
    if (order.userNext) order.userNext.userPrev = order.userPrev;
    order.userPrev = null;
    order.userNext = null;
  }

  private ownerOf(userId: number): UserOrders | undefined {
    return Number.isSafeInteger(userId) && userId > 0
      ? this.byUser.get(userId)
      : this.byOtherUser.get(userId);
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
    const o = this.orders.get(orderId);
    return (
      o && {
        orderId: o.orderId,
        userId: o.userId,
        side: o.side,
        price: o.price,
        remaining: o.remaining,
        filled: o.filled,
        time: o.time,
      }
    );
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
