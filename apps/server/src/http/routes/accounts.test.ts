import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, serverMessage } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher, STORES, bearer, call, startApp, type TestApp } from '../../test/harness';

const PASSWORD = 'Quay2026pass';

describe.each(STORES)('accounts on %s', (store) => {
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

  async function sendCode(email: string) {
    return call(t.app, 'POST', '/v1/msg/verify-code/send?languageType=0', {
      bizType: 'register',
      email,
    });
  }

  async function registerEmail(email: string, extra: Record<string, string> = {}) {
    const sent = await sendCode(email);
    expect(sent.code).toBe('0');
    const verifyCode = mail.lastCodeFor(email);
    return call<{ token: string; userInfo: { userId: string; referralCode: string } }>(
      t.app,
      'POST',
      '/v1/user/register/email',
      { email, pwd: PASSWORD, rePwd: PASSWORD, verifyCode, ...extra },
    );
  }

  it('registers by email with the mailed code, then logs out and back in', async () => {
    const sent = await sendCode('alice@example.com');
    expect(sent).toMatchObject({
      http: 200,
      code: '0',
      status: 'ok',
      data: { expireSeconds: 600, resendSeconds: 60 },
    });
    const code = mail.lastCodeFor('alice@example.com');
    const reg = await call<{ token: string; userInfo: { userId: string; email: string } }>(
      t.app,
      'POST',
      '/v1/user/register/email',
      { email: 'alice@example.com', pwd: PASSWORD, rePwd: PASSWORD, verifyCode: code },
    );
    expect(reg.code).toBe('0');
    expect(reg.data.userInfo.userId).toMatch(/^[1-9]\d{9}$/);
    expect(reg.data.userInfo.email).toBe('al***@example.com');
    expect(reg.cookie).toMatch(/HttpOnly/i);

    const me = await call<{ userId: string }>(
      t.app,
      'GET',
      '/v1/user/overview/userinfo',
      undefined,
      bearer(reg.data.token),
    );
    expect(me.data.userId).toBe(reg.data.userInfo.userId);

    const cookieHeader = { cookie: (reg.cookie ?? '').split(';')[0] ?? '' };
    const viaCookie = await call(
      t.app,
      'GET',
      '/v1/user/overview/userinfo',
      undefined,
      cookieHeader,
    );
    expect(viaCookie.code).toBe('0');

    const out = await call(t.app, 'POST', '/v1/user/logout', undefined, bearer(reg.data.token));
    expect(out.code).toBe('0');
    const after = await call(
      t.app,
      'GET',
      '/v1/user/overview/userinfo',
      undefined,
      bearer(reg.data.token),
    );
    expect(after.code).toBe(ERRORS.SESSION_REVOKED.code);
    const anonymous = await call(t.app, 'GET', '/v1/user/overview/userinfo');
    expect(anonymous).toMatchObject({ http: 200, code: '00004', status: 'error', data: null });

    const login = await call<{ token: string; userInfo: { userId: string } }>(
      t.app,
      'POST',
      '/v1/user/login',
      {
        loginName: 'Alice@Example.com',
        pwd: PASSWORD,
      },
    );
    expect(login.code).toBe('0');
    expect(login.data.userInfo.userId).toBe(reg.data.userInfo.userId);
  });

  it('registers by mobile with the code from the text outbox and logs in with the area code', async () => {
    const sent = await call(t.app, 'POST', '/v1/msg/verify-code/send', {
      bizType: 'register',
      mobile: '13800138000',
      areaCode: '+86',
    });
    expect(sent.code).toBe('0');
    const lines = readFileSync(join(t.dataDir, 'outbox', 'sms.log'), 'utf8')
      .trim()
      .split('\n');
    const last = JSON.parse(lines.at(-1) ?? '{}') as { to: string; text: string };
    expect(last.to).toBe('+86 13800138000');
    const code = last.text.match(/\b(\d{6})\b/)?.[1] ?? '';
    const reg = await call<{ userInfo: { mobile: string } }>(
      t.app,
      'POST',
      '/v1/user/register/mobile',
      {
        mobile: '13800138000',
        areaCode: '86',
        pwd: PASSWORD,
        rePwd: PASSWORD,
        verifyCode: code,
      },
    );
    expect(reg.code).toBe('0');
    expect(reg.data.userInfo.mobile).toBe('138****8000');
    const login = await call(t.app, 'POST', '/v1/user/login', {
      loginName: '13800138000',
      areaCode: '+86',
      pwd: PASSWORD,
    });
    expect(login.code).toBe('0');
    const again = await call(t.app, 'POST', '/v1/msg/verify-code/send', {
      bizType: 'register',
      mobile: '13800138000',
      areaCode: '86',
    });
    expect(again.code).toBe(ERRORS.MOBILE_TAKEN.code);
  });

  it('refuses a taken email, a wrong code, a weak or mismatched password, and changes nothing', async () => {
    await registerEmail('bob@example.com');
    const taken = await sendCode('bob@example.com');
    expect(taken.code).toBe(ERRORS.EMAIL_TAKEN.code);

    t.clock.advance(61);
    await sendCode('carol@example.com');
    const good = mail.lastCodeFor('carol@example.com');
    const wrong = good === '000000' ? '111111' : '000000';
    const users = await t.count('users');
    const base = { email: 'carol@example.com', pwd: PASSWORD, rePwd: PASSWORD };
    expect(
      (await call(t.app, 'POST', '/v1/user/register/email', { ...base, verifyCode: wrong })).code,
    ).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    expect(
      (
        await call(t.app, 'POST', '/v1/user/register/email', {
          ...base,
          pwd: 'short',
          rePwd: 'short',
          verifyCode: good,
        })
      ).code,
    ).toBe(ERRORS.PASSWORD_WEAK.code);
    expect(
      (
        await call(t.app, 'POST', '/v1/user/register/email', {
          ...base,
          rePwd: `${PASSWORD}x`,
          verifyCode: good,
        })
      ).code,
    ).toBe(ERRORS.PASSWORD_MISMATCH.code);
    expect(await t.count('users')).toBe(users);
    // The right code still works after one wrong guess.
    expect(
      (await call(t.app, 'POST', '/v1/user/register/email', { ...base, verifyCode: good })).code,
    ).toBe('0');
  });

  it('kills a code after five wrong guesses and expires it after ten minutes', async () => {
    await sendCode('dave@example.com');
    const good = mail.lastCodeFor('dave@example.com');
    const wrong = good === '000000' ? '111111' : '000000';
    const body = { email: 'dave@example.com', pwd: PASSWORD, rePwd: PASSWORD };
    for (let i = 0; i < 5; i += 1) {
      await call(t.app, 'POST', '/v1/user/register/email', { ...body, verifyCode: wrong });
    }
    expect(
      (await call(t.app, 'POST', '/v1/user/register/email', { ...body, verifyCode: good })).code,
    ).toBe(ERRORS.VERIFY_CODE_INVALID.code);
    t.clock.advance(61);
    await sendCode('dave@example.com');
    const fresh = mail.lastCodeFor('dave@example.com');
    t.clock.advance(601);
    expect(
      (await call(t.app, 'POST', '/v1/user/register/email', { ...body, verifyCode: fresh })).code,
    ).toBe(ERRORS.VERIFY_CODE_INVALID.code);
  });

  it('holds back a second code within the resend window', async () => {
    await sendCode('erin@example.com');
    t.clock.advance(20);
    const again = await sendCode('erin@example.com');
    expect(again.code).toBe(ERRORS.VERIFY_CODE_TOO_FREQUENT.code);
    expect(again.msg).toBe(serverMessage('VERIFY_CODE_TOO_FREQUENT', 'en', { seconds: 40 }));
  });

  it('records the referrer for a known referral code and refuses an unknown one', async () => {
    t.clock.advance(61);
    const referrer = await registerEmail('frank@example.com');
    const referralCode = referrer.data.userInfo.referralCode;
    expect(referralCode).toMatch(/^[A-Z2-9]{8}$/);
    const users = await t.count('users');
    const unknown = await registerEmail('gina@example.com', { registerVipNo: 'NOSUCH00' });
    expect(unknown.code).toBe(ERRORS.REFERRAL_CODE_UNKNOWN.code);
    expect(await t.count('users')).toBe(users);
    t.clock.advance(61);
    const referred = await registerEmail('gina@example.com', {
      registerVipNo: referralCode,
      registerChannel: 'spring-campaign',
      actCode: 'ACT1',
    });
    expect(referred.code).toBe('0');
    expect(await t.count('users')).toBe(users + 1);
  });

  it('answers 20906 once the session has expired', async () => {
    t.clock.advance(61);
    const reg = await registerEmail('hank@example.com');
    t.clock.advance(t.config.sessionTtl_s + 1);
    const me = await call(
      t.app,
      'GET',
      '/v1/user/overview/userinfo?languageType=0',
      undefined,
      bearer(reg.data.token),
    );
    expect(me).toMatchObject({
      code: '20906',
      status: 'error',
      msg: serverMessage('SESSION_EXPIRED', 'en'),
    });
  });

  it('locks an account after five wrong passwords', async () => {
    t.clock.advance(61);
    await registerEmail('ivan@example.com');
    for (let i = 0; i < 4; i += 1) {
      const r = await call(t.app, 'POST', '/v1/user/login', {
        loginName: 'ivan@example.com',
        pwd: 'Wrong1234',
      });
      expect(r.code).toBe(ERRORS.LOGIN_FAILED.code);
    }
    const fifth = await call(t.app, 'POST', '/v1/user/login', {
      loginName: 'ivan@example.com',
      pwd: 'Wrong1234',
    });
    expect(fifth.code).toBe(ERRORS.ACCOUNT_LOCKED.code);
    const right = await call(t.app, 'POST', '/v1/user/login', {
      loginName: 'ivan@example.com',
      pwd: PASSWORD,
    });
    expect(right.code).toBe(ERRORS.ACCOUNT_LOCKED.code);
    t.clock.advance(15 * 60 + 1);
    const later = await call(t.app, 'POST', '/v1/user/login', {
      loginName: 'ivan@example.com',
      pwd: PASSWORD,
    });
    expect(later.code).toBe('0');
    const nobody = await call(t.app, 'POST', '/v1/user/login', {
      loginName: 'nobody@example.com',
      pwd: PASSWORD,
    });
    expect(nobody.code).toBe(ERRORS.LOGIN_FAILED.code);
  });

  it('answers in the language of languageType, else the headers', async () => {
    const ja = await call(t.app, 'POST', '/v1/user/login?languageType=2', {
      loginName: 'x@example.com',
    });
    expect(ja.msg).toBe(serverMessage('FIELD_MISSING', 'ja', { field: 'pwd' }));
    const ar = await call(
      t.app,
      'POST',
      '/v1/user/login',
      { loginName: 'x@example.com' },
      { 'accept-language': 'ar-EG,ar;q=0.9' },
    );
    expect(ar.msg).toBe(serverMessage('FIELD_MISSING', 'ar', { field: 'pwd' }));
    const de = await call(
      t.app,
      'POST',
      '/v1/user/login',
      { loginName: 'x@example.com' },
      { locale: 'de' },
    );
    expect(de.msg).toBe(serverMessage('FIELD_MISSING', 'de', { field: 'pwd' }));
  });
});
