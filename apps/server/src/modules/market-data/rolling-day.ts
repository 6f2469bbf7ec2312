/**
 * The 24-hour ticker of one market, computed from its 1m klines: the 1440
 * minutes up to and including the live one. Exact integers throughout;
 * recomputed from the window rather than kept as running sums, so nothing
 * drifts however long the server runs.
 */
import { klineOpenTime, type Ticker } from '@quay/core';
import { quotientText, unitsFixed } from '../../kernel/money';
import type { KlineFormat, LiveKline } from './kline-book';

const MINUTE_MS = 60_000;
export const DAY_MINUTES = 1440;
/** Places of the fractional 24h change: 0.00000001 is a millionth of a percent. */
const CHANGE_PLACES = 8;

export interface BestPrices {
  bid: string;
  ask: string;
}

export class RollingDay {
  /** 1m klines, oldest first; the newest is the live one, shared with the kline book. */
  private minutes: LiveKline[] = [];

  /** Adds a newly opened 1m kline (the same kline again is ignored). */
  add(kline: LiveKline): void {
    const newest = this.minutes[this.minutes.length - 1];
    if (newest === kline || (newest && newest.t >= kline.t)) return;
    this.minutes.push(kline);
  }

  /** The first minute of the 24 hours that end with the minute of `now`. */
  static windowStart(now: number): number {
    return klineOpenTime(now, '1m') - (DAY_MINUTES - 1) * MINUTE_MS;
  }

  ticker(
    symbol: string,
    now: number,
    /** The last trade's price in units of 10^-`f.price`. */
    last: bigint | null,
    best: BestPrices,
    f: KlineFormat,
  ): Ticker {
    const from = RollingDay.windowStart(now);
    let drop = 0;
    while (drop < this.minutes.length && (this.minutes[drop]?.t ?? 0) < from) drop += 1;
    if (drop > 0) this.minutes = this.minutes.slice(drop);
    const first = this.minutes[0];
    const base = { symbol, bestBid: best.bid, bestAsk: best.ask, time: now };
    if (!last) {
      return {
        ...base,
        last: '',
        open24h: '',
        high24h: '',
        low24h: '',
        change24h: '0',
        volume24h: '0',
        quoteVolume24h: '0',
      };
    }
    if (!first) {
      // Nothing traded for a day: the price stands still.
      const price = unitsFixed(last, f.price);
      return {
        ...base,
        last: price,
        open24h: price,
        high24h: price,
        low24h: price,
        change24h: '0',
        volume24h: unitsFixed(0n, f.volume),
        quoteVolume24h: unitsFixed(0n, f.quoteVolume),
      };
    }
    let high = first.h;
    let low = first.l;
    let volume = 0n;
    let quoteVolume = 0n;
    for (const k of this.minutes) {
      if (k.h > high) high = k.h;
      if (k.l < low) low = k.l;
      volume += k.v;
      quoteVolume += k.qv;
    }
    const open = first.o;
    return {
      ...base,
      last: unitsFixed(last, f.price),
      open24h: unitsFixed(open, f.price),
      high24h: unitsFixed(high, f.price),
      low24h: unitsFixed(low, f.price),
      change24h: changeText(last, open),
      volume24h: unitsFixed(volume, f.volume),
      quoteVolume24h: unitsFixed(quoteVolume, f.quoteVolume),
    };
  }
}

/**
 * (last - open) / open to `CHANGE_PLACES`, half rounded away from zero, shortest; zero
 * when open is zero (division by zero yields zero, DESIGN section 3).
 */
function changeText(last: bigint, open: bigint): string {
  if (open === 0n) return '0';
  const rise = last - open;
  const text = quotientText(rise < 0n ? -rise : rise, open, CHANGE_PLACES);
  return rise < 0n && text !== '0' ? `-${text}` : text;
}
