/**
 * Spot markets and the exact conversions between what people type (decimal
 * strings) and what the engine matches (integer ticks and lots). A price
 * that is not a whole number of ticks, or a quantity that is not a whole
 * number of lots, is refused rather than rounded: nobody trades a price they
 * did not ask for.
 */
import { Decimal, toDecimal } from './numbers';
import { DECIMAL_PATTERN } from './protocol';

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
  return scaleOf(step).places;
}

/**
 * A step as an integer number of units of 10^-places. Steps are few (one
 * tick and one lot per market), and every order converts through them, so
 * they are worked out once.
 */
interface StepScale {
  units: bigint;
  places: number;
}

const scales = new Map<string, StepScale>();
const PLAIN = new RegExp(DECIMAL_PATTERN);

function scaleOf(step: string): StepScale {
  let scale = scales.get(step);
  if (scale) return scale;
  const d = toDecimal(step);
  if (!d || d.lte(0)) throw new Error(`not a positive step: ${step}`);
  const places = d.decimalPlaces();
  scale = { units: BigInt(d.times(new Decimal(10).pow(places)).toFixed(0)), places };
  scales.set(step, scale);
  return scale;
}

/**
 * How many steps a decimal string is, when it is written in the one decimal
 * grammar (DECIMAL_PATTERN: no sign, exponent, prefix or padding) and is a
 * whole, positive, safe number of steps; else null. Exact integer arithmetic.
 */
function stepsOf(value: string, step: string): number | null {
  const scale = scaleOf(step);
  const plain = PLAIN.exec(value);
  if (!plain) return null;
  const fraction = plain[2] ?? '';
  const kept = fraction.slice(0, scale.places);
  if (/[1-9]/.test(fraction.slice(scale.places))) return null;
  const units = BigInt(`${plain[1]}${kept.padEnd(scale.places, '0')}`);
  if (units === 0n || units % scale.units !== 0n) return null;
  const steps = units / scale.units;
  return steps > BigInt(Number.MAX_SAFE_INTEGER) ? null : Number(steps);
}

/** An integer of 10^-places as a decimal string ('12345', 2 -> '123.45'). */
function decimalOfUnits(units: bigint, places: number): string {
  const digits = units.toString();
  if (places === 0) return digits;
  const padded = digits.padStart(places + 1, '0');
  return `${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

function decimalOfSteps(steps: number, step: string): string {
  const { units, places } = scaleOf(step);
  return decimalOfUnits(BigInt(steps) * units, places);
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
  const { units, places } = notionalUnits(ticks, lots, market);
  return decimalOfUnits(units, places);
}

/** ticks x lots as an integer of 10^-places of the quote coin. */
function notionalUnits(ticks: number, lots: number, market: SpotMarketConfig) {
  const tick = scaleOf(market.tickSize);
  const lot = scaleOf(market.lotSize);
  return {
    units: BigInt(ticks) * tick.units * BigInt(lots) * lot.units,
    places: tick.places + lot.places,
  };
}

/** The market's minimum order value in 10^-places of the quote coin, rounded up. */
const minimums = new Map<string, bigint>();

export function meetsMinNotional(ticks: number, lots: number, market: SpotMarketConfig): boolean {
  const { units, places } = notionalUnits(ticks, lots, market);
  const key = `${market.minNotional}@${places}`;
  let minimum = minimums.get(key);
  if (minimum === undefined) {
    minimum = BigInt(
      new Decimal(market.minNotional).times(new Decimal(10).pow(places)).ceil().toFixed(0),
    );
    minimums.set(key, minimum);
  }
  return units >= minimum;
}

export function spotMarket(symbol: string): SpotMarketConfig | undefined {
  return DEFAULT_SPOT_MARKETS.find((m) => m.symbol === symbol);
}
