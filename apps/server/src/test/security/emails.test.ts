/**
 * An e-mail address holds no control or invisible characters and has a real
 * domain: `a@b.c\u0000` and `x\u202e@rt.test` (a right-to-left override that
 * shows the address reversed) registered before. An internationalised domain
 * is stored in its ASCII form, so the same mailbox is one account however it
 * is typed.
 */
import { ERRORS, normaliseEmail } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailCatcher, STORES, call, startApp, type TestApp } from '../harness';

const Q = '?languageType=0';
const BAD = [
  'a@b.c\u0000',
  'x\u202e@rt.test',
  'a\u200b@example.com',
  'a@exam\u2066ple.com',
  'a\u0007@example.com',
  'a@example.com\n',
  'a@exa mple.com',
  'a@example.com/x',
  'a@example.com:25',
  'a@-example.com',
  'a@example-.com',
  'a@example.123',
  `${'l'.repeat(65)}@example.com`,
  `a@${'d'.repeat(64)}.com`,
  `a@${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.${'d'.repeat(60)}.com`,
];

describe('the one stored form of an address', () => {
  it('lower-cases, and puts an internationalised domain in its ASCII form', () => {
    expect(normaliseEmail('Trader@Example.COM')).toBe('trader@example.com');
    expect(normaliseEmail('kunde@Bücher.example')).toBe('kunde@xn--bcher-kva.example');
    expect(normaliseEmail('user@例え.jp')).toBe('user@xn--r8jz45g.jp');
  });
  it.each(BAD)('refuses %j', (address) => {
    expect(normaliseEmail(address)).toBeNull();
  });
});

describe.each(STORES)('addresses at registration on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('sends no code to, and opens no account for, an address with hidden characters', async () => {
    const users = await t.count('users');
    const codes = await t.count('verify_codes');
    for (const address of BAD) {
      t.clock.advance(t.config.codeResend_s + 1);
      const sent = await call(t.app, 'POST', `/v1/msg/verify-code/send${Q}`, {
        bizType: 'register',
        email: address,
      });
      expect(
        [ERRORS.FIELD_FORMAT.code, ERRORS.EMAIL_INVALID.code],
        JSON.stringify(address),
      ).toContain(sent.code);
      const registered = await call(t.app, 'POST', `/v1/user/register/email${Q}`, {
        email: address,
        pwd: 'Quay2026pass',
        rePwd: 'Quay2026pass',
        verifyCode: '123456',
      });
      expect(
        [ERRORS.FIELD_FORMAT.code, ERRORS.EMAIL_INVALID.code, ERRORS.FIELD_TOO_LONG.code],
        JSON.stringify(address),
      ).toContain(registered.code);
    }
    expect(await t.count('users')).toBe(users);
    expect(await t.count('verify_codes')).toBe(codes);
  });

  it('keeps an internationalised address as one account, typed either way', async () => {
    t.clock.advance(t.config.codeResend_s + 1);
    const sent = await call(t.app, 'POST', `/v1/msg/verify-code/send${Q}`, {
      bizType: 'register',
      email: 'Kunde@Bücher.example',
    });
    expect(sent.code, sent.msg).toBe('0');
    const registered = await call(t.app, 'POST', `/v1/user/register/email${Q}`, {
      email: 'Kunde@Bücher.example',
      pwd: 'Quay2026pass',
      rePwd: 'Quay2026pass',
      // The mail transport writes the domain back in Unicode for the envelope.
      verifyCode: mail.lastCodeFor('kunde@bücher.example'),
    });
    expect(registered.code, registered.msg).toBe('0');
    const row = await t.store.repos.users.byEmail('kunde@xn--bcher-kva.example');
    expect(row?.email).toBe('kunde@xn--bcher-kva.example');
    for (const loginName of ['kunde@bücher.example', 'KUNDE@xn--bcher-kva.example']) {
      const login = await call(t.app, 'POST', `/v1/user/login${Q}`, {
        loginName,
        pwd: 'Quay2026pass',
      });
      expect(login.code, `${loginName}: ${login.msg}`).toBe('0');
    }
    t.clock.advance(t.config.codeResend_s + 1);
    const again = await call(t.app, 'POST', `/v1/msg/verify-code/send${Q}`, {
      bizType: 'register',
      email: 'kunde@xn--bcher-kva.example',
    });
    expect(again.code).toBe(ERRORS.EMAIL_TAKEN.code);
  });
});
