import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { VECTOR_KEYS, VECTOR_SERVER_PUBLIC_KEY_SIGN } from '@quay/core/gateway-vectors';
import {
  DEVICE_APP_IDS,
  DEVICE_TOKEN_PATH,
  importSigningPrivateKey,
  signRequestHeaders,
  newTraceId,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GatewayClient } from '../../test/gateway-client';
import { STORES, bearer, call, codeIn, outbox, startApp, type TestApp } from '../../test/harness';

const PASSWORD = 'Quay2026pass';
const INLINE = "document.documentElement.dataset.theme = 'dark';";

describe.each(STORES)('gateway security on %s', (store) => {
  let t: TestApp;
  let client: GatewayClient;

  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'quay-web-'));
    writeFileSync(
      join(web, 'index.html'),
      `<!doctype html><html><head><script>${INLINE}</script></head><body></body></html>`,
    );
    t = await startApp(store, {
      SIGN_CLIENT_OPEN: 'on',
      DEVICE_TOKEN_REQUIRED: 'on',
      WEB_DIST: web,
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    client = await new GatewayClient(t).init();
  });
  afterAll(async () => {
    await t.close();
  });

  /** Registers through the client (signed, encrypted, device token); the session answer. */
  async function register(email: string) {
    t.clock.advance(t.config.codeResend_s + 1);
    const sent = await client.post('/v1/msg/verify-code/send', { bizType: 'register', email });
    expect(sent.code).toBe('0');
    const verifyCode = codeIn(outbox(t.dataDir, 'mail.log').at(-1)?.text);
    return client.post<{ token: string; userInfo: { userId: string } }>('/v1/user/register/email', {
      email,
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode,
    });
  }

  it('publishes the signing configuration with a root-signed server key', async () => {
    const config = client.config;
    expect(config.clientOpen).toBe(true);
    expect(config.defaultAlgorithm).toBe('rsa1024');
    expect(config.serverPublicKey).toMatch(/^-----BEGIN PUBLIC KEY-----\n/);
    expect(config.exactUrls).toEqual(
      expect.arrayContaining(['/v1/user/login', '/v1/user/register/email', '/v1/asset/withdraw']),
    );
    expect(config.prefixUrls).toEqual(
      expect.arrayContaining([
        '/v1/spot/order/',
        '/v1/futures/order/',
        '/v1/futures/position/',
        '/v1/futures/plan/',
        '/v1/user/login/verify-login',
      ]),
    );
    expect(Object.values(config.signModes).every((m) => m === 'path_time_traceId_body')).toBe(true);
    const res = await t.app.inject({ method: 'GET', url: '/v1/mix/config/gatewaySignConfig' });
    expect(Number(res.headers['request-time'])).toBe(t.clock.now());
    expect(Number(res.headers.requesttime)).toBe(t.clock.now());
  });

  it('registers and logs in with signed, encrypted calls and binds the key to the user', async () => {
    const made = await register('gw-user@example.com');
    expect(made.code).toBe('0');
    const login = await client.post<{ token: string }>('/v1/user/login', {
      loginName: 'gw-user@example.com',
      pwd: PASSWORD,
    });
    expect(login.code).toBe('0');
    const key = await t.store.repos.gateway.keyById(client.keyId);
    expect(key?.user_id).not.toBeNull();
  });

  it('refuses a replayed signed request without a second session', async () => {
    const request = await client.prepare('/v1/user/login', {
      loginName: 'gw-user@example.com',
      pwd: PASSWORD,
    });
    expect((await client.send(request)).code).toBe('0');
    const sessions = await t.count('sessions');
    const res = await t.app.inject({
      method: 'POST',
      url: request.url,
      payload: request.body,
      headers: { ...request.headers, 'content-type': 'application/json' },
    });
    expect(res.json()).toMatchObject({ code: '00023', status: 'error' });
    expect(res.headers['gw-sign-error']).toBe('00023');
    expect(await t.count('sessions')).toBe(sessions);
  });

  it('refuses a tampered body, a stale time, another key, no signature and another mode', async () => {
    const sessions = await t.count('sessions');
    const body = { loginName: 'gw-user@example.com', pwd: PASSWORD };
    const good = await client.prepare('/v1/user/login', body);
    const other = await client.prepare('/v1/user/login', { ...body, loginName: 'x@example.com' });
    const tampered = await client.send({ ...good, body: other.body });
    expect(tampered.code).toBe('00023');

    const stale = await client.send(
      await client.prepare('/v1/user/login', body, { requestTimeMs: t.clock.now() - 31_000 }),
    );
    expect(stale.code).toBe('00022');

    const fresh = await client.prepare('/v1/user/login', body);
    const stranger = await importSigningPrivateKey(VECTOR_KEYS.other1024.privateKey);
    const forged = await signRequestHeaders({
      privateKey: stranger,
      keyId: client.keyId,
      mode: 'path_time_traceId_body',
      method: 'POST',
      target: fresh.url,
      simulated: false,
      body: fresh.body,
      requestTime: String(t.clock.now()),
      traceId: newTraceId(t.clock.now()),
    });
    expect((await client.send({ ...fresh, headers: { ...fresh.headers, ...forged } })).code).toBe(
      '00023',
    );
    const unknownKey = { ...fresh.headers, 'device-sign-key': 'f'.repeat(32) };
    expect((await client.send({ ...fresh, headers: unknownKey })).code).toBe('00023');

    const bare = Object.fromEntries(
      Object.entries(fresh.headers).filter(([name]) => !name.startsWith('device-sign')),
    );
    const missing = await client.send({ ...fresh, headers: bare });
    expect(missing.code).toBe('00020');
    const mode = await client.send({
      ...fresh,
      headers: { ...fresh.headers, 'device-sign-mode': 'path_time' },
    });
    expect(mode.code).toBe('00021');
    expect(await t.count('sessions')).toBe(sessions);
  });

  it('refuses a login body in plaintext and an unreadable ciphertext', async () => {
    const sessions = await t.count('sessions');
    const plain = await client.send(
      await client.prepare(
        '/v1/user/login',
        { loginName: 'gw-user@example.com', pwd: PASSWORD },
        { encrypt: false },
      ),
    );
    expect(plain.code).toBe('14002');
    const junk = await client.send(
      await client.prepare(
        '/v1/user/login',
        { bodyCiphertext: { v: 1, key: 'AAAA', iv: 'AAAA', data: 'AAAA' } },
        { encrypt: false },
      ),
    );
    expect(junk.code).toBe('14003');
    expect(await t.count('sessions')).toBe(sessions);
  });

  it('refuses each device-token path without a valid token, and accepts one', async () => {
    const calls: Array<[string, Record<string, unknown>]> = [
      ['/v1/user/login', { loginName: 'gw-user@example.com', pwd: PASSWORD }],
      [
        '/v1/user/register/email',
        { email: 'n@example.com', pwd: PASSWORD, rePwd: PASSWORD, verifyCode: '123456' },
      ],
      [
        '/v1/user/register/mobile',
        { mobile: '5550100', areaCode: '1', pwd: PASSWORD, rePwd: PASSWORD, verifyCode: '123456' },
      ],
      ['/v1/msg/verify-code/send', { bizType: 'register', email: 'n@example.com' }],
      ['/v1/asset/withdraw', { coin: 'USDT', chain: 'TRC20', address: 'T', amount: '1' }],
    ];
    const sessions = await t.count('sessions');
    for (const [path, body] of calls) {
      const none = await client.post(path, body, { 'device-token': '' });
      expect(none.code, path).toBe('14001');
      const otherDevice = await client.post(path, body, { terminalcode: 'another-device' });
      expect(otherDevice.code, path).toBe('14001');
    }
    expect(await t.count('sessions')).toBe(sessions);
    expect(await t.count('asset_records')).toBe(0);
    const accepted = await client.post('/v1/user/login', {
      loginName: 'gw-user@example.com',
      pwd: PASSWORD,
    });
    expect(accepted.code).toBe('0');
  });

  it('issues 40-character device tokens that expire', async () => {
    const token = await call<string>(
      t.app,
      'GET',
      `${DEVICE_TOKEN_PATH}?appId=${DEVICE_APP_IDS.production}&deviceId=d1&languageType=0`,
    );
    expect(token.data).toMatch(/^[0-9]{10}[0-9a-f]{30}$/);
    const unknownApp = await call(t.app, 'POST', DEVICE_TOKEN_PATH, {
      appId: 'someone-else',
      deviceId: 'd1',
    });
    expect(unknownApp.code).toBe('14001');
    const late = new GatewayClient(t, 'late-device');
    await late.init();
    t.clock.advance(t.config.deviceTokenTtl_s + 1);
    const expired = await late.post('/v1/msg/verify-code/send', {
      bizType: 'register',
      email: 'late@example.com',
    });
    expect(expired.code).toBe('14001');
  });

  it('refuses a key registration without a valid check signature', async () => {
    const res = await call(t.app, 'POST', '/v1/mix/config/gatewayClientKey', {
      publicKey: VECTOR_KEYS.client1024.publicKey,
      algorithm: 'rsa1024',
      time: String(t.clock.now()),
      checkSign: VECTOR_SERVER_PUBLIC_KEY_SIGN,
    });
    expect(res.code).toBe('14004');
    const wrongSize = await call(t.app, 'POST', '/v1/mix/config/gatewayClientKey', {
      publicKey: VECTOR_KEYS.client2048.publicKey,
      algorithm: 'rsa1024',
      time: String(t.clock.now()),
      checkSign: 'AAAA',
    });
    expect(wrongSize.code).toBe('14004');
  });

  it('a signed order call of a logged-in user is bound to that user', async () => {
    // The earlier device token has expired: a fresh client, as after a reload.
    client = await new GatewayClient(t).init();
    const login = await client.post<{ token: string }>('/v1/user/login', {
      loginName: 'gw-user@example.com',
      pwd: PASSWORD,
    });
    const intruder = await new GatewayClient(t).init();
    const made = await intruderRegister(intruder);
    expect(made.code).toBe('0');
    // The intruder's key belongs to the intruder: it cannot sign for gw-user.
    const order = await intruder.post(
      '/v1/spot/order/cancel-all',
      { symbol: 'BTCUSDT' },
      bearer(login.data.token),
    );
    expect(order.code).toBe('00023');
    // Futures orders are core calls too: without a signature they are refused before anything moves.
    const unsigned = await t.app.inject({
      method: 'POST',
      url: '/v1/futures/order/place?languageType=0',
      headers: { 'content-type': 'application/json', ...bearer(login.data.token) },
      payload: JSON.stringify({
        symbol: 'BTCUSDT_PERP',
        side: 'buy',
        type: 'market',
        quantity: '0.001',
      }),
    });
    expect(unsigned.json<{ code: string }>().code).toBe('00020');
  });

  it('checks the device on withdrawals and API key creation, refusing a missing or wrong check', async () => {
    client = await new GatewayClient(t).init();
    const made = await register('device-check@example.com');
    expect(made.code).toBe('0');
    expect(client.userId).toBe(made.data.userInfo.userId);
    expect(client.config.userCheckDeviceUrl).toEqual([
      '/v1/asset/withdraw',
      '/v1/user/api-keys/create',
    ]);
    const as = bearer(made.data.token);
    const withdrawal = { coin: 'USDT', chain: 'TRC20', address: 'T', amount: '1' };
    const key = { label: 'bot', scopes: ['read'], ips: [], passphrase: 'Bot2026pass' };
    for (const [path, body] of [
      ['/v1/asset/withdraw', withdrawal],
      ['/v1/user/api-keys/create', key],
    ] as const) {
      // With the check the call reaches its route, which answers for itself.
      const checked = await client.post(path, body, as);
      expect(['00020', '00023', '10001'], `${path} ${checked.msg}`).not.toContain(checked.code);
      const missing = await client.send(
        await client.prepare(path, body, { headers: as, deviceCheck: null }),
      );
      expect(missing.code, path).toBe('00020');
      const otherUser = await client.prepare(path, body, {
        headers: as,
        deviceCheck: { userCheckDeviceUserIdHash: '0'.repeat(64) },
      });
      expect((await client.send(otherUser)).code, path).toBe('00023');
      // A signature over another request time (an earlier call's) does not verify.
      const earlier = JSON.parse(
        (await client.prepare(path, body, { requestTimeMs: t.clock.now() - 1000 })).body,
      ) as Record<string, unknown>;
      const replayed = await client.prepare(path, body, {
        headers: as,
        deviceCheck: { userCheckDeviceSign: earlier.userCheckDeviceSign },
      });
      expect((await client.send(replayed)).code, path).toBe('00023');
      const badAlgorithm = await client.prepare(path, body, {
        headers: as,
        deviceCheck: { lastAlgorithm: 'md5' },
      });
      expect((await client.send(badAlgorithm)).code, path).toBe('00023');
    }
    expect(await t.count('asset_records')).toBe(0);
  });

  async function intruderRegister(intruder: GatewayClient) {
    t.clock.advance(t.config.codeResend_s + 1);
    await intruder.post('/v1/msg/verify-code/send', {
      bizType: 'register',
      email: 'i@example.com',
    });
    const verifyCode = codeIn(outbox(t.dataDir, 'mail.log').at(-1)?.text);
    return intruder.post('/v1/user/register/email', {
      email: 'i@example.com',
      pwd: PASSWORD,
      rePwd: PASSWORD,
      verifyCode,
    });
  }

  it('stores security reports and sends a Content-Security-Policy on pages', async () => {
    const report = JSON.stringify({
      'csp-report': { 'document-uri': 'http://localhost/', 'violated-directive': 'script-src' },
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/buried/log/cspSecurity',
      headers: { 'content-type': 'application/csp-report' },
      payload: report,
    });
    expect(res.json()).toMatchObject({ code: '0' });
    const json = await call(t.app, 'POST', '/v1/buried/log/cspSecurity', {
      bizType: 'sign',
      data: { event: 'signInvalid', reason: '00023' },
      timestamp: 1,
      page: '/login',
    });
    expect(json.code).toBe('0');
    expect(await t.store.repos.gateway.countCspReports()).toBe(2);
    const page = await t.app.inject({ method: 'GET', url: '/spot/BTCUSDT' });
    const policy = String(page.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self' 'sha256-");
    expect(policy).toContain('report-uri /v1/buried/log/cspSecurity');
    const api = await t.app.inject({ method: 'GET', url: '/v1/mix/config/gatewaySignConfig' });
    expect(api.headers['content-security-policy']).toBeUndefined();
  });
});
