/**
 * The fast order book: price levels in a map, their prices in a sorted array
 * with the best price last (so taking the best is a pop), and the orders of a
 * level in a doubly linked list (first come first). Orders by id and by user
 * in maps, so cancels are O(1) but for removing an emptied level.
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
import { rejectionOf } from './validate';

interface Order {
  orderId: number;
  userId: number;
  side: Side;
  price: number;
  remaining: number;
  filled: number;
  time: number;
  prev: Order | null;
  next: Order | null;
  level: Level;
  /** The user's other live orders, as an intrusive list (cheaper than a set per user). */
  userPrev: Order | null;
  userNext: Order | null;
  /** The user's record, so ending an order needs no map lookup. */
  owner: UserOrders;
}

/** A user's live orders, newest first through `userNext`. */
interface UserOrders {
  newest: Order | null;
}

interface Level {
  price: number;
  head: Order | null;
  tail: Order | null;
  total: number;
}

/** How many emptied levels and ended orders each book keeps for reuse. */
const SPARE_LIMIT = 4096;

/**
 * Levels come and go mostly near the top, the end of the arrays: moving the
 * few after such a level by hand allocates nothing (splice answers a new
 * array); further down, splice's block move is quicker.
 */
const SHIFT_BY_HAND = 16;

/** Slots of each side's levels by price (a power of two): wider than the ticks a book's levels span. */
const PRICE_SLOTS = 4096;

class BookSide {
  /** The levels with the best last (ascending prices for bids, descending for asks): taking the best is a pop. */
  readonly levels: Level[] = [];
  /** Their prices, in the same order, for the binary searches. */
  readonly prices: number[] = [];
  /** Emptied levels kept for reuse: a level comes and goes with every requote, and garbage costs. */
  private readonly spare: Level[] = [];
  /**
   * Live levels by the low bits of their price, so finding the level of a
   * price needs no search: each slot holds a live level or nothing (a level
   * leaves its slot when dropped; one whose slot another price took is found
   * by the search).
   */
  private readonly byPrice = new Array<Level | undefined>(PRICE_SLOTS).fill(undefined);
  private readonly bids: boolean;

  constructor(readonly side: Side) {
    this.bids = side === 'buy';
  }

  best(): Level | undefined {
    const n = this.levels.length;
    return n === 0 ? undefined : this.levels[n - 1];
  }

  /** The index of the first price that has priority over `price` (the level at `price`, if any, is just before). */
  private after(price: number): number {
    const prices = this.prices;
    let lo = 0;
    let hi = prices.length;
    if (this.bids) {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((prices[mid] as number) > price) hi = mid;
        else lo = mid + 1;
      }
    } else {
      while (lo < hi) {
        const mid = (lo + hi) >>> 1;
        if ((prices[mid] as number) < price) hi = mid;
        else lo = mid + 1;
      }
    }
    return lo;
  }

  find(price: number): Level | undefined {
    const cached = this.byPrice[price & (PRICE_SLOTS - 1)];
    if (cached !== undefined && cached.price === price) return cached;
    const at = this.after(price) - 1;
    return at >= 0 && this.prices[at] === price ? this.levels[at] : undefined;
  }

  levelFor(price: number): Level {
    const slot = price & (PRICE_SLOTS - 1);
    const cached = this.byPrice[slot];
    if (cached !== undefined && cached.price === price) return cached;
    const n = this.levels.length;
    const at = this.after(price);
    if (at > 0 && this.prices[at - 1] === price) {
      const found = this.levels[at - 1] as Level;
      this.byPrice[slot] = found;
      return found;
    }
    let level = this.spare.pop();
    if (level) level.price = price;
    else level = { price, head: null, tail: null, total: 0 };
    this.byPrice[slot] = level;
    const prices = this.prices;
    const levels = this.levels;
    if (n - at > SHIFT_BY_HAND) {
      prices.splice(at, 0, price);
      levels.splice(at, 0, level);
      return level;
    }
    prices.push(price);
    levels.push(level);
    for (let i = n; i > at; i -= 1) {
      prices[i] = prices[i - 1] as number;
      levels[i] = levels[i - 1] as Level;
    }
    prices[at] = price;
    levels[at] = level;
    return level;
  }

  dropLevel(level: Level): void {
    const slot = level.price & (PRICE_SLOTS - 1);
    if (this.byPrice[slot] === level) this.byPrice[slot] = undefined;
    level.total = 0;
    if (this.spare.length < SPARE_LIMIT) this.spare.push(level);
    const prices = this.prices;
    const levels = this.levels;
    const last = levels.length - 1;
    if (levels[last] !== level) {
      const at = this.after(level.price) - 1;
      if (last - at > SHIFT_BY_HAND) {
        prices.splice(at, 1);
        levels.splice(at, 1);
        return;
      }
      for (let i = at; i < last; i += 1) {
        prices[i] = prices[i + 1] as number;
        levels[i] = levels[i + 1] as Level;
      }
    }
    prices.pop();
    levels.pop();
  }
}

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
