/**
 * Synthetic kline history for a market's first start, so charts have
 * something to show before anyone trades. One 1m random walk over 501 days,
 * walked backward from the start price (so history ends where live trading
 * begins), and every coarser interval summed from the same minutes, so the
 * intervals agree with each other. Prices are whole ticks; volumes whole
 * lots; quote volumes exact (ticks x lots as bigint). It is made up and
 * marked as such in CONTEXT.md.
 */
import {
  Decimal,
  KLINE_INTERVALS,
  KLINE_INTERVAL_MS,
  decimalsOfStep,
  klineOpenTime,
  priceToTicks,
  ticksToPrice,
  type Kline,
  type KlineInterval,
  type SpotMarketConfig,
} from '@quay/core';
import { randomFor, walkStep, type Random, type WalkShape } from './random-walk';

const MINUTE_MS = 60_000;
/** 501 days of minutes: at least 500 whole daily klines. */
export const HISTORY_MINUTES = 501 * 1440;
/** Klines kept per interval: a day of minutes, a thousand bars of the others. */
export const HISTORY_KEEP: Record<KlineInterval, number> = {
  '1m': 1440,
  '5m': 1000,
  '15m': 1000,
  '30m': 1000,
  '1h': 1000,
  '4h': 1000,
  '1d': 1000,
  '1w': 1000,
};
/** About 3% a day, pulled back toward the start price over half a year. */
export const MINUTE_VOLATILITY = 0.0008;
const PULL_PER_MINUTE = 1 / (180 * 1440);
/** Quote value traded in a busy minute; a minute's volume is drawn up to it. */
const MINUTE_NOTIONAL_MAX = '100000';

interface Bar {
  t: number;
  o: number;
  h: number;
  l: number;
  c: number;
  lots: number;
  /** Quote volume in ticks x lots: a safe integer while summing minutes, then exact. */
  sum: number;
  units: bigint;
}

export interface HistoryOptions {
  /** Price of the last synthetic minute's close, as a decimal string. */
  endPrice: string;
  seed: number;
}

export function syntheticHistory(
  market: SpotMarketConfig,
  now: number,
  options: HistoryOptions,
): Record<KlineInterval, Kline[]> {
  const endTicks = priceToTicks(options.endPrice, market);
  if (endTicks === null) throw new Error(`${options.endPrice} is not a price of ${market.symbol}`);
  const random: Random = randomFor(options.seed, `history:${market.symbol}`);
  const shape: WalkShape = {
    sigmaTicks: Math.max(1, Math.round(endTicks * MINUTE_VOLATILITY)),
    pull: PULL_PER_MINUTE,
    anchorTicks: endTicks,
    floorTicks: Math.max(1, Math.round(endTicks / 5)),
  };
  // The live minute opens at `end`; history is the minutes before it.
  const end = klineOpenTime(now, '1m');
  const start = end - HISTORY_MINUTES * MINUTE_MS;
  const prices = new Float64Array(HISTORY_MINUTES + 1);
  prices[HISTORY_MINUTES] = endTicks;
  for (let i = HISTORY_MINUTES - 1; i >= 0; i -= 1) {
    prices[i] = walkStep(prices[i + 1] ?? endTicks, shape, random);
  }
  const maxLots = Math.max(
    1,
    new Decimal(MINUTE_NOTIONAL_MAX)
      .div(new Decimal(options.endPrice).times(market.lotSize))
      .floor()
      .toNumber(),
  );
  const wick = Math.max(1, shape.sigmaTicks / 2);

  // Every interval but the week is summed from minutes; weeks from days.
  const summed = KLINE_INTERVALS.filter((i) => i !== '1w');
  const bars = new Map<KlineInterval, Bar[]>(KLINE_INTERVALS.map((i) => [i, []]));
  const lists = summed.map((i) => bars.get(i) ?? []);
  // Only the minutes inside an interval's kept window are summed into it.
  const firstKept = summed.map((i) =>
    Math.max(start, klineOpenTime(end - HISTORY_KEEP[i] * KLINE_INTERVAL_MS[i], i)),
  );
  const widths = summed.map((i) => KLINE_INTERVAL_MS[i]);
  for (let i = 0; i < HISTORY_MINUTES; i += 1) {
    const t = start + i * MINUTE_MS;
    const o = prices[i] ?? endTicks;
    const c = prices[i + 1] ?? endTicks;
    const h = Math.max(o, c) + Math.round(random() * wick);
    const l = Math.max(1, Math.min(o, c) - Math.round(random() * wick));
    const lots = 1 + Math.floor(random() * maxLots);
    // Ticks x lots of a minute, and their sums up to a day, stay far below 2^53.
    const units = c * lots;
    for (let j = 0; j < summed.length; j += 1) {
      if (t < (firstKept[j] ?? 0)) continue;
      const list = lists[j] ?? [];
      const open = t - (t % (widths[j] ?? MINUTE_MS));
      const bar = list[list.length - 1];
      if (!bar || bar.t !== open) {
        list.push({ t: open, o, h, l, c, lots, sum: units, units: 0n });
      } else {
        if (h > bar.h) bar.h = h;
        if (l < bar.l) bar.l = l;
        bar.c = c;
        bar.lots += lots;
        bar.sum += units;
      }
    }
  }
  for (const list of lists) for (const bar of list) bar.units = BigInt(bar.sum);
  const weeks = bars.get('1w') ?? [];
  for (const day of bars.get('1d') ?? []) {
    const open = klineOpenTime(day.t, '1w');
    const week = weeks[weeks.length - 1];
    if (!week || week.t !== open) {
      weeks.push({ ...day, t: open });
    } else {
      if (day.h > week.h) week.h = day.h;
      if (day.l < week.l) week.l = day.l;
      week.c = day.c;
      week.lots += day.lots;
      week.units += day.units;
    }
  }
  // A week whose first days fell before the walk began is incomplete.
  const firstDay = bars.get('1d')?.[0]?.t ?? start;
  if (weeks[0] && weeks[0].t < firstDay) weeks.shift();
  const priceOf = (ticks: number) => ticksToPrice(ticks, market);
  const volumeDecimals = decimalsOfStep(market.lotSize);
  const quoteDecimals = decimalsOfStep(market.tickSize) + volumeDecimals;
  const out = {} as Record<KlineInterval, Kline[]>;
  for (const interval of KLINE_INTERVALS) {
    // A kline opening before the walk began would be missing minutes: left out.
    const whole = (bars.get(interval) ?? []).filter((b) => b.t >= start);
    out[interval] = whole.slice(-HISTORY_KEEP[interval]).map((b) => ({
      t: b.t,
      o: priceOf(b.o),
      h: priceOf(b.h),
      l: priceOf(b.l),
      c: priceOf(b.c),
      v: new Decimal(b.lots).times(market.lotSize).toFixed(volumeDecimals),
      qv: new Decimal(b.units.toString())
        .times(market.tickSize)
        .times(market.lotSize)
        .toFixed(quoteDecimals),
    }));
  }
  return out;
}
