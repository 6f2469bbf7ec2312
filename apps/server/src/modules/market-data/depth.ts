/**
 * Order-book grouping: raw tick levels summed into coarser price steps. Bids
 * group down (floor) and asks up (ceiling), so a grouped level never shows a
 * better price than anyone is offering. All sums are in integer ticks and
 * lots, exact.
 */
import {
  lotsToQuantity,
  priceToTicks,
  quantityToLots,
  ticksToPrice,
  type DepthLevel,
  type SpotMarketConfig,
} from '@quay/core';

export function aggregateLevels(
  levels: readonly DepthLevel[],
  market: SpotMarketConfig,
  stepTicks: number,
  side: 'bid' | 'ask',
  limit: number,
): DepthLevel[] {
  const grouped: Array<[ticks: number, lots: number]> = [];
  for (const [price, quantity] of levels) {
    const ticks = priceToTicks(price, market);
    const lots = quantityToLots(quantity, market);
    if (ticks === null || lots === null) continue;
    const bucket =
      side === 'bid'
        ? Math.floor(ticks / stepTicks) * stepTicks
        : Math.ceil(ticks / stepTicks) * stepTicks;
    const last = grouped[grouped.length - 1];
    // Levels come best first, so equal buckets are adjacent.
    if (last && last[0] === bucket) {
      last[1] += lots;
    } else {
      if (grouped.length === limit) break;
      grouped.push([bucket, lots]);
    }
  }
  return grouped.map(([ticks, lots]) => [
    ticksToPrice(ticks, market),
    lotsToQuantity(lots, market),
  ]);
}
