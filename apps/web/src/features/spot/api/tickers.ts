import { SPOT_PATHS, WS_CHANNELS, type Ticker } from '@quay/core';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { request } from '../../../platform/request/client';
import { useChannel } from '../../../platform/realtime/realtime';

export function fetchTickers(): Promise<Ticker[]> {
  return request<Ticker[]>(SPOT_PATHS.tickers);
}

export const tickersQuery = queryOptions({
  queryKey: ['spot', 'tickers'],
  queryFn: fetchTickers,
  staleTime: 30_000,
});

/** Every market's ticker, as REST gave it and the channels keep it. */
export function useTickers() {
  return useQuery(tickersQuery);
}

export function useTicker(symbol: string): Ticker | undefined {
  const { data } = useTickers();
  return data?.find((t) => t.symbol === symbol);
}

function merge(list: Ticker[] | undefined, changed: Ticker[]): Ticker[] {
  const bySymbol = new Map((list ?? []).map((t) => [t.symbol, t]));
  for (const ticker of changed) {
    const known = bySymbol.get(ticker.symbol);
    // A late push must not move a ticker back in time.
    if (!known || known.time <= ticker.time) bySymbol.set(ticker.symbol, ticker);
  }
  return [...bySymbol.values()];
}

/** Keeps the tickers cache live: every market once a second, the open market on every change. Mount once per page. */
export function useLiveTickers(symbol: string | null): void {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (changed: Ticker[]) =>
      queryClient.setQueryData<Ticker[]>(tickersQuery.queryKey, (list) => merge(list, changed)),
    [queryClient],
  );
  useChannel<Ticker[]>(WS_CHANNELS.tickers, apply);
  useChannel<Ticker>(symbol ? WS_CHANNELS.ticker(symbol) : null, (ticker) => apply([ticker]));
}
