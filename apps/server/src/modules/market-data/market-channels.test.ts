import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEFAULT_SPOT_MARKETS, type DepthPush } from '@quay/core';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ChannelHub, type ChannelContext } from '../../kernel/http/ws-routes';
import { openStore, type AppStore as Store } from '../../store';
import { registerMarketChannels } from './market-channels';
import { createMarketData, type MarketData } from './market-data';
import { HandFedMarketEvents } from '../../test/test-market-events';

const quiet = { error: () => undefined, warn: () => undefined, info: () => undefined };
const T0 = Date.UTC(2026, 0, 14, 10, 0, 0);

/** A socket's view: the texts it was sent, parsed. */
class Subscriber implements ChannelContext {
  readonly texts: string[] = [];
  user = null;
  send(message: unknown): void {
    this.texts.push(JSON.stringify(message));
  }
  sendRaw(text: string | Buffer): void {
    this.texts.push(text.toString());
  }
  get pushes(): Array<{ op: string; channel: string; data: unknown }> {
    return this.texts.map((t) => JSON.parse(t) as { op: string; channel: string; data: unknown });
  }
}

describe('market channels', () => {
  let dir: string;
  let store: Store;
  let events: HandFedMarketEvents;
  let md: MarketData;
  let hub: ChannelHub;
  let now = T0;

  const subscribe = (name: string) => {
    const channel = hub.get(name);
    if (!channel) throw new Error(`no channel ${name}`);
    const subscriber = new Subscriber();
    return { subscriber, stop: channel.subscribe(subscriber) };
  };

  beforeEach(async () => {
    dir = mkdtempSync(join(tmpdir(), 'quay-mc-'));
    store = await openStore({ dataDir: dir });
    events = new HandFedMarketEvents();
    now = T0;
    md = createMarketData({
      events,
      klines: store.repos.klines,
      markets: DEFAULT_SPOT_MARKETS,
      now: () => now,
      log: quiet,
    });
    await md.start();
    hub = new ChannelHub();
    registerMarketChannels(hub, md, events);
  });
  afterEach(async () => {
    await md.close();
    await store.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('registers the channels of spot-api.ts and no others', () => {
    for (const name of [
      'tickers',
      'ticker:BTCUSDT',
      'depth:ETHUSDT',
      'trades:SOLUSDT',
      'kline:XRPUSDT:1m',
      'kline:BTCUSDT:1w',
    ]) {
      expect(hub.get(name)?.private, name).toBe(false);
    }
    expect(hub.get('kline:BTCUSDT:2m')).toBeUndefined();
    expect(hub.get('depth:DOGEUSDT')).toBeUndefined();
  });

  it('starts depth with a snapshot, then deltas whose seq follows by one, per subscriber', () => {
    events.setBook('BTCUSDT', 10, [['100.00', '1.00000']], [['101.00', '1.00000']]);
    const early = subscribe('depth:BTCUSDT').subscriber;
    expect(early.pushes).toEqual([
      {
        op: 'push',
        channel: 'depth:BTCUSDT',
        data: {
          kind: 'snapshot',
          seq: 10,
          bids: [['100.00', '1.00000']],
          asks: [['101.00', '1.00000']],
        },
      },
    ]);
    events.change({ symbol: 'BTCUSDT', seq: 11, bids: [['100.00', '0']], asks: [] });
    const late = subscribe('depth:BTCUSDT').subscriber;
    // The engine may run ahead of what it has announced: the late snapshot already holds seq 12.
    events.setBook('BTCUSDT', 12, [], [['101.00', '3.00000']]);
    const later = subscribe('depth:BTCUSDT').subscriber;
    events.change({ symbol: 'BTCUSDT', seq: 12, bids: [], asks: [['101.00', '3.00000']] });
    events.change({ symbol: 'BTCUSDT', seq: 13, bids: [['99.00', '2.00000']], asks: [] });
    events.change({ symbol: 'ETHUSDT', seq: 5, bids: [['1.00', '1.0000']], asks: [] });

    const seqs = (s: Subscriber) =>
      s.pushes.map((p) => `${(p.data as DepthPush).kind}:${(p.data as DepthPush).seq}`);
    expect(seqs(early)).toEqual(['snapshot:10', 'delta:11', 'delta:12', 'delta:13']);
    expect(seqs(late)).toEqual(['snapshot:11', 'delta:12', 'delta:13']);
    expect(seqs(later)).toEqual(['snapshot:12', 'delta:13']);
    expect(early.pushes[3]?.data).toEqual({
      kind: 'delta',
      seq: 13,
      bids: [['99.00', '2.00000']],
      asks: [],
    });
    for (const s of [early, late, later]) {
      const list = s.pushes.map((p) => (p.data as DepthPush).seq);
      for (let i = 1; i < list.length; i += 1) expect(list[i]).toBe((list[i - 1] ?? 0) + 1);
    }
  });

  it('answers a gap with a fresh snapshot, and stops pushing after unsubscribe', () => {
    events.setBook('BTCUSDT', 1, [], []);
    const { subscriber, stop } = subscribe('depth:BTCUSDT');
    events.setBook('BTCUSDT', 5, [['100.00', '1.00000']], []);
    events.change({ symbol: 'BTCUSDT', seq: 5, bids: [['100.00', '1.00000']], asks: [] });
    expect(subscriber.pushes.map((p) => (p.data as DepthPush).kind)).toEqual([
      'snapshot',
      'snapshot',
    ]);
    expect((subscriber.pushes[1]?.data as DepthPush).seq).toBe(5);
    stop();
    events.change({ symbol: 'BTCUSDT', seq: 6, bids: [['100.00', '0']], asks: [] });
    expect(subscriber.pushes).toHaveLength(2);
  });

  it('serialises each push once however many subscribe', () => {
    events.setBook('BTCUSDT', 1, [], []);
    const many = Array.from({ length: 1000 }, () => subscribe('depth:BTCUSDT').subscriber);
    const traders = Array.from({ length: 1000 }, () => subscribe('trades:BTCUSDT').subscriber);
    const stringify = vi.spyOn(JSON, 'stringify');
    try {
      events.change({ symbol: 'BTCUSDT', seq: 2, bids: [['100.00', '1.00000']], asks: [] });
      events.trades([
        {
          symbol: 'BTCUSDT',
          price: '100.00',
          quantity: '1.00000',
          quoteQuantity: '100.0000000',
          side: 'sell',
          time: now,
        },
      ]);
      expect(stringify).toHaveBeenCalledTimes(2);
    } finally {
      stringify.mockRestore();
    }
    const delta = many[0]?.texts[1];
    expect(many.every((s) => s.texts[1] === delta)).toBe(true);
    expect(traders[999]?.pushes).toEqual([
      {
        op: 'push',
        channel: 'trades:BTCUSDT',
        data: [{ id: '1', price: '100.00', quantity: '1.00000', side: 'sell', time: now }],
      },
    ]);
  });

  it('pushes the current kline on subscribe and on every change, and tickers once a tick', async () => {
    const { subscriber: kline } = subscribe('kline:BTCUSDT:1m');
    expect(kline.pushes).toEqual([]);
    const sendTrade = (price: string) =>
      events.trades([
        {
          symbol: 'BTCUSDT',
          price,
          quantity: '1.00000',
          quoteQuantity: `${price}00000`,
          side: 'buy',
          time: now,
        },
      ]);
    sendTrade('100.00');
    sendTrade('102.00');
    expect(kline.pushes.map((p) => p.data)).toEqual([
      {
        t: T0,
        o: '100.00',
        h: '100.00',
        l: '100.00',
        c: '100.00',
        v: '1.00000',
        qv: '100.0000000',
      },
      {
        t: T0,
        o: '100.00',
        h: '102.00',
        l: '100.00',
        c: '102.00',
        v: '2.00000',
        qv: '202.0000000',
      },
    ]);
    expect(subscribe('kline:BTCUSDT:1h').subscriber.pushes[0]?.data).toMatchObject({
      c: '102.00',
    });

    const { subscriber: all } = subscribe('tickers');
    const { subscriber: one } = subscribe('ticker:BTCUSDT');
    const { subscriber: other } = subscribe('ticker:ETHUSDT');
    expect((all.pushes[0]?.data as unknown[]).length).toBe(4);
    expect(one.pushes[0]?.data).toMatchObject({ symbol: 'BTCUSDT' });
    now += 1000;
    await md.tick(now);
    await md.tick(now + 1000);
    expect(all.pushes).toHaveLength(2);
    expect(one.pushes).toHaveLength(2);
    expect(one.pushes[1]?.data).toMatchObject({ last: '102.00', change24h: '0.02' });
    expect(other.pushes).toHaveLength(1);
  });
});
