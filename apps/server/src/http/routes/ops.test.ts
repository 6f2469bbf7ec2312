import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS, serverMessage } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { call, startApp, type TestApp } from '../../test/harness';

describe('operations, the web app and the socket', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startApp('sqlite', { RATE_LIMIT_LOGIN_PER_MIN: '3', RATE_LIMIT_CODE_PER_10MIN: '2' });
  });
  afterAll(async () => t.close());

  it('reports health after a real database round trip, and Prometheus metrics', async () => {
    const health = await t.app.inject({ method: 'GET', url: '/health' });
    expect(health.json()).toEqual({ status: 'ok', db: 'ok' });
    await t.app.inject({ method: 'GET', url: '/v1/public/time' });
    const metrics = await t.app.inject({ method: 'GET', url: '/metrics' });
    expect(metrics.headers['content-type']).toMatch(/text\/plain/);
    expect(metrics.body).toMatch(
      /http_requests_total\{method="GET",route="\/v1\/public\/time",status_code="200"\} 1/,
    );
    expect(metrics.body).toContain('http_request_duration_seconds_bucket');
  });

  it('answers unknown API paths with the 404 envelope', async () => {
    const res = await call(t.app, 'GET', '/v1/no/such/thing?languageType=0');
    expect(res).toMatchObject({ http: 404, code: ERRORS.ROUTE_NOT_FOUND.code, status: 'error' });
    const post = await call(t.app, 'POST', '/v1/nothing', {});
    expect(post.http).toBe(404);
  });

  it('rate-limits logins and code sending per address with a translated 429', async () => {
    const codes: string[] = [];
    for (let i = 0; i < 4; i += 1) {
      const r = await call(t.app, 'POST', '/v1/user/login?languageType=0', {
        loginName: 'a@example.com',
        pwd: 'Abcdefg1',
      });
      codes.push(r.code);
    }
    expect(codes.slice(0, 3)).toEqual(Array(3).fill(ERRORS.LOGIN_FAILED.code));
    const limited = await t.app.inject({
      method: 'POST',
      url: '/v1/user/login?languageType=0',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ loginName: 'a@example.com', pwd: 'Abcdefg1' }),
    });
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toMatchObject({ code: ERRORS.TOO_MANY_REQUESTS.code, status: 'error' });
    expect(limited.headers['retry-after']).toBeDefined();

    const sends = [];
    for (let i = 0; i < 3; i += 1) {
      sends.push(
        await call(t.app, 'POST', '/v1/msg/verify-code/send', {
          bizType: 'register',
          email: `r${i}@example.com`,
        }),
      );
    }
    expect(sends.map((s) => s.http)).toEqual([200, 200, 429]);
    expect(sends[2]?.msg).toMatch(/\d+/);
  });

  it('answers every language path with the web app, and files as files', async () => {
    const dist = join(t.dataDir, 'web');
    mkdirSync(join(dist, 'assets'), { recursive: true });
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>Quay</title>');
    writeFileSync(join(dist, 'assets', 'app-abc123.js'), 'console.log(1)');
    const app = await startApp('sqlite', { WEB_DIST: dist });
    try {
      for (const path of ['/', '/ja/login', '/zh-cn', '/ar/register', '/en/anything/deep']) {
        const res = await app.app.inject({ method: 'GET', url: path });
        expect(res.statusCode, path).toBe(200);
        expect(res.body, path).toContain('<title>Quay</title>');
        expect(res.headers['cache-control']).toBe('no-cache');
      }
      const asset = await app.app.inject({ method: 'GET', url: '/assets/app-abc123.js' });
      expect(asset.body).toBe('console.log(1)');
      expect(asset.headers['cache-control']).toContain('immutable');
      const api = await app.app.inject({ method: 'GET', url: '/v1/missing' });
      expect(api.statusCode).toBe(404);
      expect(api.json()).toMatchObject({ code: ERRORS.ROUTE_NOT_FOUND.code });
    } finally {
      await app.close();
    }
  });

  it('speaks JSON over /v1/ws: ping, auth and subscribe', async () => {
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const ws = new WebSocket(`${address.replace('http', 'ws')}/v1/ws?languageType=0`);
    const inbox: Array<Record<string, unknown>> = [];
    const next = () =>
      new Promise<Record<string, unknown>>((ok) => {
        const take = () => (inbox.length > 0 ? ok(inbox.shift() ?? {}) : setTimeout(take, 5));
        take();
      });
    ws.on('message', (raw: Buffer) =>
      inbox.push(JSON.parse(raw.toString()) as Record<string, unknown>),
    );
    await new Promise((ok) => ws.once('open', ok));
    ws.send(JSON.stringify({ op: 'ping' }));
    expect(await next()).toMatchObject({ op: 'pong' });
    ws.send('not json');
    expect(await next()).toMatchObject({ op: 'error', code: ERRORS.BODY_MALFORMED.code });
    ws.send(JSON.stringify({ op: 'auth', token: 'abcdefghijklmnopqrstuvwxyz' }));
    expect(await next()).toMatchObject({
      op: 'auth',
      code: ERRORS.LOGIN_REQUIRED.code,
      msg: serverMessage('LOGIN_REQUIRED', 'en'),
    });
    t.app.channels.register('demo.time', (send) => {
      send({ channel: 'demo.time', data: 'first' });
      return () => undefined;
    });
    ws.send(JSON.stringify({ op: 'subscribe', args: ['demo.time', 'nope'] }));
    expect(await next()).toMatchObject({ channel: 'demo.time', data: 'first' });
    expect(await next()).toMatchObject({ op: 'subscribe', channel: 'demo.time', code: '0' });
    expect(await next()).toMatchObject({
      op: 'error',
      channel: 'nope',
      code: ERRORS.FIELD_FORMAT.code,
    });
    ws.close();
  });
});
