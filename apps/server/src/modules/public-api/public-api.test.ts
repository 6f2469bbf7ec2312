/**
 * The public API as a trading bot meets it: Bitget v2 signed headers and
 * envelope, every refusal with its Bitget code, orders through the same
 * spot service (and single writer) as the web app's, and the two ways in
 * kept apart: no key on /v1, no session on /api/v2.
 */
import type { Balance, PublicSpotAsset, SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendSigned, signed, signedHeaders, type KeyCredentials } from '../../test/api-key-client';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  cookieFrom,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

interface SessionData {
  token: string;
}

const ASSETS = '/api/v2/spot/account/assets';
const PLACE = '/api/v2/spot/trade/place-order';
const CANCEL = '/api/v2/spot/trade/cancel-order';
const PASS = 'Bot2026pass';

describe.each(STORES)('public API on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let token: string;
  let cookie: string | undefined;
  let userId: string;
  let trader: KeyCredentials;
  let reader: KeyCredentials;

  /** A key as the owner's service creates it, with the passphrase the tests use. */
  async function keyFor(scopes: string[], ips: string[] = []): Promise<KeyCredentials> {
    const created = await t.app.services.apiKeys.createForOperator(userId, {
      label: 'test',
      scopes,
      ips,
    });
    // The operator's passphrase is random; tests sign with the one they know.
    const { hashPassword } = await import('../accounts');
    await t.store.repos.apiKeys.update(userId, created.apiKey, {
      passphrase_hash: await hashPassword(PASS),
      updated_at: t.clock.ms,
    });
    return { apiKey: created.apiKey, secret: created.secret, passphrase: PASS };
  }

  /** The time of a new request: a millisecond on, so no two tests sign the same request. */
  const now = () => {
    t.clock.advance(0.001);
    return t.clock.ms;
  };
  const balances = async () => {
    const answer = await call<Balance[]>(
      t.app,
      'GET',
      '/v1/asset/balances?languageType=0',
      undefined,
      bearer(token),
    );
    return Object.fromEntries(answer.data.map((b) => [b.coin, b]));
  };
  const openOrders = async () =>
    (
      await call<SpotOrder[]>(
        t.app,
        'GET',
        '/v1/spot/orders/open?languageType=0',
        undefined,
        bearer(token),
      )
    ).data;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    const reg = await registerByEmail<SessionData>(t, mail, 'bot-owner@example.com');
    token = reg.data.token;
    cookie = reg.cookie;
    userId = (await t.app.services.sessions.authenticate(token)).userRowId;
    await t.app.services.ledger.deposit(userId, 'USDT', '1000', 'test');
    trader = await keyFor(['read', 'trade']);
    reader = await keyFor(['read']);
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  it('answers balances in the Bitget v2 envelope and shape, amounts as strings', async () => {
    const answer = await signed<PublicSpotAsset[]>(t.app, reader, {
      method: 'GET',
      url: ASSETS,
      timestamp: now(),
    });
    expect(answer).toMatchObject({ http: 200, code: '00000', msg: 'success' });
    expect(answer.requestTime).toBe(t.clock.ms);
    expect(answer.data).toEqual([
      {
        coin: 'USDT',
        available: '1000.00000000',
        frozen: '0.00000000',
        locked: '0',
        limitAvailable: '0',
        uTime: expect.stringMatching(/^[0-9]{13}$/),
      },
    ]);
    const one = await signed<PublicSpotAsset[]>(t.app, reader, {
      method: 'GET',
      url: `${ASSETS}?coin=BTC`,
      timestamp: now(),
    });
    expect(one.data).toMatchObject([{ coin: 'BTC', available: '0.00000000', uTime: '0' }]);
  });

  it('places and cancels through the key: the order is the web’s, and frozen funds move', async () => {
    const placed = await signed<{ orderId: string; clientOid: string | null }>(t.app, trader, {
      method: 'POST',
      url: PLACE,
      timestamp: now(),
      body: {
        symbol: 'BTCUSDT',
        side: 'buy',
        orderType: 'limit',
        force: 'gtc',
        price: '20000',
        size: '0.01',
        clientOid: 'bot-1',
      },
    });
    expect(placed.code, placed.msg).toBe('00000');
    expect(placed.data).toEqual({ orderId: expect.stringMatching(/^[0-9]+$/), clientOid: 'bot-1' });
    const open = await openOrders();
    expect(open).toMatchObject([
      {
        orderId: placed.data.orderId,
        clientOrderId: 'bot-1',
        symbol: 'BTCUSDT',
        side: 'buy',
        price: '20000.00',
        quantity: '0.01000',
        timeInForce: 'GTC',
        status: 'NEW',
      },
    ]);
    expect((await balances()).USDT).toMatchObject({
      available: '800.00000000',
      frozen: '200.00000000',
    });
    const assets = await signed<PublicSpotAsset[]>(t.app, trader, {
      method: 'GET',
      url: `${ASSETS}?coin=USDT`,
      timestamp: now(),
    });
    expect(assets.data[0]).toMatchObject({ available: '800.00000000', frozen: '200.00000000' });

    const cancelled = await signed<{ orderId: string }>(t.app, trader, {
      method: 'POST',
      url: CANCEL,
      timestamp: now(),
      body: { symbol: 'BTCUSDT', orderId: placed.data.orderId },
    });
    expect(cancelled.code, cancelled.msg).toBe('00000');
    expect(await openOrders()).toEqual([]);
    expect((await balances()).USDT).toMatchObject({
      available: '1000.00000000',
      frozen: '0.00000000',
    });
    await expectLedgerBalanced(t.store);
  });

  it('refuses an order from a read-only key (40014) and changes nothing', async () => {
    const refused = await signed(t.app, reader, {
      method: 'POST',
      url: PLACE,
      timestamp: now(),
      body: { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '20000', size: '0.01' },
    });
    expect(refused).toMatchObject({ http: 403, code: '40014', data: null });
    expect(refused.msg).toMatch(/permissions/i);
    expect(await openOrders()).toEqual([]);
    expect((await balances()).USDT).toMatchObject({
      available: '1000.00000000',
      frozen: '0.00000000',
    });
  });

  it('refuses a replayed signature (40010), a stale timestamp (40008) and a bad one (40005)', async () => {
    const first = { method: 'GET' as const, url: ASSETS, timestamp: now() };
    const headers = signedHeaders(reader, first, '');
    expect((await sendSigned(t.app, headers, first)).code).toBe('00000');
    const replay = await sendSigned(t.app, headers, first);
    expect(replay).toMatchObject({ http: 401, code: '40010' });

    const stale = await signed(t.app, reader, { ...first, timestamp: now() - 31_000 });
    expect(stale).toMatchObject({ code: '40008', msg: 'Request timestamp expired' });
    const future = await signed(t.app, reader, { ...first, timestamp: now() + 31_000 });
    expect(future.code).toBe('40008');
    const inWindow = await signed(t.app, reader, { ...first, timestamp: now() - 29_000 });
    expect(inWindow.code).toBe('00000');
    const seconds = await signed(t.app, reader, {
      ...first,
      headers: { 'access-timestamp': String(Math.floor(t.clock.ms / 1000)) },
    });
    expect(seconds.code).toBe('40005');
  });

  it('refuses a wrong passphrase (40012), a wrong signature (40009) and missing headers', async () => {
    // A key of its own: the calls before spent this second's share of the other's rate limit.
    const reader = await keyFor(['read']);
    const base = { method: 'GET' as const, url: ASSETS, timestamp: now() };
    const wrongPass = await signed(t.app, { ...reader, passphrase: 'Wrong2026pass' }, base);
    expect(wrongPass).toMatchObject({ http: 401, code: '40012' });
    const wrongSecret = await signed(t.app, { ...reader, secret: 'f'.repeat(64) }, base);
    expect(wrongSecret.code).toBe('40009');
    // A signature over another path does not carry over.
    const otherPath = await signed(t.app, reader, {
      ...base,
      headers: signedHeaders(reader, { ...base, url: `${ASSETS}?coin=BTC` }, ''),
    });
    expect(otherPath.code).toBe('40009');
    // The body is signed too.
    const body = { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '1', size: '5' };
    const tampered = await sendSigned(
      t.app,
      signedHeaders(trader, { method: 'POST', url: PLACE, timestamp: now() }, JSON.stringify(body)),
      { method: 'POST', url: PLACE, timestamp: now(), body: { ...body, size: '50' } },
    );
    expect(tampered.code).toBe('40009');

    const unknown = await signed(t.app, { ...reader, apiKey: `bg_${'0'.repeat(32)}` }, base);
    expect(unknown.code).toBe('40037');
    const malformed = await signed(t.app, { ...reader, apiKey: 'nope' }, base);
    expect(malformed.code).toBe('40006');
    const none = await call(t.app, 'GET', ASSETS);
    expect(none).toMatchObject({ http: 401, code: '40001', msg: 'ACCESS_KEY cannot be empty' });
    const noSign = await signed(t.app, reader, { ...base, headers: { 'access-sign': '' } });
    expect(noSign.code).toBe('40003');
    const noPass = await signed(t.app, reader, { ...base, headers: { 'access-passphrase': '' } });
    expect(noPass.code).toBe('40011');
    // In the caller's language, as Bitget's `locale` header asks.
    const german = await signed(
      t.app,
      { ...reader, passphrase: 'Wrong2026pass' },
      {
        ...base,
        headers: { locale: 'zh-CN' },
      },
    );
    expect(german).toMatchObject({
      code: '40012',
      msg: 'API 密钥的密码短语错误',
    });
  });

  it('refuses a key used from outside its allow-list (40018), IPv4 and IPv6', async () => {
    const listed = await keyFor(['read'], ['198.51.100.0/24', '2001:db8::/48']);
    const from = (remoteAddress: string) =>
      signed(t.app, listed, { method: 'GET', url: ASSETS, timestamp: now(), remoteAddress });
    expect((await from('198.51.100.42')).code).toBe('00000');
    expect((await from('::ffff:198.51.100.43')).code).toBe('00000');
    expect((await from('2001:db8:0:1::5')).code).toBe('00000');
    const outside = await from('198.51.101.1');
    expect(outside).toMatchObject({ http: 403, code: '40018' });
    expect((await from('2001:db9::1')).code).toBe('40018');
  });

  it('keeps the two ways in apart: a key never opens /v1, a session never opens /api/v2', async () => {
    const base = {
      method: 'GET' as const,
      url: '/v1/asset/balances?languageType=0',
      timestamp: now(),
    };
    const keyOnWeb = await signed<null>(t.app, trader, base);
    expect(keyOnWeb).toMatchObject({ code: '00004', data: null });
    const keyOnOrders = await signed<null>(t.app, trader, {
      method: 'POST',
      url: '/v1/spot/order/place?languageType=0',
      timestamp: now(),
      body: { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '20000', quantity: '0.01' },
    });
    expect(keyOnOrders.code).toBe('00004');

    const byCookie = await call(t.app, 'GET', ASSETS, undefined, cookieFrom(cookie));
    expect(byCookie).toMatchObject({ http: 401, code: '40001' });
    const byBearer = await call(t.app, 'POST', PLACE, { symbol: 'BTCUSDT' }, bearer(token));
    expect(byBearer.code).toBe('40001');
    expect(await openOrders()).toEqual([]);
  });

  it('answers bad input and unknown paths in its envelope, changing nothing', async () => {
    const badSymbol = await signed(t.app, trader, {
      method: 'POST',
      url: PLACE,
      timestamp: now(),
      body: { symbol: 'NOPEUSDT', side: 'buy', orderType: 'limit', price: '1', size: '1' },
    });
    expect(badSymbol).toMatchObject({ http: 400, code: '40034' });
    const missing = await signed(t.app, trader, {
      method: 'POST',
      url: PLACE,
      timestamp: now(),
      body: { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', size: '0.01' },
    });
    expect(missing).toMatchObject({ http: 400, code: '40019' });
    expect(missing.msg).toContain('price');
    const demo = await signed(t.app, trader, {
      method: 'POST',
      url: PLACE,
      timestamp: now(),
      body: { symbol: 'SBTCSUSDT', side: 'buy', orderType: 'market', size: '10' },
    });
    expect(demo.code).toBe('40034');
    const poor = await signed(t.app, trader, {
      method: 'POST',
      url: PLACE,
      timestamp: now(),
      body: { symbol: 'BTCUSDT', side: 'buy', orderType: 'limit', price: '20000', size: '1' },
    });
    expect(poor).toMatchObject({ http: 400, code: '43012' });
    const lost = await call(t.app, 'GET', '/api/v2/spot/nothing-here');
    expect(lost).toMatchObject({ http: 404, code: '40404' });
    expect(await openOrders()).toEqual([]);
    expect((await balances()).USDT).toMatchObject({
      available: '1000.00000000',
      frozen: '0.00000000',
    });
    await expectLedgerBalanced(t.store);
  });
});
