/**
 * One side of the fast book: its levels and their prices in two arrays with
 * the best last, live levels also by the low bits of their price, emptied
 * levels kept for reuse.
 */
import { NIL } from './order-pool';
import type { Side } from './types';

/** A price level: its orders' slots in the order pool, first come first (NIL for none). */
export interface Level {
  price: number;
  head: number;
  tail: number;
  total: number;
}

/** How many emptied levels each side keeps for reuse. */
const SPARE_LIMIT = 4096;

/**
 * Levels come and go mostly near the top, the end of the arrays: moving the
 * few after such a level by hand allocates nothing (splice answers a new
 * array); further down, splice's block move is quicker.
 */
const SHIFT_BY_HAND = 16;

/** Slots of each side's levels by price (a power of two): wider than the ticks a book's levels span. */
const PRICE_SLOTS = 4096;

export class BookSide {
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
    else level = { price, head: NIL, tail: NIL, total: 0 };
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
