/**
 * Spot markets and the exact conversions between what people type (decimal
 * strings) and what the engine matches (integer ticks and lots). A price
 * that is not a whole number of ticks, or a quantity that is not a whole
 * number of lots, is refused rather than rounded: nobody trades a price they
 * did not ask for.
 */
import { Decimal, toDecimal } from './numbers';

export interface SpotMarketConfig {
  symbol: string;
  base: string;
  quote: string;
  /** Price step, as a decimal string. */
  tickSize: string;
  /** Quantity step, as a decimal string. */
  lotSize: string;
  /** Smallest order value in the quote coin. */
  minNotional: string;
  makerFee_bps: number;
  takerFee_bps: number;
}

/** The default spot markets; the server may configure others. */
export const DEFAULT_SPOT_MARKETS: readonly SpotMarketConfig[] = [
  {
    symbol: 'BTCUSDT',
    base: 'BTC',
    quote: 'USDT',
    tickSize: '0.01',
    lotSize: '0.00001',
    minNotional: '5',
    makerFee_bps: 10,
    takerFee_bps: 10,
  },
  {
    symbol: 'ETHUSDT',
    base: 'ETH',
    quote: 'USDT',
    tickSize: '0.01',
    lotSize: '0.0001',
    minNotional: '5',
    makerFee_bps: 10,
    takerFee_bps: 10,
  },
  {
    symbol: 'SOLUSDT',
    base: 'SOL',
    quote: 'USDT',
    tickSize: '0.001',
    lotSize: '0.001',
    minNotional: '5',
    makerFee_bps: 10,
    takerFee_bps: 10,
  },
  {
    symbol: 'XRPUSDT',
    base: 'XRP',
    quote: 'USDT',
    tickSize: '0.0001',
    lotSize: '0.1',
    minNotional: '5',
    makerFee_bps: 10,
    takerFee_bps: 10,
  },
];

/** Decimal places of a step: '0.001' -> 3, '1' -> 0. */
export function decimalsOfStep(step: string): number {
  const d = toDecimal(step);
  if (!d || d.lte(0)) throw new Error(`not a positive step: ${step}`);
  return d.decimalPlaces();
}

/** How many steps a decimal string is, when it is a whole, positive, safe number of them; else null. */
function stepsOf(value: string, step: string): number | null {
  const d = toDecimal(value);
  const s = toDecimal(step);
  if (!d || !s || d.lte(0) || s.lte(0)) return null;
  const steps = d.div(s);
  if (!steps.isInteger() || steps.gt(Number.MAX_SAFE_INTEGER)) return null;
  return steps.toNumber();
}

function decimalOfSteps(steps: number, step: string): string {
  return new Decimal(steps).times(step).toFixed(decimalsOfStep(step));
}

export function priceToTicks(price: string, market: SpotMarketConfig): number | null {
  return stepsOf(price, market.tickSize);
}

export function ticksToPrice(ticks: number, market: SpotMarketConfig): string {
  return decimalOfSteps(ticks, market.tickSize);
}

export function quantityToLots(quantity: string, market: SpotMarketConfig): number | null {
  return stepsOf(quantity, market.lotSize);
}

export function lotsToQuantity(lots: number, market: SpotMarketConfig): string {
  return decimalOfSteps(lots, market.lotSize);
}

/** The quote value of ticks x lots, exact, in the quote coin. */
export function notionalOf(ticks: number, lots: number, market: SpotMarketConfig): string {
  const value = new Decimal(ticks).times(market.tickSize).times(lots).times(market.lotSize);
  return value.toFixed(decimalsOfStep(market.tickSize) + decimalsOfStep(market.lotSize));
}

export function meetsMinNotional(ticks: number, lots: number, market: SpotMarketConfig): boolean {
  return new Decimal(notionalOf(ticks, lots, market)).gte(market.minNotional);
}

export function spotMarket(symbol: string): SpotMarketConfig | undefined {
  return DEFAULT_SPOT_MARKETS.find((m) => m.symbol === symbol);
}
