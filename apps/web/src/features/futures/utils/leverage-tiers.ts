import type { PerpMarketInfo } from '@quay/core';

/** The largest notional a leverage may hold under the tiers. */
export function notionalCapAt(market: PerpMarketInfo, leverage: number): string {
  let cap = '0';
  for (const tier of market.tiers) if (tier.maxLeverage >= leverage) cap = tier.maxNotional;
  return cap;
}
