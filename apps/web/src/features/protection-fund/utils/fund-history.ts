/**
 * The fund's history shaped for its chart and its figures. The chart draws
 * numbers, so balances become floats here for drawing only; the figures on
 * the page (the balance, the change over a period) stay decimal.js.
 */
import { Decimal, toDecimal, type DecimalValue, type ProtectionFund } from '@quay/core';

export interface FundPoint {
  /** Seconds, shifted so that the chart (which draws UTC) shows the viewer's local time. */
  time: number;
  value: number;
}

export const FUND_RANGES = ['7d', '30d', '90d', 'all'] as const;
export type FundRange = (typeof FUND_RANGES)[number];

const DAY_MS = 86_400_000;
const RANGE_MS: Record<FundRange, number | null> = {
  '7d': 7 * DAY_MS,
  '30d': 30 * DAY_MS,
  '90d': 90 * DAY_MS,
  all: null,
};

/** Minutes the viewer's clock is behind UTC at that moment, as Date says. */
export const localOffsetMinutes = (ms: number) => new Date(ms).getTimezoneOffset();

/**
 * The chart's points, oldest first: one per second at most (the last of a
 * second stands), points without a readable balance dropped, the range
 * applied, and the balance now as the last point so the line ends today.
 */
export function fundChartPoints(
  fund: Pick<ProtectionFund, 'history' | 'balance'>,
  nowMs: number,
  range: FundRange = 'all',
  offsetMinutes: (ms: number) => number = localOffsetMinutes,
): FundPoint[] {
  const span = RANGE_MS[range];
  const since = span === null ? -Infinity : nowMs - span;
  const raw = [...fund.history]
    .filter((p) => toDecimal(p.balance) !== null && p.time <= nowMs)
    .sort((a, b) => a.time - b.time);
  // The balance when the range starts, so the line does not begin in mid-air.
  const before = raw.filter((p) => p.time < since).at(-1);
  const inRange = raw.filter((p) => p.time >= since);
  const series = [
    ...(before && span !== null ? [{ time: since, balance: before.balance }] : []),
    ...inRange,
  ];
  const now = toDecimal(fund.balance);
  const last = series.at(-1);
  if (now && (!last || last.time < nowMs)) series.push({ time: nowMs, balance: fund.balance });

  const bySecond = new Map<number, number>();
  for (const p of series) {
    const seconds = Math.floor((p.time - offsetMinutes(p.time) * 60_000) / 1000);
    bySecond.set(seconds, Number(p.balance));
  }
  return [...bySecond].map(([time, value]) => ({ time, value })).sort((a, b) => a.time - b.time);
}

/** How much the fund grew (or shrank) since a moment: the balance now less the balance then. */
export function fundChangeSince(
  fund: Pick<ProtectionFund, 'history' | 'balance'>,
  sinceMs: number,
): { change: DecimalValue; percent: DecimalValue } | null {
  const now = toDecimal(fund.balance);
  if (!now) return null;
  const sorted = [...fund.history].sort((a, b) => a.time - b.time);
  const then = sorted.filter((p) => p.time <= sinceMs).at(-1) ?? sorted[0];
  const base = toDecimal(then?.balance);
  if (!base) return null;
  const change = now.minus(base);
  const percent = base.isZero() ? new Decimal(0) : change.div(base).times(100);
  return { change, percent };
}
