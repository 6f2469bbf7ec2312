/**
 * The fast order book: price levels in a map, their prices in a sorted array
 * with the best price last (so taking the best is a pop), and the orders of a
 * level in a doubly linked list (first come first). Orders by id and by user
 * in maps, so cancels are O(1) but for removing an emptied level.
 * It produces exactly the events of the reference book (contract suite).
 */
import {
  opposite,
  type CancelReason,
  type Command,
  type Depth,
  type EngineEvent,
  type LimitCommand,
  type OrderBook,
  type RestingOrder,
  type Side,
} from './types';
import { pushCancelledAndDone, rejected } from './events';
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

class BookSide {
  readonly levels = new Map<number, Level>();
  /** Emptied levels kept for reuse: a level comes and goes with every requote, and garbage costs. */
  private readonly spare: Level[] = [];
  /** Prices with the best last: ascending for bids, descending for asks. */
  readonly prices: number[] = [];

  constructor(readonly side: Side) {}

  /** Whether price a has priority over price b on this side. */
  private better(a: number, b: number): boolean {
    return this.side === 'buy' ? a > b : a < b;
  }

  best(): Level | undefined {
    const price = this.prices[this.prices.length - 1];
    return price === undefined ? undefined : this.levels.get(price);
  }

  levelFor(price: number): Level {
    let level = this.levels.get(price);
    if (level) return level;
    level = this.spare.pop();
    if (level) level.price = price;
    else level = { price, head: null, tail: null, total: 0 };
    this.levels.set(price, level);
    // Binary search for the first index whose price is better than this one.
    const prices = this.prices;
    let lo = 0;
    let hi = prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(prices[mid] as number, price)) hi = mid;
      else lo = mid + 1;
    }
    if (lo === prices.length) prices.push(price);
    else prices.splice(lo, 0, price);
    return level;
  }

  dropLevel(level: Level): void {
    this.levels.delete(level.price);
    level.total = 0;
    if (this.spare.length < SPARE_LIMIT) this.spare.push(level);
    const prices = this.prices;
    const last = prices.length - 1;
    if (prices[last] === level.price) {
      prices.pop();
      return;
    }
    let lo = 0;
    let hi = prices.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      if (this.better(prices[mid] as number, level.price)) hi = mid;
      else lo = mid + 1;
    }
    // lo is just after the level's price.
    prices.splice(lo - 1, 1);
  }
}

export class FastOrderBook implements OrderBook {
  private readonly bids = new BookSide('buy');
  private readonly asks = new BookSide('sell');
  private readonly orders = new Map<number, Order>();
  /** Each user with live orders: the newest, the rest follow through userNext. */
  private readonly byUser = new Map<number, UserOrders>();
  private readonly isLive = (orderId: number) => this.orders.has(orderId);
  /** Ended orders kept for reuse (nothing outside the book holds one: `order()` answers a copy). */
  private readonly spare: Order[] = [];

  execute(command: Command): EngineEvent[] {
    const events: EngineEvent[] = [];
    const { time } = command;
    const reason = rejectionOf(command, this.isLive);
    if (reason) {
      events.push(rejected(command, reason));
      return events;
    }
    switch (command.type) {
      case 'limit':
        this.limit(command, events);
        break;
      case 'market':
      case 'marketQuote': {
        const side: Side = command.type === 'market' ? command.side : 'buy';
        if (!this.book(opposite(side)).best()) {
          events.push(rejected(command, 'NO_LIQUIDITY'));
          break;
        }
        const byQuote = command.type === 'marketQuote';
        events.push({
          type: 'accepted',
          orderId: command.orderId,
          userId: command.userId,
          side,
          price: 0,
          quantity: byQuote ? 0 : command.quantity,
          time,
        });
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
        break;
      }
      case 'cancel': {
        const order = this.orders.get(command.orderId);
        if (!order) {
          events.push(rejected(command, 'ORDER_NOT_FOUND'));
        } else if (order.userId !== command.userId) {
          events.push(rejected(command, 'NOT_ORDER_OWNER'));
        } else {
          this.cancel(order, 'USER', time, events);
        }
        break;
      }
      case 'cancelAll': {
        const mine: Order[] = [];
        for (let o = this.byUser.get(command.userId)?.newest ?? null; o; o = o.userNext)
          mine.push(o);
        mine.sort((a, b) => a.orderId - b.orderId);
        for (const order of mine) this.cancel(order, 'USER', time, events);
        break;
      }
    }
    return events;
  }

  private limit(command: LimitCommand, events: EngineEvent[]): void {
    const { orderId, userId, side, price, quantity, timeInForce, time } = command;
    const other = this.book(opposite(side));
    const best = other.best();
    // No closure here: this runs on every order, and a function made per call costs.
    if (
      timeInForce === 'POST_ONLY' &&
      best &&
      (side === 'buy' ? best.price <= price : best.price >= price)
    ) {
      events.push(rejected(command, 'POST_ONLY_WOULD_TAKE'));
      return;
    }
    if (timeInForce === 'FOK' && this.fillable(other, userId, price, quantity) < quantity) {
      events.push(rejected(command, 'FOK_NOT_FILLABLE'));
      return;
    }
    events.push({ type: 'accepted', orderId, userId, side, price, quantity, time });
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
  }

  /** Lots a taker could fill within its limit before meeting its own order. */
  private fillable(other: BookSide, userId: number, limit: number, wanted: number): number {
    let sum = 0;
    const prices = other.prices;
    for (let i = prices.length - 1; i >= 0 && sum < wanted; i -= 1) {
      const price = prices[i] as number;
      if (other.side === 'sell' ? price > limit : price < limit) break;
      for (let o = (other.levels.get(price) as Level).head; o; o = o.next) {
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
    const other = this.book(opposite(side));
    let filled = 0;
    let reason: CancelReason | null = remainder;
    while (lots > 0) {
      const level = other.best();
      if (!level) break;
      const price = level.price;
      const affordable = Math.floor(quote / price);
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
    const level = this.book(side).levelFor(price);
    let owner = this.byUser.get(userId);
    if (!owner) {
      owner = { newest: null };
      this.byUser.set(userId, owner);
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
    this.orders.set(orderId, order);
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
    if (!level.head) this.book(order.side).dropLevel(level);
    this.orders.delete(order.orderId);
    if (order.userPrev) order.userPrev.userNext = order.userNext;
    else if (order.userNext) order.owner.newest = order.userNext;
    else this.byUser.delete(order.userId);
    if (order.userNext) order.userNext.userPrev = order.userPrev;
    order.userPrev = null;
    order.userNext = null;
  }

  private book(side: Side): BookSide {
    return side === 'buy' ? this.bids : this.asks;
  }

  depth(levels = Number.MAX_SAFE_INTEGER): Depth {
    const read = (side: BookSide) => {
      const out: Array<[number, number]> = [];
      for (let i = side.prices.length - 1; i >= 0 && out.length < levels; i -= 1) {
        const price = side.prices[i] as number;
        out.push([price, (side.levels.get(price) as Level).total]);
      }
      return out;
    };
    return { bids: read(this.bids), asks: read(this.asks) };
  }

  levelQuantity(side: Side, price: number): number {
    return this.book(side).levels.get(price)?.total ?? 0;
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
