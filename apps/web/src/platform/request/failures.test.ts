import { describe, expect, it } from 'vitest';
import { Throttle, judgeFailure } from './failures';

const t = (key: string, options?: Record<string, unknown>) =>
  options ? `${key}:${JSON.stringify(options)}` : key;

describe('the error catalogue of spec section 8', () => {
  const cases: Array<[string, Parameters<typeof judgeFailure>[0], string | null]> = [
    ['403', { kind: 'http', status: 403 }, 'request.forbidden'],
    ['404', { kind: 'http', status: 404 }, 'request.requestError'],
    ['504', { kind: 'http', status: 504 }, 'request.requestError'],
    ['500', { kind: 'http', status: 500 }, 'request.busy'],
    ['502', { kind: 'http', status: 502 }, 'request.statusBusy:{"code":502}'],
    ['418', { kind: 'http', status: 418 }, 'request.statusBusy:{"code":418}'],
    [
      '400 with our envelope',
      { kind: 'http', status: 400, envelope: { code: '10002', msg: 'The field pwd is required' } },
      'The field pwd is required',
    ],
    [
      '429 with our envelope',
      { kind: 'http', status: 429, envelope: { code: '10009', msg: 'Too many requests' } },
      'Too many requests',
    ],
    [
      '404 with our envelope',
      { kind: 'http', status: 404, envelope: { code: '10010', msg: 'gone' } },
      'request.requestError',
    ],
    ['network error', { kind: 'network', message: 'Network Error' }, 'Network Error'],
    ['timeout', { kind: 'timeout' }, 'request.timeout'],
    [
      '200 with status error',
      { kind: 'business', code: '11006', msg: 'Wrong password', path: '/v1/user/login' },
      'Wrong password',
    ],
    [
      '00004 elsewhere',
      { kind: 'business', code: '00004', msg: 'Please log in first', path: '/v1/asset/list' },
      'Please log in first',
    ],
    [
      '00005 elsewhere',
      { kind: 'business', code: '00005', msg: 'Disabled', path: '/v1/x' },
      'Disabled',
    ],
    [
      '00006 elsewhere',
      { kind: 'business', code: '00006', msg: 'Signed out', path: '/v1/x' },
      'Signed out',
    ],
    ['missing data', { kind: 'no-data' }, null],
    ['a cancelled call', { kind: 'canceled' }, null],
  ];

  for (const [name, failure, message] of cases) {
    it(`shows the right text for ${name}`, () => {
      expect(judgeFailure(failure, t).message).toBe(message);
    });
  }

  it('ends the session on 20906 and 20205 and on HTTP 401', () => {
    for (const code of ['20906', '20205']) {
      expect(
        judgeFailure({ kind: 'business', code, msg: 'x', path: '/v1/user/overview/userinfo' }, t),
      ).toEqual({
        message: 'request.loginExpired',
        loginExpired: true,
        quiet: false,
      });
    }
    expect(judgeFailure({ kind: 'http', status: 401 }, t).loginExpired).toBe(true);
  });

  it('resolves the user-info call quietly on 00004, 00005 and 00006', () => {
    for (const code of ['00004', '00005', '00006']) {
      expect(
        judgeFailure(
          { kind: 'business', code, msg: 'x', path: '/v1/user/overview/userinfo?languageType=0' },
          t,
        ),
      ).toEqual({
        message: null,
        loginExpired: false,
        quiet: true,
      });
    }
  });
});

describe('the 2 s throttle', () => {
  it('lets a key through once per window', () => {
    let now = 0;
    const throttle = new Throttle(2000, () => now);
    expect(throttle.allow('a')).toBe(true);
    now = 1999;
    expect(throttle.allow('a')).toBe(false);
    expect(throttle.allow('b')).toBe(true);
    now = 2000;
    expect(throttle.allow('a')).toBe(true);
  });
});
