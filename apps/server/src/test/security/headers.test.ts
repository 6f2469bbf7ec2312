/**
 * Headers and edges: nosniff and a referrer policy on every answer, HSTS over
 * https (a trusted proxy's word included), /metrics and /docs off in
 * production unless asked and behind OPS_TOKEN when one is set, the envelope
 * for a URL that cannot be decoded, and a warning (not an error) for an
 * oversized WebSocket frame.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ERRORS } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startApp, type TestApp } from '../harness';
import { SocketClient } from './socket-client';

interface LogLine {
  level: number;
  msg: string;
}

/** Every log line the app writes, parsed. */
class LogCatcher {
  readonly lines: LogLine[] = [];
  write(line: string): void {
    this.lines.push(JSON.parse(line) as LogLine);
  }
}

const basic = (password: string) => `Basic ${Buffer.from(`ops:${password}`).toString('base64')}`;

describe('security headers and edges', () => {
  let t: TestApp;
  const log = new LogCatcher();

  beforeAll(async () => {
    const web = mkdtempSync(join(tmpdir(), 'quay-web-'));
    writeFileSync(join(web, 'index.html'), '<!doctype html><html><body></body></html>');
    t = await startApp(
      'sqlite',
      { WEB_DIST: web, LOG_LEVEL: 'info', TRUST_PROXY: '127.0.0.1' },
      { config: { logStream: log } },
    );
  });
  afterAll(async () => {
    await t.close();
  });

  it('sends nosniff and a referrer policy on every kind of answer', async () => {
    for (const url of [
      '/v1/public/coins?languageType=0',
      '/v1/no/such/path',
      '/spot/BTCUSDT',
      '/health',
      '/static/probe.png',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('strict-origin-when-cross-origin');
      expect(res.headers['strict-transport-security'], url).toBeUndefined();
    }
  });

  it('sends HSTS when the trusted proxy says the call came over https', async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: '/health',
      remoteAddress: '127.0.0.1',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(res.headers['strict-transport-security']).toMatch(/^max-age=\d{7,}/);
    const untrusted = await t.app.inject({
      method: 'GET',
      url: '/health',
      remoteAddress: '10.9.9.9',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(untrusted.headers['strict-transport-security']).toBeUndefined();
  });

  it('answers a URL that cannot be decoded with the error envelope', async () => {
    for (const url of [
      '/v1/public/announcements/%c0',
      '/v1/public/announcements/%c0?languageType=8',
    ]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(400);
      const body = res.json<Record<string, unknown>>();
      expect(body, url).toMatchObject({
        code: ERRORS.INVALID_PARAMETER.code,
        status: 'error',
        data: null,
      });
      expect(typeof body.msg).toBe('string');
      expect(body).not.toHaveProperty('statusCode');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('logs an oversized WebSocket frame as a warning, not an error', async () => {
    const base = (await t.app.listen({ port: 0, host: '127.0.0.1' })).replace('http', 'ws');
    const socket = await SocketClient.open(`${base}/v1/ws?languageType=0`);
    const closed = new Promise<number>((resolve) => socket.ws.once('close', resolve));
    socket.ws.send('x'.repeat(70 * 1024));
    expect(await closed).toBe(1009);
    const about = log.lines.filter((l) => /websocket/i.test(l.msg));
    expect(about.map((l) => l.level)).toContain(40);
    expect(log.lines.filter((l) => l.level >= 50)).toEqual([]);
  });
});

describe('operator paths', () => {
  const apps: TestApp[] = [];
  afterAll(async () => {
    for (const app of apps) await app.close();
  });
  const start = async (env: Record<string, string>) => {
    const t = await startApp('sqlite', env);
    apps.push(t);
    return t;
  };

  it('are off in production unless switched on', async () => {
    const t = await start({ NODE_ENV: 'production' });
    for (const url of ['/metrics', '/docs/json', '/docs/']) {
      const res = await t.app.inject({ method: 'GET', url });
      expect([res.statusCode, res.json<{ code: string }>().code], url).toEqual([
        404,
        ERRORS.ROUTE_NOT_FOUND.code,
      ]);
    }
    const on = await start({ NODE_ENV: 'production', METRICS: 'on', DOCS: 'on' });
    expect((await on.app.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    expect((await on.app.inject({ method: 'GET', url: '/docs/json' })).statusCode).toBe(200);
  });

  it('ask for OPS_TOKEN when one is set', async () => {
    const t = await start({ OPS_TOKEN: 'ops-secret-1' });
    for (const url of ['/metrics', '/docs/json']) {
      const none = await t.app.inject({ method: 'GET', url });
      expect([none.statusCode, none.json<{ code: string }>().code], url).toEqual([
        401,
        ERRORS.UNAUTHORISED.code,
      ]);
      expect(none.headers['www-authenticate']).toMatch(/^Basic /);
      const wrong = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer ops-secret-2' },
      });
      expect(wrong.statusCode, url).toBe(401);
      const bearer = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: 'Bearer ops-secret-1' },
      });
      expect(bearer.statusCode, url).toBe(200);
      const browser = await t.app.inject({
        method: 'GET',
        url,
        headers: { authorization: basic('ops-secret-1') },
      });
      expect(browser.statusCode, url).toBe(200);
    }
  });
});
