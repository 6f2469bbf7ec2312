/**
 * Wrong passwords are not a weapon: before, five wrong passwords from anyone
 * locked the owner out for 15 minutes. Now the place they come from waits,
 * longer each time, and the owner logs in; a spread attack from many places
 * holds back only places that never logged in to the account.
 */
import { ERRORS } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_FAILURES } from '../../modules/accounts';
import { MailCatcher, STORES, registerByEmail, startApp, type TestApp } from '../harness';

const PASSWORD = 'Quay2026pass';

describe.each(STORES)('lockout on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '100000',
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  /** A login from one address, as a browser there would send it. */
  const loginFrom = async (ip: string, loginName: string, pwd: string) => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login?languageType=0',
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginName, pwd }),
    });
    return res.json<{ code: string; msg: string }>();
  };

  it('lets the owner in while a stranger who guessed wrong waits', async () => {
    const owner = 'owner@example.com';
    expect((await registerByEmail(t, mail, owner)).code).toBe('0');
    expect((await loginFrom('10.0.0.2', owner, PASSWORD)).code).toBe('0');
    for (let i = 0; i < 4; i += 1) {
      expect((await loginFrom('203.0.113.9', owner, 'Wrong1234')).code).toBe(
        ERRORS.LOGIN_FAILED.code,
      );
    }
    expect((await loginFrom('203.0.113.9', owner, 'Wrong1234')).code).toBe(
      ERRORS.ACCOUNT_LOCKED.code,
    );
    // The stranger waits, even with the right password ...
    expect((await loginFrom('203.0.113.9', owner, PASSWORD)).code).toBe(ERRORS.ACCOUNT_LOCKED.code);
    // ... and the owner does not, from where they logged in before or from a new place.
    expect((await loginFrom('10.0.0.2', owner, PASSWORD)).code).toBe('0');
    expect((await loginFrom('10.0.0.3', owner, PASSWORD)).code).toBe('0');
  });

  it('holds back new places, not known ones, when many places guess at one account', async () => {
    const owner = 'target@example.com';
    expect((await registerByEmail(t, mail, owner)).code).toBe('0');
    expect((await loginFrom('10.1.0.2', owner, PASSWORD)).code).toBe('0');
    for (let i = 0; i < ACCOUNT_FAILURES; i += 1) {
      expect((await loginFrom(`198.51.100.${i + 1}`, owner, 'Wrong1234')).code).toBe(
        ERRORS.LOGIN_FAILED.code,
      );
    }
    const fresh = await loginFrom('192.0.2.77', owner, PASSWORD);
    expect(fresh.code).toBe(ERRORS.ACCOUNT_LOCKED.code);
    expect((await loginFrom('10.1.0.2', owner, PASSWORD)).code).toBe('0');
    // The wave passes: after the window a new place gets in again.
    t.clock.advance(15 * 60 + 1);
    expect((await loginFrom('192.0.2.77', owner, PASSWORD)).code).toBe('0');
  });
});
