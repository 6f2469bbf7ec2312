import { FUTURES_CHANNELS, WS_CHANNELS, type PerpTicker, type Ticker } from '@quay/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useChannel } from '../../platform/realtime/realtime';
import { perpTickersQuery, spotTickersQuery } from './market-queries';

export {
  fetchPerpTickers,
  fetchSpotTickers,
  perpTickersQuery,
  spotTickersQuery,
} from './market-queries';

/** A perpetual's ticker before any list gave its mark and funding. */
const EMPTY_MARKS = { markPrice: '', indexPrice: '', fundingRate: '', nextFundingTime: 0 };

/**
 * Tickers with the changed ones put in (`take` makes the cached ticker of a
 * pushed one); a late push never moves a ticker back in time.
 */
export function mergeTickers<T extends Ticker>(
  list: readonly T[] | undefined,
  changed: readonly Ticker[],
  take: (pushed: Ticker, known: T | undefined) => T,
): T[] {
  const bySymbol = new Map((list ?? []).map((t) => [t.symbol, t]));
  for (const ticker of changed) {
    const known = bySymbol.get(ticker.symbol);
    if (known && known.time > ticker.time) continue;
    bySymbol.set(ticker.symbol, take(ticker, known));
  }
  return [...bySymbol.values()];
}

/** A perpetual's plain ticker push keeps the mark and funding the list last gave. */
const perpTickerOf = (pushed: Ticker | PerpTicker, known: PerpTicker | undefined): PerpTicker => ({
  ...(known ?? EMPTY_MARKS),
  ...pushed,
});

/** Every spot market's ticker, as REST gave it and the channels keep it. */
export function useSpotTickers(options: { enabled?: boolean; refetchInterval?: number } = {}) {
  return useQuery({ ...spotTickersQuery, ...options });
}

export function useSpotTicker(symbol: string): Ticker | undefined {
  const { data } = useSpotTickers();
  return data?.find((t) => t.symbol === symbol);
}

/** Every perpetual's ticker, as REST gave it and the channels keep it. */
export function usePerpTickers() {
  return useQuery(perpTickersQuery);
}

export function usePerpTicker(symbol: string): PerpTicker | undefined {
  const { data } = useQuery(perpTickersQuery);
  return data?.find((t) => t.symbol === symbol);
}

/** Keeps the spot tickers live: every market once a second, the open market on every change. Mount once per page. */
export function useLiveSpotTickers(symbol: string | null): void {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (changed: Ticker[]) =>
      queryClient.setQueryData<Ticker[]>(spotTickersQuery.queryKey, (list) =>
        mergeTickers(list, changed, (pushed) => pushed),
      ),
    [queryClient],
  );
  useChannel<Ticker[]>(WS_CHANNELS.tickers, apply);
  useChannel<Ticker>(symbol ? WS_CHANNELS.ticker(symbol) : null, (ticker) => apply([ticker]));
}

/** Keeps the perpetuals' tickers live: every perpetual once a second, the open one (if any) on every change. Mount once per page. */
export function useLivePerpTickers(symbol: string | null): void {
  const queryClient = useQueryClient();
  const apply = useCallback(
    (changed: Array<Ticker | PerpTicker>) =>
      queryClient.setQueryData<PerpTicker[]>(perpTickersQuery.queryKey, (list) =>
        mergeTickers(list, changed, perpTickerOf),
      ),
    [queryClient],
  );
  useChannel<PerpTicker[]>(FUTURES_CHANNELS.tickers, apply);
  useChannel<Ticker>(symbol ? WS_CHANNELS.ticker(symbol) : null, (ticker) => apply([ticker]));
}
