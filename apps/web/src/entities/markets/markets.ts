import { useQuery, type QueryClient } from '@tanstack/react-query';
import { marketKeys, type MarketSide } from './market-keys';
import { perpMarketsQuery, spotMarketsQuery } from './market-queries';

export {
  fetchPerpMarkets,
  fetchSpotMarkets,
  perpMarketsQuery,
  spotMarketsQuery,
} from './market-queries';

/** The spot pairs with their steps, precisions and fees. */
export function useSpotMarkets() {
  return useQuery(spotMarketsQuery);
}

/** The perpetuals with their steps, precisions, fees and leverage tiers. */
export function usePerpMarkets() {
  return useQuery(perpMarketsQuery);
}

/** One side's list and tickers, asked again (after the socket reconnects). */
export function invalidateMarkets(queryClient: QueryClient, side: MarketSide): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: marketKeys.side(side) });
}
