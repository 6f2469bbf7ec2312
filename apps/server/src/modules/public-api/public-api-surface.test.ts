/**
 * The public API's surface beyond the CCXT walk: product types Quay does
 * not list answer empty lists, a key's calls are bounded per route with
 * Bitget's 429, another user's order is not found, a read-only key trades
 * no futures, batches answer each order on its own, and bad parameters (a
 * loan the pool cannot make, a modification of no order) are refused with
 * Bitget's codes and change nothing, and every call made with a key is
 * logged for its owner.
 */
import { API_KEY_REQUEST_LOG_MAX, type ApiKeyRequest, type Page, type SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signed, type KeyCredentials, type PublicAnswer } from '../../test/api-key-client';
import {
  MailCatcher,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

interface BatchAnswer {
  successList: Array<{ orderId: string; clientOid: string | null }>;
  failureList: Array<{ clientOid: string | null; errorCode: string; errorMsg: string }>;
}

describe('the public API surface', () => {
  let t: TestApp;
  let mail: MailCatcher;
  const users: Record<string, { id: string; token: string; trader: KeyCredentials }> = {};

  const now = () => {
    t.clock.advance(0.001);
    return t.clock.ms;
  };
  const get = <T>(who: string, url: string) =>
    signed<T>(t.app, users[who]!.trader, { method: 'GET', url, timestamp: now() });
  const post = <T>(who: string, url: string, body: unknown, key?: KeyCredentials) =>
    signed<T>(t.app, key ?? users[who]!.trader, { method: 'POST', url, body, timestamp: now() });
  const pub = async <T>(url: string): Promise<PublicAnswer<T>> => {
    const res = await t.app.inject({ method: 'GET', url });
    return { http: res.statusCode, ...(res.json() as Omit<PublicAnswer<T>, 'http'>) };
  };

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp('sqlite', {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    for (const who of ['alice', 'bob']) {
      const reg = await registerByEmail<{ token: string }>(t, mail, `${who}@example.com`);
      const id = (await t.app.services.sessions.authenticate(reg.data.token)).userRowId;
      await t.app.services.ledger.deposit(id, 'USDT', '1000', 'test');
      const key = await t.app.services.apiKeys.createForOperator(id, {
        label: who,
        scopes: ['read', 'trade'],
        ips: [],
      });
      users[who] = { id, token: reg.data.token, trader: { ...key } };
    }
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  it('answers the empty list for product types Quay does not list, and data for USDT-FUTURES', async () => {
    for (const productType of ['COIN-FUTURES', 'USDC-FUTURES', 'susdt-futures']) {
      const contracts = await pub<unknown[]>(
        `/api/v2/mix/market/contracts?productType=${productType}`,
      );
      expect(contracts).toMatchObject({ http: 200, code: '00000', data: [] });
      const tickers = await pub<unknown[]>(`/api/v2/mix/market/tickers?productType=${productType}`);
      expect(tickers.data).toEqual([]);
      const accounts = await get<unknown[]>(
        'alice',
        `/api/v2/mix/account/accounts?productType=${productType}`,
      );
      expect(accounts.data).toEqual([]);
      const pending = await get<unknown>(
        'alice',
        `/api/v2/mix/order/orders-pending?productType=${productType}`,
      );
      expect(pending.data).toEqual({ entrustedList: [], endId: null });
    }
    const usdt = await pub<
      Array<{ symbol: string; symbolType: string; supportMarginCoins: string[] }>
    >('/api/v2/mix/market/contracts?productType=USDT-FUTURES');
    expect(usdt.data.map((c) => c.symbol)).toContain('BTCUSDT');
    expect(usdt.data[0]).toMatchObject({ symbolType: 'perpetual', supportMarginCoins: ['USDT'] });
    const unknown = await pub('/api/v2/mix/market/contracts?productType=DOGE-FUTURES');
    expect(unknown).toMatchObject({ http: 400, code: '40017', data: null });
    const margin = await pub<unknown[]>('/api/v2/margin/currencies');
    expect(margin.data).toEqual([]);
  });

  it('refuses a granularity Quay does not keep, and a demo market, with Bitget’s codes', async () => {
    const candles = await pub('/api/v2/spot/market/candles?symbol=BTCUSDT&granularity=3min');
    expect(candles).toMatchObject({ http: 400, code: '40017' });
    const day = await pub<unknown[]>(
      '/api/v2/spot/market/candles?symbol=BTCUSDT&granularity=1Dutc',
    );
    expect(day).toMatchObject({ code: '00000', data: [] });
    const demo = await pub('/api/v2/spot/market/tickers?symbol=SBTCSUSDT');
    expect(demo).toMatchObject({ code: '40034', data: null });
    const book = await pub('/api/v2/spot/market/orderbook?symbol=BTCUSDT&limit=151');
    expect(book).toMatchObject({ http: 400, code: '40017' });
  });

  it('never shows or cancels another user’s order: 43001, and the order stays', async () => {
    const placed = await post<{ orderId: string }>('alice', '/api/v2/spot/trade/place-order', {
      symbol: 'BTCUSDT',
      side: 'buy',
      orderType: 'limit',
      price: '20000',
      size: '0.01',
    });
    expect(placed.code, placed.msg).toBe('00000');
    const info = await get('bob', `/api/v2/spot/trade/orderInfo?orderId=${placed.data.orderId}`);
    expect(info).toMatchObject({ code: '43001', data: null });
    const cancel = await post('bob', '/api/v2/spot/trade/cancel-order', {
      symbol: 'BTCUSDT',
      orderId: placed.data.orderId,
    });
    expect(cancel.code).toBe('43001');
    const batch = await post<BatchAnswer>('bob', '/api/v2/spot/trade/batch-cancel-order', {
      symbol: 'BTCUSDT',
      orderList: [{ orderId: placed.data.orderId }],
    });
    expect(batch.data.successList).toEqual([]);
    expect(batch.data.failureList[0]?.errorCode).toBe('43001');
    const open = await call<SpotOrder[]>(
      t.app,
      'GET',
      '/v1/spot/orders/open?languageType=0',
      undefined,
      bearer(users.alice!.token),
    );
    expect(open.data.map((o) => o.orderId)).toEqual([placed.data.orderId]);
    const own = await get<Array<{ orderId: string; status: string; price: string }>>(
      'alice',
      `/api/v2/spot/trade/orderInfo?orderId=${placed.data.orderId}`,
    );
    expect(own.data).toMatchObject([
      { orderId: placed.data.orderId, status: 'live', price: '20000.00' },
    ]);
  });

  it('places a batch order by order: one placed, one refused for its balance (43012)', async () => {
    const answer = await post<BatchAnswer>('bob', '/api/v2/spot/trade/batch-orders', {
      symbol: 'BTCUSDT',
      orderList: [
        { side: 'buy', orderType: 'limit', price: '10000', size: '0.01', clientOid: 'b-1' },
        { side: 'buy', orderType: 'limit', price: '10000', size: '10', clientOid: 'b-2' },
      ],
    });
    expect(answer.code, answer.msg).toBe('00000');
    expect(answer.data.successList).toEqual([{ orderId: expect.any(String), clientOid: 'b-1' }]);
    expect(answer.data.failureList).toMatchObject([{ clientOid: 'b-2', errorCode: '43012' }]);
    const cancelled = await post<{ symbol: string }>(
      'bob',
      '/api/v2/spot/trade/cancel-symbol-order',
      {
        symbol: 'BTCUSDT',
      },
    );
    expect(cancelled.data).toEqual({ symbol: 'BTCUSDT' });
    const unfilled = await get<unknown[]>(
      'bob',
      '/api/v2/spot/trade/unfilled-orders?symbol=BTCUSDT',
    );
    expect(unfilled.data).toEqual([]);
    await expectLedgerBalanced(t.store);
  });

  it('refuses futures trading and transfers from a read-only key (40014), changing nothing', async () => {
    const reader = await t.app.services.apiKeys.createForOperator(users.alice!.id, {
      label: 'read',
      scopes: ['read'],
      ips: [],
    });
    const leverage = await post(
      'alice',
      '/api/v2/mix/account/set-leverage',
      {
        symbol: 'BTCUSDT',
        productType: 'USDT-FUTURES',
        marginCoin: 'USDT',
        leverage: '7',
      },
      reader,
    );
    expect(leverage).toMatchObject({ http: 403, code: '40014' });
    const transfer = await post(
      'alice',
      '/api/v2/spot/wallet/transfer',
      {
        fromType: 'spot',
        toType: 'usdt_futures',
        amount: '10',
        coin: 'USDT',
      },
      reader,
    );
    expect(transfer.code).toBe('40014');
    const account = await get<Array<{ crossedMarginLeverage: string; available: string }>>(
      'alice',
      '/api/v2/mix/account/account?symbol=BTCUSDT&productType=USDT-FUTURES&marginCoin=USDT',
    );
    expect(account.data).toMatchObject({ available: '0', crossedMarginLeverage: '20' });
    const address = await get<{ coin: string; chain: string; address: string }>(
      'alice',
      '/api/v2/spot/wallet/deposit-address?coin=USDT',
    );
    const web = await call<{ address: string; network: string }>(
      t.app,
      'GET',
      '/v1/asset/deposit-address?coin=USDT&languageType=0',
      undefined,
      bearer(users.alice!.token),
    );
    expect(address.data).toMatchObject({
      coin: 'USDT',
      address: web.data.address,
      chain: web.data.network,
    });
  });

  it('bounds each key per route as Bitget does: 20 order infos a second, then 429', async () => {
    // A key of its own, so no call before counts. The limiter's window is a
    // fixed second: within 41 quick calls (under a second) one window sees 21.
    const key = await t.app.services.apiKeys.createForOperator(users.bob!.id, {
      label: 'burst',
      scopes: ['read'],
      ips: [],
    });
    const codes: string[] = [];
    while (codes.length < 41 && !codes.includes('429')) {
      const answer = await signed(t.app, key, {
        method: 'GET',
        url: '/api/v2/spot/trade/orderInfo?orderId=999999',
        timestamp: now(),
      });
      codes.push(answer.code);
    }
    expect(codes).toContain('429');
    expect(codes.indexOf('429')).toBeGreaterThanOrEqual(20);
    expect(codes.filter((c) => c !== '429').every((c) => c === '43001')).toBe(true);
    // Another route keeps its own count.
    const assets = await signed(t.app, key, {
      method: 'GET',
      url: '/api/v2/spot/account/assets',
      timestamp: now(),
    });
    expect(assets.code).toBe('00000');
  });

  it('refuses a margin loan or a modification it cannot make, and changes nothing', async () => {
    const before = await call<unknown>(
      t.app,
      'GET',
      '/v1/asset/balances',
      undefined,
      bearer(users.alice!.token),
    );
    const refusals: Array<[string, unknown, string]> = [
      // The pool is empty here: nothing may be borrowed.
      ['/api/v2/margin/crossed/account/borrow', { coin: 'USDT', borrowAmount: '10' }, '40017'],
      ['/api/v2/margin/crossed/account/borrow', { coin: 'USDT', borrowAmount: '-1' }, '40017'],
      ['/api/v2/margin/isolated/account/borrow', { coin: 'USDT', borrowAmount: '1' }, '40019'],
      ['/api/v2/margin/crossed/account/repay', { coin: 'USDT', repayAmount: '1' }, '40017'],
      [
        '/api/v2/margin/isolated/account/repay',
        { coin: 'USDT', repayAmount: '1', symbol: 'NOPE' },
        '40034',
      ],
      [
        '/api/v2/mix/order/modify-order',
        { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '999999', newPrice: '1' },
        '43001',
      ],
      [
        '/api/v2/mix/order/modify-order',
        { symbol: 'BTCUSDT', productType: 'USDT-FUTURES', orderId: '1' },
        '40019',
      ],
    ];
    for (const [url, body, code] of refusals) {
      const answer = await post('alice', url, body);
      expect([url, answer.code]).toEqual([url, code]);
    }
    const assets = await get<Array<{ coin: string; borrow: string }>>(
      'alice',
      '/api/v2/margin/crossed/account/assets',
    );
    expect(assets.code).toBe('00000');
    expect(assets.data.every((a) => a.borrow === '0')).toBe(true);
    expect(
      await call<unknown>(
        t.app,
        'GET',
        '/v1/asset/balances',
        undefined,
        bearer(users.alice!.token),
      ),
    ).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it('logs every call made with a key for its owner, newest first, paged and bounded', async () => {
    const key = await t.app.services.apiKeys.createForOperator(users.alice!.id, {
      label: 'logged',
      scopes: ['read'],
      ips: [],
    });
    const ok = await signed(t.app, key, {
      method: 'GET',
      url: '/api/v2/spot/account/assets?coin=USDT',
      timestamp: now(),
    });
    expect(ok.code).toBe('00000');
    const refused = await signed(
      t.app,
      { ...key, secret: 'wrong' },
      {
        method: 'GET',
        url: '/api/v2/spot/account/assets',
        timestamp: now(),
      },
    );
    expect(refused.code).toBe('40009');
    const url = `/v1/user/api-keys/requests?apiKey=${key.apiKey}&languageType=0`;
    const page = await call<Page<ApiKeyRequest>>(
      t.app,
      'GET',
      url,
      undefined,
      bearer(users.alice!.token),
    );
    expect(page.data.total).toBe(2);
    expect(page.data.items.map((r) => [r.method, r.path, r.status, r.code, r.ip])).toEqual([
      ['GET', '/api/v2/spot/account/assets', 401, '40009', '127.0.0.1'],
      ['GET', '/api/v2/spot/account/assets', 200, '00000', '127.0.0.1'],
    ]);
    const second = await call<Page<ApiKeyRequest>>(
      t.app,
      'GET',
      `${url}&pageNo=2&pageSize=1`,
      undefined,
      bearer(users.alice!.token),
    );
    expect(second.data.items.map((r) => r.code)).toEqual(['00000']);
    // Another user's key: not found.
    const other = await call(t.app, 'GET', url, undefined, bearer(users.bob!.token));
    expect(other.code).toBe('15001');

    // Bounded: the newest API_KEY_REQUEST_LOG_MAX calls are kept.
    const log = t.app.services.apiKeys.requests;
    for (let i = 0; i < API_KEY_REQUEST_LOG_MAX + 5; i++) {
      log.record({
        apiKey: key.apiKey,
        method: 'GET',
        path: `/p/${i}`,
        status: 200,
        code: '00000',
        ip: '::1',
      });
    }
    await log.flush();
    const bounded = await call<Page<ApiKeyRequest>>(
      t.app,
      'GET',
      `${url}&pageSize=1`,
      undefined,
      bearer(users.alice!.token),
    );
    expect(bounded.data.total).toBe(API_KEY_REQUEST_LOG_MAX);
    // Deleting the key forgets its calls.
    await t.app.services.apiKeys.remove(users.alice!.id, key.apiKey);
    expect(await t.store.repos.apiKeyRequests.count(key.apiKey)).toBe(0);
  });
});
