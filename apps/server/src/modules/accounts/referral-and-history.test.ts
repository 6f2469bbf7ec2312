import type { LoginRecord, Page, ReferralOverview } from '@quay/core';
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
  userInfo: { userId: string; referralCode: string };
}

describe.each(STORES)('referrals and login history on %s', (store) => {
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

  const registerEmail = (email: string, extra: Record<string, string> = {}) =>
    registerByEmail<SessionData>(t, mail, email, extra);

  const invitees = (token: string) =>
    call<ReferralOverview>(t.app, 'GET', '/v1/user/referral/invitees', undefined, bearer(token));

  it('records the owner of a channel code as the referrer, masked in their list of invitees', async () => {
    const referrer = await registerEmail('ref-owner@example.com');
    const code = referrer.data.userInfo.referralCode;
    const invited = await registerEmail('ref-invitee@example.com', {
      registerChannel: code,
      actCode: 'spring26',
    });
    expect(invited.code, invited.msg).toBe('0');

    const overview = await invitees(referrer.data.token);
    expect(overview.data.referralCode).toBe(code);
    expect(overview.data.inviteeCount).toBe(1);
    const entry = overview.data.invitees[0];
    expect(entry?.channel).toBe(code);
    const invitedId = invited.data.userInfo.userId;
    expect(entry?.userId).toBe(`${invitedId.slice(0, 2)}******${invitedId.slice(-2)}`);
    expect(entry?.userId).not.toContain(invitedId);
    // The invitee referred nobody.
    expect((await invitees(invited.data.token)).data).toMatchObject({
      inviteeCount: 0,
      invitees: [],
    });
  });

  it('keeps an unknown channel code as a plain channel, and lets a referral code win over a channel', async () => {
    const a = await registerEmail('ref-a@example.com');
    const b = await registerEmail('ref-b@example.com');
    const marketing = await registerEmail('ref-marketing@example.com', {
      registerChannel: 'newsletter-11',
    });
    expect(marketing.code, marketing.msg).toBe('0');
    const both = await registerEmail('ref-both@example.com', {
      registerVipNo: b.data.userInfo.referralCode,
      registerChannel: a.data.userInfo.referralCode,
    });
    expect(both.code, both.msg).toBe('0');
    const ofA = await invitees(a.data.token);
    const ofB = await invitees(b.data.token);
    expect(ofA.data.inviteeCount).toBe(0);
    expect(ofB.data.inviteeCount).toBe(1);
    expect(ofB.data.invitees[0]?.channel).toBe(a.data.userInfo.referralCode);
  });

  it('refuses the referral list without a session', async () => {
    const res = await call(t.app, 'GET', '/v1/user/referral/invitees?languageType=0');
    expect(res.code).toBe('00004');
  });

  it('pages the login history, newest first, by outcome and by time', async () => {
    const user = await registerEmail('history@example.com');
    const token = user.data.token;
    const start = t.clock.now();
    const login = (pwd: string) =>
      call(t.app, 'POST', '/v1/user/login?languageType=0', {
        loginName: 'history@example.com',
        pwd,
      });
    // success at +1 min, failure at +2, success at +3, failure at +4.
    for (const pwd of [PASSWORD, 'Wrong2026pass', PASSWORD, 'Wrong2026pass']) {
      t.clock.advance(60);
      await login(pwd);
    }
    const history = (query: string) =>
      call<Page<LoginRecord>>(
        t.app,
        'GET',
        `/v1/user/login-history?languageType=0${query}`,
        undefined,
        bearer(token),
      );

    // Registering logged the account in too, at the start.
    const all = await history('');
    expect(all.data.total).toBe(5);
    expect(all.data.items.map((r) => r.success)).toEqual([false, true, false, true, true]);
    expect(all.data.items.map((r) => r.createdAt)).toEqual(
      [4, 3, 2, 1, 0].map((m) => start + m * 60_000),
    );

    const failed = await history('&result=failure');
    expect(failed.data.total).toBe(2);
    expect(failed.data.items.every((r) => !r.success)).toBe(true);

    const window = await history(`&begin=${start + 90_000}&end=${start + 180_000}`);
    expect(window.data.items.map((r) => r.createdAt)).toEqual([start + 180_000, start + 120_000]);

    const paged = await history('&pageNo=2&pageSize=3');
    expect(paged.data).toMatchObject({ total: 5, pageNo: 2, pageSize: 3 });
    expect(paged.data.items.map((r) => r.createdAt)).toEqual([start + 60_000, start]);
  });

  it('refuses a start after the end in the caller language, and malformed filters', async () => {
    const user = await registerEmail('history-bad@example.com');
    const get = (query: string) =>
      call(t.app, 'GET', `/v1/user/login-history?${query}`, undefined, bearer(user.data.token));
    const reversed = await get('languageType=2&begin=2000&end=1000');
    expect(reversed.code).toBe('10013');
    expect(reversed.msg).toBe(serverMessage('TIME_RANGE_INVALID', 'ja'));
    for (const query of ['result=maybe', 'begin=-1', 'end=1.5', 'pageSize=51', 'userId=1']) {
      const res = await get(query);
      expect(res.http, query).toBe(400);
    }
    const anonymous = await call(t.app, 'GET', '/v1/user/login-history?languageType=0');
    expect(anonymous.code).toBe('00004');
  });
});
