/**
 * Spot trigger orders through an unmodified CCXT `bitget` client (only its
 * REST URLs point at the server): a trigger order placed with
 * `triggerPrice`, listed and cancelled with `trigger: true`, as the web's
 * own routes show them; and one that fires when the last price crosses it.
 */
import type { SpotPlan } from '@quay/core';
import ccxt from 'ccxt';
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

const SPOT = 'BTC/USDT';

describe('spot trigger orders through CCXT', () => {
  let t: TestApp;
  let mail: MailCatcher;
  let token: string;
  let makerId: string;
  let exchange: InstanceType<typeof ccxt.bitget>;

  const web = async <T>(path: string): Promise<T> => {
    const sep = path.includes('?') ? '&' : '?';
    const answer = await call<T>(t.app, 'GET', `${path}${sep}languageType=0`, undefined, {
      ...bearer(token),
    });
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };
  const quote = (side: 'buy' | 'sell', price: string) =>
    t.app.services.spot.placeOrder(makerId, {
      symbol: 'BTCUSDT',
      side,
      type: 'limit',
      price,
      quantity: '0.01',
    });

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(
      'sqlite',
      {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        RATE_LIMIT_LOGIN_PER_MIN: '1000',
        RATE_LIMIT_CODE_PER_10MIN: '1000',
      },
      // CCXT signs with the wall clock.
      { config: { now: () => Date.now() } },
    );
    const { services } = t.app;
    token = (await registerByEmail<{ token: string }>(t, mail, 'plan-bot@example.com')).data.token;
    const botId = (await services.sessions.authenticate(token)).userRowId;
    const maker = await registerByEmail<{ token: string }>(t, mail, 'plan-maker@example.com');
    makerId = (await services.sessions.authenticate(maker.data.token)).userRowId;
    await services.ledger.deposit(botId, 'USDT', '10000', 'test');
    await services.ledger.deposit(makerId, 'USDT', '100000', 'test');
    await services.ledger.deposit(makerId, 'BTC', '1', 'test');
    await quote('sell', '30000');
    await quote('buy', '29000');
    const key = await services.apiKeys.createForOperator(botId, {
      label: 'ccxt',
      scopes: ['read', 'trade'],
      ips: [],
    });
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    exchange = new ccxt.bitget({
      apiKey: key.apiKey,
      secret: key.secret,
      password: key.passphrase,
    });
    const api = exchange.urls['api'] as Record<string, string>;
    for (const name of Object.keys(api)) api[name] = base;
    await exchange.loadMarkets();
  }, 60_000);
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  it('places, lists and cancels a trigger order as the web shows it', async () => {
    const placed = await exchange.createOrder(SPOT, 'limit', 'buy', 0.001, 31000, {
      triggerPrice: 30500,
      triggerType: 'fill_price',
    });
    const [webPlan] = await web<SpotPlan[]>('/v1/spot/plans/current');
    expect(webPlan).toMatchObject({
      planId: placed.id,
      triggerPrice: '30500.00',
      triggerBy: 'last',
      type: 'limit',
      price: '31000.00',
      quantity: '0.00100',
      status: 'WAITING',
    });
    const open = await exchange.fetchOpenOrders(SPOT, undefined, undefined, { trigger: true });
    expect(open.map((o) => o.id)).toEqual([placed.id]);
    expect(open[0]).toMatchObject({ side: 'buy', type: 'limit', price: 31000, amount: 0.001 });
    expect(open[0]?.triggerPrice).toBe(30500);

    await exchange.cancelOrder(String(placed.id), SPOT, { trigger: true });
    expect(await web<SpotPlan[]>('/v1/spot/plans/current')).toEqual([]);
    const history = await web<{ items: SpotPlan[] }>('/v1/spot/plans/history');
    expect(history.items[0]).toMatchObject({ planId: placed.id, status: 'CANCELED' });
  });

  it('fires a market buy by quote amount when a trade crosses its trigger', async () => {
    const placed = await exchange.createOrder(SPOT, 'market', 'buy', 100, undefined, {
      triggerPrice: 30000,
      triggerType: 'fill_price',
      createMarketBuyOrderRequiresPrice: false,
    });
    await quote('sell', '30000');
    // A trade at 30,000 (the maker's own bid meets nothing: a buy from another account).
    const other = await registerByEmail<{ token: string }>(t, mail, 'plan-taker@example.com');
    const otherId = (await t.app.services.sessions.authenticate(other.data.token)).userRowId;
    await t.app.services.ledger.deposit(otherId, 'USDT', '1000', 'test');
    await t.app.services.spot.placeOrder(otherId, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.001',
    });
    for (let i = 0; i < 4; i += 1) await t.app.services.spotHost.idle();
    const history = await web<{ items: SpotPlan[] }>('/v1/spot/plans/history');
    const fired = history.items.find((p) => p.planId === placed.id);
    expect(fired).toMatchObject({ status: 'TRIGGERED', quoteAmount: '100' });
    const order = await exchange.fetchOrder(String(fired?.orderId), SPOT);
    // 100 USDT buys whole lots only: 0.00333 BTC at 30,000.
    expect(order).toMatchObject({ status: 'closed', side: 'buy', cost: 99.9, filled: 0.00333 });
    await expectLedgerBalanced(t.store);
  });
});
