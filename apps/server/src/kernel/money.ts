/**
 * Exact money on the server: every coin is held in integer minor units of
 * 10^-8 (bigint), and each market's ticks and lots convert to them by whole
 * factors, checked when the market is configured. Decimal strings go in and
 * out on the wire; nothing in between is a float.
 */
import {
  Decimal,
  decimalsOfStep,
  feeOfBps,
  type DecimalValue,
  type SpotMarketConfig,
} from '@quay/core';

export const COIN_DECIMALS = 8;
const SCALE = 10n ** BigInt(COIN_DECIMALS);
const DECIMAL = /^(0|[1-9][0-9]{0,17})(?:\.([0-9]{1,8}))?$/;

/** A non-negative decimal string of at most 8 decimal places as minor units; null when it is not one. */
export function toMinor(value: string): bigint | null {
  const match = DECIMAL.exec(value);
  if (!match) return null;
  const whole = BigInt(match[1] as string);
  const fraction = BigInt((match[2] ?? '').padEnd(COIN_DECIMALS, '0'));
  return whole * SCALE + fraction;
}

/** Minor units as a decimal string with all 8 places ('1.50000000'). */
export function fromMinor(minor: bigint): string {
  return unitsFixed(minor, COIN_DECIMALS);
}

/** Units of 10^-places with every place written ('1250', 4 -> '0.1250'), as decimal.js's `toFixed(places)`. */
export function unitsFixed(units: bigint, places: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString();
  if (places === 0) return negative ? `-${digits}` : digits;
  const padded = digits.padStart(places + 1, '0');
  return `${negative ? '-' : ''}${padded.slice(0, -places)}.${padded.slice(-places)}`;
}

/**
 * Units of 10^-places as the shortest decimal string that is exactly them
 * ('1250', 3 -> '1.25'; '1000', 3 -> '1'; 0 -> '0'): what decimal.js's
 * `toFixed()` gives, by string and integer work alone (it is on every
 * answer to an order).
 */
export function unitsText(units: bigint, places: number): string {
  const fixed = unitsFixed(units, places);
  return places === 0 ? fixed : fixed.replace(/\.?0+$/, '');
}

/**
 * A non-negative decimal string as units of 10^-places: exact when it has
 * no more places than that (the prints of a market's own steps); beyond,
 * rounded half up, as `toFixed(places)` would write it.
 */
export function unitsOfText(text: string, places: number): bigint {
  const [whole = '', fraction = ''] = text.split('.');
  // Places beyond those kept that are zeros ('12.50000000' of minor units) are dropped as they are.
  if (
    /^[0-9]+$/.test(whole) &&
    /^[0-9]*$/.test(fraction) &&
    !/[1-9]/.test(fraction.slice(places))
  ) {
    return BigInt(whole + fraction.slice(0, places).padEnd(places, '0'));
  }
  return BigInt(new Decimal(text).toFixed(places).replace('.', ''));
}

/** Minor units as the shortest exact decimal ('1.5', not '1.50000000'). */
export function minorText(minor: bigint): string {
  return unitsText(minor, COIN_DECIMALS);
}

/** numerator / denominator (both positive) to `places` decimals, half rounded up, shortest. */
export function quotientText(numerator: bigint, denominator: bigint, places: number): string {
  const scaled = numerator * 10n ** BigInt(places);
  let units = scaled / denominator;
  if ((scaled % denominator) * 2n >= denominator) units += 1n;
  return unitsText(units, places);
}

/** A stored amount (bigint column read as text, or a number below 2^53) as bigint. */
export function minorOf(stored: bigint | string | number): bigint {
  return typeof stored === 'bigint' ? stored : BigInt(stored);
}

/** ceil(amount x bps / 10000): fees are rounded up to the next minor unit. */
export function feeOf(amount: bigint, fee_bps: number): bigint {
  return feeOfBps(amount, fee_bps);
}

/** How one market's ticks and lots convert to minor units. */
export interface MarketScale {
  /** Minor units of the base coin in one lot. */
  basePerLot: bigint;
  /** Minor units of the quote coin in one tick x one lot. */
  quotePerTickLot: bigint;
  priceDecimals: number;
  quantityDecimals: number;
}

function wholeMinor(value: DecimalValue, what: string): bigint {
  const minor = value.times(SCALE.toString());
  if (!minor.isInteger() || minor.lte(0)) {
    throw new Error(`${what} is not a whole number of 10^-${COIN_DECIMALS} units`);
  }
  return BigInt(minor.toFixed(0));
}

/** Throws when the market's steps do not convert to whole minor units. */
export function scaleOf(market: SpotMarketConfig): MarketScale {
  return {
    basePerLot: wholeMinor(new Decimal(market.lotSize), `${market.symbol} lot`),
    quotePerTickLot: wholeMinor(
      new Decimal(market.tickSize).times(market.lotSize),
      `${market.symbol} tick x lot`,
    ),
    priceDecimals: decimalsOfStep(market.tickSize),
    quantityDecimals: decimalsOfStep(market.lotSize),
  };
}
