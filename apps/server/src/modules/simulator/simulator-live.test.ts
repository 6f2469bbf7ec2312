import {
  Decimal,
  type Balance,
  type DepthSnapshot,
  type Kline,
  type PublicTrade,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, call, expectLedgerBalanced, startApp, type TestApp } from '../../test/harness';
import { MAKER_EMAIL, TAKER_EMAIL, createSimulator, type Simulator } from './simulator';

const Q = 'languageType=0';
const quiet = { debug: () => undefined, info: () => undefined, warn: () => undefined };

describe.each(STORES)('the simulator trading through the real spot service on %s', (store) => {
  let t: TestApp;
  let simulator: Simulator;

  beforeAll(async () => {
    t = await startApp(store, { SIMULATOR: 'off' });
    const services = t.app.services;
    simulator = createSimulator({
      spot: services.spot,
      ledger: services.ledger,
      ensureSystemUser: (email) => services.accounts.ensureSystemUser(email),
      book: (symbol, levels) => services.spotHost.book(symbol, levels),
      markets: services.spotMarkets.all().map((m) => m.config),
      seed: 11,
      now: t.clock.now,
      log: quiet,
    });
    await simulator.start();
  });
  afterAll(async () => {
    await simulator.close();
    await t.close();
  });

  it('keeps books quoted and trades flowing, with balances that never go negative', async () => {
    const start = t.clock.ms;
    for (let step = 0; step < 120; step += 1) {
      t.clock.ms = start + step * 250;
      await simulator.tick(t.clock.ms);
    }
    for (const symbol of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT']) {
      const depth = await call<DepthSnapshot>(t.app, 'GET', `/v1/spot/depth?symbol=${symbol}&${Q}`);
      expect(depth.data.bids.length, symbol).toBeGreaterThanOrEqual(10);
      expect(depth.data.asks.length, symbol).toBeGreaterThanOrEqual(10);
      expect(new Decimal(depth.data.bids[0]?.[0] ?? '0').lt(depth.data.asks[0]?.[0] ?? '0')).toBe(
        true,
      );
      const trades = await call<PublicTrade[]>(
        t.app,
        'GET',
        `/v1/spot/trades?symbol=${symbol}&limit=200&${Q}`,
      );
      expect(trades.data.length, symbol).toBeGreaterThan(10);
      const klines = await call<Kline[]>(
        t.app,
        'GET',
        `/v1/spot/klines?symbol=${symbol}&interval=1m&${Q}`,
      );
      expect(klines.data.length).toBeGreaterThan(0);
    }
    const demoDepth = await call<DepthSnapshot>(
      t.app,
      'GET',
      `/v1/spot/depth?symbol=BTCUSDT&${Q}`,
      undefined,
      { 'x-simulated': '1' },
    );
    expect(demoDepth.data.symbol).toBe('SBTCSUSDT');
    expect(demoDepth.data.bids.length).toBeGreaterThanOrEqual(10);
    for (const email of [MAKER_EMAIL, TAKER_EMAIL]) {
      const id = await t.app.services.accounts.ensureSystemUser(email);
      const balances: Balance[] = await t.app.services.ledger.balances(id);
      // The real coins and their demo twins (the demo markets are kept live too).
      expect(balances.length).toBe(10);
      for (const b of balances) {
        expect(new Decimal(b.available).gte(0) && new Decimal(b.frozen).gte(0), b.coin).toBe(true);
      }
    }
    // Every coin held adds up to what was deposited.
    await expectLedgerBalanced(t.store);
  });

  it('opens system accounts nobody can log in to', async () => {
    const login = await call(t.app, 'POST', `/v1/user/login?${Q}`, {
      loginName: MAKER_EMAIL,
      pwd: 'system-account:no-login',
    });
    expect(login.code).not.toBe('0');
    const again = await t.app.services.accounts.ensureSystemUser(MAKER_EMAIL.toUpperCase());
    expect(again).toBe(await t.app.services.accounts.ensureSystemUser(MAKER_EMAIL));
  });
});

describe('the app with the simulator on', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite', { SIMULATOR: 'on', SIMULATOR_SEED: '5' });
  });
  afterAll(async () => {
    await t.close();
  });

  it('back-fills kline history at first start and quotes every market', async () => {
    const days = await call<Kline[]>(
      t.app,
      'GET',
      `/v1/spot/klines?symbol=BTCUSDT&interval=1d&limit=1000&${Q}`,
    );
    expect(days.data.length).toBeGreaterThanOrEqual(500);
    const close = new Decimal(days.data[days.data.length - 1]?.c ?? '0');
    expect(close.minus(95000).abs().lt(950)).toBe(true);
    const ticker = await call<Array<{ last: string; volume24h: string }>>(
      t.app,
      'GET',
      `/v1/spot/tickers?symbol=ETHUSDT&${Q}`,
    );
    // History ends at the start price; the simulator may have traded a little since.
    const last = new Decimal(ticker.data[0]?.last ?? '0');
    expect(last.minus(3500).abs().lt(35)).toBe(true);
    expect(new Decimal(ticker.data[0]?.volume24h ?? '0').gt(0)).toBe(true);
    const deadline = Date.now() + 10_000;
    let levels = 0;
    while (levels < 30 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      const depth = await call<DepthSnapshot>(t.app, 'GET', `/v1/spot/depth?symbol=XRPUSDT&${Q}`);
      levels = depth.data.bids.length + depth.data.asks.length;
    }
    expect(levels).toBe(30);
  });

  it('keeps the perpetuals live around their spot price: book, trades and a mark', async () => {
    const deadline = Date.now() + 15_000;
    let ticker: { last: string; markPrice: string; indexPrice: string } | undefined;
    let levels = 0;
    while (Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 250));
      const depth = await call<DepthSnapshot>(
        t.app,
        'GET',
        `/v1/futures/depth?symbol=ETHUSDT_PERP&${Q}`,
      );
      levels = depth.data.bids.length + depth.data.asks.length;
      const tickers = await call<Array<{ last: string; markPrice: string; indexPrice: string }>>(
        t.app,
        'GET',
        `/v1/futures/tickers?symbol=ETHUSDT_PERP&${Q}`,
      );
      ticker = tickers.data[0];
      if (levels === 30 && ticker?.last && ticker.markPrice) break;
    }
    expect(levels).toBe(30);
    const spot = await call<Array<{ last: string }>>(
      t.app,
      'GET',
      `/v1/spot/tickers?symbol=ETHUSDT&${Q}`,
    );
    const spotLast = new Decimal(spot.data[0]?.last ?? '0');
    // The perpetual trades within half a percent of its spot market.
    expect(new Decimal(ticker?.last ?? '0').minus(spotLast).abs().lt(spotLast.times('0.005'))).toBe(
      true,
    );
    expect(
      new Decimal(ticker?.markPrice ?? '0').minus(spotLast).abs().lt(spotLast.times('0.005')),
    ).toBe(true);
  });
});
