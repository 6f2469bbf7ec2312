import { ERRORS } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../../kernel/messages';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  codeIn,
  cookieFrom,
  outbox,
  startApp,
  type TestApp,
} from '../../test/harness';

const PASSWORD = 'Quay2026pass';

interface SessionData {
  token: string;
  expiresAt: number;
  userInfo: { userId: string; email: string | null; mobile: string | null; referralCode: string };
}

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

  const sendCode = (email: string, languageType = '0') =>
    call<{ expireSeconds: number; resendSeconds: number }>(
      t.app,
      'POST',
      `/v1/msg/verify-code/send?languageType=${languageType}`,
      { bizType: 'register', email },
    );

  const register = (body: Record<string, string>) =>
    call<SessionData>(t.app, 'POST', '/v1/user/register/email?languageType=0', body);

  const login = (body: Record<string, string>) =>
    call<SessionData>(t.app, 'POST', '/v1/user/login?languageType=0', body);

  const userInfo = (headers: Record<string, string> = {}) =>
    call<{ userId: string; email: string | null }>(
      t.app,
      'GET',
      `/v1/user/overview/userinfo?languageType=0&t=${Date.now()}`,
      undefined,
      headers,
    );

  const registerEmail = (email: string, extra: Record<string, string> = {}) =>
    registerByEmail<SessionData>(t, mail, email, extra);

  it('sends a code by mail, registers, reads the user, logs out and logs back in', async () => {
    const sent = await sendCode('alice@example.com');
    expect(sent).toMatchObject({
      http: 200,
      code: '0',
      status: 'ok',
      msg: serverMessage('SUCCESS', 'en'),
      data: { expireSeconds: 600, resendSeconds: 60 },
    });
    const code = mail.lastCodeFor('alice@example.com');
    expect(mail.mailsTo('alice@example.com').at(-1)).toMatchObject({
      subject: serverMessage('MAIL_VERIFY_SUBJECT', 'en', { code, minutes: 10 }),
      text: serverMessage('MAIL_VERIFY_BODY', 'en', { code, minutes: 10 }),
    });

    const reg = await register({
      email: 'alice@example.com',
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: code,
    });
    expect(reg).toMatchObject({ http: 200, code: '0', status: 'ok' });
    expect(reg.data.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(reg.data.expiresAt).toBe(t.clock.ms + t.config.sessionTtl_s * 1000);
    expect(reg.data.userInfo.userId).toMatch(/^[1-9]\d{9}$/);
    expect(reg.data.userInfo.email).toBe('al***@example.com');
    // The session cookie: httpOnly, lax, whole site, not Secure over http, and a day longer
    // than the session so that an expired one can still be reported as expired.
    expect(reg.cookie).toMatch(/HttpOnly/);
    expect(reg.cookie).toMatch(/SameSite=Lax/);
    expect(reg.cookie).toMatch(/Path=\//);
    expect(reg.cookie).toMatch(new RegExp(`Max-Age=${t.config.sessionTtl_s + 24 * 3600};`));
    expect(reg.cookie).not.toMatch(/Secure/);

    const viaHeader = await userInfo(bearer(reg.data.token));
    expect(viaHeader).toMatchObject({
      code: '0',
      data: {
        userId: reg.data.userInfo.userId,
        email: 'al***@example.com',
        loginName: 'al***@example.com',
        mobile: null,
        areaCode: null,
        referralCode: reg.data.userInfo.referralCode,
        registerTime: t.clock.ms,
        vipLevel: 0,
      },
    });
    const viaCookie = await userInfo(cookieFrom(reg.cookie));
    expect(viaCookie.data.userId).toBe(reg.data.userInfo.userId);

    // The code is spent: it cannot register again, even for another account.
    const again = await register({
      email: 'alice@example.com',
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: code,
    });
    expect(again.code).toBe(ERRORS.EMAIL_TAKEN.code);

    const out = await call(
      t.app,
      'POST',
      '/v1/user/logout?languageType=0',
      {},
      {
        ...cookieFrom(reg.cookie),
      },
    );
    expect(out).toMatchObject({ http: 200, code: '0', status: 'ok', data: null });
    expect(out.cookie).toMatch(/quay_session=;/);
    expect(out.cookie).toMatch(/Expires=Thu, 01 Jan 1970|Max-Age=0/);

    // The browser dropped the cookie: no session at all.
    expect(await userInfo()).toMatchObject({
      http: 200,
      code: ERRORS.LOGIN_REQUIRED.code,
      status: 'error',
      msg: serverMessage('LOGIN_REQUIRED', 'en'),
      data: null,
    });
    // Whoever kept the token finds the session revoked.
    expect((await userInfo(bearer(reg.data.token))).code).toBe(ERRORS.SESSION_REVOKED.code);
    expect((await userInfo(bearer('A'.repeat(43)))).code).toBe(ERRORS.LOGIN_REQUIRED.code);

    const back = await login({ loginName: 'Alice@Example.com', pwd: PASSWORD });
    expect(back.code).toBe('0');
    expect(back.data.userInfo.userId).toBe(reg.data.userInfo.userId);
    expect(back.data.token).not.toBe(reg.data.token);
    expect(back.cookie).toMatch(/HttpOnly/);
    expect((await userInfo(cookieFrom(back.cookie))).data.userId).toBe(reg.data.userInfo.userId);

    const user = await t.store.repos.users.byEmail('alice@example.com');
    const history = await t.store.repos.loginHistory.forUser(user?.id ?? '', 10);
    expect(history.map((h) => h.success)).toEqual([1, 1]);
    // Only the hash of a token is stored.
    expect(await t.store.repos.sessions.byTokenHash(back.data.token)).toBeUndefined();
  });

  it('logs out without a session, twice, and says fine', async () => {
    for (let i = 0; i < 2; i += 1) {
      const out = await call(t.app, 'POST', '/v1/user/logout?languageType=0');
      expect(out).toMatchObject({ http: 200, code: '0', status: 'ok' });
    }
  });

  it('registers by mobile with the code from the text outbox and logs in with or without the area code', async () => {
    const sent = await call(t.app, 'POST', '/v1/msg/verify-code/send?languageType=0', {
      bizType: 'register',
      mobile: '13800138000',
      areaCode: '+86',
    });
    expect(sent.code).toBe('0');
    // Texts never go through SMTP: there is no gateway, only the outbox.
    expect(mail.mailsTo('+86 13800138000')).toEqual([]);
    const text = outbox(t.dataDir, 'sms.log').at(-1);
    expect(text?.to).toBe('+86 13800138000');
    expect(text?.text).toBe(
      serverMessage('SMS_VERIFY_BODY', 'en', { code: codeIn(text?.text), minutes: 10 }),
    );

    const reg = await call<SessionData>(t.app, 'POST', '/v1/user/register/mobile?languageType=0', {
      mobile: '13800138000',
      areaCode: '86',
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: codeIn(text?.text),
    });
    expect(reg.code, reg.msg).toBe('0');
    expect(reg.data.userInfo).toMatchObject({
      mobile: '138****8000',
      email: null,
      areaCode: '86',
      loginName: '+86 138****8000',
    });

    const withArea = await login({ loginName: '13800138000', areaCode: '+86', pwd: PASSWORD });
    expect(withArea.code).toBe('0');
    const alone = await login({ loginName: '13800138000', pwd: PASSWORD });
    expect(alone.code).toBe('0');
    expect(alone.data.userInfo.userId).toBe(reg.data.userInfo.userId);
    const wrongArea = await login({ loginName: '13800138000', areaCode: '1', pwd: PASSWORD });
    expect(wrongArea.code).toBe(ERRORS.LOGIN_FAILED.code);

    t.clock.advance(61);
    const taken = await call(t.app, 'POST', '/v1/msg/verify-code/send?languageType=0', {
      bizType: 'register',
      mobile: '13800138000',
      areaCode: '86',
    });
    expect(taken).toMatchObject({
      code: ERRORS.MOBILE_TAKEN.code,
      status: 'error',
      msg: serverMessage('MOBILE_TAKEN', 'en'),
    });
  });

  it('refuses a taken email when sending the code', async () => {
    await registerEmail('bob@example.com');
    t.clock.advance(61);
    const before = mail.mails.length;
    const taken = await sendCode('BOB@example.com');
    expect(taken).toMatchObject({ http: 200, code: ERRORS.EMAIL_TAKEN.code, status: 'error' });
    expect(mail.mails.length).toBe(before);
  });

  it('refuses a wrong code, a weak and a mismatched password, and changes nothing', async () => {
    t.clock.advance(61);
    await sendCode('carol@example.com');
    const good = mail.lastCodeFor('carol@example.com');
    const wrong = good === '000000' ? '111111' : '000000';
    const tables = ['users', 'sessions', 'login_history'];
    const before = await Promise.all(tables.map((table) => t.count(table)));
    const base = { email: 'carol@example.com', pwd: PASSWORD, rePwd: PASSWORD };
    const answers = [
      [await register({ ...base, verifyCode: wrong }), 'VERIFY_CODE_INVALID'],
      [
        await register({ ...base, pwd: 'short', rePwd: 'short', verifyCode: good }),
        'PASSWORD_WEAK',
      ],
      [
        await register({ ...base, pwd: 'alllowercase1', rePwd: 'alllowercase1', verifyCode: good }),
        'PASSWORD_WEAK',
      ],
      [await register({ ...base, rePwd: `${PASSWORD}x`, verifyCode: good }), 'PASSWORD_MISMATCH'],
    ] as const;
    for (const [answer, name] of answers) {
      expect(answer).toMatchObject({
        http: 200,
        code: ERRORS[name].code,
        msg: serverMessage(name, 'en'),
        status: 'error',
        data: null,
      });
      expect(answer.cookie).toBeUndefined();
    }
    expect(await Promise.all(tables.map((table) => t.count(table)))).toEqual(before);
    // The right code still works after one wrong guess.
    expect((await register({ ...base, verifyCode: good })).code).toBe('0');
  });

  it('kills a code after five wrong guesses and expires it after ten minutes', async () => {
    t.clock.advance(61);
    await sendCode('dave@example.com');
    const good = mail.lastCodeFor('dave@example.com');
    const wrong = good === '000000' ? '111111' : '000000';
    const body = { email: 'dave@example.com', pwd: PASSWORD, rePwd: PASSWORD };
    for (let i = 0; i < 5; i += 1) {
      expect((await register({ ...body, verifyCode: wrong })).code).toBe(
        ERRORS.VERIFY_CODE_INVALID.code,
      );
    }
    expect((await register({ ...body, verifyCode: good })).code).toBe(
      ERRORS.VERIFY_CODE_INVALID.code,
    );

    t.clock.advance(61);
    await sendCode('dave@example.com');
    const fresh = mail.lastCodeFor('dave@example.com');
    t.clock.advance(601);
    expect((await register({ ...body, verifyCode: fresh })).code).toBe(
      ERRORS.VERIFY_CODE_INVALID.code,
    );
    expect(await t.store.repos.users.byEmail('dave@example.com')).toBeUndefined();
  });

  it('only accepts the newest code, and only for the purpose it was sent for', async () => {
    t.clock.advance(61);
    await call(t.app, 'POST', '/v1/msg/verify-code/send', {
      bizType: 'login',
      email: 'erin@example.com',
    });
    const loginCode = mail.lastCodeFor('erin@example.com');
    const body = { email: 'erin@example.com', pwd: PASSWORD, rePwd: PASSWORD };
    expect((await register({ ...body, verifyCode: loginCode })).code).toBe(
      ERRORS.VERIFY_CODE_INVALID.code,
    );
    await sendCode('erin@example.com');
    const first = mail.lastCodeFor('erin@example.com');
    t.clock.advance(61);
    await sendCode('erin@example.com');
    const second = mail.lastCodeFor('erin@example.com');
    if (first !== second) {
      expect((await register({ ...body, verifyCode: first })).code).toBe(
        ERRORS.VERIFY_CODE_INVALID.code,
      );
    }
    expect((await register({ ...body, verifyCode: second })).code).toBe('0');
  });

  it('holds back a second code within the resend window and says how long to wait', async () => {
    t.clock.advance(61);
    await sendCode('fay@example.com');
    t.clock.advance(20);
    const before = await t.count('verify_codes');
    const again = await sendCode('fay@example.com');
    expect(again).toMatchObject({
      http: 200,
      code: ERRORS.VERIFY_CODE_TOO_FREQUENT.code,
      status: 'error',
      msg: serverMessage('VERIFY_CODE_TOO_FREQUENT', 'en', { seconds: 40 }),
    });
    expect(await t.count('verify_codes')).toBe(before);
    t.clock.advance(40);
    expect((await sendCode('fay@example.com')).code).toBe('0');
  });

  it('records the referrer for a known referral code and refuses an unknown one', async () => {
    const referrer = await registerEmail('frank@example.com');
    const referralCode = referrer.data.userInfo.referralCode;
    expect(referralCode).toMatch(/^[A-Z2-9]{8}$/);

    const users = await t.count('users');
    const unknown = await registerEmail('gina@example.com', { registerVipNo: 'NOSUCH00' });
    expect(unknown).toMatchObject({
      code: ERRORS.REFERRAL_CODE_UNKNOWN.code,
      msg: serverMessage('REFERRAL_CODE_UNKNOWN', 'en'),
    });
    expect(await t.count('users')).toBe(users);

    // The refused attempt left the code unspent.
    const referred = await register({
      email: 'gina@example.com',
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode: mail.lastCodeFor('gina@example.com'),
      registerVipNo: referralCode,
      registerChannel: 'spring-campaign',
      clacCode: 'CL1',
      commonCode: 'CM1',
      groupId: 'G-7',
      actCode: 'ACT1',
    });
    expect(referred.code, referred.msg).toBe('0');
    expect(await t.count('users')).toBe(users + 1);

    const gina = await t.store.repos.users.byEmail('gina@example.com');
    const frank = await t.store.repos.users.byEmail('frank@example.com');
    expect(gina).toMatchObject({
      referrer_user_id: frank?.id,
      register_vip_no: referralCode,
      register_channel: 'spring-campaign',
      clac_code: 'CL1',
      common_code: 'CM1',
      group_id: 'G-7',
      act_code: 'ACT1',
    });
    expect(gina?.referral_code).not.toBe(referralCode);
    expect(frank?.referrer_user_id).toBeNull();
  });

  it('answers 20906 once the session has expired, and clears its cookie', async () => {
    const reg = await registerEmail('hank@example.com');
    t.clock.advance(t.config.sessionTtl_s - 1);
    expect((await userInfo(bearer(reg.data.token))).code).toBe('0');
    t.clock.advance(2);
    expect(await userInfo(bearer(reg.data.token))).toMatchObject({
      code: ERRORS.SESSION_EXPIRED.code,
      status: 'error',
      msg: serverMessage('SESSION_EXPIRED', 'en'),
      data: null,
    });
    const viaCookie = await userInfo(cookieFrom(reg.cookie));
    expect(viaCookie.code).toBe(ERRORS.SESSION_EXPIRED.code);
    expect(viaCookie.cookie).toMatch(/quay_session=;/);
  });

  it('makes the place that typed five wrong passwords in a row wait, longer each time', async () => {
    await registerEmail('ivan@example.com');
    const wrong = { loginName: 'ivan@example.com', pwd: 'Wrong1234' };
    for (let i = 0; i < 4; i += 1) {
      expect(await login(wrong)).toMatchObject({
        code: ERRORS.LOGIN_FAILED.code,
        msg: serverMessage('LOGIN_FAILED', 'en'),
      });
    }
    expect(await login(wrong)).toMatchObject({
      code: ERRORS.ACCOUNT_LOCKED.code,
      msg: serverMessage('ACCOUNT_LOCKED', 'en', { seconds: 60 }),
    });
    t.clock.advance(20);
    const right = await login({ loginName: 'ivan@example.com', pwd: PASSWORD });
    expect(right).toMatchObject({
      code: ERRORS.ACCOUNT_LOCKED.code,
      msg: serverMessage('ACCOUNT_LOCKED', 'en', { seconds: 40 }),
    });
    expect(right.cookie).toBeUndefined();
    t.clock.advance(41);
    // The next wrong password doubles the wait.
    expect(await login(wrong)).toMatchObject({
      code: ERRORS.ACCOUNT_LOCKED.code,
      msg: serverMessage('ACCOUNT_LOCKED', 'en', { seconds: 120 }),
    });
    t.clock.advance(121);
    expect((await login({ loginName: 'ivan@example.com', pwd: PASSWORD })).code).toBe('0');

    const ivan = await t.store.repos.users.byEmail('ivan@example.com');
    const history = await t.store.repos.loginHistory.forUser(ivan?.id ?? '', 20);
    expect(history.filter((h) => h.success === 0)).toHaveLength(6);

    // An unknown account gets the very same answer as a wrong password.
    const nobody = await login({ loginName: 'nobody@example.com', pwd: PASSWORD });
    expect(nobody).toMatchObject({
      code: ERRORS.LOGIN_FAILED.code,
      msg: serverMessage('LOGIN_FAILED', 'en'),
    });
    const noMobile = await login({ loginName: '5550000000', pwd: PASSWORD });
    expect(noMobile.code).toBe(ERRORS.LOGIN_FAILED.code);
  });

  it('a success in between resets the count of wrong passwords', async () => {
    await registerEmail('jack@example.com');
    const wrong = { loginName: 'jack@example.com', pwd: 'Wrong1234' };
    for (let i = 0; i < 4; i += 1) await login(wrong);
    expect((await login({ loginName: 'jack@example.com', pwd: PASSWORD })).code).toBe('0');
    for (let i = 0; i < 4; i += 1) {
      expect((await login(wrong)).code).toBe(ERRORS.LOGIN_FAILED.code);
    }
  });

  it('answers in the language of languageType, else the locale, language and Accept-Language headers', async () => {
    const cases: Array<{ url: string; headers: Record<string, string>; locale: string }> = [
      { url: '?languageType=2', headers: {}, locale: 'ja' },
      { url: '?languageType=39', headers: { locale: 'de' }, locale: 'ar' },
      { url: '?languageType=1', headers: {}, locale: 'zh-CN' },
      { url: '?languageType=15', headers: { locale: 'de' }, locale: 'ko' },
      { url: '', headers: { 'accept-language': 'ko-KR,ko;q=0.9' }, locale: 'ko' },
      { url: '', headers: { locale: 'zh-cn' }, locale: 'zh-CN' },
      { url: '', headers: { locale: 'de', language: 'fr' }, locale: 'de' },
      { url: '', headers: { language: 'pt-BR' }, locale: 'pt' },
      { url: '', headers: { 'accept-language': 'ar-EG,ar;q=0.9' }, locale: 'ar' },
      { url: '?languageType=999', headers: { locale: 'vi' }, locale: 'vi' },
      { url: '', headers: {}, locale: 'en' },
    ];
    for (const c of cases) {
      const answer = await call(
        t.app,
        'POST',
        `/v1/user/login${c.url}`,
        { loginName: 'x@example.com' },
        c.headers,
      );
      expect(answer.msg, JSON.stringify(c)).toBe(
        serverMessage('FIELD_MISSING', c.locale as 'en', { field: 'pwd' }),
      );
    }
    const sent = await sendCode('kim@example.com', '2');
    expect(sent.msg).toBe(serverMessage('SUCCESS', 'ja'));
    const code = mail.lastCodeFor('kim@example.com');
    expect(mail.mailsTo('kim@example.com').at(-1)).toMatchObject({
      subject: serverMessage('MAIL_VERIFY_SUBJECT', 'ja', { code, minutes: 10 }),
      text: serverMessage('MAIL_VERIFY_BODY', 'ja', { code, minutes: 10 }),
    });
  });
});

describe.each(STORES)('mail delivery failure on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    const closed = new MailCatcher();
    await closed.start();
    const port = closed.port;
    await closed.stop();
    t = await startApp(store, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(port) });
  });
  afterAll(async () => t.close());

  it('answers the generic error, keeps no code and does not hold back the next try', async () => {
    for (let i = 0; i < 2; i += 1) {
      const sent = await call(t.app, 'POST', '/v1/msg/verify-code/send?languageType=0', {
        bizType: 'register',
        email: 'lost@example.com',
      });
      expect(sent).toMatchObject({
        http: 500,
        code: ERRORS.ERROR.code,
        status: 'error',
        msg: serverMessage('ERROR', 'en'),
        data: null,
      });
    }
    expect(await t.count('verify_codes')).toBe(0);
  });
});
