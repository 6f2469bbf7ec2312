/**
 * Pure figures of the earn screens, in decimals (never floats): a day's
 * interest over the tiers as the server pays it (rounded down to 10^-8),
 * an estimate over a number of days, APRs as percentages, and the CSV of
 * the interest history.
 */
import { Decimal, type DecimalValue } from '@quay/core';
import { type EarnRecord, type EarnTier } from '@quay/core/earn';

/** One day's interest on `amount` over the tiers, rounded down to 8 places. */
export function dailyInterest(amount: string, tiers: readonly EarnTier[]): DecimalValue {
  let principal: DecimalValue;
  try {
    principal = new Decimal(amount || '0');
  } catch {
    return new Decimal(0);
  }
  if (!principal.isFinite() || principal.lte(0)) return new Decimal(0);
  let yearly = new Decimal(0);
  for (const tier of tiers) {
    const from = new Decimal(tier.from);
    if (principal.lte(from)) break;
    const top = tier.to === '' || principal.lt(tier.to) ? principal : new Decimal(tier.to);
    yearly = yearly.plus(top.minus(from).times(tier.apr));
  }
  return yearly.div(365).toDecimalPlaces(8, Decimal.ROUND_DOWN);
}

/** What `days` days earn (a fixed term: its days; flexible: the days asked for). */
export const estimate = (amount: string, tiers: readonly EarnTier[], days: number): DecimalValue =>
  dailyInterest(amount, tiers).times(days);

/** An APR fraction as a percentage text: '0.008' -> '0.8%'. */
export const aprText = (apr: string): string => `${new Decimal(apr).times(100).toFixed()}%`;

/** The highest APR of a product (its headline figure). */
export const topApr = (tiers: readonly EarnTier[]): string =>
  tiers.reduce((top, t) => (new Decimal(t.apr).gt(top) ? t.apr : top), '0');

const cell = (value: string) => (/[",\r\n]/.test(value) ? `"${value.replace(/"/g, '""')}"` : value);

/** The interest history as CSV (header row first, CRLF lines). */
export function recordsCsv(header: readonly string[], rows: readonly string[][]): string {
  return [header, ...rows].map((row) => row.map(cell).join(',')).join('\r\n') + '\r\n';
}

export const recordRow = (r: EarnRecord, time: string, kind: string): string[] => [
  time,
  kind,
  r.productId,
  r.coin,
  r.amount,
];
