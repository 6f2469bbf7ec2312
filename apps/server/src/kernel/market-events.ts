/**
 * What the engine host tells the rest of the server after each committed
 * batch: trades and book changes per market. Market data (tickers, klines,
 * depth channels) and the simulator listen here; nothing is told before the
 * batch that caused it is durable.
 */
import type { DepthLevel, OrderSide } from '@quay/core';

export interface MarketTrade {
  /** Fill id, unique across markets. */
  id: string;
  symbol: string;
  price: string;
  quantity: string;
  quoteQuantity: string;
  /** The taker's side. */
  side: OrderSide;
  time: number;
}

/** Levels of one market that changed in a batch, with their new totals ('0' when gone). */
export interface BookChange {
  symbol: string;
  /** The book's sequence after this change; the one before was seq - 1. */
  seq: number;
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface BookSnapshot {
  symbol: string;
  seq: number;
  /** Best first, raw tick levels. */
  bids: DepthLevel[];
  asks: DepthLevel[];
}

export interface MarketEvents {
  onTrades(listener: (trades: MarketTrade[]) => void): () => void;
  onBookChange(listener: (change: BookChange) => void): () => void;
  /** The book as it stands now, the `levels` best on each side. */
  book(symbol: string, levels: number): BookSnapshot;
}

/** The listeners of one kind of event; one that throws is reported and the others are still told. */
export class Listeners<T> {
  private readonly listeners = new Set<(value: T) => void>();

  constructor(private readonly onError: (err: unknown) => void) {}

  add(listener: (value: T) => void): () => void {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  }

  tell(value: T): void {
    for (const listener of this.listeners) {
      try {
        listener(value);
      } catch (err) {
        this.onError(err);
      }
    }
  }
}

/** A batch's touched book levels, per market: `b:<ticks>` or `s:<ticks>`. */
export class TouchedLevels {
  readonly bySymbol = new Map<string, Set<string>>();

  touch(symbol: string, side: OrderSide, priceTicks: number): void {
    let set = this.bySymbol.get(symbol);
    if (!set) this.bySymbol.set(symbol, (set = new Set()));
    set.add(`${side === 'buy' ? 'b' : 's'}:${priceTicks}`);
  }

  /**
   * Each market's change, its levels at their totals now (`level` reads one
   * from the book); the market's book sequence moves on by one. Markets the
   * host does not hold are left out.
   */
  changes(
    books: ReadonlyMap<string, { seq: number }>,
    level: (symbol: string, side: OrderSide, priceTicks: number) => DepthLevel,
  ): BookChange[] {
    const changes: BookChange[] = [];
    for (const [symbol, keys] of this.bySymbol) {
      const book = books.get(symbol);
      if (!book) continue;
      book.seq += 1;
      const change: BookChange = { symbol, seq: book.seq, bids: [], asks: [] };
      for (const key of keys) {
        const side: OrderSide = key.startsWith('b') ? 'buy' : 'sell';
        const priceTicks = Number(key.slice(2));
        (side === 'buy' ? change.bids : change.asks).push(level(symbol, side, priceTicks));
      }
      changes.push(change);
    }
    return changes;
  }
}

/** What both engine hosts tell market data: their trades and book changes, to any number of listeners. */
export abstract class MarketEventSource implements MarketEvents {
  protected readonly tradeListeners: Listeners<MarketTrade[]>;
  protected readonly bookListeners: Listeners<BookChange>;

  constructor(protected readonly onListenerError: (err: unknown) => void) {
    this.tradeListeners = new Listeners(onListenerError);
    this.bookListeners = new Listeners(onListenerError);
  }

  onTrades(listener: (trades: MarketTrade[]) => void): () => void {
    return this.tradeListeners.add(listener);
  }

  onBookChange(listener: (change: BookChange) => void): () => void {
    return this.bookListeners.add(listener);
  }

  abstract book(symbol: string, levels: number): BookSnapshot;
}
