/**
 * A gateway's copy of a writer's books (ROLE=gateway): loaded whole from the
 * engine, then kept by the engine's book changes, each the next of its
 * market's sequence. A change that does not follow (a new engine took over:
 * its sequences start higher) loads the books again.
 */
import { priceToTicks, type SpotMarketConfig } from '@quay/core';
import type { DepthLevel } from '@quay/core';
import type { BookChange, BookSnapshot } from '../market-events';

interface MirroredBook {
  seq: number;
  /** Price in ticks -> [price, quantity]. */
  bids: Map<number, DepthLevel>;
  asks: Map<number, DepthLevel>;
}

export class BookMirror {
  private readonly books = new Map<string, MirroredBook>();

  /** `configOf`: a market's tick size, to key its levels by whole ticks. */
  constructor(private readonly configOf: (symbol: string) => SpotMarketConfig | undefined) {}

  get loaded(): boolean {
    return this.books.size > 0;
  }

  load(snapshots: readonly BookSnapshot[]): void {
    this.books.clear();
    for (const snapshot of snapshots) {
      const book: MirroredBook = { seq: snapshot.seq, bids: new Map(), asks: new Map() };
      this.books.set(snapshot.symbol, book);
      this.set(snapshot.symbol, book.bids, snapshot.bids);
      this.set(snapshot.symbol, book.asks, snapshot.asks);
    }
  }

  seqOf(symbol: string): number {
    return this.books.get(symbol)?.seq ?? 0;
  }

  /** 'applied', 'old' (already in the copy) or 'gap' (the copy must be loaded again). */
  apply(change: BookChange): 'applied' | 'old' | 'gap' {
    const book = this.books.get(change.symbol);
    if (!book) return 'gap';
    if (change.seq <= book.seq) return 'old';
    if (change.seq !== book.seq + 1) return 'gap';
    this.set(change.symbol, book.bids, change.bids);
    this.set(change.symbol, book.asks, change.asks);
    book.seq = change.seq;
    return 'applied';
  }

  /**
   * Loads the books the engine sent; resolves with the commit sequence the
   * gateway stands at: the books' at start (what they hold is not told
   * again), else `seq` (later, a new engine: every event is told). Each book
   * is told with no level: its sequence jumps, depth subscribers take a
   * fresh snapshot.
   */
  reload(
    books: { seq: number; books: readonly BookSnapshot[] },
    seq: number,
    tell: (at: number, change: BookChange) => void,
  ): number {
    this.load(books.books);
    const at = seq === 0 ? books.seq : seq;
    for (const book of books.books) tell(at, { ...book, bids: [], asks: [] });
    return at;
  }

  /** The changes that follow the copy, applied; `gap` when the books must be loaded again. */
  follow(changes: readonly BookChange[]): { changes: BookChange[]; gap: boolean } {
    const applied: BookChange[] = [];
    let gap = false;
    for (const change of changes) {
      const result = this.apply(change);
      if (result === 'applied') applied.push(change);
      if (result === 'gap') gap = true;
    }
    return { changes: applied, gap };
  }

  book(symbol: string, levels: number): BookSnapshot {
    const book = this.books.get(symbol);
    if (!book) return { symbol, seq: 0, bids: [], asks: [] };
    const side = (map: Map<number, DepthLevel>, desc: boolean) =>
      [...map.entries()]
        .sort((a, b) => (desc ? b[0] - a[0] : a[0] - b[0]))
        .slice(0, levels)
        .map(([, level]) => level);
    return { symbol, seq: book.seq, bids: side(book.bids, true), asks: side(book.asks, false) };
  }

  private set(symbol: string, map: Map<number, DepthLevel>, levels: readonly DepthLevel[]): void {
    const config = this.configOf(symbol);
    if (!config) return;
    for (const level of levels) {
      const ticks = priceToTicks(level[0], config);
      if (ticks === null) continue;
      if (/^0(\.0*)?$/.test(level[1])) map.delete(ticks);
      else map.set(ticks, level);
    }
  }
}
