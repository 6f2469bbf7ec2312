/**
 * Every figure a screen, dialog, record page or CSV shows, by what it is
 * (spec section 9), defined once:
 *
 * | kind            | decimals                               | rounding          |
 * |-----------------|----------------------------------------|-------------------|
 * | price           | the market's tick                      | half-even         |
 * | quantity        | the market's lot                       | half-even         |
 * | amount, fee     | the coin's display precision (below)   | half-even         |
 * | fiat valuation  | 2, or 2 significant figures under 0.01 | half-even         |
 * | percentage      | 2                                      | half-even         |
 * | rate (funding)  | 4, in percent                          | half-even         |
 * | ROE             | 2                                      | toward zero (spec)|
 * | a most-you-can  | lot or coin decimals                   | cut (`formatLimit`)|
 *
 * Half-even is for display only: what settles is exact and rounded by the
 * server's own rules, never by these. Empty or not a number gives `--`, zero
 * its zeros, and never `-0.00`.
 *
 * Locale: the same in every language. Digits are Latin, the decimal mark a
 * point, the integer part grouped in threes by a comma; the screens isolate
 * figures left-to-right (`<bdi dir="ltr">`) so a right-to-left page keeps
 * them whole. A CSV writes the same figure without the grouping
 * (`plainFigure`), so a spreadsheet reads it as a number.
 */
import {
  Decimal,
  EMPTY_TEXT,
  PERCENT_DECIMALS,
  formatAmount,
  toDecimal,
  type NumericInput,
} from '@quay/core';

type Value = NumericInput | null | undefined;

/** The one rounding of shown figures. */
export const DISPLAY_ROUNDING = Decimal.ROUND_HALF_EVEN;

export const BTC_DECIMALS = 6;
export const USDT_DECIMALS = 2;
export const FIAT_DECIMALS = 2;
export const RATE_DECIMALS = 4;

/**
 * Decimals a coin's amounts and fees are shown with: the spec's usdt 2 and
 * btc 6; other coins as btc. A demo coin (`SUSDT`) as its real one.
 */
const COIN_DISPLAY_DECIMALS: Readonly<Record<string, number>> = {
  USDT: USDT_DECIMALS,
  USDC: USDT_DECIMALS,
  BTC: BTC_DECIMALS,
};
const OTHER_COIN_DECIMALS = BTC_DECIMALS;

export function coinDisplayDecimals(coin: string): number {
  const real =
    /^S[A-Z0-9]{2,}$/.test(coin) && !(coin in COIN_DISPLAY_DECIMALS) ? coin.slice(1) : coin;
  return COIN_DISPLAY_DECIMALS[real] ?? COIN_DISPLAY_DECIMALS[coin] ?? OTHER_COIN_DECIMALS;
}

/** A figure with a fixed number of decimals, rounded half-even and grouped. */
export function formatFixed(value: Value, places: number): string {
  return formatAmount(value, places, DISPLAY_ROUNDING);
}

/** A price at the market's tick decimals. */
export function formatPrice(value: Value, tickDecimals: number): string {
  return formatFixed(value, tickDecimals);
}

/** A quantity at the market's lot decimals. */
export function formatQuantity(value: Value, lotDecimals: number): string {
  return formatFixed(value, lotDecimals);
}

/** An amount, a total or a fee in `coin`, at the coin's display precision. */
export function formatCoinAmount(value: Value, coin: string): string {
  return formatFixed(value, coinDisplayDecimals(coin));
}

/** A signed amount in `coin`: `+` on a gain; with its trend for the colour. */
export function signedCoinAmount(
  value: Value,
  coin: string,
): { text: string; trend: 'rise' | 'fall' | 'flat' } {
  const d = toDecimal(value);
  const text = formatCoinAmount(d, coin);
  if (!d || !/[1-9]/.test(text)) return { text, trend: 'flat' };
  return d.gt(0) ? { text: `+${text}`, trend: 'rise' } : { text, trend: 'fall' };
}

/**
 * The most an order may take (max buy, max open): cut, never rounded up, so
 * the figure shown can always be placed.
 */
export function formatLimit(value: Value, places: number): string {
  return formatAmount(value, places, Decimal.ROUND_DOWN);
}

export function formatBtc(value: Value): string {
  return formatFixed(value, BTC_DECIMALS);
}

export function formatUsdt(value: Value): string {
  return formatFixed(value, USDT_DECIMALS);
}

/** Fiat: 2 decimals at or above 0.01, else 2 significant figures; zero is 0.00. */
export function formatFiat(value: Value): string {
  const d = toDecimal(value);
  if (d && !d.isZero() && d.abs().lt('0.01')) {
    return d.toSignificantDigits(2, DISPLAY_ROUNDING).toFixed();
  }
  return formatFixed(d, FIAT_DECIMALS);
}

/** Percentages with 2 decimals; the value is already in percent (12.345 -> 12.35%). */
export function formatPercent(value: Value, withSign = false): string {
  const d = toDecimal(value);
  if (!d) return EMPTY_TEXT;
  const text = formatFixed(d, PERCENT_DECIMALS);
  return `${withSign && d.gt(0) && /[1-9]/.test(text) ? '+' : ''}${text}%`;
}

/** A rate sent as a fraction ('0.0001') in percent with 4 decimals: `0.0100%`. */
export function formatRate(fraction: Value): string {
  const d = toDecimal(fraction);
  if (!d) return EMPTY_TEXT;
  return `${formatFixed(d.times(100), RATE_DECIMALS)}%`;
}

/** A shown figure as a CSV cell: the same digits, without the grouping. */
export function plainFigure(text: string): string {
  return text === EMPTY_TEXT ? '' : text.replace(/,/g, '');
}
