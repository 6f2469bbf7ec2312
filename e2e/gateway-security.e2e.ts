/**
 * Gateway security in the browser, server defaults (signing and device tokens
 * on): the core protocol vectors run in Chromium's Web Crypto; a new user
 * registers and logs in through the UI with no plaintext password on the wire
 * and valid signatures on every core call; the device token refreshes on a
 * shortened schedule and pauses while the page is hidden; a server key the
 * root key does not vouch for makes the client refuse to sign.
 */
import { fileURLToPath } from 'node:url';
import {
  CLIENT_KEY_REGISTER_PATH,
  DEVICE_TOKEN_PATH,
  GATEWAY_SIGN_CONFIG_PATH,
  SIGN_HEADERS,
  bodyMd5,
  canonicalSignString,
  clientKeyId,
  signedPathOf,
  isSignMode,
  signModeFor,
  verifyText,
  type GatewaySignConfig,
} from '@quay/core';
import { VECTOR_KEYS } from '@quay/core/gateway-vectors';
import { build } from 'esbuild';
import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, startStack, type MailCatcher, type ServerHandle, type Stack } from './harness';

const PASSWORD = 'Quay2026Secret!x';
/** The local-storage setting that shortens the device-token refresh period. */
const REFRESH_SETTING = 'quay.v1.deviceTokenRefresh_s';

let stack: Stack;
let mail: MailCatcher;
let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ SIGN_CLIENT_OPEN: 'on', DEVICE_TOKEN_REQUIRED: 'on' });
  ({ mail, server, browser } = stack);
});

afterAll(async () => stack?.stop());

interface Sent {
  method: string;
  path: string;
  /** Path and query string, as sent. */
  target: string;
  headers: Record<string, string>;
  body: string;
}

/** Every call the page makes to the API, as it went on the wire. */
function capture(page: Page): Sent[] {
  const sent: Sent[] = [];
  page.on('request', (request: Request) => {
    const url = new URL(request.url());
    if (!url.pathname.startsWith('/v1/')) return;
    sent.push({
      method: request.method(),
      path: url.pathname,
      target: `${url.pathname}${url.search}`,
      headers: request.headers(),
      body: request.postData() ?? '',
    });
  });
  return sent;
}

async function signConfig(): Promise<GatewaySignConfig> {
  const res = await fetch(`${server.baseUrl}${GATEWAY_SIGN_CONFIG_PATH}?languageType=0`);
  const body = (await res.json()) as { data: { gatewaySignConfig: GatewaySignConfig } };
  return body.data.gatewaySignConfig;
}

describe('the protocol vectors in Chromium', () => {
  it('gives the results the server gets in Node', async () => {
    // The core module compiled for the browser, run in a page of the app (a secure context).
    const bundle = await build({
      entryPoints: [
        fileURLToPath(new URL('../packages/core/src/gateway-vectors.ts', import.meta.url)),
      ],
      bundle: true,
      format: 'iife',
      globalName: 'gatewayVectors',
      platform: 'browser',
      write: false,
    });
    const code = bundle.outputFiles[0]!.text;
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/');
    expect(await page.evaluate(() => window.isSecureContext)).toBe(true);
    const results = (await page.evaluate(
      `(async () => { ${code}; return gatewayVectors.checkGatewayVectors(); })()`,
    )) as Array<{ name: string; ok: boolean; detail?: string }>;
    expect(results.length).toBeGreaterThan(20);
    expect(results.filter((r) => !r.ok)).toEqual([]);
    await context.close();
  });
});

describe('register and log in with signing on', () => {
  it('sends no plaintext password and signs every core call validly', async () => {
    const config = await signConfig();
    expect(config.clientOpen).toBe(true);
    const { context, page } = await newPage(browser, server.baseUrl);
    const sent = capture(page);
    const email = `signed${Date.now()}@example.com`;

    await page.goto('/register');
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-code').fill(await mail.codeFor(email));
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-repassword').fill(PASSWORD);
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await page.getByTestId('account-menu').waitFor();

    // Log out, then log in through the login page.
    await context.clearCookies({ name: 'quay_session' });
    await page.goto('/login');
    await page.getByTestId('login-name').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-menu').waitFor();

    // Nothing on the wire holds the password in the clear.
    const withBody = sent.filter((s) => s.body !== '');
    expect(withBody.length).toBeGreaterThan(0);
    for (const s of sent) {
      expect(s.body).not.toContain(PASSWORD);
      expect(s.path).not.toContain(encodeURIComponent(PASSWORD));
    }
    const login = sent.find((s) => s.path === '/v1/user/login' && s.method === 'POST');
    const register = sent.find((s) => s.path === '/v1/user/register/email');
    for (const call of [login, register]) {
      expect(call).toBeDefined();
      const body = JSON.parse(call!.body) as Record<string, unknown>;
      expect(body.bodyCiphertext).toMatchObject({ v: 1 });
      expect(body.pwd).toBeUndefined();
      // The device token travels on the device-token paths.
      expect(call!.headers['device-token']).toMatch(/^[0-9]{10}[0-9a-f]{30}$/);
    }

    // The registered key(s): every core call is signed by one of them, validly.
    const keys = new Map<string, string>();
    for (const s of sent.filter((c) => c.path === CLIENT_KEY_REGISTER_PATH)) {
      const publicKey = (JSON.parse(s.body) as { publicKey: string }).publicKey;
      keys.set(await clientKeyId(publicKey), publicKey);
    }
    expect(keys.size).toBeGreaterThan(0);
    const core = sent.filter((s) => s.method === 'POST' && signModeFor(config, s.path) !== null);
    expect(core.map((c) => c.path)).toEqual(
      expect.arrayContaining(['/v1/user/register/email', '/v1/user/login']),
    );
    for (const call of core) {
      const h = call.headers;
      const mode = h[SIGN_HEADERS.mode];
      expect(isSignMode(mode) && mode).toBe(signModeFor(config, call.path));
      expect(h[SIGN_HEADERS.dataMd5]).toBe(bodyMd5(call.body));
      const publicKey = keys.get(h[SIGN_HEADERS.key] ?? '');
      expect(publicKey).toBeDefined();
      const canonical = canonicalSignString({
        mode: mode as 'path_time_traceId_body',
        path: signedPathOf({
          method: call.method,
          target: call.target,
          simulated: h['x-simulated'] === '1',
        }),
        requestTime: h[SIGN_HEADERS.requestTime] ?? '',
        traceId: h[SIGN_HEADERS.traceId],
        dataMd5: bodyMd5(call.body),
      });
      expect(await verifyText(publicKey!, canonical, h[SIGN_HEADERS.sign] ?? '')).toBe(true);
    }
    await context.close();
  });
});

describe('the device token', () => {
  it('is not asked for, nor the device fingerprinted, while a visitor only reads market pages', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const paths: string[] = [];
    page.on('request', (request) => paths.push(new URL(request.url()).pathname));
    await page.goto('/');
    await page.getByTestId('home-hero-signup').waitFor();
    await page.goto('/spot/BTCUSDT');
    await page.locator('#spot-order-form').waitFor();
    await page.waitForLoadState('networkidle');
    expect(paths).not.toContain(DEVICE_TOKEN_PATH);
    expect(paths.filter((p) => /\/fp\.esm-/.test(p))).toEqual([]);
    expect(await page.evaluate(() => localStorage.getItem('quay.v1.terminalCode'))).toBeNull();

    // Opening the login form starts it: the token is there before the visitor submits.
    await page.goto('/login');
    await expect
      .poll(async () => (await context.cookies()).find((c) => c.name === 'device_token')?.value)
      .toMatch(/^[0-9]{10}[0-9a-f]{30}$/);
    expect(paths).toContain(DEVICE_TOKEN_PATH);
    await context.close();
  });

  it('refreshes on its schedule and pauses while the page is hidden', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.addInitScript((key) => localStorage.setItem(key, '2'), REFRESH_SETTING);
    // The page's clock runs as usual until the test moves it on.
    await page.clock.install();
    const fetches: number[] = [];
    let markers = 0;
    page.on('request', (request) => {
      const path = new URL(request.url()).pathname;
      if (path === DEVICE_TOKEN_PATH) fetches.push(Date.now());
      if (path === '/health') markers += 1;
    });
    /** A request of the page's own after everything it has already sent: the events come in order. */
    const roundTrip = async () => {
      const seen = markers;
      await page.evaluate(() => fetch('/health').then(() => undefined));
      await expect.poll(() => markers).toBe(seen + 1);
    };
    // A visitor's login form starts the device identity.
    await page.goto('/login');
    await expect.poll(() => fetches.length, { timeout: 10_000 }).toBeGreaterThanOrEqual(3);
    const cookie = (await context.cookies()).find((c) => c.name === 'device_token');
    expect(cookie?.value).toMatch(/^[0-9]{10}[0-9a-f]{30}$/);
    // Kept 7 days.
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(6.9 * 24 * 3600 * 1000);

    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await roundTrip();
    const whileHidden = fetches.length;
    // Ten seconds (five refresh periods) pass while hidden: no fetch.
    await page.clock.runFor(10_000);
    await roundTrip();
    expect(fetches.length).toBe(whileHidden);

    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'visible', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => fetches.length, { timeout: 5000 }).toBeGreaterThan(whileHidden);
    await context.close();
  });
});

describe('a forged serverPublicKeySign', () => {
  it('makes the client refuse to sign or encrypt, so the login is never sent', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    // A hostile network swaps in its own server key and keeps the real signature.
    await page.route(`**${GATEWAY_SIGN_CONFIG_PATH}*`, async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: { gatewaySignConfig: GatewaySignConfig } };
      body.data.gatewaySignConfig.serverPublicKey = VECTOR_KEYS.server.publicKey;
      await route.fulfill({ response, json: body });
    });
    const sent = capture(page);
    await page.goto('/login');
    await page.getByTestId('login-name').fill(`nobody${Date.now()}@example.com`);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.locator('body').innerText())
      .toContain('A secure connection to the server could not be set up');
    expect(sent.some((s) => s.path === GATEWAY_SIGN_CONFIG_PATH)).toBe(true);
    expect(sent.filter((s) => s.path === '/v1/user/login')).toEqual([]);
    expect(sent.filter((s) => s.path === CLIENT_KEY_REGISTER_PATH)).toEqual([]);
    expect(sent.filter((s) => s.headers[SIGN_HEADERS.sign])).toEqual([]);
    for (const s of sent) expect(s.body).not.toContain(PASSWORD);
    // The refusal is reported.
    await expect
      .poll(() =>
        sent.some(
          (s) =>
            s.path === '/v1/buried/log/cspSecurity' && s.body.includes('serverPublicKeyRefused'),
        ),
      )
      .toBe(true);
    await context.close();
  });
});
