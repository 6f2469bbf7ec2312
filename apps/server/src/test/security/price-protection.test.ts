/**
 * Price protection of market orders: a market order fills only within
 * MARKET_PRICE_BAND_BPS (500, 5 %) of its reference price - the last trade
 * on spot (before any trade, the best price it meets), the mark on a
 * perpetual - and the rest is cancelled with the reason PRICE_PROTECTION on
 * the order record. A thin book with a far bid is not swept.
 */
import type { Balance, FuturesOrder, Page, SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../harness';

const Q = '?languageType=0';

describe.each(STORES)('market price protection on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};

  const get = async <T>(who: string, path: string, query = '') => {
    const answer = await call<T>(
      t.app,
      'GET',
      `${path}${Q}${query}`,
      undefined,
      bearer(tokens[who] as string),
    );
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const post = <T>(who: string, path: string, body: Record<string, unknown>) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const placed = async <T>(who: string, path: string, body: Record<string, unknown>) => {
    const answer = await post<T>(who, path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const spot = (who: string, body: Record<string, unknown>) =>
    placed<SpotOrder>(who, '/v1/spot/order/place', { symbol: 'BTCUSDT', ...body });
  const perp = (who: string, body: Record<string, unknown>) =>
    placed<FuturesOrder>(who, '/v1/futures/order/place', { symbol: 'BTCUSDT_PERP', ...body });
  const balances = async (who: string) =>
    Object.fromEntries(
      (await get<Balance[]>(who, '/v1/asset/balances')).map((b) => [b.coin, b] as const),
    );

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    // The simulator is off (the harness's default): the books hold only what the test puts there.
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      MARK_INTERVAL_MS: '60000',
    });
    const funds: Array<[string, Array<[string, string]>]> = [
      [
        'maker',
        [
          ['USDT', '200000'],
          ['BTC', '1'],
        ],
      ],
      ['seller', [['BTC', '1']]],
      ['buyer', [['USDT', '20000']]],
      ['trader', [['USDT', '10000']]],
    ];
    for (const [who, coins] of funds) {
      tokens[who] = (
        await registerByEmail<{ token: string }>(t, mail, `${who}@example.com`)
      ).data.token;
      const session = await t.app.services.sessions.authenticate(tokens[who]);
      for (const [coin, amount] of coins) {
        await t.app.services.ledger.deposit(session.userRowId, coin, amount, 'test');
      }
    }
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('a spot market sell fills within 5 % of the best bid it meets and leaves the far bid alone', async () => {
    await spot('maker', { side: 'buy', type: 'limit', price: '95000', quantity: '0.5' });
    await spot('maker', { side: 'buy', type: 'limit', price: '50000', quantity: '1' });

    const sell = await spot('seller', { side: 'sell', type: 'market', quantity: '1' });
    // No trade yet: the reference is the best bid, 95,000; the band ends at 90,250.
    expect(sell).toMatchObject({
      status: 'PARTIALLY_CANCELED',
      cancelReason: 'PRICE_PROTECTION',
      filledQuantity: '0.50000',
      avgPrice: '95000',
    });
    // The bid at 50,000 is untouched, in the book and in its owner's open orders.
    const depth = await get<{ bids: Array<[string, string]> }>(
      'maker',
      '/v1/spot/depth',
      '&symbol=BTCUSDT',
    );
    expect(depth.bids).toEqual([['50000.00', '1.00000']]);
    const open = await get<SpotOrder[]>('maker', '/v1/spot/orders/open', '&symbol=BTCUSDT');
    expect(open.map((o) => [o.price, o.filledQuantity, o.status])).toEqual([
      ['50000.00', '0.00000', 'NEW'],
    ]);
    // The seller keeps the half that was not sold, free again.
    expect((await balances('seller')).BTC).toMatchObject({
      available: '0.50000000',
      frozen: '0.00000000',
    });
    // The history says why, and lists it among the cancelled orders.
    const history = await get<Page<SpotOrder>>(
      'seller',
      '/v1/spot/orders/history',
      '&status=canceled',
    );
    expect(history.items.map((o) => [o.orderId, o.status, o.cancelReason])).toEqual([
      [sell.orderId, 'PARTIALLY_CANCELED', 'PRICE_PROTECTION'],
    ]);
    await expectLedgerBalanced(t.store);
  });

  it('a spot market buy by quote amount stops at 5 % above the last trade price', async () => {
    await spot('maker', { side: 'sell', type: 'limit', price: '96000', quantity: '0.1' });
    await spot('maker', { side: 'sell', type: 'limit', price: '150000', quantity: '0.5' });

    // The last trade was at 95,000: a buy pays at most 99,750.
    const buy = await spot('buyer', { side: 'buy', type: 'market', quoteAmount: '20000' });
    expect(buy).toMatchObject({
      status: 'PARTIALLY_CANCELED',
      cancelReason: 'PRICE_PROTECTION',
      filledQuantity: '0.10000',
      filledQuote: '9600',
    });
    const depth = await get<{ asks: Array<[string, string]> }>(
      'maker',
      '/v1/spot/depth',
      '&symbol=BTCUSDT',
    );
    expect(depth.asks).toEqual([['150000.00', '0.50000']]);
    // What was not spent is free again.
    expect((await balances('buyer')).USDT).toMatchObject({
      available: '10400.00000000',
      frozen: '0.00000000',
    });
    // An order within the band still fills whole, with no reason on it.
    await spot('maker', { side: 'sell', type: 'limit', price: '96000', quantity: '0.01' });
    const within = await spot('buyer', { side: 'buy', type: 'market', quantity: '0.01' });
    expect(within).toMatchObject({ status: 'FILLED', cancelReason: null });
    await expectLedgerBalanced(t.store);
  });

  it('a perpetual market order fills within 5 % of the mark price and the rest is cancelled', async () => {
    for (const who of ['maker', 'trader']) {
      expect(
        (
          await post(who, '/v1/futures/transfer', {
            coin: 'USDT',
            amount: '10000',
            direction: 'toFutures',
          })
        ).code,
      ).toBe('0');
    }
    // A book around 50,000 gives the mark; a bid far below it waits.
    await perp('maker', { side: 'buy', type: 'limit', price: '49990', quantity: '0.1' });
    await perp('maker', { side: 'sell', type: 'limit', price: '50010', quantity: '0.01' });
    await t.app.services.futuresHost.tickNow();
    await perp('maker', { side: 'buy', type: 'limit', price: '30000', quantity: '0.5' });
    const mark = await call<{ markPrice: string }>(
      t.app,
      'GET',
      `/v1/futures/mark${Q}&symbol=BTCUSDT_PERP`,
    );
    expect(Number(mark.data.markPrice)).toBeGreaterThan(49_000);

    const sell = await perp('trader', { side: 'sell', type: 'market', quantity: '0.3' });
    expect(sell).toMatchObject({
      status: 'PARTIALLY_CANCELED',
      cancelReason: 'PRICE_PROTECTION',
      filledQuantity: '0.1',
      avgPrice: '49990',
    });
    const open = await get<FuturesOrder[]>(
      'maker',
      '/v1/futures/orders/open',
      '&symbol=BTCUSDT_PERP',
    );
    expect(open.filter((o) => o.price === '30000.00').map((o) => o.filledQuantity)).toEqual(['0']);
    const history = await get<Page<FuturesOrder>>('trader', '/v1/futures/orders/history');
    expect(history.items.find((o) => o.orderId === sell.orderId)?.cancelReason).toBe(
      'PRICE_PROTECTION',
    );
    await expectLedgerBalanced(t.store);
  });
});
