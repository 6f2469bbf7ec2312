import { ERRORS } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, call, startApp, type TestApp } from '../../test/harness';

const LONG = 'x'.repeat(300);
const GOOD_REGISTER = {
  email: 'valid@example.com',
  pwd: 'Quay2026pass',
  rePwd: 'Quay2026pass',
  verifyCode: '123456',
};
const GOOD_MOBILE = {
  mobile: '5551234567',
  areaCode: '1',
  pwd: 'Quay2026pass',
  rePwd: 'Quay2026pass',
  verifyCode: '123456',
};

interface Case {
  name: string;
  body: unknown;
  code: string;
}

/** For a route with a JSON body: missing fields, wrong types, oversized strings, unknown fields and codes. */
function casesFor(good: Record<string, unknown>, extra: Case[] = []): Case[] {
  const cases: Case[] = [];
  for (const field of Object.keys(good)) {
    const { [field]: _dropped, ...missing } = good;
    cases.push({ name: `missing ${field}`, body: missing, code: ERRORS.FIELD_MISSING.code });
    cases.push({
      name: `${field} as a number`,
      body: { ...good, [field]: 12345678 },
      code: ERRORS.FIELD_TYPE.code,
    });
    cases.push({
      name: `${field} as an array`,
      body: { ...good, [field]: ['a'] },
      code: ERRORS.FIELD_TYPE.code,
    });
    cases.push({
      name: `${field} as an object`,
      body: { ...good, [field]: { a: 1 } },
      code: ERRORS.FIELD_TYPE.code,
    });
    cases.push({
      name: `${field} oversized`,
      body: { ...good, [field]: LONG },
      code: ERRORS.FIELD_TOO_LONG.code,
    });
  }
  cases.push({
    name: 'an unknown field',
    body: { ...good, isAdmin: true },
    code: ERRORS.FIELD_UNKNOWN.code,
  });
  cases.push({ name: 'malformed JSON', body: '{"email": ', code: ERRORS.BODY_MALFORMED.code });
  cases.push({ name: 'an array body', body: [good], code: ERRORS.FIELD_TYPE.code });
  return [...cases, ...extra];
}

const ROUTES: Array<{ path: string; cases: Case[] }> = [
  {
    path: '/v1/msg/verify-code/send',
    cases: casesFor({ bizType: 'register', email: 'valid@example.com' }, [
      {
        name: 'an unknown bizType',
        body: { bizType: 'xyz', email: 'a@example.com' },
        code: ERRORS.FIELD_FORMAT.code,
      },
      {
        name: 'a bad email',
        body: { bizType: 'register', email: 'not-an-email' },
        code: ERRORS.FIELD_FORMAT.code,
      },
      { name: 'no target', body: { bizType: 'register' }, code: ERRORS.FIELD_MISSING.code },
      {
        name: 'mobile without area code',
        body: { bizType: 'register', mobile: '5551234567' },
        code: ERRORS.FIELD_MISSING.code,
      },
      {
        name: 'both targets',
        body: { bizType: 'register', email: 'a@example.com', mobile: '5551234567', areaCode: '1' },
        code: ERRORS.FIELD_UNKNOWN.code,
      },
    ]),
  },
  {
    path: '/v1/user/register/email',
    cases: casesFor(GOOD_REGISTER, [
      {
        name: 'a non-numeric code',
        body: { ...GOOD_REGISTER, verifyCode: 'abcdef' },
        code: ERRORS.FIELD_FORMAT.code,
      },
      {
        name: 'a bad referral code',
        body: { ...GOOD_REGISTER, registerVipNo: 'has spaces' },
        code: ERRORS.FIELD_FORMAT.code,
      },
      { name: 'a code never sent', body: GOOD_REGISTER, code: ERRORS.VERIFY_CODE_INVALID.code },
    ]),
  },
  {
    path: '/v1/user/register/mobile',
    cases: casesFor(GOOD_MOBILE, [
      {
        name: 'letters in the mobile',
        body: { ...GOOD_MOBILE, mobile: '55512abc' },
        code: ERRORS.FIELD_FORMAT.code,
      },
      {
        name: 'a bad area code',
        body: { ...GOOD_MOBILE, areaCode: '+1a' },
        code: ERRORS.FIELD_FORMAT.code,
      },
    ]),
  },
  {
    path: '/v1/user/login',
    cases: casesFor({ loginName: 'valid@example.com', pwd: 'Quay2026pass' }),
  },
];

describe.each(STORES)('bad input on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(store, {
      RATE_LIMIT_LOGIN_PER_MIN: '100000',
      RATE_LIMIT_CODE_PER_10MIN: '100000',
    });
  });
  afterAll(async () => t.close());

  for (const route of ROUTES) {
    it(`POST ${route.path} refuses every malformed body and changes nothing`, async () => {
      const before = await Promise.all(
        ['users', 'sessions', 'verify_codes'].map((table) => t.count(table)),
      );
      for (const c of route.cases) {
        const answer = await call(t.app, 'POST', `${route.path}?languageType=0`, c.body);
        expect(answer.code, `${route.path} with ${c.name}`).toBe(c.code);
        expect(answer.status).toBe('error');
        expect(answer.data).toBeNull();
        expect(answer.msg.length).toBeGreaterThan(5);
        expect(answer.msg).not.toMatch(/\{\w+\}/);
      }
      const after = await Promise.all(
        ['users', 'sessions', 'verify_codes'].map((table) => t.count(table)),
      );
      expect(after).toEqual(before);
    });
  }

  it('names the field in the message', async () => {
    const answer = await call(t.app, 'POST', '/v1/user/login?languageType=0', {
      loginName: 'a@example.com',
      pwd: LONG,
    });
    expect(answer).toMatchObject({
      http: 400,
      code: ERRORS.FIELD_TOO_LONG.code,
      msg: 'The field pwd is too long (at most 32 characters)',
    });
  });

  it('refuses bad query strings on GET routes', async () => {
    for (const path of [
      '/v1/public/time',
      '/v1/public/languages',
      '/v1/public/currencies',
      '/v1/user/overview/userinfo',
    ]) {
      const bad = await call(t.app, 'GET', `${path}?languageType=abc`);
      expect(bad.code, path).toBe(ERRORS.FIELD_FORMAT.code);
      const unknown = await call(t.app, 'GET', `${path}?admin=1`);
      expect(unknown.code, path).toBe(ERRORS.FIELD_UNKNOWN.code);
      const good = await call(t.app, 'GET', `${path}?languageType=0&t=${Date.now()}`);
      expect(good.http, path).toBe(200);
    }
  });

  it('refuses unsupported content types and oversized bodies', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/xml' },
      payload: '<a/>',
    });
    expect(text.statusCode).toBe(415);
    expect(text.json()).toMatchObject({
      code: ERRORS.UNSUPPORTED_MEDIA_TYPE.code,
      status: 'error',
    });
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginName: 'x'.repeat(100_000), pwd: 'a' }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({ code: ERRORS.PAYLOAD_TOO_LARGE.code });
  });
});
