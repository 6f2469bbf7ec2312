/**
 * What gateways share (ROLE=gateway, one engine, two gateways on PostgreSQL,
 * NATS and Redis): a session revoked through one gateway is refused by both
 * at once, though each had it cached, and the other gateway's sockets of it
 * are signed out; a rate limit of N counts the calls to both gateways
 * together; a trigger order placed through one gateway is listed by the
 * other. Skipped, saying so, without PostgreSQL, NATS or Redis.
 */
import { ERRORS, SESSION_COOKIE, SPOT_PLAN_PATHS, type SpotPlan } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cluster,
  Q,
  deposit,
  clusterServicesMissing,
  post,
  register,
  type ClusterProcess,
} from './test/cluster-harness';
import { SocketClient } from './test/security/socket-client';

const missing = await clusterServicesMissing('shared-gateway suite');

/** The login limit of the gateways here: calls a minute from one address, both gateways together. */
const LOGIN_LIMIT = 6;
/** Well under the 30 s a gateway may trust a cached session: a refusal within it came from the bus. */
const TOLD_WITHIN_MS = 10_000;

async function get<T>(
  base: string,
  path: string,
  token: string,
): Promise<{ code: string; msg: string; data: T }> {
  const res = await fetch(`${base}${path}${Q}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as { code: string; msg: string; data: T };
}

const userInfo = (gateway: ClusterProcess, token: string) =>
  get(gateway.base, '/v1/user/overview/userinfo', token);

describe.skipIf(missing.length > 0)('gateways share sessions, rate limits and plans', () => {
  const cluster = new Cluster();
  let a: ClusterProcess;
  let b: ClusterProcess;
  let n = 0;
  /** A new account registered through gateway A; its session token. */
  const newUser = async (): Promise<{ email: string; token: string }> => {
    n += 1;
    const email = `shared${n}@cluster.example`;
    return { email, token: await register(a, email) };
  };

  beforeAll(async () => {
    const started = Date.now();
    await cluster.start('engine');
    const limits = { RATE_LIMIT_LOGIN_PER_MIN: String(LOGIN_LIMIT) };
    // One after the other: on a busy machine two starting together could each miss the harness's wait.
    a = await cluster.start('gateway', limits);
    b = await cluster.start('gateway', limits);
    console.info(`shared-gateway suite: engine and two gateways up in ${Date.now() - started} ms`);
  }, 200_000);
  afterAll(() => cluster.close());

  it('refuses a session logged out through one gateway at once on both, though both had it cached', async () => {
    const { token } = await newUser();
    const other = await newUser();
    // Both gateways have read the sessions, and trust them for a while without the store.
    for (const gateway of [a, b]) {
      expect((await userInfo(gateway, token)).code).toBe('0');
      expect((await userInfo(gateway, other.token)).code).toBe('0');
    }

    expect((await post(a.base, '/v1/user/logout', {}, token)).code).toBe('0');
    // The gateway that revoked it refuses it on the very next call.
    expect((await userInfo(a, token)).code).toBe(ERRORS.SESSION_REVOKED.code);
    // The other is told over the bus, long before its cached trust would run out.
    await expect
      .poll(async () => (await userInfo(b, token)).code, { timeout: TOLD_WITHIN_MS })
      .toBe(ERRORS.SESSION_REVOKED.code);
    // Only that session ended.
    expect((await userInfo(a, other.token)).code).toBe('0');
    expect((await userInfo(b, other.token)).code).toBe('0');
  });

  it("signs out the other gateway's socket of a session logged out through one", async () => {
    const { token } = await newUser();
    const socket = await SocketClient.open(`${b.base.replace('http', 'ws')}/v1/ws${Q}`, {
      cookie: `${SESSION_COOKIE}=${token}`,
    });
    try {
      socket.send({ op: 'auth' });
      expect(await socket.next()).toMatchObject({ op: 'auth', code: '0' });
      socket.send({ op: 'subscribe', args: ['balances'] });
      expect(await socket.next()).toMatchObject({ op: 'subscribe', code: '0' });

      expect((await post(a.base, '/v1/user/logout', {}, token)).code).toBe('0');
      // Told without asking, and its private channels are closed to it.
      expect(await socket.next(TOLD_WITHIN_MS)).toMatchObject({
        op: 'auth',
        code: ERRORS.SESSION_REVOKED.code,
      });
      socket.send({ op: 'subscribe', args: ['balances'] });
      expect(await socket.next()).toMatchObject({
        op: 'error',
        channel: 'balances',
        code: ERRORS.LOGIN_REQUIRED.code,
      });
    } finally {
      socket.ws.close();
    }
  });

  it('counts a rate limit across both gateways: half the limit on each, and the next call is refused on either', async () => {
    const login = (gateway: ClusterProcess) =>
      post(gateway.base, '/v1/user/login', { loginName: 'nobody@cluster.example', pwd: 'x1' });
    const half = LOGIN_LIMIT / 2;
    for (let i = 0; i < half; i += 1) {
      for (const gateway of [a, b]) {
        expect((await login(gateway)).code).not.toBe(ERRORS.TOO_MANY_REQUESTS.code);
      }
    }
    // Either gateway alone has seen half the limit; together they have seen all of it.
    for (const gateway of [a, b]) {
      const refused = await login(gateway);
      expect(refused.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
      expect(refused.msg).toMatch(/try again in \d+ seconds/);
    }
  });

  it('lists a trigger order placed through one gateway on the other at once', async () => {
    const { email, token } = await newUser();
    const store = { databaseUrl: cluster.databaseUrl, dataDir: a.dataDir };
    await deposit(store, email, 'USDT', '1000');
    await deposit(store, email, 'BTC', '1');
    // A bid and an ask make the mark price (their middle) the plan's trigger is set against.
    for (const [side, price] of [
      ['buy', '100'],
      ['sell', '200'],
    ]) {
      const order = { symbol: 'BTCUSDT', side, type: 'limit', price, quantity: '0.1' };
      const resting = await post(a.base, '/v1/spot/order/place', order, token);
      expect(resting.code, resting.msg).toBe('0');
    }
    const placed = await post<SpotPlan>(
      a.base,
      SPOT_PLAN_PATHS.place,
      {
        symbol: 'BTCUSDT',
        side: 'buy',
        triggerPrice: '1000',
        triggerBy: 'mark',
        type: 'limit',
        price: '1000',
        quantity: '0.01',
      },
      token,
    );
    expect(placed.code, placed.msg).toBe('0');
    const listed = await get<SpotPlan[]>(b.base, SPOT_PLAN_PATHS.current, token);
    expect(listed.code).toBe('0');
    expect(listed.data.map((p) => p.planId)).toEqual([placed.data.planId]);

    const cancelled = await post(
      b.base,
      SPOT_PLAN_PATHS.cancel,
      { symbol: 'BTCUSDT', planId: placed.data.planId },
      token,
    );
    expect(cancelled.code, cancelled.msg).toBe('0');
    expect((await get<SpotPlan[]>(a.base, SPOT_PLAN_PATHS.current, token)).data).toEqual([]);
  });
});
