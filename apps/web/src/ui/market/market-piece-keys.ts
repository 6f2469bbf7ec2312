import type { QueryClient } from '@tanstack/react-query';
import type { KlineInterval } from '@quay/core';
import type { MarketSource } from './market-source';

type Scope = MarketSource['scope'];

/**
 * The cache keys of the shared market pieces' own data (recent trades and
 * klines), kept apart per source scope: the spot pair and the perpetual of
 * the same name are different books.
 */
export const marketPieceKeys = {
  all: (scope: Scope) => ['market-pieces', scope] as const,
  trades: (scope: Scope, symbol: string) =>
    [...marketPieceKeys.all(scope), 'trades', symbol] as const,
  klines: (scope: Scope, symbol: string, interval: KlineInterval) =>
    [...marketPieceKeys.all(scope), 'klines', symbol, interval] as const,
};

/** Trades and klines of one scope, asked again (after the socket reconnects). */
export function invalidateMarketPieces(queryClient: QueryClient, scope: Scope): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: marketPieceKeys.all(scope) });
}
