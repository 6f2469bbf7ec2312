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
