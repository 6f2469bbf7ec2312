/**
 * A socket signed in with a session stops hearing that user's private
 * channels the moment the session ends: logged out (revoked) or expired. It
 * is told so, and it cannot subscribe to a private channel again.
 */
import { Decimal, ERRORS, SESSION_COOKIE } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, bearer, call, codeIn, outbox, startApp, type TestApp } from '../harness';
import { SocketClient, type Message } from './socket-client';

const PASSWORD = 'Quay2026pass';
const Q = '?languageType=0';
const EMAIL = 'socket-owner@example.com';
/** A resting buy far below any price: it freezes USDT, so the balances channel speaks. */
const ORDER = { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' };

describe.each(STORES)('sockets follow their session on %s', (store) => {
  let t: TestApp;
  let base: string;

  beforeAll(async () => {
    t = await startApp(store, { RATE_LIMIT_LOGIN_PER_MIN: '1000' });
    base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    t.clock.advance(t.config.codeResend_s + 1);
    await call(t.app, 'POST', `/v1/msg/verify-code/send${Q}`, {
      bizType: 'register',
      email: EMAIL,
    });
    const made = await call<{ token: string }>(t.app, 'POST', `/v1/user/register/email${Q}`, {
      email: EMAIL,
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: codeIn(outbox(t.dataDir, 'mail.log').at(-1)?.text),
    });
    expect(made.code, made.msg).toBe('0');
    const { userRowId } = await t.app.services.sessions.authenticate(made.data.token);
    await t.app.services.ledger.deposit(userRowId, 'USDT', '100000', 'test');
  });
  afterAll(async () => {
    await t.close();
  });

  async function login(): Promise<string> {
    const answer = await call<{ token: string }>(t.app, 'POST', `/v1/user/login${Q}`, {
      loginName: EMAIL,
      pwd: PASSWORD,
    });
    expect(answer.code, answer.msg).toBe('0');
    return answer.data.token;
  }

  /** A socket signed in through its upgrade cookie, as a browser's is, on `balances`. */
  async function signedInSocket(token: string): Promise<SocketClient> {
    const socket = await SocketClient.open(`${base}/v1/ws${Q}`, {
      cookie: `${SESSION_COOKIE}=${token}`,
    });
    socket.send({ op: 'auth' });
    expect(await socket.next()).toMatchObject({ op: 'auth', code: '0' });
    socket.send({ op: 'subscribe', args: ['balances'] });
    expect(await socket.next()).toMatchObject({ op: 'subscribe', channel: 'balances', code: '0' });
    return socket;
  }

  const isBalancePush = (m: Message) => m.op === 'push' && m.channel === 'balances';

  /** Orders placed so far in this store's cases: each rests and keeps its USDT frozen. */
  let resting = 0;

  /**
   * Places an order as `token` and waits until `witness` hears the balance
   * change it made: the push carrying its freeze. A push of an earlier state
   * (the subscription's first, an earlier order's) can still be on its way,
   * and must not be taken for this one, or this one's push comes after.
   */
  async function moveBalances(token: string, witness: SocketClient): Promise<void> {
    const placed = await call(t.app, 'POST', `/v1/spot/order/place${Q}`, ORDER, bearer(token));
    expect(placed.code, placed.msg).toBe('0');
    resting += 1;
    const frozen = new Decimal(ORDER.price).times(ORDER.quantity).times(resting).toFixed(8);
    for (;;) {
      const heard = await witness.next();
      if (!isBalancePush(heard)) continue;
      const usdt = (heard.data as Array<{ coin: string; frozen: string }>).find(
        (b) => b.coin === 'USDT',
      );
      if (usdt?.frozen === frozen) return;
    }
  }

  it('a logout signs the socket out at once: no more pushes, no private subscription', async () => {
    const session = await login();
    const socket = await signedInSocket(session);
    await moveBalances(session, socket);

    const out = await call(t.app, 'POST', `/v1/user/logout${Q}`, {}, bearer(session));
    expect(out.code).toBe('0');
    expect(await socket.next()).toMatchObject({
      op: 'auth',
      code: ERRORS.SESSION_REVOKED.code,
    });

    // The same user, signed in elsewhere, keeps trading; the old socket hears none of it.
    const other = await login();
    const witness = await signedInSocket(other);
    await moveBalances(other, witness);
    expect((await socket.drain()).filter(isBalancePush)).toEqual([]);

    socket.send({ op: 'subscribe', args: ['balances'] });
    expect(await socket.next()).toMatchObject({
      op: 'error',
      channel: 'balances',
      code: ERRORS.LOGIN_REQUIRED.code,
    });
    socket.close();
    witness.close();
  });

  it('an expired session signs the socket out and stops its pushes', async () => {
    const session = await login();
    const socket = await signedInSocket(session);
    await moveBalances(session, socket);

    t.clock.advance(t.config.sessionTtl_s + 1);
    const fresh = await login();
    const witness = await signedInSocket(fresh);
    await moveBalances(fresh, witness);
    const heard = await socket.drain();
    expect(heard.filter(isBalancePush)).toEqual([]);
    expect(heard).toContainEqual(
      expect.objectContaining({ op: 'auth', code: ERRORS.SESSION_EXPIRED.code }),
    );

    socket.send({ op: 'subscribe', args: ['balances'] });
    expect(await socket.next()).toMatchObject({
      op: 'error',
      channel: 'balances',
      code: ERRORS.LOGIN_REQUIRED.code,
    });
    socket.close();
    witness.close();
  });
});
