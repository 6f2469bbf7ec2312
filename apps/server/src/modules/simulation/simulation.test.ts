import { ERRORS, type Balance, type Page, type SpotFill, type SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

interface SessionData {
  token: string;
}

const Q = '?languageType=0';
const DEMO = { 'x-simulated': '1' };

describe.each(STORES)('simulation mode (demo ledger) on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let seller: string;
  let buyer: string;
  let sellerId: string;
  let buyerId: string;

  const get = <T>(token: string, path: string, demo: boolean) =>
    call<T>(t.app, 'GET', `${path}${path.includes('?') ? '&' : '?'}languageType=0`, undefined, {
      ...bearer(token),
      ...(demo ? DEMO : {}),
    });
  const post = <T>(token: string, path: string, body: unknown, demo: boolean) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, { ...bearer(token), ...(demo ? DEMO : {}) });
  const balances = async (token: string, demo: boolean) => {
    const answer = await get<Balance[]>(token, '/v1/asset/balances', demo);
    expect(answer.code, answer.msg).toBe('0');
    return Object.fromEntries(answer.data.map((b) => [b.coin, b.total]));
  };

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      SIMULATOR: 'off',
    });
    seller = (await registerByEmail<SessionData>(t, mail, 'demo-seller@example.com')).data.token;
    buyer = (await registerByEmail<SessionData>(t, mail, 'demo-buyer@example.com')).data.token;
    sellerId = (await t.app.services.sessions.authenticate(seller)).userRowId;
    buyerId = (await t.app.services.sessions.authenticate(buyer)).userRowId;
    await t.app.services.ledger.deposit(sellerId, 'BTC', '1', 'test');
    await t.app.services.ledger.deposit(buyerId, 'USDT', '1000', 'test');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('refuses any value of x-simulated but 1', async () => {
    for (const value of ['0', 'true', '11', '']) {
      const answer = await call(t.app, 'GET', `/v1/asset/balances${Q}`, undefined, {
        ...bearer(buyer),
        'x-simulated': value,
      });
      expect(answer.http, value).toBe(400);
      expect(answer.code).toBe(ERRORS.FIELD_FORMAT.code);
    }
  });

  it('grants 50,000 SUSDT once, on the first simulated call, and lists only S-coins', async () => {
    expect(await balances(buyer, false)).toEqual({
      USDT: '1000.00000000',
      BTC: '0.00000000',
      ETH: '0.00000000',
      SOL: '0.00000000',
      XRP: '0.00000000',
    });
    const first = await balances(buyer, true);
    expect(first).toEqual({
      SUSDT: '50000.00000000',
      SBTC: '0.00000000',
      SETH: '0.00000000',
      SSOL: '0.00000000',
      SXRP: '0.00000000',
    });
    await Promise.all([balances(buyer, true), get(buyer, '/v1/spot/orders/open', true)]);
    expect((await balances(buyer, true)).SUSDT).toBe('50000.00000000');
    expect((await balances(seller, true)).SUSDT).toBe('50000.00000000');
    const outside = await t.store.repos.ledger.externalTotals();
    expect(outside.get('SUSDT')).toBe(-2n * 50_000n * 100_000_000n);
    // The real side is untouched and never shows a demo coin.
    expect((await balances(buyer, false)).USDT).toBe('1000.00000000');
    const coins = await get<{ coin: string }[]>(buyer, '/v1/asset/coins', true);
    expect(coins.data.map((c) => c.coin)).toEqual(['SUSDT', 'SBTC', 'SETH', 'SSOL', 'SXRP']);
    await expectLedgerBalanced(t.store);
  });

  it('keeps the sides apart: demo markets and coins are unknown to real calls, transfers refused in simulation', async () => {
    const realOnDemo = await post(
      buyer,
      '/v1/spot/order/place',
      { symbol: 'SBTCSUSDT', side: 'buy', type: 'limit', price: '10000', quantity: '0.001' },
      false,
    );
    expect(realOnDemo.code).toBe(ERRORS.MARKET_UNKNOWN.code);
    const realDepth = await call(t.app, 'GET', `/v1/spot/depth${Q}&symbol=SBTCSUSDT`);
    expect(realDepth.code).toBe(ERRORS.MARKET_UNKNOWN.code);
    const realWithdrawDemo = await post(
      buyer,
      '/v1/asset/withdraw',
      { coin: 'SUSDT', address: 'TXYZ', amount: '10' },
      false,
    );
    expect(realWithdrawDemo.code).toBe(ERRORS.DEMO_NO_TRANSFER.code);
    const demoWithdraw = await post(
      buyer,
      '/v1/asset/withdraw',
      { coin: 'USDT', address: `T${'1'.repeat(33)}`, amount: '20' },
      true,
    );
    expect(demoWithdraw.code).toBe(ERRORS.DEMO_NO_TRANSFER.code);
    const demoAddress = await get(buyer, '/v1/asset/deposit-address?coin=USDT', true);
    expect(demoAddress.code).toBe(ERRORS.DEMO_NO_TRANSFER.code);
    expect(() => t.app.services.ledger.depositAddress(buyerId, 'SUSDT')).toThrow(
      expect.objectContaining({ code: ERRORS.DEMO_NO_TRANSFER.code }),
    );

    // Markets: each side lists its own; a real symbol in simulation names the demo twin.
    const realMarkets = await call<{ symbol: string }[]>(t.app, 'GET', `/v1/spot/markets${Q}`);
    expect(realMarkets.data.map((m) => m.symbol)).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'SOLUSDT',
      'XRPUSDT',
    ]);
    const demoMarkets = await call<{ symbol: string; base: string; quote: string }[]>(
      t.app,
      'GET',
      `/v1/spot/markets${Q}`,
      undefined,
      DEMO,
    );
    expect(demoMarkets.data.map((m) => m.symbol)).toEqual([
      'SBTCSUSDT',
      'SETHSUSDT',
      'SSOLSUSDT',
      'SXRPSUSDT',
    ]);
    const demoDepth = await call<{ symbol: string }>(
      t.app,
      'GET',
      `/v1/spot/depth${Q}&symbol=BTCUSDT`,
      undefined,
      DEMO,
    );
    expect(demoDepth.data.symbol).toBe('SBTCSUSDT');
  });

  it('settles demo trades in S-coins and never moves a real balance', async () => {
    await t.app.services.ledger.deposit(sellerId, 'SBTC', '1', 'test');
    const realBefore = [await balances(seller, false), await balances(buyer, false)];
    const sell = await post<SpotOrder>(
      seller,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '50000', quantity: '0.01' },
      true,
    );
    expect(sell.code, sell.msg).toBe('0');
    expect(sell.data.symbol).toBe('SBTCSUSDT');
    // The real open orders do not show it; the demo ones do.
    expect((await get<SpotOrder[]>(seller, '/v1/spot/orders/open', false)).data).toEqual([]);
    expect((await get<SpotOrder[]>(seller, '/v1/spot/orders/open', true)).data).toHaveLength(1);
    const buy = await post<SpotOrder>(
      buyer,
      '/v1/spot/order/place',
      { symbol: 'SBTCSUSDT', side: 'buy', type: 'market', quantity: '0.01' },
      true,
    );
    expect(buy.code, buy.msg).toBe('0');
    expect(buy.data.status).toBe('FILLED');
    expect(await balances(buyer, true)).toMatchObject({
      SUSDT: '49500.00000000',
      SBTC: '0.00999000',
    });
    expect(await balances(seller, true)).toMatchObject({
      SUSDT: '50499.50000000',
      SBTC: '0.99000000',
    });
    expect([await balances(seller, false), await balances(buyer, false)]).toEqual(realBefore);
    const demoFills = await get<Page<SpotFill>>(buyer, '/v1/spot/fills', true);
    expect(demoFills.data.items).toHaveLength(1);
    expect(demoFills.data.items[0]).toMatchObject({ symbol: 'SBTCSUSDT', feeCoin: 'SBTC' });
    expect((await get<Page<SpotFill>>(buyer, '/v1/spot/fills', false)).data.items).toEqual([]);
    const valuation = await get<{ totalUsdt: string }>(buyer, '/v1/asset/valuation', true);
    expect(valuation.code).toBe('0');
    // A real order is invisible to the demo side in turn.
    const realSell = await post<SpotOrder>(
      seller,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '60000', quantity: '0.01' },
      false,
    );
    expect(realSell.data.symbol).toBe('BTCUSDT');
    expect((await get<SpotOrder[]>(seller, '/v1/spot/orders/open', true)).data).toEqual([]);
    const cancelAcross = await post(
      seller,
      '/v1/spot/order/cancel',
      { symbol: 'BTCUSDT', orderId: realSell.data.orderId },
      true,
    );
    expect(cancelAcross.code).toBe(ERRORS.ORDER_NOT_FOUND.code);
    await expectLedgerBalanced(t.store);
  });

  it('resets the demo ledger: demo orders cancelled, balances emptied, 50,000 SUSDT again', async () => {
    const resting = await post<SpotOrder>(
      seller,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'sell', type: 'limit', price: '70000', quantity: '0.5' },
      true,
    );
    expect(resting.code, resting.msg).toBe('0');
    const realBefore = await balances(seller, false);
    const reset = await post<Balance[]>(seller, '/v1/simulation/reset', {}, true);
    expect(reset.code, reset.msg).toBe('0');
    expect(Object.fromEntries(reset.data.map((b) => [b.coin, b.total]))).toEqual({
      SUSDT: '50000.00000000',
      SBTC: '0.00000000',
      SETH: '0.00000000',
      SSOL: '0.00000000',
      SXRP: '0.00000000',
    });
    expect((await get<SpotOrder[]>(seller, '/v1/spot/orders/open', true)).data).toEqual([]);
    const history = await get<Page<SpotOrder>>(seller, '/v1/spot/orders/history', true);
    expect(history.data.items.find((o) => o.orderId === resting.data.orderId)?.status).toBe(
      'CANCELED',
    );
    // The real order of the last test still rests, and the real balances did not move.
    expect((await get<SpotOrder[]>(seller, '/v1/spot/orders/open', false)).data).toHaveLength(1);
    expect(await balances(seller, false)).toEqual(realBefore);
    await expectLedgerBalanced(t.store);
  });

  it('pushes demo orders and balances only on the demo channels, real ones only on the plain ones', async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const open = async (channels: string[]) => {
      const ws = new WebSocket(`${base}/v1/ws${Q}`, { headers: bearer(buyer) });
      const inbox: Record<string, unknown>[] = [];
      ws.on('message', (raw: Buffer) => inbox.push(JSON.parse(raw.toString('utf8'))));
      await new Promise((resolve, reject) => {
        ws.once('open', resolve);
        ws.once('error', reject);
      });
      const deadline = Date.now() + 5000;
      ws.send(JSON.stringify({ op: 'auth' }));
      while (!inbox.some((m) => m.op === 'auth' && m.code === '0')) {
        if (Date.now() > deadline) throw new Error('not authenticated');
        await new Promise((r) => setTimeout(r, 20));
      }
      ws.send(JSON.stringify({ op: 'subscribe', args: channels }));
      while (inbox.filter((m) => m.op === 'subscribe').length < channels.length) {
        if (Date.now() > deadline) throw new Error('not subscribed');
        await new Promise((r) => setTimeout(r, 20));
      }
      return { ws, inbox };
    };
    const real = await open(['orders', 'balances']);
    const demo = await open(['orders:demo', 'balances:demo']);
    const pushes = (inbox: Record<string, unknown>[]) => inbox.filter((m) => m.op === 'push');
    const waitFor = async (inbox: Record<string, unknown>[], channel: string) => {
      const deadline = Date.now() + 5000;
      while (!pushes(inbox).some((m) => m.channel === channel)) {
        if (Date.now() > deadline) throw new Error(`no push on ${channel}`);
        await new Promise((r) => setTimeout(r, 20));
      }
    };

    const demoOrder = await post<SpotOrder>(
      buyer,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' },
      true,
    );
    expect(demoOrder.code, demoOrder.msg).toBe('0');
    await waitFor(demo.inbox, 'orders:demo');
    await waitFor(demo.inbox, 'balances:demo');
    const demoBalances = pushes(demo.inbox).find((m) => m.channel === 'balances:demo')
      ?.data as Balance[];
    expect(demoBalances.every((b) => b.coin.startsWith('S'))).toBe(true);
    const realOrder = await post<SpotOrder>(
      buyer,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' },
      false,
    );
    expect(realOrder.code, realOrder.msg).toBe('0');
    await waitFor(real.inbox, 'orders');
    await new Promise((r) => setTimeout(r, 200));
    const realOrders = pushes(real.inbox).filter((m) => m.channel === 'orders');
    expect(realOrders.map((m) => (m.data as SpotOrder).symbol)).toEqual(['BTCUSDT']);
    const demoOrders = pushes(demo.inbox).filter((m) => m.channel === 'orders:demo');
    expect(demoOrders.map((m) => (m.data as SpotOrder).symbol)).toEqual(['SBTCSUSDT']);
    for (const m of pushes(real.inbox).filter((p) => p.channel === 'balances')) {
      expect((m.data as Balance[]).map((b) => b.coin)).toEqual([
        'USDT',
        'BTC',
        'ETH',
        'SOL',
        'XRP',
      ]);
    }
    real.ws.close();
    demo.ws.close();
  });
});
