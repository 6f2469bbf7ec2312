import { describe, expect, it } from 'vitest';
import {
  decryptBodyFields,
  encryptRequestBody,
  importDecryptionPrivateKey,
} from './gateway-body-encryption';
import {
  canonicalSignString,
  clockOffsetOf,
  isTraceId,
  newTraceId,
  signedPathOf,
  traceTimeOf,
  requestTimeOf,
  signModeFor,
} from './gateway-protocol';
import {
  buildClientKeyRegistration,
  clientKeyId,
  generateClientKeyPair,
  keyCheckMessage,
  modulusBitsOf,
  signRequestHeaders,
  verifyText,
} from './gateway-signing';
import { fromBase64, toBase64 } from './gateway-web-crypto';
import { checkGatewayVectors, VECTOR_KEYS } from './gateway-vectors';

describe('gateway protocol vectors', () => {
  it('every vector passes in Node', async () => {
    const results = await checkGatewayVectors();
    expect(results.length).toBeGreaterThan(20);
    expect(results.filter((r) => !r.ok)).toEqual([]);
  });
});

describe('gateway protocol', () => {
  it('base64 round-trips every length and refuses malformed text', () => {
    for (let n = 0; n < 10; n += 1) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 97 + 13) % 256);
      const text = toBase64(bytes);
      expect(text.length).toBe(Math.ceil(n / 3) * 4);
      expect([...fromBase64(text)]).toEqual([...bytes]);
    }
    expect(toBase64(Uint8Array.of(0xfb, 0xff, 0xbf))).toBe('+/+/');
    expect(toBase64(Uint8Array.of(77, 97))).toBe('TWE=');
    expect(() => fromBase64('abc')).toThrow();
    expect(() => fromBase64('ab c')).toThrow();
  });

  it('trace ids are w, 13 digits and 11 characters', () => {
    const id = newTraceId(1767225600000);
    expect(id).toMatch(/^w1767225600000[0-9a-z]{11}$/);
    expect(isTraceId(id)).toBe(true);
    expect(isTraceId(`${id}x`)).toBe(false);
    expect(newTraceId(1767225600000)).not.toBe(id);
  });

  it('takes the clock offset from the server time header', () => {
    expect(clockOffsetOf('1767225605000', 1767225600000)).toBe(5000);
    expect(clockOffsetOf('soon', 1)).toBeNull();
    expect(clockOffsetOf(undefined, 1)).toBeNull();
    expect(requestTimeOf(1767225600000, -250)).toBe('1767225599750');
  });

  it('signs only the first 8 characters of request-time', () => {
    const base = { mode: 'path_time' as const, path: '/v1/user/login' };
    expect(canonicalSignString({ ...base, requestTime: '1767225600123' })).toBe(
      canonicalSignString({ ...base, requestTime: '1767225699999' }),
    );
  });

  it('signs the method, the query string and the demo flag as the path', () => {
    const call = {
      method: 'post',
      target: '/v1/spot/order/place?languageType=1',
      simulated: false,
    };
    expect(signedPathOf(call)).toBe('POST /v1/spot/order/place?languageType=1');
    expect(signedPathOf({ ...call, simulated: true })).toBe(
      'POST /v1/spot/order/place?languageType=1 x-simulated:1',
    );
    expect(signedPathOf({ ...call, target: '/v1/spot/order/place?languageType=2' })).not.toBe(
      signedPathOf(call),
    );
    expect(traceTimeOf(newTraceId(1767225600123))).toBe(1767225600123);
  });

  it('matches exact rules before the longest prefix', () => {
    const config = {
      exactUrls: ['/v1/user/login'],
      prefixUrls: ['/v1/spot/', '/v1/spot/order/'],
      signModes: { '/v1/spot/order/': 'path_time_traceId_body' as const },
    };
    expect(signModeFor(config, '/v1/user/login')).toBe('path_time');
    expect(signModeFor(config, '/v1/spot/order/place')).toBe('path_time_traceId_body');
    expect(signModeFor(config, '/v1/spot/markets')).toBe('path_time');
    expect(signModeFor(config, '/v1/asset/withdraw')).toBeNull();
  });

  it('a fresh key pair registers and signs verifiable requests', async () => {
    const pair = await generateClientKeyPair('rsa1024');
    expect(pair.privateKey.extractable).toBe(false);
    const registration = await buildClientKeyRegistration(pair, 'rsa1024', '1767225600123');
    expect(registration.keyId).toBe(await clientKeyId(registration.publicKey));
    expect(await modulusBitsOf(registration.publicKey)).toBe(1024);
    expect(
      await verifyText(
        registration.publicKey,
        keyCheckMessage({ keyId: registration.keyId, algorithm: 'rsa1024', time: '1767225600123' }),
        registration.checkSign,
      ),
    ).toBe(true);
    const headers = await signRequestHeaders({
      privateKey: pair.privateKey,
      keyId: registration.keyId,
      mode: 'path_time_traceId_body',
      method: 'POST',
      target: '/v1/asset/withdraw?languageType=0',
      simulated: false,
      body: '{"coin":"USDT"}',
      requestTime: '1767225600123',
      traceId: newTraceId(1767225600123),
    });
    const canonical = canonicalSignString({
      mode: 'path_time_traceId_body',
      path: 'POST /v1/asset/withdraw?languageType=0',
      requestTime: headers['request-time']!,
      traceId: headers.traceid!,
      dataMd5: headers['device-sign-data-md5']!,
    });
    expect(await verifyText(registration.publicKey, canonical, headers['device-sign']!)).toBe(true);
  });

  it('encrypts only the listed fields of a login body', async () => {
    const body = await encryptRequestBody(VECTOR_KEYS.server.publicKey, '/v1/user/register/email', {
      email: 'a@example.com',
      pwd: 'Secret-Passw0rd',
      rePwd: 'Secret-Passw0rd',
      verifyCode: '123456',
      registerChannel: 'promo',
    });
    expect(JSON.stringify(body)).not.toContain('Secret-Passw0rd');
    expect(body.registerChannel).toBe('promo');
    const key = await importDecryptionPrivateKey(VECTOR_KEYS.server.privateKey);
    const fields = await decryptBodyFields(key, body.bodyCiphertext as never);
    expect(fields).toEqual({
      email: 'a@example.com',
      pwd: 'Secret-Passw0rd',
      rePwd: 'Secret-Passw0rd',
      verifyCode: '123456',
    });
    const unlisted = { symbol: 'BTCUSDT' };
    expect(
      await encryptRequestBody(VECTOR_KEYS.server.publicKey, '/v1/spot/order/place', unlisted),
    ).toBe(unlisted);
  });

  it('refuses a tampered ciphertext', async () => {
    const key = await importDecryptionPrivateKey(VECTOR_KEYS.server.privateKey);
    const good = (
      await encryptRequestBody(VECTOR_KEYS.server.publicKey, '/v1/user/login', {
        loginName: 'a@example.com',
        pwd: 'Secret-Passw0rd',
      })
    ).bodyCiphertext as { v: 1; key: string; iv: string; data: string };
    const flipped = fromBase64(good.data);
    flipped[flipped.length - 1]! ^= 1;
    await expect(decryptBodyFields(key, { ...good, data: toBase64(flipped) })).rejects.toThrow();
    await expect(decryptBodyFields(key, { ...good, key: good.data })).rejects.toThrow();
  });
});
