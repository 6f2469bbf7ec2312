import {
  ERRORS,
  type DepthSnapshot,
  type Kline,
  type PublicTrade,
  type SpotMarketInfo,
  type Ticker,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { STORES, call, startApp, type TestApp } from '../../test/harness';

const Q = 'languageType=0';

/** A client socket whose messages can be awaited one by one. */
class Client {
  private readonly inbox: Array<Record<string, unknown>> = [];
  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      this.inbox.push(JSON.parse(raw.toString('utf8')) as Record<string, unknown>);
    });
  }
  static async open(url: string): Promise<Client> {
    const ws = new WebSocket(url);
    const client = new Client(ws);
    await new Promise((resolve, reject) => {
      ws.once('open', resolve);
      ws.once('error', reject);
    });
    return client;
  }
  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }
  async next(timeout_ms = 5000): Promise<Record<string, unknown>> {
    const deadline = Date.now() + timeout_ms;
    while (this.inbox.length === 0) {
      if (Date.now() > deadline) throw new Error('no message arrived');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    return this.inbox.shift() ?? {};
  }
}

describe.each(STORES)('public market data on %s', (store) => {
  let t: TestApp;
  let seller: string;
  let buyer: string;
  let base: string;

  const get = <T>(path: string) => call<T>(t.app, 'GET', path);
  const place = (userId: string, body: Record<string, string>) =>
    t.app.services.spot.placeOrder(userId, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      ...body,
    } as Parameters<typeof t.app.services.spot.placeOrder>[1]);

  beforeAll(async () => {
    t = await startApp(store, { SIMULATOR: 'off' });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    seller = await t.app.services.accounts.ensureSystemUser('seller@market.test');
    buyer = await t.app.services.accounts.ensureSystemUser('buyer@market.test');
    await t.app.services.ledger.deposit(seller, 'BTC', '10', 'test');
    await t.app.services.ledger.deposit(buyer, 'USDT', '100000', 'test');
  });
  afterAll(async () => {
    await t.close();
  });

  it('lists the markets with their depth groupings', async () => {
    const answer = await get<SpotMarketInfo[]>(`/v1/spot/markets?${Q}`);
    expect(answer.code).toBe('0');
    expect(answer.data.map((m) => m.symbol)).toEqual(['BTCUSDT', 'ETHUSDT', 'SOLUSDT', 'XRPUSDT']);
    expect(answer.data[3]).toMatchObject({
      symbol: 'XRPUSDT',
      tickSize: '0.0001',
      depthSteps: ['0.0001', '0.001', '0.01', '0.1'],
    });
  });

  it('shows trades, klines, tickers and grouped depth as orders meet', async () => {
    const empty = await get<Ticker[]>(`/v1/spot/tickers?symbol=ETHUSDT&${Q}`);
    expect(empty.data).toEqual([
      expect.objectContaining({ symbol: 'ETHUSDT', last: '', volume24h: '0', bestBid: '' }),
    ]);
    await place(seller, { side: 'sell', price: '95000.00', quantity: '0.01000' });
    await place(seller, { side: 'sell', price: '95003.50', quantity: '0.02000' });
    await place(seller, { side: 'sell', price: '95012.00', quantity: '0.03000' });
    await place(buyer, { side: 'buy', price: '94990.01', quantity: '0.10000' });
    await place(buyer, { side: 'buy', type: 'market', quantity: '0.01500' });

    const trades = await get<PublicTrade[]>(`/v1/spot/trades?symbol=BTCUSDT&${Q}`);
    expect(trades.data.map((x) => [x.price, x.quantity, x.side])).toEqual([
      ['95003.50', '0.00500', 'buy'],
      ['95000.00', '0.01000', 'buy'],
    ]);
    const klines = await get<Kline[]>(`/v1/spot/klines?symbol=BTCUSDT&interval=1m&${Q}`);
    expect(klines.data).toEqual([
      expect.objectContaining({
        o: '95000.00',
        h: '95003.50',
        l: '95000.00',
        c: '95003.50',
        v: '0.01500',
        qv: '1425.0175000',
      }),
    ]);
    const depth = await get<DepthSnapshot>(`/v1/spot/depth?symbol=BTCUSDT&step=10&limit=5&${Q}`);
    expect(depth.data).toMatchObject({
      symbol: 'BTCUSDT',
      bids: [['94990.00', '0.10000']],
      asks: [
        ['95010.00', '0.01500'],
        ['95020.00', '0.03000'],
      ],
    });
    expect(depth.data.seq).toBeGreaterThan(0);
    const raw = await get<DepthSnapshot>(`/v1/spot/depth?symbol=BTCUSDT&limit=1&${Q}`);
    expect(raw.data.asks).toEqual([['95003.50', '0.01500']]);

    t.clock.advance(1);
    const tickers = await get<Ticker[]>(`/v1/spot/tickers?${Q}`);
    expect(tickers.data).toHaveLength(4);
    expect(tickers.data[0]).toMatchObject({
      symbol: 'BTCUSDT',
      last: '95003.50',
      open24h: '95000.00',
      change24h: '0.00003684',
      volume24h: '0.01500',
      bestBid: '94990.01',
      bestAsk: '95003.50',
    });
  });

  it('refuses every malformed query with the field errors, and unknown markets by code', async () => {
    const cases: Array<[string, string, number]> = [
      [`/v1/spot/trades?symbol=DOGEUSDT&${Q}`, ERRORS.MARKET_UNKNOWN.code, 200],
      [`/v1/spot/depth?symbol=DOGEUSDT&${Q}`, ERRORS.MARKET_UNKNOWN.code, 200],
      [`/v1/spot/klines?symbol=DOGEUSDT&interval=1m&${Q}`, ERRORS.MARKET_UNKNOWN.code, 200],
      [`/v1/spot/tickers?symbol=DOGEUSDT&${Q}`, ERRORS.MARKET_UNKNOWN.code, 200],
      [`/v1/spot/trades?${Q}`, ERRORS.FIELD_MISSING.code, 400],
      [`/v1/spot/klines?symbol=BTCUSDT&${Q}`, ERRORS.FIELD_MISSING.code, 400],
      [`/v1/spot/trades?symbol=btcusdt&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [`/v1/spot/trades?symbol=${'A'.repeat(21)}&${Q}`, ERRORS.FIELD_TOO_LONG.code, 400],
      [`/v1/spot/trades?symbol=BTCUSDT&limit=0&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [`/v1/spot/trades?symbol=BTCUSDT&limit=201&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [`/v1/spot/depth?symbol=BTCUSDT&limit=-1&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [`/v1/spot/depth?symbol=BTCUSDT&step=0.5&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [`/v1/spot/depth?symbol=BTCUSDT&step=1e3&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [`/v1/spot/klines?symbol=BTCUSDT&interval=2m&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [`/v1/spot/klines?symbol=BTCUSDT&interval=1m&limit=1001&${Q}`, ERRORS.FIELD_FORMAT.code, 400],
      [
        `/v1/spot/klines?symbol=BTCUSDT&interval=1m&endTime=soon&${Q}`,
        ERRORS.FIELD_FORMAT.code,
        400,
      ],
      [`/v1/spot/klines?symbol=BTCUSDT&interval=1m&from=1&${Q}`, ERRORS.FIELD_UNKNOWN.code, 400],
      [`/v1/spot/markets?all=1&${Q}`, ERRORS.FIELD_UNKNOWN.code, 400],
      [`/v1/spot/trades?symbol=BTCUSDT&symbol=ETHUSDT&${Q}`, ERRORS.FIELD_TYPE.code, 400],
    ];
    for (const [path, code, http] of cases) {
      const answer = await get(path);
      expect([answer.code, answer.http, answer.status], path).toEqual([code, http, 'error']);
    }
    const old = await get<Kline[]>(`/v1/spot/klines?symbol=BTCUSDT&interval=1h&endTime=1&${Q}`);
    expect(old.data).toEqual([]);
  });

  it('streams depth deltas in sequence, trades and klines over the socket', async () => {
    const client = await Client.open(`${base}/v1/ws?${Q}`);
    client.send({ op: 'subscribe', args: ['depth:BTCUSDT', 'trades:BTCUSDT', 'kline:BTCUSDT:1m'] });
    expect(await client.next()).toMatchObject({ op: 'subscribe', channel: 'depth:BTCUSDT' });
    const snapshot = await client.next();
    expect(snapshot).toMatchObject({ op: 'push', channel: 'depth:BTCUSDT' });
    const first = snapshot.data as { kind: string; seq: number; asks: unknown[] };
    expect(first.kind).toBe('snapshot');
    expect(first.asks).toContainEqual(['95012.00', '0.03000']);
    expect(await client.next()).toMatchObject({ op: 'subscribe', channel: 'trades:BTCUSDT' });
    expect(await client.next()).toMatchObject({ op: 'subscribe', channel: 'kline:BTCUSDT:1m' });
    expect(await client.next()).toMatchObject({ channel: 'kline:BTCUSDT:1m' });

    await place(seller, { side: 'sell', price: '95100.00', quantity: '0.01000' });
    await place(buyer, { side: 'buy', type: 'market', quantity: '0.02000' });
    const seen: Array<Record<string, unknown>> = [];
    while (!seen.some((m) => m.channel === 'trades:BTCUSDT')) seen.push(await client.next());
    const deltas = seen
      .filter((m) => m.channel === 'depth:BTCUSDT')
      .map((m) => m.data as { kind: string; seq: number });
    expect(deltas.length).toBeGreaterThan(0);
    deltas.forEach((d, i) => expect(d).toMatchObject({ kind: 'delta', seq: first.seq + 1 + i }));
    const trades = seen.find((m) => m.channel === 'trades:BTCUSDT')?.data as PublicTrade[];
    expect(trades.map((x) => x.price)).toEqual(['95003.50', '95012.00']);
    client.ws.close();
  });
});
