import { WS_CHANNELS, type PublicTrade } from '@quay/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { request } from '../../platform/request/client';
import { useChannel } from '../../platform/realtime/realtime';
import { marketPieceKeys } from './market-piece-keys';
import { useMarketSource, type MarketSource } from './market-source';

/** How many trades the list keeps. */
export const TRADES_KEPT = 60;

/** Recent trades, newest first. */
export async function fetchTrades(path: string, symbol: string): Promise<PublicTrade[]> {
  const trades = await request<PublicTrade[]>(path, {
    params: { symbol, limit: String(TRADES_KEPT) },
  });
  return [...trades].sort((a, b) => b.time - a.time).slice(0, TRADES_KEPT);
}

export const tradesQuery = (source: MarketSource, symbol: string) =>
  queryOptions({
    queryKey: marketPieceKeys.trades(source.scope, symbol),
    queryFn: () => fetchTrades(source.tradesPath, symbol),
    staleTime: Infinity,
  });

/** Recent trades of a market, newest first, live from `trades:SYMBOL`. */
export function useRecentTrades(symbol: string) {
  const queryClient = useQueryClient();
  const source = useMarketSource();
  const query = useQuery(tradesQuery(source, symbol));
  useChannel<PublicTrade[]>(WS_CHANNELS.trades(symbol), (pushed) => {
    queryClient.setQueryData<PublicTrade[]>(tradesQuery(source, symbol).queryKey, (list = []) => {
      const seen = new Set(list.map((t) => t.id));
      // Pushes list the newest last.
      const fresh = pushed.filter((t) => !seen.has(t.id)).reverse();
      return [...fresh, ...list].slice(0, TRADES_KEPT);
    });
  });
  return query;
}
