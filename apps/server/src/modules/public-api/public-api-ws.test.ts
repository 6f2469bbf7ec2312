/**
 * The public API's WebSocket as a bot meets it (Bitget v2): text ping/pong,
 * market channels for SPOT and USDT-FUTURES with their snapshot then their
 * updates, the login with an API key and its refusals, and the account's
 * channels, each push equal to what the REST routes answer.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { signatureOf, signed, type KeyCredentials } from '../../test/api-key-client';
import { MailCatcher, STORES, registerByEmail, startApp, type TestApp } from '../../test/harness';

type Frame = Record<string, unknown> | string;
/** A push as the tests read it: its data are the channel's items. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test reads its channel's own shape
type Push = { action: string; arg: Record<string, string>; data: any[] };

/** A Bitget-speaking socket whose frames can be awaited one by one. */
class BotSocket {
  private readonly frames: Frame[] = [];
  private wake: (() => void) | null = null;

  private constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      const text = raw.toString('utf8');
      this.frames.push(text === 'pong' ? text : (JSON.parse(text) as Frame));
      this.wake?.();
    });
  }

  static open(url: string): Promise<BotSocket> {
    const ws = new WebSocket(url);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(new BotSocket(ws)));
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(typeof message === 'string' ? message : JSON.stringify(message));
  }

  /** The next frame that passes `match` (frames before it are dropped). */
  async until(match: (f: Record<string, unknown>) => boolean, ms = 5000): Promise<Push> {
    const deadline = Date.now() + ms;
    for (;;) {
      const frame = this.frames.shift();
      if (frame !== undefined) {
        if (typeof frame !== 'string' && match(frame)) return frame as unknown as Push;
        continue;
      }
      if (Date.now() > deadline) throw new Error('no such frame arrived');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
  }

  /**
   * The first frames that pass `first` and `second`, in whatever order they
   * arrive (the snapshots of channels subscribed together race each other);
   * other frames are dropped.
   */
  async untilBoth(
    first: (f: Record<string, unknown>) => boolean,
    second: (f: Record<string, unknown>) => boolean,
    ms = 5000,
  ): Promise<[Push, Push]> {
    const matches = [first, second];
    const found: Array<Push | undefined> = matches.map(() => undefined);
    const deadline = Date.now() + ms;
    while (found.some((f) => f === undefined)) {
      const frame = this.frames.shift();
      if (frame !== undefined) {
        if (typeof frame === 'string') continue;
        const i = matches.findIndex((match, j) => found[j] === undefined && match(frame));
        if (i >= 0) found[i] = frame as unknown as Push;
        continue;
      }
      if (Date.now() > deadline) throw new Error('no such frames arrived');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return found as [Push, Push];
  }

  async next(ms = 5000): Promise<Frame> {
    const deadline = Date.now() + ms;
    while (this.frames.length === 0) {
      if (Date.now() > deadline) throw new Error('no frame arrived');
      await new Promise<void>((resolve) => {
        this.wake = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.frames.shift() as Frame;
  }
}

const pushOf = (channel: string, instType?: string) => (f: Record<string, unknown>) => {
  const arg = f.arg as { channel?: string; instType?: string } | undefined;
  return 'action' in f && arg?.channel === channel && (!instType || arg.instType === instType);
};

describe.each(STORES)('the public API WebSocket on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let base: string;
  let userId: string;
  let key: KeyCredentials;
  const sockets: BotSocket[] = [];

  const open = async (path: 'public' | 'private') => {
    const socket = await BotSocket.open(`${base}/v2/ws/${path}`);
    sockets.push(socket);
    return socket;
  };
  const loginArgs = (seconds = Math.floor(t.clock.ms / 1000), secret = key.secret) => ({
    apiKey: key.apiKey,
    passphrase: key.passphrase,
    timestamp: String(seconds),
    sign: signatureOf(secret, String(seconds), 'GET', '/user/verify', ''),
  });
  const rest = async <T>(url: string): Promise<T> => {
    t.clock.advance(0.001);
    const answer = await signed<T>(t.app, key, { method: 'GET', url, timestamp: t.clock.ms });
    expect(answer.code).toBe('00000');
    return answer.data;
  };

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) });
    const user = await registerByEmail<{ token: string }>(t, mail, 'ws-bot@example.com');
    userId = (await t.app.services.sessions.authenticate(user.data.token)).userRowId;
    await t.app.services.ledger.deposit(userId, 'USDT', '10000', 'test');
    const created = await t.app.services.apiKeys.createForOperator(userId, {
      label: 'ws',
      scopes: ['read', 'trade'],
      ips: [],
    });
    key = { apiKey: created.apiKey, secret: created.secret, passphrase: created.passphrase };
    await t.app.services.spot.placeOrder(userId, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '20000',
      quantity: '0.01',
      timeInForce: 'GTC',
    });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace(/^http/, 'ws');
  });
  afterAll(async () => {
    for (const s of sockets) s.ws.close();
    await t?.close();
    await mail?.stop();
  });

  it('answers a text ping with pong, and refuses what it does not know', async () => {
    const socket = await open('public');
    socket.send('ping');
    expect(await socket.next()).toBe('pong');
    socket.send({ op: 'dance' });
    expect(await socket.next()).toMatchObject({ event: 'error', code: 30003 });
    const ghost = { instType: 'SPOT', channel: 'ticker', instId: 'NOPEUSDT' };
    socket.send({ op: 'subscribe', args: [ghost] });
    expect(await socket.next()).toMatchObject({ event: 'error', code: 30001, arg: ghost });
    const orders = { instType: 'SPOT', channel: 'orders', instId: 'default' };
    socket.send({ op: 'subscribe', args: [orders] });
    expect(await socket.next()).toMatchObject({ event: 'error', code: 30004, arg: orders });
    socket.send({ op: 'login', args: [loginArgs()] });
    expect(await socket.next()).toMatchObject({ event: 'error', code: 30002 });
    // A plain request (not an upgrade) is told to upgrade.
    const plain = await t.app.inject({ method: 'GET', url: '/v2/ws/public' });
    expect(plain.statusCode).toBe(426);
  });

  it('pushes a spot ticker and a perpetual’s book as the REST routes show them', async () => {
    const socket = await open('public');
    const ticker = { instType: 'SPOT', channel: 'ticker', instId: 'BTCUSDT' };
    socket.send({ op: 'subscribe', args: [ticker] });
    expect(await socket.next()).toEqual({ event: 'subscribe', arg: ticker });
    const push = await socket.until(pushOf('ticker'));
    const [restTicker] = await rest<Array<Record<string, unknown>>>(
      '/api/v2/spot/market/tickers?symbol=BTCUSDT',
    );
    expect(push).toMatchObject({ action: 'snapshot', arg: ticker });
    expect(push.data[0]).toMatchObject({
      ...restTicker,
      instId: 'BTCUSDT',
      ts: expect.any(String),
    });

    const books = { instType: 'USDT-FUTURES', channel: 'books5', instId: 'BTCUSDT' };
    socket.send({ op: 'subscribe', args: [books] });
    const book = await socket.until(pushOf('books5'));
    const restBook = await rest<{ asks: string[][]; bids: string[][] }>(
      '/api/v2/mix/market/merge-depth?productType=USDT-FUTURES&symbol=BTCUSDT&limit=5',
    );
    expect(book.data[0].asks).toEqual(restBook.asks);
    expect(book.data[0].bids).toEqual(restBook.bids);

    const books15 = { instType: 'SPOT', channel: 'books', instId: 'BTCUSDT' };
    socket.send({ op: 'subscribe', args: [books15] });
    const full = await socket.until(pushOf('books'));
    expect(full.action).toBe('snapshot');
    expect(full.data[0].bids).toEqual([['20000.00', '0.01000']]);
    expect(typeof full.data[0].checksum).toBe('number');
    await t.app.services.spot.placeOrder(userId, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '21000',
      quantity: '0.002',
      timeInForce: 'GTC',
    });
    const update = await socket.until(pushOf('books'));
    expect(update).toMatchObject({ action: 'update' });
    expect(update.data[0].bids).toEqual([['21000.00', '0.00200']]);

    const candles = { instType: 'SPOT', channel: 'candle1m', instId: 'BTCUSDT' };
    socket.send({ op: 'subscribe', args: [candles] });
    const candle = await socket.until(pushOf('candle1m'));
    const restCandles = await rest<string[][]>(
      '/api/v2/spot/market/candles?symbol=BTCUSDT&granularity=1min&limit=100',
    );
    expect(candle.data).toEqual(restCandles);
  });

  it('refuses a login with a wrong signature, a stale time or a replayed signature', async () => {
    const socket = await open('private');
    socket.send({ op: 'login', args: [loginArgs(undefined, 'not-the-secret')] });
    expect(await socket.next()).toMatchObject({ event: 'error', code: 30015 });
    socket.send({ op: 'login', args: [loginArgs(Math.floor(t.clock.ms / 1000) - 60)] });
    expect(await socket.next()).toMatchObject({ event: 'error', code: 30014 });
    t.clock.advance(1);
    const args = loginArgs();
    socket.send({ op: 'login', args: [args] });
    expect(await socket.next()).toEqual({ event: 'login', code: 0, msg: '' });
    const again = await open('private');
    again.send({ op: 'login', args: [args] });
    expect(await again.next()).toMatchObject({ event: 'error', code: 30015 });
  });

  it('pushes the account’s balances, orders and futures figures after a login', async () => {
    const socket = await open('private');
    t.clock.advance(1);
    socket.send({ op: 'login', args: [loginArgs()] });
    expect(await socket.next()).toMatchObject({ event: 'login', code: 0 });

    const account = { instType: 'SPOT', channel: 'account', instId: 'default' };
    const orders = { instType: 'SPOT', channel: 'orders', instId: 'BTCUSDT' };
    socket.send({ op: 'subscribe', args: [account, orders] });
    const [balances, resting] = await socket.untilBoth(
      pushOf('account', 'SPOT'),
      pushOf('orders', 'SPOT'),
    );
    expect(balances.data).toEqual(await rest('/api/v2/spot/account/assets'));
    expect(resting.data.map((o: { orderId: string }) => o.orderId)).toEqual(
      (await rest<Array<{ orderId: string }>>('/api/v2/spot/trade/unfilled-orders')).map(
        (o) => o.orderId,
      ),
    );

    const placed = await t.app.services.spot.placeOrder(userId, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '19000',
      quantity: '0.001',
      timeInForce: 'GTC',
    });
    const expected = await rest<Array<{ coin: string; frozen: string }>>(
      '/api/v2/spot/account/assets',
    );
    const frozen = (f: Record<string, unknown>) =>
      (f.data as Array<{ coin: string; frozen: string }>).map((b) => `${b.coin} ${b.frozen}`);
    const [update, after] = await socket.untilBoth(
      pushOf('orders', 'SPOT'),
      // A push for a change made before this order can still be on its way (on
      // PostgreSQL the balances are read after the commit): the one that counts
      // carries this order's freeze.
      (f) =>
        pushOf('account', 'SPOT')(f) &&
        JSON.stringify(frozen(f)) === JSON.stringify(frozen({ data: expected })),
    );
    expect(update.action).toBe('update');
    expect(update.data[0]).toMatchObject({
      instId: 'BTCUSDT',
      orderId: placed.orderId,
      side: 'buy',
      price: '19000.00',
      newSize: '0.00100',
      status: 'live',
    });
    expect(after.data).toEqual(expected);

    const positions = { instType: 'USDT-FUTURES', channel: 'positions', instId: 'default' };
    const perpAccount = { instType: 'USDT-FUTURES', channel: 'account', instId: 'default' };
    socket.send({ op: 'subscribe', args: [positions, perpAccount] });
    const [held, wallet] = await socket.untilBoth(
      pushOf('positions'),
      pushOf('account', 'USDT-FUTURES'),
    );
    expect(held.data).toEqual([]);
    const [restAccount] = await rest<Array<Record<string, string>>>(
      '/api/v2/mix/account/accounts?productType=USDT-FUTURES',
    );
    expect(wallet.data[0]).toMatchObject({
      marginCoin: 'USDT',
      available: restAccount?.available,
      maxTransferOut: restAccount?.maxTransferOut,
    });
  });
});
