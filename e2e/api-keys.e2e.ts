/**
 * API keys in the browser: a user with Google Authenticator creates a key on
 * /account/newapi at 1440 and 375 px, sees its secret once (copy buttons, a
 * warning), never again in the list or after a reload, and the key signs a
 * real request to the public API, which (with a refused one) its log lists.
 */
import { createHmac } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  newPage,
  postAs,
  registerByApi,
  settled,
  startStack,
  type ServerHandle,
  type Stack,
} from './harness';

let stack: Stack;
let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  ({ server, browser } = stack);
});

afterAll(async () => stack?.stop());

const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });

async function noSidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/** A new account with Google Authenticator bound; its session token and authenticator key. */
async function userWithAuthenticator(email: string): Promise<{ token: string; secret: string }> {
  const token = await registerByApi(stack, email);
  const setup = await postAs<{ secret: string }>(
    stack,
    '/v1/user/security/google/setup',
    {},
    token,
  );
  const on = await postAs(
    stack,
    '/v1/user/security/modify',
    { factor: 'google', enable: true, newGoogleCode: await totp(setup.data.secret) },
    token,
  );
  if (on.code !== '0') throw new Error(`authenticator not bound: ${on.msg}`);
  return { token, secret: setup.data.secret };
}

/** A signed public API call as a bot makes it (Bitget v2 headers). */
async function publicAssets(key: { apiKey: string; secret: string; passphrase: string }) {
  const path = '/api/v2/spot/account/assets';
  const timestamp = String(Date.now());
  const sign = createHmac('sha256', key.secret).update(`${timestamp}GET${path}`).digest('base64');
  const res = await fetch(`${server.baseUrl}${path}`, {
    headers: {
      'ACCESS-KEY': key.apiKey,
      'ACCESS-SIGN': sign,
      'ACCESS-TIMESTAMP': timestamp,
      'ACCESS-PASSPHRASE': key.passphrase,
    },
  });
  return (await res.json()) as { code: string; msg: string };
}

describe('API keys page', () => {
  for (const width of [1440, 375]) {
    it(`creates a key at ${width} px and shows its secret once`, async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const email = `keys${width}-${Date.now()}@example.com`;
      const user = await userWithAuthenticator(email);
      const { context, page } = await newPage(browser, server.baseUrl, { width, height: 900 });
      await context.addCookies([{ name: 'quay_session', value: user.token, url: server.baseUrl }]);
      await page.goto('/account/newapi');
      await page.getByTestId('api-keys-page').waitFor();
      await expect.poll(() => page.getByTestId('api-key-count').textContent()).toContain('0');

      await page.getByTestId('api-key-create').click();
      await page.getByTestId('api-key-label').fill('Grid bot');
      await page.getByTestId('api-key-scope-trade').click();
      await page.getByTestId('api-key-ips').fill('127.0.0.1\n::1');
      await page.getByTestId('api-key-passphrase').fill('Bot2026pass');
      // The step after the one that bound the authenticator (each step counts once).
      await page.getByTestId('api-key-code-google').fill(await totp(user.secret, 1));
      await page.screenshot({ path: join(SCREENSHOT_DIR, `api-key-create-${width}.png`) });
      await page.getByTestId('api-key-submit').click();

      const secretText = page.getByTestId('api-key-secret');
      await secretText.waitFor();
      const secret = (await secretText.textContent())?.trim() ?? '';
      const apiKey = (await page.getByTestId('api-key-created-key').textContent())?.trim() ?? '';
      expect(secret).toMatch(/^[0-9a-f]{64}$/);
      expect(apiKey).toMatch(/^bg_[0-9a-f]{32}$/);
      const panel = page.getByTestId('api-key-secret-panel');
      await expect.poll(() => panel.locator('.ant-alert-warning').isVisible()).toBe(true);
      expect(await panel.locator('.ant-typography-copy').count()).toBe(2);
      expect(await noSidewaysScroll(page), `secret ${width}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `api-key-secret-${width}.png`) });

      await page.getByTestId('api-key-secret-done').click();
      await page.getByTestId('api-key-dialog').waitFor({ state: 'detached' });
      const card = page.getByTestId(`api-key-${apiKey}`);
      await card.waitFor();
      expect(await card.textContent()).toContain('Grid bot');
      expect(await page.content()).not.toContain(secret);
      expect(await noSidewaysScroll(page), `list ${width}`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `api-key-list-${width}.png`),
        fullPage: true,
      });

      // Gone for good: a reload shows the key, never its secret.
      await page.reload();
      await card.waitFor();
      expect(await page.content()).not.toContain(secret);

      // The key works for a program that holds it.
      const answer = await publicAssets({ apiKey, secret, passphrase: 'Bot2026pass' });
      expect(answer.code, answer.msg).toBe('00000');
      const wrong = await publicAssets({ apiKey, secret, passphrase: 'NotThePass1' });
      expect(wrong.code).toBe('40012');

      // Both calls are in the key's log, newest first.
      await card.getByTestId('api-key-log-open').click();
      const log = page.getByTestId('api-key-log');
      await expect.poll(() => log.textContent()).toContain('40012');
      const text = (await log.textContent()) ?? '';
      expect(text).toContain('/api/v2/spot/account/assets');
      expect(text.indexOf('40012')).toBeLessThan(text.indexOf('00000'));
      await settled(page);
      expect(await noSidewaysScroll(page), `log ${width}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `api-key-log-${width}.png`) });
      await context.close();
    }, 120_000);
  }

  it('reads right to left in Arabic, dark and light, at 375 and 1440 px', async () => {
    const user = await userWithAuthenticator(`keys-ar-${Date.now()}@example.com`);
    const made = await postAs(
      stack,
      '/v1/user/api-keys/create',
      {
        label: 'روبوت',
        scopes: ['read', 'trade'],
        ips: ['203.0.113.0/24'],
        passphrase: 'Bot2026pass',
        googleCode: await totp(user.secret, 1),
      },
      user.token,
    );
    expect(made.code, made.msg).toBe('0');
    // A call from outside the key's allow-list: refused, and logged for its owner.
    const key = made.data as { key: { apiKey: string }; secret: string };
    const refused = await publicAssets({
      apiKey: key.key.apiKey,
      secret: key.secret,
      passphrase: 'Bot2026pass',
    });
    expect(refused.code).toBe('40018');
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        const { context, page } = await newPage(browser, server.baseUrl, { width, height: 900 });
        await context.addCookies([
          { name: 'theme', value: theme, url: server.baseUrl },
          { name: 'quay_session', value: user.token, url: server.baseUrl },
        ]);
        await page.goto('/ar/account/newapi');
        await page.getByTestId('api-keys-page').waitFor();
        await page.locator('.api-key-card').waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `api-key-list-${width}-${theme}-ar.png`),
        });
        await page.getByTestId('api-key-edit').click();
        await page.getByTestId('api-key-label').waitFor();
        await settled(page);
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `api-key-edit-${width}-${theme}-ar.png`),
        });
        await page.keyboard.press('Escape');
        await page.getByTestId('api-key-dialog').waitFor({ state: 'detached' });
        await page.getByTestId('api-key-log-open').click();
        await expect.poll(() => page.getByTestId('api-key-log').textContent()).toContain('40018');
        await settled(page);
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `api-key-log-${width}-${theme}-ar.png`),
        });
        await context.close();
      }
    }
  }, 120_000);
});
