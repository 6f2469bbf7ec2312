/**
 * The plain order book: every live order in one list, the book sorted anew
 * whenever it is read. Slow and obviously right; the contract suite and the
 * property tests hold the fast book to what this one does.
 */
import {
  opposite,
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

interface Entry extends RestingOrder {
  seq: number;
}

export class ReferenceBook implements OrderBook {
  private entries: Entry[] = [];
  private seq = 0;

  execute(command: Command): EngineEvent[] {
    const events: EngineEvent[] = [];
    const reason = rejectionOf(command, (id) => this.find(id) !== undefined);
    const { time } = command;
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
        if (this.side(opposite(side)).length === 0) {
          events.push(rejected(command, 'NO_LIQUIDITY'));
          break;
        }
        const quantity = command.type === 'market' ? command.quantity : 0;
        events.push({
          type: 'accepted',
          orderId: command.orderId,
          userId: command.userId,
          side,
          price: 0,
          quantity,
          time,
        });
        this.match(
          { orderId: command.orderId, userId: command.userId, side, time },
          command.type === 'market' ? { lots: command.quantity } : { quote: command.quoteAmount },
          command.priceLimit ?? null,
          events,
          'MARKET_REMAINDER',
        );
        break;
      }
      case 'cancel': {
        const entry = this.find(command.orderId);
        if (!entry) {
          events.push(rejected(command, 'ORDER_NOT_FOUND'));
        } else if (entry.userId !== command.userId) {
          events.push(rejected(command, 'NOT_ORDER_OWNER'));
        } else {
          this.remove(entry);
          pushCancelledAndDone(events, entry, 'USER', time);
        }
        break;
      }
      case 'cancelAll': {
        const mine = this.entries
          .filter((e) => e.userId === command.userId)
          .sort((a, b) => a.orderId - b.orderId);
        for (const entry of mine) {
          this.remove(entry);
          pushCancelledAndDone(events, entry, 'USER', time);
        }
        break;
      }
    }
    return events;
  }

  private limit(command: LimitCommand, events: EngineEvent[]): void {
    const { orderId, userId, side, price, quantity, timeInForce, time } = command;
    const reject = (reason: 'POST_ONLY_WOULD_TAKE' | 'FOK_NOT_FILLABLE') =>
      events.push(rejected(command, reason));
    const book = this.side(opposite(side));
    const crosses = (p: number) => (side === 'buy' ? p <= price : p >= price);
    if (timeInForce === 'POST_ONLY' && book[0] && crosses(book[0].price))
      return void reject('POST_ONLY_WOULD_TAKE');
    if (timeInForce === 'FOK') {
      let fillable = 0;
      for (const maker of book) {
        if (!crosses(maker.price) || maker.userId === userId || fillable >= quantity) break;
        fillable += maker.remaining;
      }
      if (fillable < quantity) return void reject('FOK_NOT_FILLABLE');
    }
    events.push({ type: 'accepted', orderId, userId, side, price, quantity, time });
    const left = this.match(
      { orderId, userId, side, time },
      { lots: quantity },
      price,
      events,
      timeInForce === 'GTC' || timeInForce === 'POST_ONLY' ? null : 'IOC_REMAINDER',
    );
    if (left && left.remaining > 0) {
      this.entries.push({
        orderId,
        userId,
        side,
        price,
        remaining: left.remaining,
        filled: left.filled,
        time,
        seq: this.seq++,
      });
    }
  }

  /**
   * Takes liquidity for a taker until it is filled, the book no longer
   * crosses its limit, or it meets its own order (then its rest is
   * cancelled). A market order stopped by its limit has its rest cancelled
   * for price protection. Returns what is left to rest, or null when the
   * taker is done.
   */
  private match(
    taker: { orderId: number; userId: number; side: Side; time: number },
    amount: { lots: number } | { quote: number },
    limit: number | null,
    events: EngineEvent[],
    remainder: 'IOC_REMAINDER' | 'MARKET_REMAINDER' | null,
  ): { remaining: number; filled: number } | null {
    const { time } = taker;
    let lots = 'lots' in amount ? amount.lots : Number.MAX_SAFE_INTEGER;
    let quote = 'quote' in amount ? amount.quote : Number.MAX_SAFE_INTEGER;
    const byQuote = 'quote' in amount;
    let filled = 0;
    let protectedStop = false;
    for (;;) {
      if (lots === 0) break;
      const maker = this.side(opposite(taker.side))[0];
      if (!maker) break;
      const affordable = Math.floor(quote / maker.price);
      if (affordable === 0) break;
      if (limit !== null && (taker.side === 'buy' ? maker.price > limit : maker.price < limit)) {
        protectedStop = remainder === 'MARKET_REMAINDER';
        break;
      }
      if (maker.userId === taker.userId) {
        pushCancelledAndDone(
          events,
          { ...taker, remaining: byQuote ? 0 : lots, filled },
          'SELF_TRADE',
          time,
        );
        return null;
      }
      const quantity = Math.min(lots, maker.remaining, affordable);
      events.push({
        type: 'fill',
        makerOrderId: maker.orderId,
        makerUserId: maker.userId,
        takerOrderId: taker.orderId,
        takerUserId: taker.userId,
        takerSide: taker.side,
        price: maker.price,
        quantity,
        time,
      });
      maker.remaining -= quantity;
      maker.filled += quantity;
      filled += quantity;
      if (!byQuote) lots -= quantity;
      quote -= quantity * maker.price;
      if (maker.remaining === 0) {
        this.remove(maker);
        events.push({
          type: 'done',
          orderId: maker.orderId,
          userId: maker.userId,
          filled: maker.filled,
          time,
        });
      }
    }
    if (protectedStop) {
      const remaining = byQuote ? 0 : lots;
      pushCancelledAndDone(events, { ...taker, remaining, filled }, 'PRICE_PROTECTION', time);
      return null;
    }
    if (byQuote) {
      events.push({ type: 'done', orderId: taker.orderId, userId: taker.userId, filled, time });
      return null;
    }
    if (lots === 0) {
      events.push({ type: 'done', orderId: taker.orderId, userId: taker.userId, filled, time });
      return null;
    }
    if (remainder) {
      pushCancelledAndDone(events, { ...taker, remaining: lots, filled }, remainder, time);
      return null;
    }
    return { remaining: lots, filled };
  }

  /** One side in priority order: best price first, then first come. */
  private side(side: Side): Entry[] {
    return this.entries
      .filter((e) => e.side === side)
      .sort((a, b) =>
        a.price === b.price
          ? a.seq - b.seq
          : side === 'buy'
            ? b.price - a.price
            : a.price - b.price,
      );
  }

  private find(orderId: number): Entry | undefined {
    return this.entries.find((e) => e.orderId === orderId);
  }

  private remove(entry: Entry): void {
    this.entries = this.entries.filter((e) => e !== entry);
  }

  depth(levels = Number.MAX_SAFE_INTEGER): Depth {
    const aggregate = (side: Side) => {
      const out: Array<[number, number]> = [];
      for (const e of this.side(side)) {
        const last = out[out.length - 1];
        if (last && last[0] === e.price) last[1] += e.remaining;
        else if (out.length < levels) out.push([e.price, e.remaining]);
        else break;
      }
      return out;
    };
    return { bids: aggregate('buy'), asks: aggregate('sell') };
  }

  levelQuantity(side: Side, price: number): number {
    let total = 0;
    for (const e of this.side(side)) if (e.price === price) total += e.remaining;
    return total;
  }

  order(orderId: number): RestingOrder | undefined {
    const e = this.find(orderId);
    return (
      e && {
        orderId: e.orderId,
        userId: e.userId,
        side: e.side,
        price: e.price,
        remaining: e.remaining,
        filled: e.filled,
        time: e.time,
      }
    );
  }

  bestBid(): number | undefined {
    return this.side('buy')[0]?.price;
  }

  bestAsk(): number | undefined {
    return this.side('sell')[0]?.price;
  }

  size(): number {
    return this.entries.length;
  }
}
