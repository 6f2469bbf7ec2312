/**
 * The figures of the wallet and trading screens (spec section 9): btc with 6
 * decimals, usdt with 2, fiat with 2 (or 2 significant figures when smaller),
 * percentages with 2. Built on the shared formatter of `@quay/core`, which
 * also writes the PnL and ROE of a position; empty or not a number gives `--`.
 */
import {
  Decimal,
  EMPTY_TEXT,
  PERCENT_DECIMALS,
  formatAmount,
  toDecimal,
  type NumericInput,
} from '@quay/core';

export const BTC_DECIMALS = 6;
export const USDT_DECIMALS = 2;
export const FIAT_DECIMALS = 2;

export function formatBtc(value: NumericInput | null | undefined): string {
  return formatAmount(value, BTC_DECIMALS);
}

export function formatUsdt(value: NumericInput | null | undefined): string {
  return formatAmount(value, USDT_DECIMALS);
}

/** Fiat: 2 decimals at or above 0.01, else 2 significant figures; zero is 0.00. */
export function formatFiat(value: NumericInput | null | undefined): string {
  const d = toDecimal(value);
  if (d && !d.isZero() && d.abs().lt('0.01')) {
    return d.toSignificantDigits(2, Decimal.ROUND_HALF_UP).toFixed();
  }
  return formatAmount(d, FIAT_DECIMALS, Decimal.ROUND_HALF_UP);
}

/** Percentages with 2 decimals; the value is already in percent (12.345 -> 12.35%). */
export function formatPercent(value: NumericInput | null | undefined, withSign = false): string {
  const d = toDecimal(value);
  if (!d) return EMPTY_TEXT;
  const text = formatAmount(d, PERCENT_DECIMALS, Decimal.ROUND_HALF_UP);
  return `${withSign && d.gt(0) && !/^0\.0+$/.test(text) ? '+' : ''}${text}%`;
}
