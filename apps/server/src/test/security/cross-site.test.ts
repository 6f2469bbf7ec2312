/**
 * A page of another site cannot act with the user's cookie: state-changing
 * calls and WebSocket upgrades whose Origin (or Sec-Fetch-Site) names
 * another site are refused with 14005, in the caller's language, whether
 * signing is on or off; the app's own origin, the configured public origins
 * and clients that are no browser page (no Origin, no Sec-Fetch-Site) pass.
 */
import { ERRORS, SESSION_COOKIE } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../kernel/messages';
import { GatewayClient } from '../gateway-client';
import { STORES, call, codeIn, outbox, startApp, type TestApp } from '../harness';
import { SocketClient } from './socket-client';

const PASSWORD = 'Quay2026pass';
const Q = '?languageType=0';
const EVIL = 'https://evil.example';
const ORDER = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' };
const REFUSED = ERRORS.CROSS_SITE_REFUSED.code;

/** A user by email on `t`, through `post` (plain or signed): the session token. */
async function register(
  t: TestApp,
  email: string,
  post: (path: string, body: Record<string, unknown>) => Promise<{ code: string; data: unknown }>,
): Promise<string> {
  t.clock.advance(t.config.codeResend_s + 1);
  await post('/v1/msg/verify-code/send', { bizType: 'register', email });
  const made = await post('/v1/user/register/email', {
    email,
    pwd: PASSWORD,
    rePwd: PASSWORD,
    verifyCode: codeIn(outbox(t.dataDir, 'mail.log').at(-1)?.text),
  });
  expect(made.code).toBe('0');
  return (made.data as { token: string }).token;
}

const cookie = (token: string) => ({ cookie: `${SESSION_COOKIE}=${token}` });

describe.each(STORES)('cross-site calls with signing off on %s', (store) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startApp(store);
    token = await register(t, 'victim@example.com', (path, body) =>
      call(t.app, 'POST', `${path}${Q}`, body),
    );
    const { userRowId } = await t.app.services.sessions.authenticate(token);
    await t.app.services.ledger.deposit(userRowId, 'USDT', '10000', 'test');
  });
  afterAll(async () => {
    await t.close();
  });

  const openOrders = async () =>
    (await call<unknown[]>(t.app, 'GET', `/v1/spot/orders/open${Q}`, undefined, cookie(token))).data
      .length;

  it('refuses an order and a close-all from another origin with the cookie', async () => {
    const before = await openOrders();
    const order = await call(t.app, 'POST', `/v1/spot/order/place${Q}`, ORDER, {
      ...cookie(token),
      origin: EVIL,
    });
    expect([order.http, order.code]).toEqual([403, REFUSED]);
    const closeAll = await call(
      t.app,
      'POST',
      `/v1/futures/position/close-all${Q}`,
      {},
      {
        ...cookie(token),
        origin: EVIL,
      },
    );
    expect([closeAll.http, closeAll.code]).toEqual([403, REFUSED]);
    // A page of another site that sends no Origin still says so in Sec-Fetch-Site.
    const fetched = await call(t.app, 'POST', `/v1/spot/order/place${Q}`, ORDER, {
      ...cookie(token),
      'sec-fetch-site': 'cross-site',
    });
    expect(fetched.code).toBe(REFUSED);
    const opaque = await call(t.app, 'POST', `/v1/spot/order/place${Q}`, ORDER, {
      ...cookie(token),
      origin: 'null',
    });
    expect(opaque.code).toBe(REFUSED);
    expect(await openOrders()).toBe(before);
  });

  it('says so in the caller language', async () => {
    const german = await call(
      t.app,
      'POST',
      '/v1/user/logout',
      {},
      {
        ...cookie(token),
        origin: EVIL,
        locale: 'de',
      },
    );
    expect(german).toMatchObject({ code: REFUSED, msg: serverMessage('CROSS_SITE_REFUSED', 'de') });
    // The session lives on.
    const me = await call(t.app, 'GET', `/v1/user/overview/userinfo${Q}`, undefined, cookie(token));
    expect(me.code).toBe('0');
  });

  it('lets the page of its own origin and clients without a page through', async () => {
    const before = await openOrders();
    const own = await call(t.app, 'POST', `/v1/spot/order/place${Q}`, ORDER, {
      ...cookie(token),
      origin: 'http://localhost',
      'sec-fetch-site': 'same-origin',
    });
    expect(own.code, own.msg).toBe('0');
    const curl = await call(t.app, 'POST', `/v1/spot/order/place${Q}`, ORDER, cookie(token));
    expect(curl.code, curl.msg).toBe('0');
    expect(await openOrders()).toBe(before + 2);
  });

  it('refuses a WebSocket upgrade from another origin, and takes one from its own', async () => {
    const base = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = `${base.replace('http', 'ws')}/v1/ws${Q}`;
    const refused = await SocketClient.open(ws, { ...cookie(token), origin: EVIL }).then(
      () => null,
      (err: { status?: number; body?: string }) => err,
    );
    expect(refused?.status).toBe(403);
    expect(JSON.parse(refused?.body ?? '{}')).toMatchObject({ code: REFUSED });

    const socket = await SocketClient.open(ws, { ...cookie(token), origin: base });
    socket.send({ op: 'auth' });
    expect(await socket.next()).toMatchObject({ op: 'auth', code: '0' });
    socket.close();
  });
});

describe.each(STORES)('cross-site calls with signing on on %s', (store) => {
  let t: TestApp;
  let token: string;

  beforeAll(async () => {
    t = await startApp(store, {
      SIGN_CLIENT_OPEN: 'on',
      PUBLIC_ORIGINS: 'https://quay.example,https://www.quay.example',
    });
    const client = await new GatewayClient(t).init();
    token = await register(t, 'signed-victim@example.com', (path, body) => client.post(path, body));
  });
  afterAll(async () => {
    await t.close();
  });

  it('refuses the demo reset and a new authenticator key from another origin', async () => {
    const reset = await call(
      t.app,
      'POST',
      `/v1/simulation/reset${Q}`,
      {},
      {
        ...cookie(token),
        'x-simulated': '1',
        origin: EVIL,
      },
    );
    expect([reset.http, reset.code]).toEqual([403, REFUSED]);
    const setup = await call(
      t.app,
      'POST',
      `/v1/user/security/google/setup${Q}`,
      {},
      {
        ...cookie(token),
        origin: EVIL,
      },
    );
    expect([setup.http, setup.code, setup.data]).toEqual([403, REFUSED, null]);
  });

  it('takes the configured public origins only', async () => {
    const fromPublic = await call(
      t.app,
      'POST',
      `/v1/simulation/reset${Q}`,
      {},
      {
        ...cookie(token),
        'x-simulated': '1',
        origin: 'https://www.quay.example',
      },
    );
    expect(fromPublic.code, fromPublic.msg).toBe('0');
    // With PUBLIC_ORIGINS set, the host the call was sent to is not enough.
    const fromHost = await call(
      t.app,
      'POST',
      `/v1/simulation/reset${Q}`,
      {},
      {
        ...cookie(token),
        'x-simulated': '1',
        origin: 'http://localhost',
      },
    );
    expect(fromHost.code).toBe(REFUSED);
  });
});
