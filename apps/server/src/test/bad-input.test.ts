import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, type ErrorName } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../kernel/messages';
import { STORES, call, startApp, type TestApp } from './harness';

const LONG = 'x'.repeat(300);
const PASSWORD = 'Quay2026pass';
const REFERRAL = {
  registerVipNo: 'ABCD2345',
  registerChannel: 'spring',
  clacCode: 'c1',
  commonCode: 'c2',
  groupId: 'g1',
  actCode: 'a1',
};
const TABLES = ['users', 'sessions', 'verify_codes', 'login_history', 'announcements'];

interface Case {
  name: string;
  /** A JSON value, or a string sent as the raw body; undefined sends no body. */
  body: unknown;
  error: ErrorName;
}

/**
 * For a route with a JSON body: each required field missing; each field as a
 * number, null, an array and an object; each string oversized; an unknown
 * field; malformed JSON; an array body; no body.
 */
function casesFor(required: Record<string, string>, optional: Record<string, string> = {}): Case[] {
  const cases: Case[] = [];
  const good = { ...required };
  for (const field of Object.keys(required)) {
    const { [field]: _dropped, ...missing } = good;
    cases.push({ name: `missing ${field}`, body: missing, error: 'FIELD_MISSING' });
  }
  for (const field of [...Object.keys(required), ...Object.keys(optional)]) {
    for (const [kind, value] of [
      ['a number', 12345678],
      ['null', null],
      ['an array', ['a']],
      ['an object', { a: 1 }],
      ['a boolean', true],
    ] as const) {
      cases.push({
        name: `${field} as ${kind}`,
        body: { ...good, [field]: value },
        error: 'FIELD_TYPE',
      });
    }
    cases.push({
      name: `${field} oversized`,
      body: { ...good, [field]: LONG },
      error: 'FIELD_TOO_LONG',
    });
  }
  cases.push({
    name: 'an unknown field',
    body: { ...good, isAdmin: true },
    error: 'FIELD_UNKNOWN',
  });
  // The JSON parser refuses prototype poisoning before any schema sees the body.
  cases.push({
    name: 'a __proto__ field',
    body: '{"__proto__": {"x": 1}}',
    error: 'BODY_MALFORMED',
  });
  cases.push({ name: 'malformed JSON', body: '{"email": ', error: 'BODY_MALFORMED' });
  cases.push({ name: 'an array body', body: [good], error: 'FIELD_TYPE' });
  cases.push({ name: 'a string body', body: '"hello"', error: 'FIELD_TYPE' });
  cases.push({ name: 'no body', body: undefined, error: 'FIELD_TYPE' });
  return cases;
}

const GOOD_EMAIL = {
  email: 'valid@example.com',
  pwd: PASSWORD,
  rePwd: PASSWORD,
  verifyCode: '123456',
};
const GOOD_MOBILE = {
  mobile: '5551234567',
  areaCode: '1',
  pwd: PASSWORD,
  rePwd: PASSWORD,
  verifyCode: '123456',
};

const ROUTES: Array<{ path: string; cases: Case[] }> = [
  {
    path: '/v1/msg/verify-code/send',
    cases: [
      ...casesFor({ bizType: 'register', email: 'valid@example.com' }),
      ...casesFor({ bizType: 'register', mobile: '5551234567', areaCode: '1' }).filter(
        (c) => !c.name.startsWith('missing') && !c.name.startsWith('bizType'),
      ),
      {
        name: 'an unknown bizType',
        body: { bizType: 'xyz', email: 'a@example.com' },
        error: 'FIELD_FORMAT',
      },
      {
        name: 'bizType in capitals',
        body: { bizType: 'REGISTER', email: 'a@example.com' },
        error: 'FIELD_FORMAT',
      },
      {
        name: 'a bad email',
        body: { bizType: 'register', email: 'not-an-email' },
        error: 'FIELD_FORMAT',
      },
      {
        name: 'an email with spaces',
        body: { bizType: 'register', email: 'a b@example.com' },
        error: 'FIELD_FORMAT',
      },
      {
        name: 'letters in the mobile',
        body: { bizType: 'register', mobile: '555abc', areaCode: '1' },
        error: 'FIELD_FORMAT',
      },
      { name: 'no target', body: { bizType: 'register' }, error: 'FIELD_MISSING' },
      {
        name: 'mobile without area code',
        body: { bizType: 'register', mobile: '5551234567' },
        error: 'FIELD_MISSING',
      },
      {
        name: 'area code without mobile',
        body: { bizType: 'register', areaCode: '1' },
        error: 'FIELD_MISSING',
      },
      {
        name: 'both targets',
        body: { bizType: 'register', email: 'a@example.com', mobile: '5551234567', areaCode: '1' },
        error: 'FIELD_UNKNOWN',
      },
    ],
  },
  {
    path: '/v1/user/register/email',
    cases: [
      ...casesFor(GOOD_EMAIL, REFERRAL),
      {
        name: 'a non-numeric code',
        body: { ...GOOD_EMAIL, verifyCode: 'abcdef' },
        error: 'FIELD_FORMAT',
      },
      {
        name: 'a 5-digit code',
        body: { ...GOOD_EMAIL, verifyCode: '12345' },
        error: 'FIELD_TOO_SHORT',
      },
      { name: 'an empty password', body: { ...GOOD_EMAIL, pwd: '' }, error: 'FIELD_TOO_SHORT' },
      {
        name: 'a bad referral code',
        body: { ...GOOD_EMAIL, registerVipNo: 'has spaces' },
        error: 'FIELD_FORMAT',
      },
      {
        name: 'an empty referral code',
        body: { ...GOOD_EMAIL, registerVipNo: '' },
        error: 'FIELD_TOO_SHORT',
      },
      {
        name: 'a mobile field',
        body: { ...GOOD_EMAIL, mobile: '5551234567' },
        error: 'FIELD_UNKNOWN',
      },
      { name: 'a code never sent', body: GOOD_EMAIL, error: 'VERIFY_CODE_INVALID' },
      {
        name: 'an unknown referral code',
        body: { ...GOOD_EMAIL, ...REFERRAL },
        error: 'REFERRAL_CODE_UNKNOWN',
      },
    ],
  },
  {
    path: '/v1/user/register/mobile',
    cases: [
      ...casesFor(GOOD_MOBILE, REFERRAL),
      {
        name: 'letters in the mobile',
        body: { ...GOOD_MOBILE, mobile: '55512abc' },
        error: 'FIELD_FORMAT',
      },
      { name: 'a bad area code', body: { ...GOOD_MOBILE, areaCode: '+1a' }, error: 'FIELD_FORMAT' },
      {
        name: 'an email field',
        body: { ...GOOD_MOBILE, email: 'a@example.com' },
        error: 'FIELD_UNKNOWN',
      },
      { name: 'a code never sent', body: GOOD_MOBILE, error: 'VERIFY_CODE_INVALID' },
    ],
  },
  {
    path: '/v1/user/login',
    cases: [
      ...casesFor({ loginName: 'valid@example.com', pwd: PASSWORD }, { areaCode: '86' }),
      {
        name: 'an empty login name',
        body: { loginName: '', pwd: PASSWORD },
        error: 'FIELD_TOO_SHORT',
      },
      {
        name: 'an unknown account',
        body: { loginName: 'valid@example.com', pwd: PASSWORD },
        error: 'LOGIN_FAILED',
      },
    ],
  },
  {
    path: '/v1/user/logout',
    cases: [
      { name: 'an unknown field', body: { all: true }, error: 'FIELD_UNKNOWN' },
      { name: 'an array body', body: [], error: 'FIELD_TYPE' },
      { name: 'a number body', body: '42', error: 'FIELD_TYPE' },
      { name: 'malformed JSON', body: '{', error: 'BODY_MALFORMED' },
    ],
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

  const counts = () => Promise.all(TABLES.map((table) => t.count(table)));

  for (const route of ROUTES) {
    it(`POST ${route.path} refuses every malformed body with its registry code and changes nothing`, async () => {
      const before = await counts();
      for (const c of route.cases) {
        const answer = await call(t.app, 'POST', `${route.path}?languageType=0`, c.body);
        const label = `${route.path} with ${c.name}`;
        expect(answer.code, label).toBe(ERRORS[c.error].code);
        expect(answer.http, label).toBe(ERRORS[c.error].http);
        expect(answer.status, label).toBe('error');
        expect(answer.data, label).toBeNull();
        expect(answer.msg.length, label).toBeGreaterThan(5);
        expect(answer.msg, label).not.toMatch(/\{\w+\}/);
        expect(answer.cookie, label).toBeUndefined();
      }
      expect(await counts()).toEqual(before);
      // Nothing was delivered either.
      expect(existsSync(join(t.dataDir, 'outbox'))).toBe(false);
    });
  }

  it('names the field and the limit in the message', async () => {
    const tooLong = await call(t.app, 'POST', '/v1/user/login?languageType=0', {
      loginName: 'a@example.com',
      pwd: LONG,
    });
    expect(tooLong).toMatchObject({
      http: 400,
      code: ERRORS.FIELD_TOO_LONG.code,
      msg: serverMessage('FIELD_TOO_LONG', 'en', { field: 'pwd', limit: 32 }),
    });
    const missing = await call(t.app, 'POST', '/v1/user/login?languageType=0', { pwd: 'x' });
    expect(missing.msg).toBe(serverMessage('FIELD_MISSING', 'en', { field: 'loginName' }));
    const unknown = await call(t.app, 'POST', '/v1/user/logout?languageType=0', { all: true });
    expect(unknown.msg).toBe(serverMessage('FIELD_UNKNOWN', 'en', { field: 'all' }));
  });

  it('refuses bad query strings on every route', async () => {
    // POST routes get a good body: the query is checked after it.
    const routes: Array<['GET' | 'POST', string, unknown]> = [
      ['GET', '/v1/public/time', undefined],
      ['GET', '/v1/public/languages', undefined],
      ['GET', '/v1/public/currencies', undefined],
      ['GET', '/v1/user/overview/userinfo', undefined],
      ['GET', '/v1/public/platform-config', undefined],
      ['GET', '/v1/public/coins', undefined],
      ['GET', '/v1/public/banners', undefined],
      ['GET', '/v1/public/announcements', undefined],
      ['GET', '/v1/public/announcements/00000000-0000-0000-0000-000000000000', undefined],
      ['GET', '/v1/user/referral/invitees', undefined],
      ['GET', '/v1/user/login-history', undefined],
      ['POST', '/v1/user/login', { loginName: 'a@example.com', pwd: PASSWORD }],
      ['POST', '/v1/user/logout', {}],
      ['POST', '/v1/user/register/email', GOOD_EMAIL],
      ['POST', '/v1/user/register/mobile', GOOD_MOBILE],
      ['POST', '/v1/msg/verify-code/send', { bizType: 'register', email: 'a@example.com' }],
    ];
    const before = await counts();
    for (const [method, path, body] of routes) {
      const cases: Array<[string, ErrorName]> = [
        ['languageType=abc', 'FIELD_FORMAT'],
        ['languageType=-1', 'FIELD_FORMAT'],
        ['languageType=1234', 'FIELD_TOO_LONG'],
        ['languageType=1&languageType=2', 'FIELD_TYPE'],
        ['t=yesterday', 'FIELD_FORMAT'],
        ['admin=1', 'FIELD_UNKNOWN'],
      ];
      for (const [query, error] of cases) {
        const bad = await call(t.app, method, `${path}?${query}`, body);
        expect(bad.code, `${method} ${path}?${query}`).toBe(ERRORS[error].code);
        expect(bad.http).toBe(400);
      }
    }
    for (const path of [
      '/v1/public/time',
      '/v1/public/languages',
      '/v1/public/currencies',
      '/v1/public/platform-config',
      '/v1/public/coins',
      '/v1/public/banners',
      '/v1/public/announcements',
    ]) {
      const good = await call(t.app, 'GET', `${path}?languageType=0&t=${Date.now()}`);
      expect(good).toMatchObject({ http: 200, code: '0', status: 'ok' });
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses bad paging, filters and ids on the list routes, naming the field in the caller language', async () => {
    const ANNOUNCEMENT = '/v1/public/announcements/00000000-0000-0000-0000-000000000000';
    // [path, query, registry name, field, limit]; the session is checked after the query.
    const cases: Array<[string, string, ErrorName, string, number?]> = [];
    for (const path of ['/v1/public/announcements', '/v1/user/login-history']) {
      cases.push(
        [path, 'pageNo=0', 'FIELD_FORMAT', 'pageNo'],
        [path, 'pageNo=-1', 'FIELD_FORMAT', 'pageNo'],
        [path, 'pageNo=1.5', 'FIELD_FORMAT', 'pageNo'],
        [path, 'pageNo=01', 'FIELD_FORMAT', 'pageNo'],
        [path, 'pageNo=99999', 'FIELD_TOO_LONG', 'pageNo', 4],
        [path, 'pageNo=1&pageNo=2', 'FIELD_TYPE', 'pageNo'],
        [path, 'pageSize=0', 'FIELD_FORMAT', 'pageSize'],
        [path, 'pageSize=51', 'FIELD_FORMAT', 'pageSize'],
        [path, 'pageSize=x', 'FIELD_FORMAT', 'pageSize'],
        [path, 'pageSize=100', 'FIELD_TOO_LONG', 'pageSize', 2],
        [path, 'page=2', 'FIELD_UNKNOWN', 'page'],
      );
    }
    cases.push(
      ['/v1/user/login-history', 'begin=yesterday', 'FIELD_FORMAT', 'begin'],
      ['/v1/user/login-history', 'end=-5', 'FIELD_FORMAT', 'end'],
      ['/v1/user/login-history', 'end=1e12', 'FIELD_FORMAT', 'end'],
      ['/v1/user/login-history', `begin=${'1'.repeat(16)}`, 'FIELD_TOO_LONG', 'begin', 15],
      ['/v1/user/login-history', 'result=maybe', 'FIELD_FORMAT', 'result'],
      ['/v1/user/login-history', 'result=SUCCESS', 'FIELD_FORMAT', 'result'],
      ['/v1/user/login-history', 'result=all&result=success', 'FIELD_TYPE', 'result'],
      ['/v1/user/login-history', 'success=1', 'FIELD_UNKNOWN', 'success'],
      ['/v1/user/referral/invitees', 'pageNo=1', 'FIELD_UNKNOWN', 'pageNo'],
      ['/v1/user/referral/invitees', 'userId=1', 'FIELD_UNKNOWN', 'userId'],
      ['/v1/public/coins', 'coin=BTC', 'FIELD_UNKNOWN', 'coin'],
      ['/v1/public/banners', 'pageSize=1', 'FIELD_UNKNOWN', 'pageSize'],
      ['/v1/public/platform-config', 'imageHosts=x', 'FIELD_UNKNOWN', 'imageHosts'],
      [ANNOUNCEMENT, 'pageNo=1', 'FIELD_UNKNOWN', 'pageNo'],
    );
    const before = await counts();
    for (const [path, query, error, field, limit] of cases) {
      // languageType 11: German.
      const bad = await call(t.app, 'GET', `${path}?languageType=11&${query}`);
      const label = `${path}?${query}`;
      expect(bad.code, label).toBe(ERRORS[error].code);
      expect(bad.http, label).toBe(400);
      expect(bad.data, label).toBeNull();
      expect(bad.msg, label).toBe(
        serverMessage(error, 'de', limit === undefined ? { field } : { field, limit }),
      );
    }
    for (const [id, error] of [
      ['%3Cscript%3E', 'FIELD_FORMAT'],
      ['a.b', 'FIELD_FORMAT'],
      ['x'.repeat(65), 'FIELD_TOO_LONG'],
    ] as const) {
      const bad = await call(t.app, 'GET', `/v1/public/announcements/${id}?languageType=11`);
      expect(bad.code, id).toBe(ERRORS[error].code);
      expect(bad.http, id).toBe(400);
    }
    const unknown = await call(t.app, 'GET', `${ANNOUNCEMENT}?languageType=11`);
    expect(unknown).toMatchObject({
      http: 200,
      code: ERRORS.ANNOUNCEMENT_NOT_FOUND.code,
      status: 'error',
      data: null,
      msg: serverMessage('ANNOUNCEMENT_NOT_FOUND', 'de'),
    });
    for (const path of ['/v1/user/referral/invitees', '/v1/user/login-history?pageSize=50']) {
      const anonymous = await call(t.app, 'GET', path);
      expect(anonymous.code, path).toBe(ERRORS.LOGIN_REQUIRED.code);
    }
    expect(await counts()).toEqual(before);
  });

  it('refuses an oversized authorization header', async () => {
    const answer = await call(
      t.app,
      'GET',
      '/v1/user/overview/userinfo?languageType=0',
      undefined,
      {
        authorization: `Bearer ${'a'.repeat(300)}`,
      },
    );
    expect(answer).toMatchObject({ http: 400, code: ERRORS.FIELD_TOO_LONG.code, status: 'error' });
    const malformed = await call(t.app, 'GET', '/v1/user/overview/userinfo', undefined, {
      authorization: 'Basic dXNlcjpwYXNz',
    });
    expect(malformed.code).toBe(ERRORS.LOGIN_REQUIRED.code);
  });

  it('refuses unsupported content types and oversized bodies', async () => {
    const before = await counts();
    for (const type of ['application/xml', 'text/plain', 'application/x-www-form-urlencoded']) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/user/login?languageType=0',
        headers: { 'content-type': type },
        payload: 'loginName=a&pwd=b',
      });
      expect(res.statusCode, type).toBe(415);
      expect(res.json(), type).toMatchObject({
        code: ERRORS.UNSUPPORTED_MEDIA_TYPE.code,
        status: 'error',
        msg: serverMessage('UNSUPPORTED_MEDIA_TYPE', 'en'),
        data: null,
      });
    }
    const huge = await t.app.inject({
      method: 'POST',
      url: '/v1/msg/verify-code/send?languageType=0',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ bizType: 'register', email: `${'x'.repeat(100_000)}@example.com` }),
    });
    expect(huge.statusCode).toBe(413);
    expect(huge.json()).toMatchObject({
      code: ERRORS.PAYLOAD_TOO_LARGE.code,
      status: 'error',
      msg: serverMessage('PAYLOAD_TOO_LARGE', 'en'),
    });
    expect(await counts()).toEqual(before);
  });
});
