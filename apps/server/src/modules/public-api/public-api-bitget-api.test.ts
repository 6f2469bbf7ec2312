/**
 * A second, independent Bitget client against a real Quay server: the
 * `bitget-api` SDK's v2 REST client, unmodified but for its base URL, reads
 * a ticker and balances, places, reads and cancels a spot order and reads
 * the futures account; its v2 WebSocket client logs in and hears the ticker
 * and the account. Each answer equals the web app's for the account.
 */
import type { Balance, SpotOrder, Ticker } from '@quay/core';
import { RestClientV2, WebsocketClientV2 } from 'bitget-api';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

describe('the bitget-api SDK on Quay', () => {
  let t: TestApp;
  let mail: MailCatcher;
  let token: string;
  let client: RestClientV2;
  let socket: WebsocketClientV2;
  let credentials: { apiKey: string; apiSecret: string; apiPass: string };
  let wsUrl: string;

  const web = async <T>(path: string): Promise<T> => {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await call<T>(
      t.app,
      'GET',
      `${path}${sep}languageType=0`,
      undefined,
      bearer(token),
    );
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    // The SDK signs with the wall clock, so the server keeps it too.
    t = await startApp(
      'sqlite',
      { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) },
      { config: { now: () => Date.now() } },
    );
    const { services } = t.app;
    const bot = await registerByEmail<{ token: string }>(t, mail, 'sdk-bot@example.com');
    token = bot.data.token;
    const botId = (await services.sessions.authenticate(token)).userRowId;
    await services.ledger.deposit(botId, 'USDT', '5000', 'test');
    const key = await services.apiKeys.createForOperator(botId, {
      label: 'sdk',
      scopes: ['read', 'trade'],
      ips: [],
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    credentials = { apiKey: key.apiKey, apiSecret: key.secret, apiPass: key.passphrase };
    client = new RestClientV2({ ...credentials, baseUrl: base });
    // Quay's private path serves the public channels too: one URL for the SDK's sockets.
    wsUrl = `${base.replace(/^http/, 'ws')}/v2/ws/private`;
  }, 60_000);
  afterAll(async () => {
    socket?.closeAll(true);
    await t?.close();
    await mail?.stop();
  });

  it('reads the spot ticker and the balances the web shows', async () => {
    const ticker = await client.getSpotTicker({ symbol: 'BTCUSDT' });
    expect(ticker.code).toBe('00000');
    const [webTicker] = await web<Ticker[]>('/v1/spot/tickers?symbol=BTCUSDT');
    expect(ticker.data[0]?.symbol).toBe('BTCUSDT');
    expect(ticker.data[0]?.lastPr ?? null).toBe(webTicker?.last === '' ? null : webTicker?.last);

    const assets = await client.getSpotAccountAssets({ coin: 'USDT' });
    const [usdt] = (await web<Balance[]>('/v1/asset/balances')).filter((b) => b.coin === 'USDT');
    expect(assets.data.map((a) => [a.coin, a.available, a.frozen])).toEqual([
      ['USDT', usdt?.available, usdt?.frozen],
    ]);
  });

  it('places, reads and cancels a spot order, as the web lists it', async () => {
    const placed = await client.spotSubmitOrder({
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      force: 'gtc',
      price: '20000',
      size: '0.01',
    });
    expect(placed.code).toBe('00000');
    const orderId = placed.data.orderId;
    const [webOrder] = await web<SpotOrder[]>('/v1/spot/orders/open');
    expect(webOrder?.orderId).toBe(orderId);

    const info = await client.getSpotOrder({ orderId });
    expect(info.data[0]).toMatchObject({
      orderId,
      symbol: 'BTCUSDT',
      side: 'buy',
      status: 'live',
      price: webOrder?.price,
      size: webOrder?.quantity,
    });
    const open = await client.getSpotOpenOrders({ symbol: 'BTCUSDT' });
    expect(open.data.map((o) => o.orderId)).toEqual([orderId]);

    const cancelled = await client.spotCancelOrder({ symbol: 'BTCUSDT', orderId });
    expect(cancelled.data.orderId).toBe(orderId);
    expect(await web<SpotOrder[]>('/v1/spot/orders/open')).toEqual([]);
    await expectLedgerBalanced(t.store);
  });

  it('logs in over the SDK’s WebSocket and hears the ticker and the account the web shows', async () => {
    const quiet = { trace: () => undefined, info: () => undefined, error: () => undefined };
    socket = new WebsocketClientV2({ ...credentials, wsUrl }, quiet);
    const updates: Array<{ arg: { channel: string; instType: string }; data: unknown[] }> = [];
    socket.on('update', (event) => updates.push(event as (typeof updates)[number]));
    const heard = (channel: string) =>
      expect.poll(() => updates.find((u) => u.arg.channel === channel), { timeout: 10_000 });

    await socket.subscribeTopic('SPOT', 'ticker', 'BTCUSDT');
    await heard('ticker').toBeDefined();
    const [webTicker] = await web<Ticker[]>('/v1/spot/tickers?symbol=BTCUSDT');
    const ticker = updates.find((u) => u.arg.channel === 'ticker')?.data[0] as {
      instId: string;
      bidPr: string | null;
    };
    expect(ticker.instId).toBe('BTCUSDT');
    expect(ticker.bidPr ?? '').toBe(webTicker?.bestBid);

    await socket.subscribeTopic('SPOT', 'account');
    await heard('account').toBeDefined();
    const account = updates.find((u) => u.arg.channel === 'account')?.data as Array<{
      coin: string;
      available: string;
    }>;
    const [usdt] = (await web<Balance[]>('/v1/asset/balances')).filter((b) => b.coin === 'USDT');
    expect(account.find((a) => a.coin === 'USDT')?.available).toBe(usdt?.available);
  });

  it('reads the futures ticker and account, and is refused with Bitget’s codes', async () => {
    const ticker = await client.getFuturesTicker({
      symbol: 'BTCUSDT',
      productType: 'USDT-FUTURES',
    });
    expect(ticker.data[0]?.symbol).toBe('BTCUSDT');
    const accounts = await client.getFuturesAccountAssets({ productType: 'USDT-FUTURES' });
    expect(accounts.data.map((a) => [a.marginCoin, a.available])).toEqual([['USDT', '0']]);

    // A refusal reaches the SDK as Bitget's error body.
    await expect(client.getSpotOrder({ orderId: '999999' })).rejects.toMatchObject({
      body: { code: '43001' },
    });
  });
});
