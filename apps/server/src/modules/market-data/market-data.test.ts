import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SPOT_MARKETS, type Kline, type KlineInterval } from '@quay/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { AppError } from '../../kernel/app-error';
import { openStore, type AppStore as Store } from '../../store';
import { createMarketData, type MarketData, type MarketDataOptions } from './market-data';
import { RollingDay } from './rolling-day';
import { HandFedMarketEvents } from '../../test/test-market-events';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
/** Wednesday 2026-01-14 10:00:00 UTC. */
const T0 = Date.UTC(2026, 0, 14, 10, 0, 0);
const MIN = 60_000;

function errorName(fn: () => unknown): string {
  try {
    fn();
  } catch (err) {
    if (err instanceof AppError) return err.errorName;
    throw err;
  }
  return 'none';
}

describe('market data', () => {
  let dir: string;
  let store: Store;
  let events: HandFedMarketEvents;
  let now: number;
  let md: MarketData;

  const open = async (extra: Partial<MarketDataOptions> = {}) => {
    const data = createMarketData({
      events,
      klines: store.repos.klines,
      markets: DEFAULT_SPOT_MARKETS,
      now: () => now,
      log: quiet,
      ...extra,
    });
    await data.start();
    return data;
  };

  const trade = (price: string, quantity: string, quoteQuantity: string, time = now) =>
    events.trades([{ symbol: 'BTCUSDT', price, quantity, quoteQuantity, side: 'buy', time }])[0];

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quay-md-'));
    store = await openStore({ dataDir: dir });
    events = new HandFedMarketEvents();
    now = T0;
    md = await open();
  });
  afterEach(async () => {
    await md.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('lists every market with its steps, fees, depth groupings and price band', () => {
    const btc = md.markets().find((m) => m.symbol === 'BTCUSDT');
    expect(btc).toEqual({
      symbol: 'BTCUSDT',
      base: 'BTC',
      quote: 'USDT',
      tickSize: '0.01',
      lotSize: '0.00001',
      minNotional: '5',
      makerFeeRate: '0.001',
      takerFeeRate: '0.001',
      pricePrecision: 2,
      quantityPrecision: 5,
      depthSteps: ['0.01', '0.1', '1', '10'],
      marketPriceBandRate: '0.05',
    });
    expect(md.markets().map((m) => m.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT']);
  });

  it('keeps the last 200 trades, newest first', () => {
    for (let i = 0; i < 230; i += 1) trade(`${95000 + i}.00`, '0.00100', '95.00000', now + i);
    const trades = md.trades('BTCUSDT', 200);
    expect(trades).toHaveLength(200);
    expect(trades[0]).toMatchObject({ price: '95229.00', side: 'buy', time: T0 + 229 });
    expect(trades[199]?.price).toBe('95030.00');
    expect(md.trades('BTCUSDT', 3).map((t) => t.price)).toEqual([
      '95229.00',
      '95228.00',
      '95227.00',
    ]);
    expect(md.trades('ETHUSDT', 50)).toEqual([]);
    expect(errorName(() => md.trades('DOGEUSDT', 5))).toBe('MARKET_UNKNOWN');
  });

  it('builds klines of every interval exactly from trades', async () => {
    trade('100.10', '0.10000', '10.0100000', T0 + 1_000);
    trade('100.30', '0.20000', '20.0600000', T0 + 20_000);
    trade('99.90', '0.00001', '0.0009990', T0 + 59_999);
    const expected: Kline = {
      t: T0,
      o: '100.10',
      h: '100.30',
      l: '99.90',
      c: '99.90',
      v: '0.30001',
      qv: '30.0709990',
    };
    for (const interval of ['1m', '5m', '15m', '30m', '1h'] as KlineInterval[]) {
      expect(md.currentKline('BTCUSDT', interval)).toEqual(expected);
    }
    expect(md.currentKline('BTCUSDT', '4h')).toEqual({ ...expected, t: Date.UTC(2026, 0, 14, 8) });
    expect(md.currentKline('BTCUSDT', '1d')).toEqual({ ...expected, t: Date.UTC(2026, 0, 14) });
    // Weeks open on Monday: 2026-01-12.
    expect(md.currentKline('BTCUSDT', '1w')?.t).toBe(Date.UTC(2026, 0, 12));
    // The next minute opens a new 1m kline and continues the 5m one.
    trade('101.00', '1.00000', '101.0000000', T0 + MIN + 5);
    expect(md.currentKline('BTCUSDT', '1m')).toEqual({
      t: T0 + MIN,
      o: '101.00',
      h: '101.00',
      l: '101.00',
      c: '101.00',
      v: '1.00000',
      qv: '101.0000000',
    });
    expect(md.currentKline('BTCUSDT', '5m')).toMatchObject({
      t: T0,
      o: '100.10',
      h: '101.00',
      c: '101.00',
      v: '1.30001',
    });
    now = T0 + MIN + 10;
    const minutes = await md.klines('BTCUSDT', '1m', 10);
    expect(minutes.map((k) => k.t)).toEqual([T0, T0 + MIN]);
    expect(minutes[0]).toEqual(expected);
    expect(await md.klines('BTCUSDT', '1m', 1)).toHaveLength(1);
    expect(await md.klines('BTCUSDT', '1m', 10, T0 + 30_000)).toEqual([expected]);
  });

  it('writes klines in batches on tick, not per trade, and reads the same back', async () => {
    const count = async () =>
      (await store.repos.klines.until('BTCUSDT', '1m', Number.MAX_SAFE_INTEGER, 1000)).length;
    for (let i = 0; i < 50; i += 1) trade('95000.00', '0.00100', '95.0000000', T0 + i * 1000);
    expect(await count()).toBe(0);
    const answered = await md.klines('BTCUSDT', '1m', 5);
    now = T0 + 60_000;
    await md.tick(now);
    expect(await count()).toBe(1);
    expect(await store.repos.klines.until('BTCUSDT', '1h', now, 10)).toHaveLength(1);
    expect(await md.klines('BTCUSDT', '1m', 5)).toEqual(answered);
    expect(answered[0]?.v).toBe('0.05000');
  });

  it('continues stored klines after a restart', async () => {
    trade('200.00', '1.00000', '200.0000000', T0 + 1_000);
    await md.close();
    md = await open();
    expect(md.ticker('BTCUSDT')).toMatchObject({ last: '200.00', volume24h: '1.00000' });
    trade('190.00', '1.00000', '190.0000000', T0 + 2_000);
    expect(md.currentKline('BTCUSDT', '1m')).toMatchObject({
      o: '200.00',
      l: '190.00',
      c: '190.00',
      v: '2.00000',
      qv: '390.0000000',
    });
    expect(md.ticker('BTCUSDT')).toMatchObject({ last: '190.00', change24h: '-0.05' });
  });

  it('computes the 24h ticker from the minutes of the last day', async () => {
    events.setBook('BTCUSDT', 7, [['99.00', '1.00000']], [['101.00', '2.00000']]);
    expect(md.ticker('BTCUSDT')).toMatchObject({
      last: '',
      open24h: '',
      change24h: '0',
      volume24h: '0',
    });
    trade('80.00', '1.00000', '80.0000000', T0);
    trade('100.00', '2.00000', '200.0000000', T0 + 2 * 3600_000);
    trade('120.00', '0.50000', '60.0000000', T0 + 10 * 3600_000);
    now = T0 + 10 * 3600_000 + 5_000;
    await md.tick(now);
    expect(md.ticker('BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      last: '120.00',
      open24h: '80.00',
      high24h: '120.00',
      low24h: '80.00',
      change24h: '0.5',
      volume24h: '3.50000',
      quoteVolume24h: '340.0000000',
      bestBid: '99.00',
      bestAsk: '101.00',
      time: now,
    });
    // A day after the first trade it has left the window.
    now = T0 + 24 * 3600_000;
    await md.tick(now);
    expect(md.ticker('BTCUSDT')).toMatchObject({
      open24h: '100.00',
      low24h: '100.00',
      change24h: '0.2',
      volume24h: '2.50000',
      quoteVolume24h: '260.0000000',
    });
    // Thirds stay exact to eight places.
    trade('80.00', '1.00000', '80.0000000', now);
    await md.tick(now);
    expect(md.ticker('BTCUSDT').change24h).toBe('-0.2');
    now = T0 + 49 * 3600_000;
    await md.tick(now);
    expect(md.ticker('BTCUSDT')).toMatchObject({
      last: '80.00',
      open24h: '80.00',
      high24h: '80.00',
      change24h: '0',
      volume24h: '0.00000',
    });
  });

  it('rounds the 24h change to eight places, a half away from zero either way', () => {
    const day = new RollingDay();
    const f = { price: 2, volume: 5, quoteVolume: 7 };
    // 128.00 in units of 0.01; a tick either way is 1/12800 = 0.000078125.
    day.add({ interval: '1m', t: T0, o: 12800n, h: 12800n, l: 12800n, c: 12800n, v: 1n, qv: 1n });
    const best = { bid: '', ask: '' };
    expect(day.ticker('BTCUSDT', T0, 12801n, best, f).change24h).toBe('0.00007813');
    expect(day.ticker('BTCUSDT', T0, 12799n, best, f).change24h).toBe('-0.00007813');
    expect(day.ticker('BTCUSDT', T0, 12800n, best, f).change24h).toBe('0');
    expect(day.ticker('BTCUSDT', T0, 4267n, best, f).change24h).toBe('-0.66664063');
  });

  it('pushes a ticker only when it changed, once per tick', async () => {
    const pushes: string[][] = [];
    md.listen({ tickers: (changed) => pushes.push(changed.map((t) => t.symbol)) });
    await md.tick(now);
    expect(pushes).toEqual([]);
    trade('100.00', '1.00000', '100.0000000');
    trade('101.00', '1.00000', '101.0000000');
    await md.tick(now + 1000);
    await md.tick(now + 2000);
    expect(pushes).toEqual([['BTCUSDT']]);
    events.setBook('ETHUSDT', 1, [['3499.99', '1.0000']], []);
    await md.tick(now + 3000);
    expect(pushes).toEqual([['BTCUSDT'], ['ETHUSDT']]);
  });

  it('groups depth by the market steps: bids down, asks up', () => {
    events.setBook(
      'BTCUSDT',
      42,
      [
        ['95000.19', '0.10000'],
        ['95000.10', '0.20000'],
        ['95000.09', '0.00001'],
        ['94990.00', '1.00000'],
      ],
      [
        ['95000.21', '0.30000'],
        ['95000.30', '0.40000'],
        ['95000.31', '0.50000'],
      ],
    );
    expect(md.depth('BTCUSDT', undefined, 50)).toEqual({
      symbol: 'BTCUSDT',
      seq: 42,
      bids: [
        ['95000.19', '0.10000'],
        ['95000.10', '0.20000'],
        ['95000.09', '0.00001'],
        ['94990.00', '1.00000'],
      ],
      asks: [
        ['95000.21', '0.30000'],
        ['95000.30', '0.40000'],
        ['95000.31', '0.50000'],
      ],
    });
    expect(md.depth('BTCUSDT', '0.1', 50)).toMatchObject({
      bids: [
        ['95000.10', '0.30000'],
        ['95000.00', '0.00001'],
        ['94990.00', '1.00000'],
      ],
      asks: [
        ['95000.30', '0.70000'],
        ['95000.40', '0.50000'],
      ],
    });
    expect(md.depth('BTCUSDT', '10', 1)).toMatchObject({
      bids: [['95000.00', '0.30001']],
      asks: [['95010.00', '1.20000']],
    });
    expect(md.depth('BTCUSDT', '10.00', 50).bids).toHaveLength(2);
    expect(errorName(() => md.depth('BTCUSDT', '0.5', 50))).toBe('FIELD_FORMAT');
    expect(errorName(() => md.depth('BTCUSDT', '0.001', 50))).toBe('FIELD_FORMAT');
    expect(errorName(() => md.depth('NOPE', undefined, 50))).toBe('MARKET_UNKNOWN');
  });

  it('back-fills a market without klines once, and loads recent trades at start', async () => {
    await md.close();
    let calls = 0;
    const history = () => {
      calls += 1;
      return {
        '1m': [
          {
            t: T0 - MIN,
            o: '1.00',
            h: '2.00',
            l: '0.50',
            c: '1.50',
            v: '3.00000',
            qv: '4.5000000',
          },
        ],
      };
    };
    const recentTrades = async (symbol: string) =>
      symbol === 'BTCUSDT'
        ? [{ id: '9', price: '1.60', quantity: '0.10000', side: 'sell' as const, time: T0 - 10 }]
        : [];
    md = await open({ history, recentTrades });
    expect(calls).toBe(DEFAULT_SPOT_MARKETS.length);
    expect(await md.klines('BTCUSDT', '1m', 10)).toEqual([
      { t: T0 - MIN, o: '1.00', h: '2.00', l: '0.50', c: '1.50', v: '3.00000', qv: '4.5000000' },
    ]);
    expect(md.trades('BTCUSDT', 10)).toEqual([
      { id: '9', price: '1.60', quantity: '0.10000', side: 'sell', time: T0 - 10 },
    ]);
    expect(md.ticker('BTCUSDT')).toMatchObject({
      last: '1.60',
      open24h: '1.00',
      volume24h: '3.00000',
    });
    await md.close();
    md = await open({ history, recentTrades });
    expect(calls).toBe(DEFAULT_SPOT_MARKETS.length);
  });

  it('holds trades that arrive while it loads, and applies them after', async () => {
    await md.close();
    const data = createMarketData({
      events,
      klines: store.repos.klines,
      markets: DEFAULT_SPOT_MARKETS,
      now: () => now,
      log: quiet,
    });
    trade('300.00', '1.00000', '300.0000000');
    expect(data.trades('BTCUSDT', 5)).toEqual([]);
    await data.start();
    expect(data.trades('BTCUSDT', 5)).toHaveLength(1);
    md = data;
  });
});
