import {
  DEFAULT_SPOT_MARKETS,
  Decimal,
  KLINE_INTERVALS,
  klineOpenTime,
  type Kline,
} from '@quay/core';
import { describe, expect, it } from 'vitest';
import { START_PRICES } from './simulator';
import { HISTORY_KEEP, syntheticHistory } from './synthetic-history';

const NOW = Date.UTC(2026, 0, 15, 12, 30, 20);
const BTC = DEFAULT_SPOT_MARKETS[0];
if (!BTC) throw new Error('no default market');

/** The klines of `fine` that fall inside `coarse`, summed as the coarse one should be. */
function summed(coarse: Kline, fine: Kline[]): Omit<Kline, 't'> | null {
  const inside = fine.filter((k) => k.t >= coarse.t && k.t < coarse.t + 3_600_000);
  const first = inside[0];
  const last = inside[inside.length - 1];
  if (!first || !last) return null;
  return {
    o: first.o,
    h: inside.reduce((m, k) => (new Decimal(k.h).gt(m) ? k.h : m), first.h),
    l: inside.reduce((m, k) => (new Decimal(k.l).lt(m) ? k.l : m), first.l),
    c: last.c,
    v: inside.reduce((s, k) => s.plus(k.v), new Decimal(0)).toFixed(5),
    qv: inside.reduce((s, k) => s.plus(k.qv), new Decimal(0)).toFixed(7),
  };
}

describe('synthetic kline history', () => {
  const history = syntheticHistory(BTC, NOW, { endPrice: '95000', seed: 7 });

  it('has a day of minutes and at least 500 bars of the hour, four hours and day', () => {
    expect(history['1m']).toHaveLength(1440);
    for (const interval of ['5m', '15m', '30m', '1h', '4h'] as const) {
      expect(history[interval]).toHaveLength(HISTORY_KEEP[interval]);
    }
    expect(history['1d'].length).toBeGreaterThanOrEqual(500);
    expect(history['1w'].length).toBeGreaterThanOrEqual(70);
  });

  it('ends at the start price, just before the live minute, with every kline aligned', () => {
    const minutes = history['1m'];
    const lastMinute = klineOpenTime(NOW, '1m') - 60_000;
    expect(minutes[minutes.length - 1]).toMatchObject({
      t: lastMinute,
      c: '95000.00',
    });
    for (const interval of KLINE_INTERVALS) {
      const list = history[interval];
      for (let i = 0; i < list.length; i += 1) {
        const k = list[i] as Kline;
        expect(klineOpenTime(k.t, interval)).toBe(k.t);
        if (i > 0) expect(k.t).toBeGreaterThan((list[i - 1] as Kline).t);
        expect(new Decimal(k.h).gte(k.o) && new Decimal(k.h).gte(k.c)).toBe(true);
        expect(new Decimal(k.l).lte(k.o) && new Decimal(k.l).lte(k.c)).toBe(true);
        expect(new Decimal(k.l).gt(0) && new Decimal(k.v).gt(0)).toBe(true);
      }
      // The last kline holds the minute before the live one.
      expect(list[list.length - 1]?.t).toBe(klineOpenTime(lastMinute, interval));
    }
  });

  it('sums the coarser intervals from the same minutes', () => {
    const hours = history['1h'];
    // Whole hours covered by the day of stored minutes agree exactly.
    const covered = hours.filter(
      (h) => h.t >= (history['1m'][0]?.t ?? 0) && h.t + 3_600_000 <= klineOpenTime(NOW, '1h'),
    );
    expect(covered.length).toBeGreaterThan(20);
    for (const hour of covered) {
      const { t: _t, ...figures } = hour;
      expect(summed(hour, history['1m'])).toEqual(figures);
    }
    const today = history['1d'][history['1d'].length - 1];
    const week = history['1w'][history['1w'].length - 1];
    expect(today?.c).toBe('95000.00');
    expect(week?.c).toBe('95000.00');
  });

  it('is the same for the same seed and differs for another', () => {
    expect(syntheticHistory(BTC, NOW, { endPrice: '95000', seed: 7 })['1h']).toEqual(history['1h']);
    expect(syntheticHistory(BTC, NOW, { endPrice: '95000', seed: 8 })['1h']).not.toEqual(
      history['1h'],
    );
  });

  it('has a start price for every default market, in whole ticks', () => {
    for (const market of DEFAULT_SPOT_MARKETS) {
      const price = START_PRICES[market.symbol];
      expect(price, market.symbol).toBeDefined();
      expect(new Decimal(price ?? '0').div(market.tickSize).isInteger()).toBe(true);
    }
  });
});
