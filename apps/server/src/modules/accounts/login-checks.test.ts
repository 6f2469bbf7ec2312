/**
 * Registration with mobile and email, the new-device login confirmation
 * (verifySystemLogin and -v2), the pre-login check and the password-free
 * flag, through the routes with signing, login encryption and device tokens
 * on, as the web app calls them.
 */
import {
  ERRORS,
  type LoginOptions,
  type LoginPreCheck,
  type SystemLoginAnswerV2,
  type SystemLoginVerification,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../test/gateway-client';
import { SoftAuthenticator, type Ceremony } from '../../test/soft-authenticator';
import { STORES, bearer, call, codeIn, outbox, startApp, type TestApp } from '../../test/harness';

const PASSWORD = 'Quay2026pass';
const HERE: Ceremony = { origin: 'http://localhost', rpId: 'localhost' };

interface Session {
  token: string;
  userInfo: { userId: string; email: string | null; mobile: string | null };
}

describe.each(STORES)('login checks on %s', (store) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(store, {
      SIGN_CLIENT_OPEN: 'on',
      DEVICE_TOKEN_REQUIRED: 'on',
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
  });

  const lastCode = (file: 'mail.log' | 'sms.log', to: string) =>
    codeIn(
      outbox(t.dataDir, file)
        .filter((m) => m.to === to)
        .at(-1)?.text,
    );
  const browser = () => new GatewayClient(t).init();
  /** The same call without the signature headers. */
  async function unsigned(client: GatewayClient, path: string, body: Record<string, unknown>) {
    const prepared = await client.prepare(path, body);
    const headers = Object.fromEntries(
      Object.entries(prepared.headers).filter(([name]) => !name.startsWith('device-sign')),
    );
    return call(t.app, 'POST', prepared.url, prepared.body, headers);
  }

  async function register(client: GatewayClient, email: string): Promise<Session> {
    t.clock.advance(t.config.codeResend_s + 1);
    await client.post('/v1/msg/verify-code/send', { bizType: 'register', email });
    const made = await client.post<Session>('/v1/user/register/email', {
      email,
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: lastCode('mail.log', email),
    });
    expect(made.code, made.msg).toBe('0');
    return made.data;
  }

  /** A change of login options, confirmed by a code mailed to the account (no factor on). */
  async function setOption(
    client: GatewayClient,
    session: Session,
    email: string,
    path: string,
    body: Record<string, unknown>,
  ) {
    t.clock.advance(t.config.codeResend_s + 1);
    const sent = await client.post(
      '/v1/user/security/send-code',
      { channel: 'email' },
      bearer(session.token),
    );
    expect(sent.code, sent.msg).toBe('0');
    return client.post<LoginOptions>(
      path,
      { ...body, emailCode: lastCode('mail.log', email) },
      bearer(session.token),
    );
  }

  it('registers with a mobile number and an email, each verified by its own code', async () => {
    const client = await browser();
    const email = 'both@example.com';
    const phone = { mobile: '5550142', areaCode: '44' };
    t.clock.advance(t.config.codeResend_s + 1);
    expect(
      (await client.post('/v1/msg/verify-code/send', { bizType: 'register', email })).code,
    ).toBe('0');
    expect(
      (await client.post('/v1/msg/verify-code/send', { bizType: 'register', ...phone })).code,
    ).toBe('0');
    const emailCode = lastCode('mail.log', email);
    const smsCode = lastCode('sms.log', '+44 5550142');
    const body = {
      ...phone,
      email,
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: smsCode,
      emailVerifyCode: emailCode,
    };
    const path = '/v1/user/register/mobileAndEmail';
    // Each code is checked against its own address: swapped, both are wrong.
    const swapped = await client.post(path, {
      ...body,
      verifyCode: emailCode,
      emailVerifyCode: smsCode,
    });
    expect(swapped.code).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    const noToken = await client.post(path, body, { 'device-token': '' });
    expect(noToken.code).toBe(ERRORS.DEVICE_TOKEN_INVALID.code);
    expect((await unsigned(client, path, body)).code).toBe(ERRORS.SIGN_MISSING.code);
    const clear = await client.prepare(path, body, { encrypt: false });
    expect((await client.send(clear)).code).toBe(ERRORS.BODY_NOT_ENCRYPTED.code);
    expect(await t.count('users')).toBe(0);

    const made = await client.post<Session>(path, body);
    expect(made.code, made.msg).toBe('0');
    expect(made.data.userInfo).toMatchObject({ email: 'bo***@example.com', mobile: '55****142' });
    // Both codes are spent; both addresses log in.
    expect((await client.post(path, body)).code).toBe(ERRORS.EMAIL_TAKEN.code);
    const byMobile = await client.post<Session>('/v1/user/login', {
      loginName: '5550142',
      areaCode: '44',
      pwd: PASSWORD,
    });
    expect(byMobile.code, byMobile.msg).toBe('0');
    const byEmail = await client.post<Session>('/v1/user/login', {
      loginName: email,
      pwd: PASSWORD,
    });
    expect(byEmail.data.userInfo.userId).toBe(made.data.userInfo.userId);
  });

  it('answers the pre-check the same whether an account holds the name or not', async () => {
    const client = await browser();
    await register(client, 'known@example.com');
    const check = (loginName: string, headers: Record<string, string> = {}) =>
      client.post<LoginPreCheck>('/v1/user/login/pre-check', { loginName }, headers);
    const known = await check('known@example.com');
    const unknown = await check('unknown@example.com');
    expect(known.code).toBe('0');
    expect(known.data).toEqual(unknown.data);
    expect(known.data).toEqual({
      loginNameType: 'email',
      areaCodeAdvised: false,
      methods: ['password', 'passkey', 'qr'],
      captcha: false,
      nextStep: 'password',
    });
    expect((await check('5550199')).data).toMatchObject({
      loginNameType: 'mobile',
      areaCodeAdvised: true,
    });
    expect((await check('not a name')).data.loginNameType).toBe('invalid');
    expect((await check('known@example.com', { 'device-token': '' })).code).toBe(
      ERRORS.DEVICE_TOKEN_INVALID.code,
    );
  });

  it('holds a login from a new device until the code mailed to the owner confirms it', async () => {
    const home = await browser();
    const email = 'careful@example.com';
    const me = await register(home, email);
    const on = await setOption(home, me, email, '/v1/user/security/system-login-check', {
      on: true,
    });
    expect(on.data).toEqual({ noPwd: false, systemLoginCheck: true, passkeyCount: 0 });

    // The device it registered from is known: it logs in at once.
    const atHome = await home.post<Session>('/v1/user/login', { loginName: email, pwd: PASSWORD });
    expect(atHome.data.token).toBeDefined();

    const away = await browser();
    t.clock.advance(t.config.codeResend_s + 1);
    const held = await away.post<{ systemVerification: SystemLoginVerification }>(
      '/v1/user/login',
      { loginName: email, pwd: PASSWORD },
    );
    expect(held.code, held.msg).toBe('0');
    expect(held.cookie).toBeUndefined();
    expect(held.data.systemVerification).toMatchObject({
      channel: 'email',
      target: 'ca***@example.com',
    });
    const ticket = held.data.systemVerification.ticket;
    const code = lastCode('mail.log', email);
    const path = '/v1/user/login/verifySystemLogin';

    expect((await away.post(path, { ticket, verifyCode: '000000' })).code).toBe(
      ERRORS.VERIFY_CODE_INVALID.code,
    );
    // Only the device the ticket was issued to may confirm it.
    expect((await home.post(path, { ticket, verifyCode: code })).code).toBe(
      ERRORS.SYSTEM_LOGIN_TICKET_INVALID.code,
    );
    expect((await away.post(path, { ticket, verifyCode: code }, { 'device-token': '' })).code).toBe(
      ERRORS.DEVICE_TOKEN_INVALID.code,
    );
    expect((await unsigned(away, path, { ticket, verifyCode: code })).code).toBe(
      ERRORS.SIGN_MISSING.code,
    );
    const confirmed = await away.post<Session>(path, { ticket, verifyCode: code });
    expect(confirmed.code, confirmed.msg).toBe('0');
    expect(confirmed.cookie).toBeDefined();
    expect(confirmed.data.userInfo.email).toBe('ca***@example.com');
    expect((await away.post(path, { ticket, verifyCode: code })).code).toBe(
      ERRORS.SYSTEM_LOGIN_TICKET_INVALID.code,
    );
    // Known from now on.
    const again = await away.post<Session>('/v1/user/login', { loginName: email, pwd: PASSWORD });
    expect(again.data.token).toBeDefined();

    // v2: the same step, answered as { accessTokenResVO, verification }.
    const third = await browser();
    t.clock.advance(t.config.codeResend_s + 1);
    const held2 = await third.post<{ systemVerification: SystemLoginVerification }>(
      '/v1/user/login',
      { loginName: email, pwd: PASSWORD },
    );
    const v2 = await third.post<SystemLoginAnswerV2>('/v1/user/login/verifySystemLogin-v2', {
      ticket: held2.data.systemVerification.ticket,
      verifyCode: lastCode('mail.log', email),
    });
    expect(v2.code, v2.msg).toBe('0');
    expect(v2.data.verification).toBeNull();
    expect(v2.data.accessTokenResVO?.userInfo.email).toBe('ca***@example.com');
  });

  it('sends a held login on to the second factor when the account has one', async () => {
    const home = await browser();
    const email = 'careful2fa@example.com';
    const me = await register(home, email);
    await setOption(home, me, email, '/v1/user/security/system-login-check', { on: true });
    t.clock.advance(t.config.codeResend_s + 1);
    await home.post('/v1/user/security/send-code', { channel: 'email' }, bearer(me.token));
    const factor = await home.post(
      '/v1/user/security/modify',
      { factor: 'email', enable: true, emailCode: lastCode('mail.log', email) },
      bearer(me.token),
    );
    expect(factor.code, factor.msg).toBe('0');

    const away = await browser();
    t.clock.advance(t.config.codeResend_s + 1);
    const held = await away.post<{ systemVerification: SystemLoginVerification }>(
      '/v1/user/login',
      { loginName: email, pwd: PASSWORD },
    );
    const v2 = await away.post<SystemLoginAnswerV2>('/v1/user/login/verifySystemLogin-v2', {
      ticket: held.data.systemVerification.ticket,
      verifyCode: lastCode('mail.log', email),
    });
    expect(v2.code, v2.msg).toBe('0');
    expect(v2.data.accessTokenResVO).toBeNull();
    expect(v2.data.verification?.factors).toEqual(['email']);
  });

  it('turns password-free on only with a passkey and the second factor; the password then stops working', async () => {
    const client = await browser();
    const email = 'nopwd@example.com';
    const me = await register(client, email);
    const path = '/v1/user/set-no-pwd-flag';
    const noKey = await setOption(client, me, email, path, { noPwd: true });
    expect(noKey.code).toBe(ERRORS.NO_PWD_NEEDS_PASSKEY.code);
    expect(
      (await client.post(path, { noPwd: true }, { ...bearer(me.token), 'device-token': '' })).code,
    ).toBe(ERRORS.DEVICE_TOKEN_INVALID.code);

    const key = new SoftAuthenticator();
    const options = await client.post<never>('/v1/user/fido2/start-register', {}, bearer(me.token));
    const added = await call(
      t.app,
      'POST',
      '/v1/user/fido2/finish-register?languageType=0',
      { credential: key.register(options.data, HERE), name: 'Laptop' },
      bearer(me.token),
    );
    expect(added.code, added.msg).toBe('0');

    const missing = await client.post(path, { noPwd: true }, bearer(me.token));
    expect(missing.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const wrong = await client.post(path, { noPwd: true, emailCode: '000000' }, bearer(me.token));
    expect(wrong.code).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    const on = await setOption(client, me, email, path, { noPwd: true });
    expect(on.code, on.msg).toBe('0');
    expect(on.data).toEqual({ noPwd: true, systemLoginCheck: false, passkeyCount: 1 });

    const login = () => client.post('/v1/user/login', { loginName: email, pwd: PASSWORD });
    expect((await login()).code).toBe(ERRORS.PASSWORD_LOGIN_OFF.code);
    // A wrong password is told apart from nothing: the flag shows only after the right one.
    const wrongPwd = await client.post('/v1/user/login', {
      loginName: email,
      pwd: 'Wrong2026pass',
    });
    expect(wrongPwd.code).toBe(ERRORS.LOGIN_FAILED.code);

    const off = await setOption(client, me, email, path, { noPwd: false });
    expect(off.data.noPwd).toBe(false);
    expect((await login()).code).toBe('0');
    const read = await call<LoginOptions>(
      t.app,
      'GET',
      '/v1/user/security/login-options?languageType=0',
      undefined,
      bearer(me.token),
    );
    expect(read.data).toEqual({ noPwd: false, systemLoginCheck: false, passkeyCount: 1 });
  });
});
