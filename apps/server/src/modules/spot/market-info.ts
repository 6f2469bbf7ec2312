/**
 * A market's public description: what /v1/spot/markets lists, including the
 * price groupings its order book offers.
 */
import { Decimal, decimalsOfStep, type SpotMarketConfig, type SpotMarketInfo } from '@quay/core';

/** Order-book groupings as multiples of the tick, finest first. */
const DEPTH_STEP_TICKS = [1, 10, 100, 1000] as const;

export function depthStepsOf(market: SpotMarketConfig): string[] {
  return DEPTH_STEP_TICKS.map((n) => new Decimal(market.tickSize).times(n).toFixed());
}

/** How many ticks a depth step is, when it is one the market offers; else null. */
export function depthStepTicks(market: SpotMarketConfig, step: string): number | null {
  let wanted: InstanceType<typeof Decimal>;
  try {
    wanted = new Decimal(step);
  } catch {
    return null;
  }
  const index = depthStepsOf(market).findIndex((s) => wanted.eq(s));
  return index < 0 ? null : (DEPTH_STEP_TICKS[index] ?? null);
}

function bpsAsFraction(bps: number): string {
  return new Decimal(bps).div(10_000).toFixed();
}

export function marketInfoOf(market: SpotMarketConfig, priceBand_bps: number): SpotMarketInfo {
  return {
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    tickSize: market.tickSize,
    lotSize: market.lotSize,
    minNotional: market.minNotional,
    makerFeeRate: bpsAsFraction(market.makerFee_bps),
    takerFeeRate: bpsAsFraction(market.takerFee_bps),
    pricePrecision: decimalsOfStep(market.tickSize),
    quantityPrecision: decimalsOfStep(market.lotSize),
    depthSteps: depthStepsOf(market),
    marketPriceBandRate: bpsAsFraction(priceBand_bps),
  };
}
