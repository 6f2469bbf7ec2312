import type { Balance, Page, SpotOrder, SpotPlan } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
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
const BTC = 'BTCUSDT';
const ETH = 'ETHUSDT';

describe.each(STORES)('spot trigger orders and TP/SL on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};

  const post = <T>(who: string, path: string, body: Record<string, unknown>, q = Q) =>
    call<T>(t.app, 'POST', `${path}${q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string) =>
    call<T>(t.app, 'GET', `${path}${Q}`, undefined, bearer(tokens[who] as string));
  const order = async (who: string, body: Record<string, unknown>) => {
    const answer = await post<SpotOrder>(who, '/v1/spot/order/place', { symbol: BTC, ...body });
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };
  const plan = async (who: string, body: Record<string, unknown>) => {
    const answer = await post<SpotPlan>(who, '/v1/spot/plan/place', { symbol: BTC, ...body });
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };
  /** Every command the host has queued, its own fire commands too, has run. */
  const settled = async () => {
    for (let i = 0; i < 4; i += 1) await t.app.services.spotHost.idle();
  };
  const current = async (who: string) =>
    (await get<SpotPlan[]>(who, '/v1/spot/plans/current')).data;
  const ended = async (who: string) =>
    (await get<Page<SpotPlan>>(who, '/v1/spot/plans/history')).data.items;
  const endedPlan = async (who: string, planId: string) => {
    const found = (await ended(who)).find((p) => p.planId === planId);
    expect(found, `plan ${planId} in history`).toBeDefined();
    return found as SpotPlan;
  };
  const balances = async (who: string) => {
    const answer = await get<Balance[]>(who, '/v1/asset/balances');
    return Object.fromEntries(answer.data.map((b) => [b.coin, b]));
  };
  /** A trade at `price` on BTCUSDT between the two makers: the last price moves there. */
  const tradeAt = async (price: string, symbol = BTC) => {
    await order('makerA', { symbol, side: 'sell', type: 'limit', price, quantity: '0.001' });
    await order('makerB', { symbol, side: 'buy', type: 'limit', price, quantity: '0.001' });
    await settled();
  };

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    for (const who of ['makerA', 'makerB', 'trader', 'poor']) {
      const session = await registerByEmail<SessionData>(
        t,
        mail,
        `${who.toLowerCase()}@example.com`,
      );
      tokens[who] = session.data.token;
      const { userRowId } = await t.app.services.sessions.authenticate(session.data.token);
      if (who === 'poor') {
        await t.app.services.ledger.deposit(userRowId, 'USDT', '10', 'test');
        continue;
      }
      await t.app.services.ledger.deposit(userRowId, 'USDT', '100000', 'test');
      await t.app.services.ledger.deposit(userRowId, 'BTC', '1', 'test');
      await t.app.services.ledger.deposit(userRowId, 'ETH', '10', 'test');
    }
    await tradeAt('50000');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('waits without freezing, then places a market buy when the last price crosses its trigger', async () => {
    const before = await balances('trader');
    const p = await plan('trader', {
      side: 'buy',
      triggerPrice: '50100',
      triggerBy: 'last',
      type: 'market',
      quantity: '0.001',
    });
    expect(p).toMatchObject({ status: 'WAITING', kind: 'plan', triggerPrice: '50100.00' });
    expect(await balances('trader')).toEqual(before);
    expect((await current('trader')).map((x) => x.planId)).toContain(p.planId);

    await tradeAt('50050');
    expect((await current('trader')).map((x) => x.planId)).toContain(p.planId);

    // Liquidity for the plan's order, then the trade that crosses the trigger.
    await order('makerA', { side: 'sell', type: 'limit', price: '50100', quantity: '0.002' });
    await order('makerB', { side: 'buy', type: 'market', quantity: '0.001' });
    await settled();
    const fired = await endedPlan('trader', p.planId);
    expect(fired.status).toBe('TRIGGERED');
    const orders = (await get<Page<SpotOrder>>('trader', '/v1/spot/orders/history')).data.items;
    expect(orders.find((o) => o.orderId === fired.orderId)).toMatchObject({
      type: 'market',
      side: 'buy',
      status: 'FILLED',
      filledQuantity: '0.00100',
      avgPrice: '50100',
    });
  });

  it('fires on the mark (the mid of the book) with no trade, and places a limit order', async () => {
    await order('makerA', {
      symbol: ETH,
      side: 'sell',
      type: 'limit',
      price: '3100',
      quantity: '1',
    });
    const bid = await order('makerB', {
      symbol: ETH,
      side: 'buy',
      type: 'limit',
      price: '2900',
      quantity: '1',
    });
    const p = await plan('trader', {
      symbol: ETH,
      side: 'buy',
      triggerPrice: '2950',
      triggerBy: 'mark',
      type: 'limit',
      price: '2960',
      quantity: '0.5',
    });
    expect(p.status).toBe('WAITING');
    // The mid falls to (2800 + 3100) / 2 = 2950 when the best bid moves down: no trade at all.
    await post('makerB', '/v1/spot/order/cancel', { symbol: ETH, orderId: bid.orderId });
    await order('makerB', {
      symbol: ETH,
      side: 'buy',
      type: 'limit',
      price: '2800',
      quantity: '1',
    });
    await settled();
    const fired = await endedPlan('trader', p.planId);
    expect(fired.status).toBe('TRIGGERED');
    const open = (await get<SpotOrder[]>('trader', `/v1/spot/orders/open`)).data;
    expect(open.find((o) => o.orderId === fired.orderId)).toMatchObject({
      type: 'limit',
      price: '2960.00',
      quantity: '0.5000',
      status: 'NEW',
    });
    expect((await balances('trader')).USDT?.frozen).toBe('1480.00000000');
  });

  it('ends FAILED with the reason when funds are short at the trigger', async () => {
    const p = await plan('poor', {
      side: 'buy',
      triggerPrice: '49900',
      triggerBy: 'last',
      type: 'limit',
      price: '49900',
      quantity: '0.01',
    });
    expect(p.status).toBe('WAITING');
    await tradeAt('49900');
    const failed = await endedPlan('poor', p.planId);
    expect(failed).toMatchObject({ status: 'FAILED', failCode: '13005', orderId: '' });
    expect((await balances('poor')).USDT).toMatchObject({
      available: '10.00000000',
      frozen: '0.00000000',
    });
  });

  it('cancels, modifies, and refuses bad input with codes and translated messages', async () => {
    const p = await plan('trader', {
      side: 'sell',
      triggerPrice: '60000',
      triggerBy: 'last',
      type: 'market',
      quantity: '0.001',
    });
    const modified = await post<SpotPlan>('trader', '/v1/spot/plan/modify', {
      symbol: BTC,
      planId: p.planId,
      side: 'sell',
      triggerPrice: '61000',
      triggerBy: 'mark',
      type: 'limit',
      price: '61000',
      quantity: '0.002',
    });
    expect(modified.data).toMatchObject({ triggerPrice: '61000.00', quantity: '0.00200' });
    const cancelled = await post<SpotPlan>('trader', '/v1/spot/plan/cancel', {
      symbol: BTC,
      planId: p.planId,
    });
    expect(cancelled.data.status).toBe('CANCELED');
    expect((await endedPlan('trader', p.planId)).status).toBe('CANCELED');

    const again = await post('trader', '/v1/spot/plan/cancel', { symbol: BTC, planId: p.planId });
    expect([again.code, again.msg]).toEqual([
      '13030',
      'This trigger order does not exist or is no longer waiting',
    ]);
    const chinese = await post(
      'trader',
      '/v1/spot/plan/cancel',
      { symbol: BTC, planId: p.planId },
      '?languageType=1',
    );
    expect([chinese.code, chinese.msg]).toEqual(['13030', '该计划委托不存在或已不在等待中']);

    const base = { symbol: BTC, side: 'buy', triggerBy: 'last', type: 'market', quantity: '0.001' };
    const offTick = await post('trader', '/v1/spot/plan/place', { ...base, triggerPrice: '1.001' });
    expect([offTick.code, offTick.msg]).toEqual([
      '13031',
      'The trigger price must be a positive multiple of 0.01 and differ from the current price',
    ]);
    const atPrice = await post('trader', '/v1/spot/plan/place', {
      ...base,
      triggerPrice: '49900',
    });
    expect(atPrice.code).toBe('13031');
    const noPrice = await post('trader', '/v1/spot/plan/place', {
      ...base,
      type: 'limit',
      triggerPrice: '52000',
    });
    expect(noPrice.code).toBe('13010');
    const badTp = await post('trader', '/v1/spot/order/place', {
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: '49000',
      quantity: '0.001',
      takeProfitPrice: '48000',
    });
    expect([badTp.code, badTp.msg]).toEqual([
      '13032',
      "A buy's take-profit must lie above its price and its stop-loss below; a sell's the other way round",
    ]);
  });

  it('arms TP and SL when the order fills; the stop-loss fires and cancels the take-profit', async () => {
    await order('makerA', { side: 'sell', type: 'limit', price: '49950', quantity: '0.002' });
    const buy = await order('trader', {
      side: 'buy',
      type: 'market',
      quantity: '0.002',
      takeProfitPrice: '52000',
      stopLossPrice: '49000',
    });
    expect(buy.status).toBe('FILLED');
    await settled();
    const pair = (await current('trader')).filter((p) => p.parentOrderId === buy.orderId);
    expect(pair.map((p) => [p.kind, p.status, p.side, p.quantity]).sort()).toEqual([
      ['sl', 'WAITING', 'sell', '0.00200'],
      ['tp', 'WAITING', 'sell', '0.00200'],
    ]);
    // A bid to sell into, then a trade at 48,900: the last price falls through the stop.
    await order('makerB', { side: 'buy', type: 'limit', price: '48900', quantity: '0.01' });
    await order('makerA', { side: 'sell', type: 'market', quantity: '0.001' });
    await settled();
    const history = await ended('trader');
    const sl = history.find((p) => p.parentOrderId === buy.orderId && p.kind === 'sl');
    const tp = history.find((p) => p.parentOrderId === buy.orderId && p.kind === 'tp');
    expect(sl).toMatchObject({ status: 'TRIGGERED' });
    expect(tp).toMatchObject({ status: 'CANCELED', failCode: '13035' });
    const orders = (await get<Page<SpotOrder>>('trader', '/v1/spot/orders/history')).data.items;
    // The trader holds more BTC than the fill (its fee taken), so the stop sells the whole fill.
    expect(orders.find((o) => o.orderId === sl?.orderId)).toMatchObject({
      side: 'sell',
      type: 'market',
      status: 'FILLED',
      filledQuantity: '0.00200',
      avgPrice: '48900',
    });
    expect((await current('trader')).filter((p) => p.parentOrderId === buy.orderId)).toEqual([]);
  });

  it('cancels the TP/SL of an order cancelled without a fill', async () => {
    const resting = await order('trader', {
      side: 'buy',
      type: 'limit',
      price: '40000',
      quantity: '0.001',
      stopLossPrice: '39000',
    });
    expect((await current('trader')).find((p) => p.parentOrderId === resting.orderId)?.status).toBe(
      'PENDING',
    );
    await post('trader', '/v1/spot/order/cancel', { symbol: BTC, orderId: resting.orderId });
    const sl = (await ended('trader')).find((p) => p.parentOrderId === resting.orderId);
    expect(sl).toMatchObject({ status: 'CANCELED', failCode: '13034' });
  });

  it('keeps a waiting plan across a restart, and fires it after', async () => {
    const p = await plan('trader', {
      side: 'sell',
      triggerPrice: '51000',
      triggerBy: 'last',
      type: 'market',
      quantity: '0.001',
    });
    await t.app.close();
    t.app = await buildApp(t.config);
    await t.app.ready();
    expect((await current('trader')).find((x) => x.planId === p.planId)).toMatchObject({
      status: 'WAITING',
      triggerPrice: '51000.00',
    });
    await order('makerB', { side: 'buy', type: 'limit', price: '50990', quantity: '0.01' });
    await tradeAt('51000');
    const fired = await endedPlan('trader', p.planId);
    expect(fired.status).toBe('TRIGGERED');
    const orders = (await get<Page<SpotOrder>>('trader', '/v1/spot/orders/history')).data.items;
    expect(orders.find((o) => o.orderId === fired.orderId)?.status).toBe('FILLED');
  });

  it('conserves every coin', async () => {
    await settled();
    await expectLedgerBalanced(t.store);
  });
});
