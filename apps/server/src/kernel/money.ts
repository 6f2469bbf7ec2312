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
  const negative = minor < 0n;
  const abs = negative ? -minor : minor;
  const whole = abs / SCALE;
  const fraction = (abs % SCALE).toString().padStart(COIN_DECIMALS, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
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
