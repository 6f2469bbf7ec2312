import type { Balance, Page, SpotFill, SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { creditDeposit } from '../assets';
import type { SpotFillRow, SpotOrderRow } from './spot-repository';
import { fromMinor } from '../../kernel/money';
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
  userInfo: { userId: string };
}

const Q = '?languageType=0';

describe.each(STORES)('spot trading on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let seller: string;
  let buyer: string;
  let sellerId: string;
  let buyerId: string;

  const balances = async (token: string) => {
    const answer = await call<Balance[]>(
      t.app,
      'GET',
      `/v1/asset/balances${Q}`,
      undefined,
      bearer(token),
    );
    expect(answer.code, answer.msg).toBe('0');
    return Object.fromEntries(answer.data.map((b) => [b.coin, b]));
  };
  const place = (token: string, body: Record<string, unknown>) =>
    call<SpotOrder>(t.app, 'POST', `/v1/spot/order/place${Q}`, body, bearer(token));
  const userIdOf = async (token: string) => {
    const session = await t.app.services.sessions.authenticate(token);
    return session.userRowId;
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
    seller = (await registerByEmail<SessionData>(t, mail, 'seller@example.com')).data.token;
    buyer = (await registerByEmail<SessionData>(t, mail, 'buyer@example.com')).data.token;
    sellerId = await userIdOf(seller);
    buyerId = await userIdOf(buyer);
    await t.app.services.ledger.deposit(sellerId, 'BTC', '1', 'test');
    await t.app.services.ledger.deposit(buyerId, 'USDT', '1000', 'test');
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('fills a market buy against a resting sell and settles both sides with fees, exactly', async () => {
    const sell = await place(seller, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '50000',
      quantity: '0.01',
    });
    expect(sell.code, sell.msg).toBe('0');
    expect(sell.data).toMatchObject({ status: 'NEW', price: '50000.00', quantity: '0.01000' });
    expect((await balances(seller)).BTC).toMatchObject({
      available: '0.99000000',
      frozen: '0.01000000',
    });

    const buy = await place(buyer, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.01',
    });
    expect(buy.code, buy.msg).toBe('0');
    expect(buy.data).toMatchObject({
      status: 'FILLED',
      filledQuantity: '0.01000',
      filledQuote: '500',
      avgPrice: '50000',
    });

    // 0.1% taker fee in BTC for the buyer, 0.1% maker fee in USDT for the seller.
    const b = await balances(buyer);
    expect(b.USDT).toMatchObject({ available: '500.00000000', frozen: '0.00000000' });
    expect(b.BTC).toMatchObject({ available: '0.00999000', frozen: '0.00000000' });
    const s = await balances(seller);
    expect(s.BTC).toMatchObject({ available: '0.99000000', frozen: '0.00000000' });
    expect(s.USDT).toMatchObject({ available: '499.50000000', frozen: '0.00000000' });
    const fees = await t.store.repos.ledger.balancesOf(['@fees']);
    expect(Object.fromEntries(fees.map((f) => [f.coin, fromMinor(f.available)]))).toEqual({
      BTC: '0.00001000',
      USDT: '0.50000000',
    });

    const fills = await call<Page<SpotFill>>(
      t.app,
      'GET',
      `/v1/spot/fills${Q}`,
      undefined,
      bearer(buyer),
    );
    expect(fills.data.items).toHaveLength(1);
    expect(fills.data.items[0]).toMatchObject({
      side: 'buy',
      role: 'taker',
      price: '50000.00',
      quantity: '0.01000',
      fee: '0.00001',
      feeCoin: 'BTC',
    });
    const history = await call<Page<SpotOrder>>(
      t.app,
      'GET',
      `/v1/spot/orders/history${Q}&symbol=BTCUSDT`,
      undefined,
      bearer(seller),
    );
    expect(history.data.items[0]).toMatchObject({ orderId: sell.data.orderId, status: 'FILLED' });
    await expectLedgerBalanced(t.store);
  });

  it('releases what a limit buy froze above the price it filled at', async () => {
    const ask = await place(seller, {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '40000',
      quantity: '0.001',
    });
    expect(ask.code, ask.msg).toBe('0');
    const bid = await place(buyer, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '45000',
      quantity: '0.001',
    });
    expect(bid.data).toMatchObject({ status: 'FILLED', avgPrice: '40000' });
    const b = await balances(buyer);
    expect(b.USDT).toMatchObject({ available: '460.00000000', frozen: '0.00000000' });
    await expectLedgerBalanced(t.store);
  });

  it('keeps an open order frozen, cancels it on request and gives the funds back', async () => {
    const bid = await place(buyer, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '2000',
      quantity: '0.1',
      clientOrderId: 'my-bid-1',
    });
    expect(bid.code, bid.msg).toBe('0');
    expect((await balances(buyer)).USDT).toMatchObject({
      available: '260.00000000',
      frozen: '200.00000000',
    });
    const again = await place(buyer, {
      symbol: 'ETHUSDT',
      side: 'buy',
      type: 'limit',
      price: '2000',
      quantity: '0.1',
      clientOrderId: 'my-bid-1',
    });
    expect(again.code).toBe('13011');
    const open = await call<SpotOrder[]>(
      t.app,
      'GET',
      `/v1/spot/orders/open${Q}`,
      undefined,
      bearer(buyer),
    );
    expect(open.data.map((o) => o.orderId)).toEqual([bid.data.orderId]);

    // Another user cannot cancel it, and learns nothing about it.
    const foreign = await call(
      t.app,
      'POST',
      `/v1/spot/order/cancel${Q}`,
      { symbol: 'ETHUSDT', orderId: bid.data.orderId },
      bearer(seller),
    );
    expect(foreign.code).toBe('13006');

    const cancelled = await call<SpotOrder>(
      t.app,
      'POST',
      `/v1/spot/order/cancel${Q}`,
      { symbol: 'ETHUSDT', orderId: bid.data.orderId },
      bearer(buyer),
    );
    expect(cancelled.data.status).toBe('CANCELED');
    expect((await balances(buyer)).USDT).toMatchObject({
      available: '460.00000000',
      frozen: '0.00000000',
    });
    await expectLedgerBalanced(t.store);
  });

  it('refuses bad orders with a clear code and changes nothing', async () => {
    const before = { buyer: await balances(buyer), seller: await balances(seller) };
    const orders = await t.count('spot_orders');
    const entries = await t.count('ledger_entries');
    const limit = {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '30000',
      quantity: '0.001',
    };
    const cases: Array<[Record<string, unknown>, string, string?]> = [
      [{ ...limit, symbol: 'DOGEUSDT' }, '13001'],
      [{ ...limit, quantity: '0' }, '13003', 'multiple of 0.00001'],
      // Not a plain decimal at all: refused by the request schema.
      [{ ...limit, quantity: '-1' }, '10006'],
      [{ ...limit, quantity: '0.000001' }, '13003'],
      [{ ...limit, quantity: 'abc' }, '10006'],
      [{ ...limit, price: '30000.001' }, '13002', 'multiple of 0.01'],
      [{ ...limit, price: '0' }, '13002'],
      [{ ...limit, quantity: '0.0001' }, '13004', '5 USDT'],
      [{ ...limit, quantity: '1' }, '13005', 'USDT'],
      [{ ...limit, side: 'sell', quantity: '5' }, '13005', 'BTC'],
      [{ ...limit, type: 'market' }, '13010'],
      [{ symbol: 'BTCUSDT', side: 'sell', type: 'market', quoteAmount: '10' }, '13010'],
      [{ symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '10' }, '13009'],
    ];
    for (const [body, code, text] of cases) {
      const answer = await place(buyer, body);
      expect(answer.code, JSON.stringify(body)).toBe(code);
      expect(answer.status).toBe('error');
      if (text) expect(answer.msg).toContain(text);
    }
    // Shape errors are refused before any handler runs.
    const shape = await place(buyer, { ...limit, side: 'long' });
    expect(shape.http).toBe(400);
    const extra = await place(buyer, { ...limit, leverage: '10' });
    expect(extra.code).toBe('10007');
    // And in the caller's language.
    const german = await call(
      t.app,
      'POST',
      '/v1/spot/order/place?languageType=8',
      { ...limit, symbol: 'NOPE' },
      bearer(buyer),
    );
    expect(german.code).toBe('13001');
    expect(german.msg).not.toBe('This market does not exist');

    expect(await balances(buyer)).toEqual(before.buyer);
    expect(await balances(seller)).toEqual(before.seller);
    expect(await t.count('spot_orders')).toBe(orders);
    expect(await t.count('ledger_entries')).toBe(entries);
  });

  it('refuses a post-only order that would take, and an unfillable FOK', async () => {
    await t.app.services.ledger.deposit(sellerId, 'SOL', '1', 'test');
    const ask = await place(seller, {
      symbol: 'SOLUSDT',
      side: 'sell',
      type: 'limit',
      price: '150',
      quantity: '0.1',
    });
    expect(ask.code, ask.msg).toBe('0');
    const postOnly = await place(buyer, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      timeInForce: 'POST_ONLY',
      price: '150',
      quantity: '0.1',
    });
    expect(postOnly.code).toBe('13007');
    const fok = await place(buyer, {
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      timeInForce: 'FOK',
      price: '150',
      quantity: '0.2',
    });
    expect(fok.code).toBe('13008');
    expect((await balances(buyer)).USDT?.frozen).toBe('0.00000000');
  });

  it('needs a session for every private route', async () => {
    const order = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1', quantity: '1' };
    for (const [method, url, body] of [
      ['POST', '/v1/spot/order/place', order],
      ['POST', '/v1/spot/order/cancel', { symbol: 'BTCUSDT', orderId: '1' }],
      ['POST', '/v1/spot/order/cancel-all', { symbol: 'BTCUSDT' }],
      ['GET', '/v1/spot/orders/open', undefined],
      ['GET', '/v1/spot/orders/history', undefined],
      ['GET', '/v1/spot/fills', undefined],
      ['GET', '/v1/asset/balances', undefined],
      ['GET', '/v1/asset/valuation', undefined],
      ['POST', '/v1/asset/withdraw', { coin: 'USDT', address: 'x', amount: '1' }],
      ['POST', '/v1/asset/withdraw/cancel', { id: 'x' }],
      ['GET', '/v1/asset/records', undefined],
    ] as const) {
      const answer = await call(t.app, method, `${url}${Q}`, body);
      expect([answer.code, url]).toEqual(['00004', url]);
    }
  });

  it('freezes a withdrawal until it is cancelled, approved or rejected, and keeps the ledger whole', async () => {
    const address = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
    const request = (amount: string, addr = address) =>
      call<{ id: string; status: string }>(
        t.app,
        'POST',
        `/v1/asset/withdraw${Q}`,
        { coin: 'USDT', address: addr, amount },
        bearer(buyer),
      );
    expect((await request('5')).code).toBe('13015');
    expect((await request('10', '0xnotatron')).code).toBe('13014');
    expect((await request('100000')).code).toBe('13005');

    const first = await request('100');
    expect(first.data.status).toBe('pending');
    expect((await balances(buyer)).USDT).toMatchObject({
      available: '360.00000000',
      frozen: '100.00000000',
    });
    const cancel = await call<{ status: string }>(
      t.app,
      'POST',
      `/v1/asset/withdraw/cancel${Q}`,
      { id: first.data.id },
      bearer(buyer),
    );
    expect(cancel.data.status).toBe('canceled');
    expect((await balances(buyer)).USDT?.available).toBe('460.00000000');

    t.clock.advance(1);
    const second = await request('60');
    const { settleWithdrawal } = await import('../assets');
    await settleWithdrawal(t.store, second.data.id, 'completed', t.clock.now());
    const b = await balances(buyer);
    expect(b.USDT).toMatchObject({ available: '400.00000000', frozen: '0.00000000' });
    const records = await call<Page<{ type: string; status: string; amount: string }>>(
      t.app,
      'GET',
      `/v1/asset/records${Q}&type=withdraw`,
      undefined,
      bearer(buyer),
    );
    expect(records.data.items.map((r) => r.status)).toEqual(['completed', 'canceled']);
    await expectLedgerBalanced(t.store);
  });

  it('lets a deposit written by another process be spent at once', async () => {
    await creditDeposit(t.store, buyerId, 'XRP', '25.5', 'operator', t.clock.now());
    expect((await balances(buyer)).XRP?.available).toBe('25.50000000');
    // The host reads the store for each batch: it can be spent at once.
    const sell = await place(buyer, {
      symbol: 'XRPUSDT',
      side: 'sell',
      type: 'limit',
      price: '3',
      quantity: '25.5',
    });
    expect(sell.code, sell.msg).toBe('0');
    await expectLedgerBalanced(t.store);
  });

  it('puts every open order back in its book after a restart', async () => {
    const bid = await place(buyer, {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '20000',
      quantity: '0.005',
    });
    expect(bid.code, bid.msg).toBe('0');
    const bookBefore = t.app.services.spotHost.book('BTCUSDT', 50);
    const openBefore = await call<SpotOrder[]>(
      t.app,
      'GET',
      `/v1/spot/orders/open${Q}`,
      undefined,
      bearer(buyer),
    );
    await t.app.close();
    const app = await buildApp(t.config);
    try {
      const bookAfter = app.services.spotHost.book('BTCUSDT', 50);
      expect(bookAfter.bids).toEqual(bookBefore.bids);
      expect(bookAfter.asks).toEqual(bookBefore.asks);
      const openAfter = await call<SpotOrder[]>(
        app,
        'GET',
        `/v1/spot/orders/open${Q}`,
        undefined,
        bearer(buyer),
      );
      expect(openAfter.data).toEqual(openBefore.data);
      // The last trade price came back too: a market sell stops 5 % below 50,000, far above the bid.
      const market = await call<SpotOrder>(
        app,
        'POST',
        `/v1/spot/order/place${Q}`,
        { symbol: 'BTCUSDT', side: 'sell', type: 'market', quantity: '0.005' },
        bearer(seller),
      );
      expect(market.data, market.msg).toMatchObject({
        status: 'CANCELED',
        cancelReason: 'PRICE_PROTECTION',
      });
      // And it still trades: the seller takes the restored bid at its price.
      const take = await call<SpotOrder>(
        app,
        'POST',
        `/v1/spot/order/place${Q}`,
        {
          symbol: 'BTCUSDT',
          side: 'sell',
          type: 'limit',
          timeInForce: 'IOC',
          price: '20000',
          quantity: '0.005',
        },
        bearer(seller),
      );
      expect(take.data.status, take.msg).toBe('FILLED');
      expect(take.data.avgPrice).toBe('20000');
    } finally {
      t.app = app;
    }
    await expectLedgerBalanced(t.store);
  });

  it("reads an account's orders and fills the same before and after their keys move into the indexes", async () => {
    // Ended orders of an account of its own, and its fills against another
    // account and against itself, written as the host writes them.
    const order = (id: number, created_at: number): SpotOrderRow => ({
      id,
      user_id: 'index-reader',
      client_order_id: null,
      symbol: 'SOLUSDT',
      side: 'buy',
      type: 'limit',
      time_in_force: 'GTC',
      price_ticks: 100,
      quantity_lots: 10,
      quote_amount: 0n,
      filled_lots: 0,
      filled_quote: 0n,
      frozen: 0n,
      status: 'CANCELED',
      cancel_reason: null,
      created_at,
      updated_at: created_at,
    });
    const fill = (id: number, maker: string, taker: string): SpotFillRow => ({
      id,
      symbol: 'SOLUSDT',
      price_ticks: 100,
      lots: 1,
      taker_side: 'buy',
      maker_order_id: 900_001,
      maker_user_id: maker,
      maker_fee: 0n,
      taker_order_id: 900_002,
      taker_user_id: taker,
      taker_fee: 0n,
      created_at: id,
    });
    const write = (orders: SpotOrderRow[], fills: SpotFillRow[]) =>
      t.store.transaction(async (repos) => {
        await repos.spot.upsertOrders(orders);
        await repos.spot.pendOrders(orders);
        await repos.spot.insertFills(fills);
      });
    const read = async (user = 'index-reader') => {
      const all = { symbol: null, side: null, statuses: null, begin: null, end: null };
      const since = { ...all, begin: 2_000 };
      const spot = t.store.repos.spot;
      return {
        all: (await spot.orders(user, all, 0, 10)).map((o) => o.id),
        count: await spot.countOrders(user, all),
        since: (await spot.orders(user, since, 0, 10)).map((o) => o.id),
        fills: (await spot.fills(user, all, 0, 10)).map((f) => f.id),
        fillCount: await spot.countFills(user, all),
      };
    };
    const moveKeys = () => t.store.transaction((repos) => repos.spot.indexPending());
    await write(
      [order(900_001, 1_000), order(900_002, 2_000)],
      [fill(900_101, 'index-reader', 'index-other'), fill(900_102, 'index-reader', 'index-reader')],
    );
    const expected = {
      all: [900_002, 900_001],
      count: 2,
      since: [900_002],
      fills: [900_102, 900_101],
      fillCount: 2,
    };
    const other = { all: [], count: 0, since: [], fills: [900_101], fillCount: 1 };
    expect(await read()).toEqual(expected);
    expect(await read('index-other')).toEqual(other);
    await moveKeys();
    expect(await t.count('spot_orders_unindexed')).toBe(0);
    expect(await t.count('spot_fills_unindexed')).toBe(0);
    expect(await read()).toEqual(expected);
    expect(await read('index-other')).toEqual(other);
    // Some indexed and some not: one read finds both.
    await write([order(900_003, 3_000)], [fill(900_103, 'index-other', 'index-reader')]);
    expect(await read()).toEqual({
      all: [900_003, 900_002, 900_001],
      count: 3,
      since: [900_003, 900_002],
      fills: [900_103, 900_102, 900_101],
      fillCount: 3,
    });
  });
});
