/**
 * A signed call is accepted once, ever: not again later in its 100-second
 * signing bucket with request-time stamped anew, not with another query
 * string, not on the other ledger (`x-simulated`), not with a stale trace id.
 */
import { SIGN_TIME_WINDOW_MS } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient, type SignedRequest } from '../gateway-client';
import { STORES, bearer, call, codeIn, outbox, startApp, type TestApp } from '../harness';

const PASSWORD = 'Quay2026pass';
const Q = '?languageType=0';
const ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';
/** A resting buy far below any price: it stays open. */
const ORDER = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' };

describe.each(STORES)('signed calls are accepted once on %s', (store) => {
  let t: TestApp;
  let client: GatewayClient;
  let token: string;

  beforeAll(async () => {
    t = await startApp(store, {
      SIGN_CLIENT_OPEN: 'on',
      DEVICE_TOKEN_REQUIRED: 'on',
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    client = await new GatewayClient(t).init();
    t.clock.advance(t.config.codeResend_s + 1);
    const email = 'replay@example.com';
    expect(
      (await client.post('/v1/msg/verify-code/send', { bizType: 'register', email })).code,
    ).toBe('0');
    const made = await client.post<{ token: string }>('/v1/user/register/email', {
      email,
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: codeIn(outbox(t.dataDir, 'mail.log').at(-1)?.text),
    });
    expect(made.code, made.msg).toBe('0');
    token = made.data.token;
    const { userRowId } = await t.app.services.sessions.authenticate(token);
    await t.app.services.ledger.deposit(userRowId, 'USDT', '10000', 'test');
  });
  afterAll(async () => {
    await t.close();
  });

  /** Moves the clock to `offset_ms` into the next 100-second bucket of request-time. */
  function toBucketStart(offset_ms: number): void {
    t.clock.ms = (Math.floor(t.clock.ms / 100_000) + 1) * 100_000 + offset_ms;
  }

  /** The captured call again, with request-time stamped to the server's now. */
  function restamped(request: SignedRequest): SignedRequest {
    return { ...request, headers: { ...request.headers, 'request-time': String(t.clock.now()) } };
  }

  async function withdrawals(): Promise<number> {
    const records = await call<{ items: unknown[] }>(
      t.app,
      'GET',
      `/v1/asset/records${Q}&type=withdraw`,
      undefined,
      bearer(token),
    );
    return records.data.items.length;
  }

  async function openOrders(simulated = false): Promise<number> {
    const open = await call<unknown[]>(t.app, 'GET', `/v1/spot/orders/open${Q}`, undefined, {
      ...bearer(token),
      ...(simulated ? { 'x-simulated': '1' } : {}),
    });
    return open.data.length;
  }

  it('refuses a withdrawal re-sent 65 s later in the same signing bucket', async () => {
    toBucketStart(1_000);
    const before = await withdrawals();
    const captured = await client.prepare(
      '/v1/asset/withdraw',
      { coin: 'USDT', address: ADDRESS, amount: '100' },
      { headers: bearer(token) },
    );
    expect((await client.send(captured)).code).toBe('0');
    t.clock.advance(65);
    const again = restamped(captured);
    // The signed part of request-time (its first 8 digits) has not changed.
    expect(again.headers['request-time']!.slice(0, 8)).toBe(
      captured.headers['request-time']!.slice(0, 8),
    );
    const replay = await client.send(again);
    expect(replay.status).toBe('error');
    expect(['00022', '00023']).toContain(replay.code);
    expect(await withdrawals()).toBe(before + 1);
  });

  it('refuses a spot order re-sent 90 s later in the same signing bucket', async () => {
    toBucketStart(2_000);
    const before = await openOrders();
    const captured = await client.prepare('/v1/spot/order/place', ORDER, {
      headers: bearer(token),
    });
    expect((await client.send(captured)).code).toBe('0');
    t.clock.advance(90);
    const replay = await client.send(restamped(captured));
    expect(replay.status).toBe('error');
    expect(await openOrders()).toBe(before + 1);
  });

  it('refuses the same call again at the very edge of the window', async () => {
    toBucketStart(3_000);
    const before = await openOrders();
    const captured = await client.prepare('/v1/spot/order/place', ORDER, {
      headers: bearer(token),
    });
    expect((await client.send(captured)).code).toBe('0');
    t.clock.ms += SIGN_TIME_WINDOW_MS;
    expect((await client.send(captured)).code).toBe('00023');
    t.clock.ms += 1;
    expect((await client.send(captured)).status).toBe('error');
    expect(await openOrders()).toBe(before + 1);
  });

  it('refuses a real-ledger order sent with x-simulated, and keeps it for the real ledger', async () => {
    const demoBefore = await openOrders(true);
    const realBefore = await openOrders();
    const captured = await client.prepare('/v1/spot/order/place', ORDER, {
      headers: bearer(token),
    });
    const onDemo = await client.send({
      ...captured,
      headers: { ...captured.headers, 'x-simulated': '1' },
    });
    expect(onDemo.code).toBe('00023');
    expect(await openOrders(true)).toBe(demoBefore);
    // The untouched call is still good, once, on the ledger it was signed for.
    expect((await client.send(captured)).code).toBe('0');
    expect(await openOrders()).toBe(realBefore + 1);
  });

  it('signs the query string and the method', async () => {
    const before = await openOrders();
    const captured = await client.prepare('/v1/spot/order/place', ORDER, {
      headers: bearer(token),
    });
    const otherQuery = await client.send({ ...captured, url: `${captured.url}&x=1` });
    expect(otherQuery.code).toBe('00023');
    const otherLanguage = await client.send({
      ...captured,
      url: '/v1/spot/order/place?languageType=1',
    });
    expect(otherLanguage.code).toBe('00023');
    expect(await openOrders()).toBe(before);
  });

  it('refuses a trace id whose own time is outside the window', async () => {
    const before = await openOrders();
    const stale = await client.prepare('/v1/spot/order/place', ORDER, {
      headers: bearer(token),
      traceTimeMs: t.clock.now() - SIGN_TIME_WINDOW_MS - 1,
    });
    const answer = await client.send(stale);
    expect(answer.code).toBe('00022');
    expect(await openOrders()).toBe(before);
  });
});
