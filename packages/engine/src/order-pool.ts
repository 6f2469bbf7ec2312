/**
 * The fast book's resting orders, one column per field (typed arrays), each
 * order named by its slot. A deep book holds hundreds of thousands of
 * orders: as objects each would be allocated (mostly straight into the old
 * generation, since they live long), traced by every major collection and
 * reached through pointers; as slots they cost a few array writes, and a
 * freed slot is the next order's.
 *
 * Links (a level's FIFO, a user's orders) are slots too, NIL for none.
 * Quantities and ids are safe integers, so their columns are Float64Array.
 */
import type { Side } from './types';

/** No order: the end of a list. */
export const NIL = -1;

const FIRST_CAPACITY = 1024;

export const BUY = 0;
export const SELL = 1;

export function sideCode(side: Side): number {
  return side === 'buy' ? BUY : SELL;
}

export class OrderPool {
  private capacity = FIRST_CAPACITY;
  orderId = new Float64Array(FIRST_CAPACITY);
  userId = new Float64Array(FIRST_CAPACITY);
  price = new Float64Array(FIRST_CAPACITY);
  remaining = new Float64Array(FIRST_CAPACITY);
  filled = new Float64Array(FIRST_CAPACITY);
  time = new Float64Array(FIRST_CAPACITY);
  /** BUY or SELL. */
  side = new Uint8Array(FIRST_CAPACITY);
  /** The level's FIFO: older and newer orders at the same price. */
  prev = new Int32Array(FIRST_CAPACITY);
  next = new Int32Array(FIRST_CAPACITY);
  /** The user's live orders, newest first through `userNext`. */
  userPrev = new Int32Array(FIRST_CAPACITY);
  userNext = new Int32Array(FIRST_CAPACITY);
  /** The user's number (see FastOrderBook's users). */
  owner = new Int32Array(FIRST_CAPACITY);
  /** Slots never used, from `used` up, and freed ones linked through `next` from `freed`. */
  private used = 0;
  private freed = NIL;

  /** A slot for a new order; its fields are the caller's to set. */
  take(): number {
    const slot = this.freed;
    if (slot !== NIL) {
      this.freed = this.next[slot] as number;
      return slot;
    }
    if (this.used === this.capacity) this.grow();
    const fresh = this.used;
    this.used += 1;
    return fresh;
  }

  /** An ended order's slot, unlinked from its level and its user, for the next order. */
  free(slot: number): void {
    this.next[slot] = this.freed;
    this.freed = slot;
  }

  /** Fourfold: every growth copies every column, and fewer, larger steps copy less in all. */
  private grow(): void {
    const capacity = this.capacity * 4;
    const f64 = (old: Float64Array) => {
      const column = new Float64Array(capacity);
      column.set(old);
      return column;
    };
    const i32 = (old: Int32Array) => {
      const column = new Int32Array(capacity);
      column.set(old);
      return column;
    };
    this.orderId = f64(this.orderId);
    this.userId = f64(this.userId);
    this.price = f64(this.price);
    this.remaining = f64(this.remaining);
    this.filled = f64(this.filled);
    this.time = f64(this.time);
    const side = new Uint8Array(capacity);
    side.set(this.side);
    this.side = side;
    this.prev = i32(this.prev);
    this.next = i32(this.next);
    this.userPrev = i32(this.userPrev);
    this.userNext = i32(this.userNext);
    this.owner = i32(this.owner);
    this.capacity = capacity;
  }
}
