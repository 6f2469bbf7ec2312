/**
 * Where the shared market pieces (chart, order book, recent trades) read
 * from: the spot markets or the perpetuals. Each trading page provides its
 * source; the pieces never name a feature.
 */
import type { Ticker } from '@quay/core';
import { createContext, useContext } from 'react';

export interface MarketSource {
  /** Keeps the two kinds' caches apart. */
  scope: 'spot' | 'futures';
  klinesPath: string;
  tradesPath: string;
  /** The live ticker of a market (the page keeps it live). */
  useTicker: (symbol: string) => Ticker | undefined;
}

const MarketSourceContext = createContext<MarketSource | null>(null);

export const MarketSourceProvider = MarketSourceContext.Provider;

export function useMarketSource(): MarketSource {
  const source = useContext(MarketSourceContext);
  if (!source) throw new Error('a market piece is used outside a MarketSourceProvider');
  return source;
}
