/**
 * Anyone may register a signing key, so one address may register only a few
 * (30 of 30 were accepted in half a second and stored before), and keys that
 * no login ever bound are dropped after a day.
 */
import {
  CLIENT_KEY_REGISTER_PATH,
  ERRORS,
  buildClientKeyRegistration,
  generateClientKeyPair,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STORES, startApp, type TestApp } from '../harness';

const LIMIT = 5;

describe.each(STORES)('client key registration on %s', (store) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startApp(store, {
      SIGN_CLIENT_OPEN: 'on',
      RATE_LIMIT_KEY_PER_10MIN: String(LIMIT),
    });
  });
  afterAll(() => t.close());

  const register = async (ip: string) => {
    const keyPair = await generateClientKeyPair('rsa1024');
    const { keyId: _id, ...body } = await buildClientKeyRegistration(
      keyPair,
      'rsa1024',
      String(t.clock.now()),
    );
    const res = await t.app.inject({
      method: 'POST',
      url: `${CLIENT_KEY_REGISTER_PATH}?languageType=0`,
      remoteAddress: ip,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(body),
    });
    return { http: res.statusCode, ...res.json<{ code: string; msg: string }>() };
  };

  it('refuses an address that registers keys in a burst, and stores only what it allowed', async () => {
    const before = await t.count('gateway_keys');
    const answers = [];
    for (let i = 0; i < 3 * LIMIT; i += 1) answers.push(await register('203.0.113.50'));
    expect(answers.slice(0, LIMIT).map((a) => a.code)).toEqual(Array(LIMIT).fill('0'));
    for (const refused of answers.slice(LIMIT)) {
      expect(refused.http).toBe(429);
      expect(refused.code).toBe(ERRORS.TOO_MANY_REQUESTS.code);
    }
    expect(await t.count('gateway_keys')).toBe(before + LIMIT);
    // Another address is not held back by the first.
    expect((await register('203.0.113.51')).code).toBe('0');
  });

  it('drops keys no user bound once they are a day old', async () => {
    const before = await t.count('gateway_keys');
    expect(before).toBeGreaterThan(0);
    t.clock.advance(24 * 3600 + 1);
    expect((await register('203.0.113.52')).code).toBe('0');
    expect(await t.count('gateway_keys')).toBe(1);
  });
});
