/**
 * A perpetual and its spot market tell one story: from the first start on,
 * the perpetual's made-up history is its spot market's, and its simulated
 * makers quote around the spot index plus a small basis, so the 24h figures,
 * the candles and the funding rate make sense side by side.
 */
import { Decimal, type Kline, type PerpTicker, type Ticker } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, call, startApp, type TestApp } from '../../test/harness';

const Q = 'languageType=0';
/** The most a perpetual may stray from its spot market: a small basis. */
const BASIS_MAX = new Decimal('0.005');
const PAIRS = ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT'];
const SIDES: Array<[string, Record<string, string>]> = [
  ['real', {}],
  ['demo', { 'x-simulated': '1' }],
];

describe.each(STORES)('perpetuals and their spot markets on %s', (store) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(store, { SIMULATOR: 'on', SIMULATOR_SEED: '5' });
    // The story is stepped by the test's clock alone: no real-time step may fall
    // between a maker's cancel and its new quote and sample the premium there.
    await t.app.services.simulators.stopTimers();
    t.app.services.futuresHost.stopTimer();
  });
  afterAll(async () => {
    await t.close();
  });

  const near = (perp: string, spot: string, what: string) => {
    expect(perp, what).not.toBe('');
    const gap = new Decimal(perp).minus(spot).abs().div(spot);
    expect(gap.lte(BASIS_MAX), `${what}: perpetual ${perp}, spot ${spot}`).toBe(true);
  };

  const compare = async (when: string) => {
    for (const [side, headers] of SIDES) {
      for (const pair of PAIRS) {
        const label = `${side} ${pair} ${when}`;
        const spot = (
          await call<Ticker[]>(
            t.app,
            'GET',
            `/v1/spot/tickers?symbol=${pair}&${Q}`,
            undefined,
            headers,
          )
        ).data[0];
        const perp = (
          await call<PerpTicker[]>(
            t.app,
            'GET',
            `/v1/futures/tickers?symbol=${pair}&${Q}`,
            undefined,
            headers,
          )
        ).data[0];
        if (!spot || !perp) throw new Error(`no ticker for ${label}`);
        for (const field of ['open24h', 'high24h', 'low24h', 'last'] as const) {
          near(perp[field], spot[field], `${label} ${field}`);
        }
        near(perp.indexPrice, spot.last, `${label} index`);
        for (const interval of ['1m', '1h', '1d']) {
          const klines = async (path: string) =>
            (
              await call<Kline[]>(
                t.app,
                'GET',
                `${path}?symbol=${pair}&interval=${interval}&limit=1000&${Q}`,
                undefined,
                headers,
              )
            ).data;
          const spotKlines = new Map((await klines('/v1/spot/klines')).map((k) => [k.t, k]));
          const perpKlines = await klines('/v1/futures/klines');
          expect(perpKlines.length, `${label} ${interval}`).toBeGreaterThan(20);
          let compared = 0;
          for (const k of perpKlines) {
            const s = spotKlines.get(k.t);
            if (!s) continue;
            compared += 1;
            for (const f of ['o', 'h', 'l', 'c'] as const)
              near(k[f], s[f], `${label} ${interval} ${k.t} ${f}`);
          }
          expect(compared, `${label} ${interval}`).toBeGreaterThan(perpKlines.length * 0.9);
        }
        expect(new Decimal(perp.fundingRate).abs().lte('0.0005'), `${label} funding`).toBe(true);
      }
    }
  };

  it('tells the spot market story from the first start on', async () => {
    // One step at the start time: the makers quote, no index has moved yet.
    await t.app.services.simulators.tick(t.clock.ms);
    await t.app.services.futuresHost.tickNow();
    await compare('at start');
  });

  it('and while the simulators trade, stepped by the clock', async () => {
    // Quarter seconds for a few seconds of quotes and trades, then half an hour in minutes.
    for (let step = 0; step < 12; step += 1) {
      t.clock.ms += 250;
      await t.app.services.simulators.tick(t.clock.ms);
    }
    for (let step = 0; step < 30; step += 1) {
      t.clock.ms += 60_000;
      await t.app.services.simulators.tick(t.clock.ms);
      if (step % 10 === 9) await t.app.services.futuresHost.tickNow();
    }
    await t.app.services.futuresHost.tickNow();
    await compare('after half an hour');
  }, 120_000);
});
