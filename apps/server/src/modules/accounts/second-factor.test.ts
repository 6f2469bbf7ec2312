import { ERRORS, LOGIN_TICKET_TTL_S } from '@quay/core';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../kernel/messages';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

const PASSWORD = 'Quay2026pass';

interface SessionData {
  token: string;
  expiresAt: number;
  userInfo: { userId: string; email: string | null };
}
interface VerificationData {
  verification: {
    ticket: string;
    expiresAt: number;
    factors: string[];
    email: string | null;
    mobile: string | null;
  };
}
interface Status {
  google: boolean;
  email: boolean;
  mobile: boolean;
  maskedEmail: string | null;
  maskedMobile: string | null;
}

describe.each(STORES)('second factor on %s', (store) => {
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

  /** The authenticator's code at the test clock, `steps` periods later. */
  const totp = (secret: string, steps = 0) =>
    generate({ secret, epoch: Math.floor(t.clock.ms / 1000) + steps * 30 });

  const post = <T = Record<string, unknown>>(
    path: string,
    body: unknown,
    token?: string,
    languageType = '0',
  ) =>
    call<T>(
      t.app,
      'POST',
      `${path}?languageType=${languageType}`,
      body,
      token ? bearer(token) : {},
    );

  const factors = (token: string) =>
    call<Status>(
      t.app,
      'GET',
      '/v1/user/security/factors?languageType=0',
      undefined,
      bearer(token),
    );

  const login = (email: string) =>
    post<SessionData & VerificationData>('/v1/user/login', { loginName: email, pwd: PASSWORD });

  async function newUser(email: string): Promise<string> {
    const reg = await registerByEmail<SessionData>(t, mail, email);
    expect(reg.code).toBe('0');
    return reg.data.token;
  }

  /** Binds a new authenticator for the user; answers its key. */
  async function bindGoogle(token: string): Promise<string> {
    const setup = await post<{ secret: string; otpauthUri: string }>(
      '/v1/user/security/google/setup',
      {},
      token,
    );
    expect(setup.code).toBe('0');
    const on = await post<Status>(
      '/v1/user/security/modify',
      { factor: 'google', enable: true, newGoogleCode: await totp(setup.data.secret) },
      token,
    );
    expect(on.data.google).toBe(true);
    return setup.data.secret;
  }

  it('binds Google Authenticator with a first code, shown once as a key and an otpauth URI', async () => {
    const token = await newUser('ga-bind@example.com');
    expect((await factors(token)).data).toEqual({
      google: false,
      email: false,
      mobile: false,
      maskedEmail: 'ga***@example.com',
      maskedMobile: null,
    });
    // Enabling before any key was issued is refused.
    const early = await post(
      '/v1/user/security/modify',
      { factor: 'google', enable: true, newGoogleCode: '123456' },
      token,
    );
    expect(early.code).toBe(ERRORS.GOOGLE_SETUP_MISSING.code);

    const setup = await post<{ secret: string; otpauthUri: string; expiresAt: number }>(
      '/v1/user/security/google/setup',
      {},
      token,
    );
    expect(setup.code).toBe('0');
    expect(setup.data.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(setup.data.otpauthUri).toBe(
      `otpauth://totp/Quay:ga-bind%40example.com?secret=${setup.data.secret}&issuer=Quay`,
    );
    expect(setup.data.expiresAt).toBe(t.clock.ms + 600_000);
    // The key is never answered again.
    expect(JSON.stringify((await factors(token)).data)).not.toContain(setup.data.secret);

    const wrong = await post(
      '/v1/user/security/modify',
      { factor: 'google', enable: true, newGoogleCode: await totp(setup.data.secret, 5) },
      token,
    );
    expect(wrong).toMatchObject({
      code: ERRORS.GOOGLE_CODE_INVALID.code,
      msg: serverMessage('GOOGLE_CODE_INVALID', 'en'),
      status: 'error',
    });
    expect((await factors(token)).data.google).toBe(false);

    const right = await post<Status>(
      '/v1/user/security/modify',
      { factor: 'google', enable: true, newGoogleCode: await totp(setup.data.secret) },
      token,
    );
    expect(right).toMatchObject({ code: '0', data: { google: true } });
  });

  it('asks a login for the TOTP, refuses a wrong one, logs in with the right one, once', async () => {
    const token = await newUser('ga-login@example.com');
    const secret = await bindGoogle(token);
    t.clock.advance(30);

    const first = await login('ga-login@example.com');
    expect(first).toMatchObject({ http: 200, code: '0', status: 'ok' });
    expect(first.cookie).toBeUndefined();
    expect(first.data).not.toHaveProperty('token');
    expect(first.data.verification).toMatchObject({
      factors: ['google'],
      email: null,
      mobile: null,
      expiresAt: t.clock.ms + LOGIN_TICKET_TTL_S * 1000,
    });
    const ticket = first.data.verification.ticket;
    expect(ticket).toMatch(/^[A-Za-z0-9_-]{43}$/);

    const missing = await post('/v1/user/login/verify-login', { ticket });
    expect(missing.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);

    const wrong = await post('/v1/user/login/verify-login', {
      ticket,
      googleCode: await totp(secret, 3),
    });
    expect(wrong).toMatchObject({ code: ERRORS.GOOGLE_CODE_INVALID.code, data: null });
    expect(wrong.cookie).toBeUndefined();

    const code = await totp(secret);
    const right = await post<SessionData>('/v1/user/login/verify-login', {
      ticket,
      googleCode: code,
    });
    expect(right).toMatchObject({ code: '0', status: 'ok' });
    expect(right.cookie).toMatch(/^quay_session=/);
    expect(right.data.userInfo.email).toBe('ga***@example.com');
    const me = await call(
      t.app,
      'GET',
      '/v1/user/overview/userinfo?languageType=0',
      undefined,
      bearer(right.data.token),
    );
    expect(me.code).toBe('0');

    // The ticket is spent.
    const reuse = await post('/v1/user/login/verify-login', { ticket, googleCode: code });
    expect(reuse).toMatchObject({
      code: ERRORS.LOGIN_TICKET_INVALID.code,
      msg: serverMessage('LOGIN_TICKET_INVALID', 'en'),
    });

    // The same code does not serve a second login: the step was used.
    const second = await login('ga-login@example.com');
    const replay = await post('/v1/user/login/verify-login', {
      ticket: second.data.verification.ticket,
      googleCode: code,
    });
    expect(replay.code).toBe(ERRORS.GOOGLE_CODE_INVALID.code);
    t.clock.advance(30);
    const v2 = await post<{ accessTokenResVO: SessionData }>('/v1/user/login/verify-login-v2', {
      ticket: second.data.verification.ticket,
      googleCode: await totp(secret),
    });
    expect(v2.code).toBe('0');
    expect(v2.data.accessTokenResVO.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(v2.cookie).toMatch(/^quay_session=/);
  });

  it('lets a ticket expire after five minutes', async () => {
    const token = await newUser('ga-expiry@example.com');
    const secret = await bindGoogle(token);
    t.clock.advance(30);
    const { data } = await login('ga-expiry@example.com');
    t.clock.advance(LOGIN_TICKET_TTL_S);
    const late = await post(
      '/v1/user/login/verify-login',
      { ticket: data.verification.ticket, googleCode: await totp(secret) },
      undefined,
      '1',
    );
    expect(late).toMatchObject({
      code: ERRORS.LOGIN_TICKET_INVALID.code,
      msg: serverMessage('LOGIN_TICKET_INVALID', 'zh-CN'),
    });
    const unknown = await post('/v1/user/login/verify-login', {
      ticket: 'A'.repeat(43),
      googleCode: await totp(secret),
    });
    expect(unknown.code).toBe(ERRORS.LOGIN_TICKET_INVALID.code);
  });

  it('counts wrong codes towards the lockout, and a right password does not reset it', async () => {
    const token = await newUser('ga-lock@example.com');
    const secret = await bindGoogle(token);
    t.clock.advance(30);
    const wrongCode = await totp(secret, 4);
    for (let i = 0; i < 4; i += 1) {
      const { data } = await login('ga-lock@example.com');
      const wrong = await post('/v1/user/login/verify-login', {
        ticket: data.verification.ticket,
        googleCode: wrongCode,
      });
      expect(wrong.code).toBe(ERRORS.GOOGLE_CODE_INVALID.code);
    }
    const { data } = await login('ga-lock@example.com');
    const fifth = await post('/v1/user/login/verify-login', {
      ticket: data.verification.ticket,
      googleCode: wrongCode,
    });
    expect(fifth).toMatchObject({
      code: ERRORS.ACCOUNT_LOCKED.code,
      msg: serverMessage('ACCOUNT_LOCKED', 'en', { seconds: 900 }),
    });
    const locked = await post('/v1/user/login/verify-login', {
      ticket: data.verification.ticket,
      googleCode: await totp(secret),
    });
    expect(locked.code).toBe(ERRORS.ACCOUNT_LOCKED.code);
    expect((await login('ga-lock@example.com')).code).toBe(ERRORS.ACCOUNT_LOCKED.code);
  });

  it('logs in with a mailed code when the email factor is on', async () => {
    const token = await newUser('mail-factor@example.com');
    const noCode = await post('/v1/user/security/modify', { factor: 'email', enable: true }, token);
    expect(noCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const mobileOff = await post(
      '/v1/user/security/modify',
      { factor: 'mobile', enable: true, mobileCode: '123456' },
      token,
    );
    expect(mobileOff.code).toBe(ERRORS.FACTOR_UNAVAILABLE.code);

    t.clock.advance(61);
    const sent = await post('/v1/user/security/send-code', { channel: 'email' }, token);
    expect(sent).toMatchObject({ code: '0', data: { expireSeconds: 600, resendSeconds: 60 } });
    const on = await post<Status>(
      '/v1/user/security/modify',
      { factor: 'email', enable: true, emailCode: mail.lastCodeFor('mail-factor@example.com') },
      token,
    );
    expect(on).toMatchObject({ code: '0', data: { email: true, google: false } });

    const first = await login('mail-factor@example.com');
    expect(first.data.verification).toMatchObject({
      factors: ['email'],
      email: 'ma***@example.com',
      mobile: null,
    });
    const ticket = first.data.verification.ticket;
    const mobileCode = await post('/v1/user/login/send-code', { ticket, channel: 'mobile' });
    expect(mobileCode.code).toBe(ERRORS.FACTOR_NOT_ENABLED.code);
    t.clock.advance(61);
    const loginMail = await post('/v1/user/login/send-code', { ticket, channel: 'email' }, '', '2');
    expect(loginMail.code).toBe('0');
    const code = mail.lastCodeFor('mail-factor@example.com');
    expect(mail.mailsTo('mail-factor@example.com').at(-1)?.subject).toBe(
      serverMessage('MAIL_VERIFY_SUBJECT', 'ja', { code }),
    );

    const wrong = await post('/v1/user/login/verify-login', {
      ticket,
      emailCode: code === '000000' ? '000001' : '000000',
    });
    expect(wrong.code).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    const right = await post<SessionData>('/v1/user/login/verify-login', {
      ticket,
      emailCode: code,
    });
    expect(right).toMatchObject({ code: '0' });
    expect(right.cookie).toMatch(/^quay_session=/);

    // Turning it off needs the current factor's code; then the password alone logs in.
    const offNoCode = await post(
      '/v1/user/security/modify',
      { factor: 'email', enable: false },
      token,
    );
    expect(offNoCode.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    t.clock.advance(61);
    await post('/v1/user/security/send-code', { channel: 'email' }, token);
    const off = await post<Status>(
      '/v1/user/security/modify',
      { factor: 'email', enable: false, emailCode: mail.lastCodeFor('mail-factor@example.com') },
      token,
    );
    expect(off).toMatchObject({ code: '0', data: { email: false } });
    const plain = await login('mail-factor@example.com');
    expect(plain.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(plain.cookie).toMatch(/^quay_session=/);
  });

  it('confirms every change with the current factors', async () => {
    const token = await newUser('ga-change@example.com');
    const oldSecret = await bindGoogle(token);
    t.clock.advance(30);

    // Adding the email factor needs the authenticator's code as well as the mailed one.
    t.clock.advance(61);
    await post('/v1/user/security/send-code', { channel: 'email' }, token);
    const mailed = mail.lastCodeFor('ga-change@example.com');
    const withoutGoogle = await post(
      '/v1/user/security/modify',
      { factor: 'email', enable: true, emailCode: mailed },
      token,
    );
    expect(withoutGoogle.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
    const both = await post<Status>(
      '/v1/user/security/modify',
      { factor: 'email', enable: true, emailCode: mailed, googleCode: await totp(oldSecret) },
      token,
    );
    expect(both.data).toMatchObject({ google: true, email: true });

    // A new authenticator replaces the old one: the old code, the new code and the mailed code.
    t.clock.advance(30);
    const setup = await post<{ secret: string }>('/v1/user/security/google/setup', {}, token);
    t.clock.advance(61);
    await post('/v1/user/security/send-code', { channel: 'email' }, token);
    const changed = await post<Status>(
      '/v1/user/security/modify',
      {
        factor: 'google',
        enable: true,
        newGoogleCode: await totp(setup.data.secret),
        googleCode: await totp(oldSecret),
        emailCode: mail.lastCodeFor('ga-change@example.com'),
      },
      token,
    );
    expect(changed).toMatchObject({ code: '0', data: { google: true, email: true } });

    // A login now asks for both; the old authenticator no longer works.
    t.clock.advance(30);
    const { data } = await login('ga-change@example.com');
    expect(data.verification.factors).toEqual(['google', 'email']);
    t.clock.advance(61);
    await post('/v1/user/login/send-code', { ticket: data.verification.ticket, channel: 'email' });
    const emailCode = mail.lastCodeFor('ga-change@example.com');
    const old = await post('/v1/user/login/verify-login', {
      ticket: data.verification.ticket,
      googleCode: await totp(oldSecret),
      emailCode,
    });
    expect(old.code).toBe(ERRORS.GOOGLE_CODE_INVALID.code);
    const fresh = await post('/v1/user/login/verify-login', {
      ticket: data.verification.ticket,
      googleCode: await totp(setup.data.secret),
      emailCode,
    });
    expect(fresh.code).toBe('0');

    // Turning Google Authenticator off without its code is refused.
    const off = await post(
      '/v1/user/security/modify',
      { factor: 'google', enable: false, emailCode },
      token,
    );
    expect(off.code).toBe(ERRORS.FACTOR_CODE_MISSING.code);
  });

  it('validates every input before any handler runs', async () => {
    const token = await newUser('ga-shape@example.com');
    const shortTicket = await post('/v1/user/login/verify-login', { ticket: 'abc' });
    expect(shortTicket).toMatchObject({ http: 400, code: ERRORS.FIELD_TOO_SHORT.code });
    const extra = await post('/v1/user/login/verify-login', {
      ticket: 'A'.repeat(43),
      password: 'x',
    });
    expect(extra).toMatchObject({ http: 400, code: ERRORS.FIELD_UNKNOWN.code });
    const badCode = await post('/v1/user/login/verify-login-v2', {
      ticket: 'A'.repeat(43),
      googleCode: '12ab56',
    });
    expect(badCode).toMatchObject({ http: 400, code: ERRORS.FIELD_FORMAT.code });
    const badFactor = await post(
      '/v1/user/security/modify',
      { factor: 'sms', enable: true },
      token,
      '11',
    );
    expect(badFactor).toMatchObject({
      http: 400,
      code: ERRORS.FIELD_FORMAT.code,
      msg: serverMessage('FIELD_FORMAT', 'de', { field: 'factor' }),
    });
    const anonymous = await post('/v1/user/security/google/setup', {});
    expect(anonymous.code).toBe(ERRORS.LOGIN_REQUIRED.code);
  });
});
