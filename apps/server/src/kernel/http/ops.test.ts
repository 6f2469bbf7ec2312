import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { CURRENCY_OPTIONS, ERRORS, LANGUAGES } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serverMessage } from '../messages';
import { STORES, call, startApp, type TestApp } from '../../test/harness';

describe.each(STORES)('operations on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(
      store,
      {},
      {
        beforeReady(app) {
          app.get('/v1/test/explode', async () => {
            throw new Error('secret detail of the failure');
          });
        },
      },
    );
  });
  afterAll(async () => t.close());

  it('reports health after a real database round trip', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok', db: 'ok' });
  });

  it('reports 503 when the database does not answer', async () => {
    const down = await startApp(store);
    try {
      // Closing the app's own store is what a lost database looks like to it.
      await down.app.services.close();
      const health = await down.app.inject({ method: 'GET', url: '/health' });
      expect(health.statusCode).toBe(503);
      expect(health.json()).toEqual({ status: 'error', db: 'down' });
    } finally {
      await down.close();
    }
  });

  it('exposes Prometheus metrics labelled by route pattern', async () => {
    await t.app.inject({ method: 'GET', url: '/v1/public/time?languageType=0' });
    await t.app.inject({ method: 'GET', url: '/v1/no/such/path/123' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.statusCode).toBe(200);
    expect(metrics.headers['content-type']).toMatch(/text\/plain/);
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/v1\/public\/time",status_code="200"\} 1/,
    );
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
    expect(metrics.body).toContain('process_cpu_user_seconds_total');
    // The raw URL of an unknown path never becomes a label.
    expect(metrics.body).not.toContain('/v1/no/such/path/123');
  });

  it('answers the public calls with schema-shaped data', async () => {
    const time = await call<{ serverTime: number }>(t.app, 'GET', '/v1/public/time?languageType=0');
    expect(time).toMatchObject({
      http: 200,
      code: '0',
      status: 'ok',
      data: { serverTime: t.clock.ms },
    });
    const languages = await call<Array<{ locale: string; languageType: number }>>(
      t.app,
      'GET',
      '/v1/public/languages?languageType=0',
    );
    expect(languages.data.map((l) => l.locale)).toEqual(LANGUAGES.map((l) => l.locale));
    expect(languages.data.find((l) => l.locale === 'ar')).toMatchObject({
      languageType: 39,
      dir: 'rtl',
    });
    const currencies = await call(t.app, 'GET', '/v1/public/currencies?languageType=0');
    expect(currencies.data).toEqual(CURRENCY_OPTIONS);
  });

  it('answers unknown API paths with the 404 envelope in the caller language', async () => {
    for (const [method, url] of [
      ['GET', '/v1/no/such/thing?languageType=2'],
      ['POST', '/v1/nothing?languageType=2'],
      ['GET', '/v1?languageType=2'],
      ['GET', '/v1/?languageType=2'],
      ['DELETE', '/v1/user/login?languageType=2'],
    ] as const) {
      const res = await t.app.inject({ method, url });
      expect(res.statusCode, url).toBe(404);
      expect(res.json(), url).toEqual({
        code: ERRORS.ROUTE_NOT_FOUND.code,
        msg: serverMessage('ROUTE_NOT_FOUND', 'ja'),
        data: null,
        status: 'error',
      });
    }
  });

  it('answers an unexpected failure with code 1 and the generic message, details only in the log', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/test/explode?languageType=0' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      code: ERRORS.ERROR.code,
      msg: serverMessage('ERROR', 'en'),
      data: null,
      status: 'error',
    });
    expect(res.body).not.toContain('secret detail');
  });

  it('publishes the OpenAPI description of the /v1 routes', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json() as { paths: Record<string, unknown> };
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/v1/user/login',
        '/v1/user/register/email',
        '/v1/user/register/mobile',
        '/v1/user/logout',
        '/v1/user/overview/userinfo',
        '/v1/msg/verify-code/send',
        '/v1/public/time',
      ]),
    );
    const ui = await t.app.inject({ method: 'GET', url: '/docs/' });
    expect(ui.statusCode).toBe(200);
    expect(ui.headers['content-type']).toMatch(/text\/html/);
  });
});

describe.each(STORES)('rate limits on %s', (store) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp(store, { RATE_LIMIT_LOGIN_PER_MIN: '3', RATE_LIMIT_CODE_PER_10MIN: '2' });
  });
  afterAll(async () => t.close());

  it('limits logins per address with a 429 envelope in the caller language', async () => {
    const login = (headers: Record<string, string> = {}) =>
      t.app.inject({
        method: 'POST',
        url: '/v1/user/login?languageType=2',
        headers: { 'content-type': 'application/json', ...headers },
        payload: JSON.stringify({ loginName: 'a@example.com', pwd: 'Abcdefg1' }),
      });
    for (let i = 0; i < 3; i += 1) {
      expect((await login()).json()).toMatchObject({ code: ERRORS.LOGIN_FAILED.code });
    }
    // A forged forwarding header does not make a new address while no proxy is trusted.
    const limited = await login({ 'x-forwarded-for': '203.0.113.9' });
    expect(limited.statusCode).toBe(429);
    const seconds = Number(limited.headers['retry-after']);
    expect(seconds).toBeGreaterThan(0);
    expect(seconds).toBeLessThanOrEqual(60);
    expect(limited.json()).toEqual({
      code: ERRORS.TOO_MANY_REQUESTS.code,
      msg: serverMessage('TOO_MANY_REQUESTS', 'ja', { seconds }),
      data: null,
      status: 'error',
    });
    // Other routes are not limited by it.
    const time = await call(t.app, 'GET', '/v1/public/time');
    expect(time.code).toBe('0');
  });

  it('limits code sending per address, and a refused send sends nothing', async () => {
    const sends = [];
    for (let i = 0; i < 3; i += 1) {
      sends.push(
        await call(t.app, 'POST', '/v1/msg/verify-code/send?languageType=0', {
          bizType: 'register',
          email: `r${i}@example.com`,
        }),
      );
    }
    expect(sends.map((s) => s.http)).toEqual([200, 200, 429]);
    expect(sends[2]).toMatchObject({ code: ERRORS.TOO_MANY_REQUESTS.code, status: 'error' });
    expect(await t.count('verify_codes')).toBe(2);
  });
});

describe('behind a trusted proxy', () => {
  it('takes the client address and https from the forwarding headers', async () => {
    const t = await startApp('sqlite', { TRUST_PROXY: 'true', RATE_LIMIT_LOGIN_PER_MIN: '1' });
    try {
      const login = (ip: string) =>
        call(
          t.app,
          'POST',
          '/v1/user/login',
          { loginName: 'a@example.com', pwd: 'Abcdefg1' },
          {
            'x-forwarded-for': ip,
            'x-forwarded-proto': 'https',
          },
        );
      expect((await login('203.0.113.1')).http).toBe(200);
      expect((await login('203.0.113.1')).http).toBe(429);
      expect((await login('203.0.113.2')).http).toBe(200);
      const out = await call(t.app, 'POST', '/v1/user/logout', undefined, {
        'x-forwarded-proto': 'https',
      });
      expect(out.cookie).toMatch(/Secure/);
    } finally {
      await t.close();
    }
  });
});

describe('the web app', () => {
  it('answers every page with index.html, under any language, files as files, and API paths never', async () => {
    const t = await startApp('sqlite');
    const dist = join(t.dataDir, 'web');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quay</title>');
    writeFileSync(join(dist, 'favicon.svg'), '<svg/>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const web = await startApp('sqlite', { WEB_DIST: dist });
    try {
      for (const path of [
        '/',
        '/ja/login',
        '/zh-cn',
        '/ar/register',
        '/pt-BR/spot/BTCUSDT',
        '/en/announcement/',
        '/en/help/deposits/',
        '/terms',
      ]) {
        const res = await web.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(200);
        expect(res.headers['content-type'], path).toMatch(/text\/html/);
        expect(res.body, path).toContain('<title>Quay</title>');
        expect(res.headers['cache-control'], path).toBe('no-cache');
      }
      // Any other path is the app's not-found page, with the status a crawler or a script reads.
      for (const path of [
        '/earn/usdt-flexible/x',
        '/copy-trading/x',
        '/p2p/unknown',
        '/vip/other',
        '/en/detail',
        '/v1x',
        '/en/anything/deep',
        '/xx/login',
      ]) {
        const res = await web.app.inject({ method: 'GET', url: `${path}?from=test` });
        expect(res.statusCode, path).toBe(404);
        expect(res.headers['content-type'], path).toMatch(/text\/html/);
        expect(res.body, path).toContain('<title>Quay</title>');
      }
      for (const path of ['/does-not-exist.png', '/en/robots.txt', '/spot/app.js']) {
        const res = await web.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(404);
        expect(res.body, path).not.toContain('<title>');
      }
      const asset = await web.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.statusCode).toBe(200);
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      const icon = await web.app.inject({ method: 'GET', url: '/favicon.svg' });
      expect(icon.body).toBe('<svg/>');
      expect(icon.headers['cache-control']).toBe('no-cache');
      const stale = await web.app.inject({ method: 'GET', url: '/assets/app-old999.js' });
      expect(stale.statusCode).toBe(404);
      expect(stale.body).not.toContain('<title>');
      // /static is the server's own, even beside a built web app.
      const coin = await web.app.inject({ method: 'GET', url: '/static/coins/btc.svg' });
      expect(coin.statusCode).toBe(200);
      expect(coin.headers['content-type']).toMatch(/^image\/svg\+xml/);
      expect(coin.headers['cache-control']).toBe('public, max-age=86400');
      for (const path of ['/static/coins/doge.svg', '/static', '/static/', '/static/banners/']) {
        const missing = await web.app.inject({ method: 'GET', url: path });
        expect(missing.statusCode, path).toBe(404);
        expect(missing.body, path).not.toContain('<title>');
      }
      for (const path of ['/v1/missing', '/v1', '/health/x', '/metrics/x']) {
        const api = await web.app.inject({ method: 'GET', url: path });
        expect(api.statusCode, path).toBe(404);
        expect(api.json(), path).toMatchObject({
          code: ERRORS.ROUTE_NOT_FOUND.code,
          status: 'error',
        });
      }
      expect((await web.app.inject({ method: 'GET', url: '/health' })).json()).toEqual({
        status: 'ok',
        db: 'ok',
      });
    } finally {
      await web.close();
      await t.close();
    }
  });

  it("sends a built file's .br or .gz twin to a browser that accepts it, the file itself to one that does not", async () => {
    const t = await startApp('sqlite');
    const dist = join(t.dataDir, 'web');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    const script = `console.log(${JSON.stringify('x'.repeat(4096))})`;
    const page = '<!doctype html><title>Quay</title>';
    writeFileSync(join(dist, 'index.html'), page);
    writeFileSync(join(dist, 'index.html.br'), brotliCompressSync(page));
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), script);
    writeFileSync(join(dist, 'assets', 'app-abc123.js.br'), brotliCompressSync(script));
    writeFileSync(join(dist, 'assets', 'app-abc123.js.gz'), gzipSync(script));
    const web = await startApp('sqlite', { WEB_DIST: dist });
    try {
      const url = '/assets/app-abc123.js';
      const br = await web.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip, deflate, br' },
      });
      expect(br.statusCode).toBe(200);
      expect(br.headers['content-encoding']).toBe('br');
      expect(br.headers['content-type']).toMatch(/javascript/);
      expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
      const gz = await web.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': 'gzip' },
      });
      expect(gz.headers['content-encoding']).toBe('gzip');
      expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
      const plain = await web.app.inject({
        method: 'GET',
        url,
        headers: { 'accept-encoding': '' },
      });
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.body).toBe(script);
      // A page path is index.html, compressed the same way.
      const spot = await web.app.inject({
        method: 'GET',
        url: '/spot/BTCUSDT',
        headers: { 'accept-encoding': 'br' },
      });
      expect(spot.statusCode).toBe(200);
      expect(spot.headers['content-encoding']).toBe('br');
      expect(brotliDecompressSync(spot.rawPayload).toString()).toBe(page);
    } finally {
      await web.close();
      await t.close();
    }
  });

  it('says how to build the web app when there is none', async () => {
    const t = await startApp('sqlite');
    try {
      const res = await t.app.inject({ method: 'GET', url: '/' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toMatch(/text\/plain/);
      expect(res.body).toContain('npm run build');
    } finally {
      await t.close();
    }
  });
});
