/**
 * Account security end to end through the routes, on each store: password
 * change and reset, sessions and their revocation, the anti-phishing code in
 * every mail, new-device mails, freezing and the operator's unfreeze, and the
 * attacks each of them exists to stop.
 */
import {
  ERRORS,
  SESSION_COOKIE,
  WITHDRAW_HOLD_AFTER_RESET_S,
  type AccountSession,
} from '@quay/core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  expectLedgerBalanced,
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { sha256 } from '../../kernel/ids';
import { quay, storeEnv } from '../../test/operator-cli';
import { SocketClient } from '../../test/security/socket-client';

const PASSWORD = 'Quay2026pass';
const NEW_PASSWORD = 'Quay2027Pass';
const Q = '?languageType=0';
const FIREFOX = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:133.0) Gecko/20100101 Firefox/133.0';
const SAFARI =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1';
const ADDRESS = 'T9yD14Nj9j7xAB4dbGeiX9h8unkKHxuWwb';

interface Overview {
  passwordChangedAt: number | null;
  antiPhishingCode: string | null;
  withdrawHeldUntil: number | null;
  sessionCount: number;
}

describe.each(STORES)('account security on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const post = <T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token?: string,
    headers: Record<string, string> = {},
  ) => call<T>(t.app, 'POST', `${path}${Q}`, body, { ...(token ? bearer(token) : {}), ...headers });
  const get = <T = Record<string, unknown>>(path: string, token: string) =>
    call<T>(t.app, 'GET', `${path}${Q}`, undefined, bearer(token));

  async function register(email: string): Promise<string> {
    const made = await registerByEmail<{ token: string }>(t, mail, email);
    expect(made.code, made.msg).toBe('0');
    return made.data.token;
  }

  async function login(email: string, pwd = PASSWORD, ua = FIREFOX) {
    return post<{ token: string }>('/v1/user/login', { loginName: email, pwd }, undefined, {
      'user-agent': ua,
    });
  }

  async function loggedIn(email: string, ua = FIREFOX): Promise<string> {
    const answer = await login(email, PASSWORD, ua);
    expect(answer.code, answer.msg).toBe('0');
    return answer.data.token;
  }

  /** A security code mailed to the account's own address (no factor on: the fallback). */
  async function securityCode(token: string, email: string): Promise<string> {
    t.clock.advance(t.config.codeResend_s + 1);
    const sent = await post('/v1/user/security/send-code', { channel: 'email' }, token);
    expect(sent.code, sent.msg).toBe('0');
    return mail.lastCodeFor(email);
  }

  const overview = async (token: string) =>
    (await get<Overview>('/v1/user/security/overview', token)).data;
  const userInfo = (token: string) => get('/v1/user/overview/userinfo', token);

  it('changes the password with the old one and a second factor; every other session ends at once', async () => {
    const email = 'change@example.com';
    await register(email);
    const here = await loggedIn(email);
    const elsewhere = await loggedIn(email, SAFARI);

    // A socket of the other session, signed in through its cookie as a browser's is.
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const socket = await SocketClient.open(`${base}/v1/ws${Q}`, {
      cookie: `${SESSION_COOKIE}=${elsewhere}`,
    });
    socket.send({ op: 'auth' });
    expect(await socket.next()).toMatchObject({ op: 'auth', code: '0' });

    const change = { oldPwd: PASSWORD, pwd: NEW_PASSWORD, rePwd: NEW_PASSWORD };
    // No second factor, a wrong one, a wrong old password: nothing changes.
    expect((await post('/v1/user/security/password', change, here)).code).toBe(
      ERRORS.FACTOR_CODE_MISSING.code,
    );
    const right = await securityCode(here, email);
    const wrong = right === '000000' ? '111111' : '000000';
    expect(
      (await post('/v1/user/security/password', { ...change, emailCode: wrong }, here)).code,
    ).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    expect(
      (
        await post(
          '/v1/user/security/password',
          { ...change, oldPwd: 'Wrong2026pass', emailCode: right },
          here,
        )
      ).code,
    ).toBe(ERRORS.PASSWORD_OLD_WRONG.code);
    expect((await userInfo(elsewhere)).code).toBe('0');
    expect((await login(email, NEW_PASSWORD)).code).toBe(ERRORS.LOGIN_FAILED.code);
    expect(
      (
        await post(
          '/v1/user/security/password',
          { ...change, pwd: 'weak', rePwd: 'weak', emailCode: right },
          here,
        )
      ).code,
    ).toBe(ERRORS.PASSWORD_WEAK.code);

    const changed = await post('/v1/user/security/password', { ...change, emailCode: right }, here);
    expect(changed.code, changed.msg).toBe('0');

    // The other session's cookie fails at once, its socket is signed out; this one stays.
    const byCookie = await call(t.app, 'GET', `/v1/user/overview/userinfo${Q}`, undefined, {
      cookie: `${SESSION_COOKIE}=${elsewhere}`,
    });
    expect(byCookie.code).toBe(ERRORS.SESSION_REVOKED.code);
    expect(await socket.next()).toMatchObject({ op: 'auth', code: ERRORS.SESSION_REVOKED.code });
    socket.close();
    expect((await userInfo(here)).code).toBe('0');
    // The old password fails, the new one works; the code cannot be spent twice.
    expect((await login(email, PASSWORD)).code).toBe(ERRORS.LOGIN_FAILED.code);
    expect((await login(email, NEW_PASSWORD)).code).toBe('0');
    expect((await overview(here)).passwordChangedAt).toBe(t.clock.now());
    expect(mail.mailsTo(email).at(-1)?.subject).toBe('Quay: your password was changed');
  });

  it('lists the sessions with their devices and ends one or all others at once', async () => {
    const email = 'sessions@example.com';
    await register(email);
    const here = await loggedIn(email, FIREFOX);
    const phone = await loggedIn(email, SAFARI);
    const third = await loggedIn(email, SAFARI);

    const listed = await get<AccountSession[]>('/v1/user/security/sessions', here);
    expect(listed.code).toBe('0');
    const current = listed.data.filter((s) => s.current);
    expect(current).toHaveLength(1);
    expect(current[0]).toMatchObject({ browser: 'Firefox', system: 'Windows', place: null });
    const iphone = listed.data.find((s) => s.system === 'iOS' && !s.current);
    expect(iphone).toMatchObject({ browser: 'Safari', firstSeenAt: t.clock.now() });

    // Last seen moves with use (written at most once a minute), shown at once, and
    // stored with the other sessions' within a second rather than by the call itself.
    t.clock.advance(120);
    const seenAt = t.clock.now();
    expect((await userInfo(phone)).code).toBe('0');
    const later = await get<AccountSession[]>('/v1/user/security/sessions', here);
    expect(later.data.some((s) => s.lastSeenAt === seenAt)).toBe(true);
    const stored = () => t.store.repos.sessions.byTokenHash(sha256(phone));
    await vi.waitFor(async () => expect((await stored())?.last_seen_at).toBe(seenAt), {
      timeout: 5000,
      interval: 50,
    });

    const mine = current[0]?.id ?? '';
    expect((await post('/v1/user/security/sessions/revoke', { id: mine }, here)).code).toBe(
      ERRORS.ACCOUNT_SESSION_CURRENT.code,
    );
    expect(
      (await post('/v1/user/security/sessions/revoke', { id: 'f'.repeat(32) }, here)).code,
    ).toBe(ERRORS.ACCOUNT_SESSION_NOT_FOUND.code);
    expect((await post('/v1/user/security/sessions/revoke', { id: 'x' }, here)).code).toBe(
      ERRORS.FIELD_FORMAT.code,
    );

    // Revoke one: which one is told by the token's own view of the list.
    const phoneId = (await get<AccountSession[]>('/v1/user/security/sessions', phone)).data.find(
      (s) => s.current,
    )?.id;
    expect((await post('/v1/user/security/sessions/revoke', { id: phoneId }, here)).code).toBe('0');
    expect((await userInfo(phone)).code).toBe(ERRORS.SESSION_REVOKED.code);
    expect((await userInfo(third)).code).toBe('0');

    const ended = await post<{ ended: number }>(
      '/v1/user/security/sessions/revoke-others',
      {},
      here,
    );
    expect(ended.data.ended).toBeGreaterThanOrEqual(1);
    expect((await userInfo(third)).code).toBe(ERRORS.SESSION_REVOKED.code);
    expect((await userInfo(here)).code).toBe('0');
    expect((await overview(here)).sessionCount).toBe(1);
  });

  it('mails the owner at the first login from a new device, once', async () => {
    const email = 'devices@example.com';
    await register(email);
    const before = mail.mailsTo(email).length;
    await loggedIn(email, FIREFOX);
    const alert = mail.mailsTo(email).slice(before);
    expect(alert.map((m) => m.subject)).toEqual(['Quay: login from a new device']);
    expect(alert[0]?.text).toContain('Firefox · Windows');
    await loggedIn(email, FIREFOX);
    expect(mail.mailsTo(email).length).toBe(before + 1);
    // A device id names the device, whatever its browser says.
    await post('/v1/user/login', { loginName: email, pwd: PASSWORD }, undefined, {
      'user-agent': FIREFOX,
      terminalcode: 'a1b2c3d4e5f6a7b8c9d0',
    });
    expect(mail.mailsTo(email).length).toBe(before + 2);
  });

  it('puts the anti-phishing code at the top of every mail once set, and a wrong factor sets nothing', async () => {
    const email = 'phishing@example.com';
    const token = await register(email);
    expect((await post('/v1/user/security/anti-phishing', { code: 'ab' }, token)).code).toBe(
      ERRORS.FIELD_FORMAT.code,
    );
    expect((await post('/v1/user/security/anti-phishing', { code: 'Quay-1' }, token)).code).toBe(
      ERRORS.FIELD_FORMAT.code,
    );
    const right = await securityCode(token, email);
    const wrong = right === '000000' ? '111111' : '000000';
    const refused = await post(
      '/v1/user/security/anti-phishing',
      { code: 'Blue42Harbor', emailCode: wrong },
      token,
    );
    expect(refused.code).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    expect((await overview(token)).antiPhishingCode).toBeNull();
    expect(mail.mailsTo(email).at(-1)?.text).not.toContain('Blue42Harbor');

    const set = await post<Overview>(
      '/v1/user/security/anti-phishing',
      { code: 'Blue42Harbor', emailCode: right },
      token,
    );
    expect(set.code, set.msg).toBe('0');
    expect(set.data.antiPhishingCode).toBe('Blue42Harbor');

    // Every mail from now on: a code, a new-device alert, in the caller's language.
    await securityCode(token, email);
    expect(mail.mailsTo(email).at(-1)?.text.split(/\r?\n/)[0]).toBe(
      'Your anti-phishing code: Blue42Harbor',
    );
    const german = await call(
      t.app,
      'POST',
      '/v1/user/login?languageType=11',
      { loginName: email, pwd: PASSWORD },
      { 'user-agent': SAFARI },
    );
    expect(german.code, german.msg).toBe('0');
    const alert = mail.mailsTo(email).at(-1);
    expect(alert?.text.split(/\r?\n/)[0]).toBe('Ihr Anti-Phishing-Code: Blue42Harbor');
    // Mail to an address without a code is as it was.
    await register('plain@example.com');
    expect(mail.mailsTo('plain@example.com').at(-1)?.text).not.toContain('Blue42Harbor');
  });

  it('resets a forgotten password by mailed code and the bound authenticator; withdrawals wait 24 hours', async () => {
    const email = 'forgot@example.com';
    const token = await register(email);
    const { userRowId } = await t.app.services.sessions.authenticate(token);
    await t.app.services.ledger.deposit(userRowId, 'USDT', '500', 'test');
    // Bind an authenticator, so a reset needs it too.
    const setup = await post<{ secret: string }>('/v1/user/security/google/setup', {}, token);
    const bound = await post(
      '/v1/user/security/modify',
      {
        factor: 'google',
        enable: true,
        newGoogleCode: await generate({
          secret: setup.data.secret,
          epoch: Math.floor(t.clock.ms / 1000),
        }),
      },
      token,
    );
    expect(bound.code, bound.msg).toBe('0');

    t.clock.advance(t.config.codeResend_s + 31);
    const sent = await post('/v1/msg/verify-code/send', { bizType: 'reset_password', email });
    expect(sent.code, sent.msg).toBe('0');
    const code = mail.lastCodeFor(email);
    const needs = await post<{ factors: string[] }>('/v1/user/password/forgot/verify', {
      email,
      verifyCode: code,
    });
    expect(needs.data.factors).toEqual(['google']);

    const reset = { email, verifyCode: code, pwd: NEW_PASSWORD, rePwd: NEW_PASSWORD };
    expect((await post('/v1/user/password/reset', reset)).code).toBe(
      ERRORS.FACTOR_CODE_MISSING.code,
    );
    const totp = await generate({
      secret: setup.data.secret,
      epoch: Math.floor(t.clock.ms / 1000),
    });
    const wrongTotp = totp === '000000' ? '111111' : '000000';
    expect((await post('/v1/user/password/reset', { ...reset, googleCode: wrongTotp })).code).toBe(
      ERRORS.GOOGLE_CODE_INVALID.code,
    );
    expect((await userInfo(token)).code).toBe('0');
    expect(
      (
        await post('/v1/user/password/reset', {
          ...reset,
          verifyCode: code === '000000' ? '111111' : '000000',
          googleCode: totp,
        })
      ).code,
    ).toBe(ERRORS.VERIFY_CODE_INVALID.code);

    const done = await post<{ withdrawHeldUntil: number }>('/v1/user/password/reset', {
      ...reset,
      googleCode: totp,
    });
    expect(done.code, done.msg).toBe('0');
    const until = t.clock.now() + WITHDRAW_HOLD_AFTER_RESET_S * 1000;
    expect(done.data.withdrawHeldUntil).toBe(until);
    // Every session ended; the old password fails.
    expect((await userInfo(token)).code).toBe(ERRORS.SESSION_REVOKED.code);
    expect((await login(email, PASSWORD)).code).toBe(ERRORS.LOGIN_FAILED.code);
    expect(mail.mailsTo(email).at(-1)?.subject).toBe('Quay: your password was reset');

    // The new password logs in (with the authenticator), and withdrawals are held.
    const ticket = await login(email, NEW_PASSWORD);
    const verification = (ticket.data as unknown as { verification: { ticket: string } })
      .verification;
    t.clock.advance(31);
    const session = await post<{ token: string }>('/v1/user/login/verify-login', {
      ticket: verification.ticket,
      googleCode: await generate({
        secret: setup.data.secret,
        epoch: Math.floor(t.clock.ms / 1000),
      }),
    });
    expect(session.code, session.msg).toBe('0');
    const withdraw = () =>
      post(
        '/v1/asset/withdraw',
        { coin: 'USDT', address: ADDRESS, amount: '100' },
        session.data.token,
      );
    const held = await withdraw();
    expect(held.code).toBe(ERRORS.WITHDRAW_HELD.code);
    expect(held.msg).toContain(new Date(until).toISOString().replace('T', ' ').slice(0, 19));
    expect((await overview(session.data.token)).withdrawHeldUntil).toBe(until);

    t.clock.advance(WITHDRAW_HOLD_AFTER_RESET_S);
    const allowed = await withdraw();
    expect(allowed.code, allowed.msg).toBe('0');
    await expectLedgerBalanced(t.store);
  });

  it('freezes the account by its owner: no login, no trading, until the operator unfreezes it', async () => {
    const email = 'freeze@example.com';
    const token = await register(email);
    const other = await loggedIn(email);
    expect((await post('/v1/user/security/freeze', { pwd: 'Wrong2026pass' }, token)).code).toBe(
      ERRORS.PASSWORD_OLD_WRONG.code,
    );
    expect((await post('/v1/user/security/freeze', {}, token)).code).toBe(
      ERRORS.FACTOR_CODE_MISSING.code,
    );
    expect((await userInfo(token)).code).toBe('0');

    const frozen = await post('/v1/user/security/freeze', { pwd: PASSWORD }, token);
    expect(frozen.code, frozen.msg).toBe('0');
    expect(frozen.cookie).toContain(`${SESSION_COOKIE}=;`);
    expect(mail.mailsTo(email).at(-1)?.subject).toBe('Quay: your account is frozen');
    for (const session of [token, other]) {
      expect((await userInfo(session)).code).toBe(ERRORS.SESSION_REVOKED.code);
      const order = await post(
        '/v1/spot/order/place',
        { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' },
        session,
      );
      expect(order.code).toBe(ERRORS.SESSION_REVOKED.code);
    }
    const refused = await login(email);
    expect(refused.code).toBe(ERRORS.ACCOUNT_FROZEN.code);
    expect(refused.data).toBeNull();

    const run = await quay(['user', 'unfreeze', email], storeEnv(t.config));
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(`${email} unfrozen`);
    expect((await login(email)).code).toBe('0');
    expect((await quay(['user', 'unfreeze', email], storeEnv(t.config))).stdout.trim()).toBe(
      `${email} is not frozen`,
    );
    expect((await quay(['user', 'thaw', email], storeEnv(t.config))).code).toBe(2);
  });
});
