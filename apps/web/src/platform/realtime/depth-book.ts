/**
 * The order book as the `depth:SYMBOL` channel builds it: a snapshot, then
 * deltas whose seq follows the previous push's by exactly one. Any other seq
 * means a push was lost; the book is then out of sync until a new snapshot.
 * Pure: the store around it decides to resubscribe.
 */
import { Decimal, type DepthLevel, type DepthPush } from '@quay/core';

export interface DepthBook {
  /** seq of the last applied push; null before the first snapshot. */
  seq: number | null;
  /** Best first: bids high to low, asks low to high. */
  bids: DepthLevel[];
  asks: DepthLevel[];
  /** False until a snapshot arrives, and again after a gap. */
  synced: boolean;
}

export type DepthVerdict = 'applied' | 'gap' | 'ignored';

export const EMPTY_BOOK: DepthBook = { seq: null, bids: [], asks: [], synced: false };

/** Whether a delta with this seq continues a book whose last seq is `last`. */
export function continuesSequence(last: number | null, seq: number): boolean {
  return last !== null && seq === last + 1;
}

/**
 * Applies changed levels to one side, keeping it sorted best first. A
 * quantity of zero removes the level. Prices compare as decimals, never as
 * floats or strings ('9.5' < '10').
 */
export function applyLevels(
  levels: readonly DepthLevel[],
  changes: readonly DepthLevel[],
  side: 'bids' | 'asks',
): DepthLevel[] {
  const out = levels.slice();
  // Bids: a higher price comes first; asks: a lower one.
  const before = (a: InstanceType<typeof Decimal>, b: InstanceType<typeof Decimal>) =>
    side === 'bids' ? a.gt(b) : a.lt(b);
  for (const [price, quantity] of changes) {
    const p = new Decimal(price);
    let lo = 0;
    let hi = out.length;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      const level = out[mid];
      if (level && before(new Decimal(level[0]), p)) lo = mid + 1;
      else hi = mid;
    }
    const at = out[lo];
    const same = at !== undefined && new Decimal(at[0]).eq(p);
    const remove = new Decimal(quantity).lte(0);
    if (same && remove) out.splice(lo, 1);
    else if (same) out[lo] = [at[0], quantity];
    else if (!remove) out.splice(lo, 0, [price, quantity]);
  }
  return out;
}

/** The next book after one push, and what happened: applied, a gap (resubscribe), or ignored. */
export function applyDepthPush(
  book: DepthBook,
  push: DepthPush,
): { book: DepthBook; verdict: DepthVerdict } {
  if (push.kind === 'snapshot') {
    return {
      book: {
        seq: push.seq,
        bids: applyLevels([], push.bids, 'bids'),
        asks: applyLevels([], push.asks, 'asks'),
        synced: true,
      },
      verdict: 'applied',
    };
  }
  // Deltas before the first snapshot, or while waiting for a new one, belong to nothing.
  if (!book.synced) return { book, verdict: 'ignored' };
  if (!continuesSequence(book.seq, push.seq)) {
    return { book: { ...book, synced: false }, verdict: 'gap' };
  }
  return {
    book: {
      seq: push.seq,
      bids: applyLevels(book.bids, push.bids, 'bids'),
      asks: applyLevels(book.asks, push.asks, 'asks'),
      synced: true,
    },
    verdict: 'applied',
  };
}
