import type { QueryClient } from '@tanstack/react-query';
import type { TradeFilter } from '../history-filter';

/**
 * Every cache key of the user's perpetual positions: the held positions
 * (the trading screen and the futures wallet read the same list) and the
 * funding payments they received or paid, as the trading screen's recent
 * list or as a filtered page of the records.
 */
export const positionKeys = {
  all: ['positions'] as const,
  held: () => [...positionKeys.all, 'held'] as const,
  funding: () => [...positionKeys.all, 'funding'] as const,
  recentFunding: () => [...positionKeys.funding(), 'recent'] as const,
  fundingPage: (filter: TradeFilter, pageNo: number, pageSize: number) =>
    [...positionKeys.funding(), 'page', filter, pageNo, pageSize] as const,
};

/** The held positions and every funding list, asked again (after a trade or a settings change). */
export function invalidatePositions(queryClient: QueryClient): Promise<void> {
  return queryClient.invalidateQueries({ queryKey: positionKeys.all });
}
