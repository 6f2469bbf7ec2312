/**
 * Test support: MarketEvents fed by hand. A test sets the book and sends
 * trades and book changes exactly as the engine host would after a commit.
 */
import type { DepthLevel } from '@quay/core';
import type { BookChange, BookSnapshot, MarketEvents, MarketTrade } from '../kernel/market-events';

export class HandFedMarketEvents implements MarketEvents {
  private readonly tradeListeners = new Set<(trades: MarketTrade[]) => void>();
  private readonly bookListeners = new Set<(change: BookChange) => void>();
  private readonly books = new Map<string, BookSnapshot>();
  private nextTradeId = 1;
  bookReads = 0;

  onTrades(listener: (trades: MarketTrade[]) => void): () => void {
    this.tradeListeners.add(listener);
    return () => this.tradeListeners.delete(listener);
  }

  onBookChange(listener: (change: BookChange) => void): () => void {
    this.bookListeners.add(listener);
    return () => this.bookListeners.delete(listener);
  }

  book(symbol: string, levels: number): BookSnapshot {
    this.bookReads += 1;
    const book = this.books.get(symbol) ?? { symbol, seq: 0, bids: [], asks: [] };
    return { ...book, bids: book.bids.slice(0, levels), asks: book.asks.slice(0, levels) };
  }

  setBook(symbol: string, seq: number, bids: DepthLevel[], asks: DepthLevel[]): void {
    this.books.set(symbol, { symbol, seq, bids, asks });
  }

  /** Tells listeners of a change and applies it to the book (best first on each side). */
  change(change: BookChange): void {
    const book = this.books.get(change.symbol) ?? {
      symbol: change.symbol,
      seq: 0,
      bids: [],
      asks: [],
    };
    const merge = (levels: DepthLevel[], updates: DepthLevel[], bids: boolean) => {
      const map = new Map(levels.map(([p, q]) => [p, q]));
      for (const [p, q] of updates) {
        if (Number(q) === 0) map.delete(p);
        else map.set(p, q);
      }
      return [...map.entries()].sort((a, b) =>
        bids ? Number(b[0]) - Number(a[0]) : Number(a[0]) - Number(b[0]),
      );
    };
    this.books.set(change.symbol, {
      symbol: change.symbol,
      seq: change.seq,
      bids: merge(book.bids, change.bids, true),
      asks: merge(book.asks, change.asks, false),
    });
    for (const listener of this.bookListeners) listener(change);
  }

  /** Sends trades as one committed batch; ids are filled in when missing. */
  trades(list: Array<Omit<MarketTrade, 'id'> & { id?: string }>): MarketTrade[] {
    const batch = list.map((t) => ({ ...t, id: t.id ?? String(this.nextTradeId++) }));
    for (const listener of this.tradeListeners) listener(batch);
    return batch;
  }
}
