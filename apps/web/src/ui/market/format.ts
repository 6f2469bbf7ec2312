/** The trading screen's change tone and quote decimals; its figures come from platform/numbers. */
import { toDecimal } from '@quay/core';
import { formatPercent } from '../../platform/numbers/number-format';

/** A fractional change ('0.0123') as a signed percentage (+1.23%). */
export function formatChange(fraction: string | null | undefined): string {
  const d = toDecimal(fraction);
  return d ? formatPercent(d.times(100), true) : formatPercent(null);
}

export function changeTone(fraction: string | null | undefined): 'up' | 'down' | 'flat' {
  const d = toDecimal(fraction);
  if (!d || d.isZero()) return 'flat';
  return d.gt(0) ? 'up' : 'down';
}

/** Decimal places of quote totals: the market's price precision, at least two. */
export function quoteDecimals(pricePrecision: number): number {
  return Math.max(2, pricePrecision);
}
