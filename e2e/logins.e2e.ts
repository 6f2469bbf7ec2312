/**
 * Passkeys and QR login in the real browser against the real server. The
 * page runs on http://localhost (a secure context whose host is a valid
 * relying-party id). At 1440 and 375 px: a user registers a passkey in the
 * settings with Chromium's virtual authenticator (DevTools protocol), logs
 * out and logs in with it; a logged-out browser shows a QR code that a
 * second, logged-in browser context opens and approves, and the first is
 * logged in. Then the new screens in Arabic, dark and light.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  getAs,
  newPage,
  postAs,
  registerByApi,
  startStack,
  type Stack,
} from './harness';

interface Passkey {
  id: string;
  name: string;
  lastUsedAt: number | null;
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

/** The signed-in user as the page's own session sees it, or null. */
const pageUser = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/v1/user/overview/userinfo?languageType=0');
    const body = (await res.json()) as { code: string; data: { userId: string } | null };
    return body.code === '0' ? (body.data?.userId ?? null) : null;
  });

describe('passkeys and QR login', () => {
  let stack: Stack;
  let base = '';
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'off' });
    base = stack.server.baseUrl.replace('127.0.0.1', 'localhost');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  async function open(
    width: number,
    token: string | null,
    theme: 'dark' | 'light' = 'dark',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const opened = await newPage(stack.browser, base, { width, height: width < 768 ? 812 : 900 });
    await opened.context.addCookies([
      { name: 'theme', value: theme, url: base },
      ...(token ? [{ name: 'quay_session', value: token, url: base }] : []),
    ]);
    return opened;
  }

  const userIdOf = async (token: string) =>
    (await getAs<{ userId: string }>(stack, token, '/v1/user/overview/userinfo')).userId;

  for (const width of [1440, 375]) {
    it(`registers a passkey in the settings and logs in with it at ${width} px`, async () => {
      const token = await registerByApi(stack, `passkey-${width}-${Date.now()}@example.com`);
      const { context, page } = await open(width, token);
      const cdp = await context.newCDPSession(page);
      await cdp.send('WebAuthn.enable');
      await cdp.send('WebAuthn.addVirtualAuthenticator', {
        options: {
          protocol: 'ctap2',
          transport: 'internal',
          hasResidentKey: true,
          hasUserVerification: true,
          isUserVerified: true,
          automaticPresenceSimulation: true,
        },
      });

      await page.goto('/account/setting');
      await page.getByTestId('settings-passkeys-link').click();
      await page.getByTestId('passkeys-page').waitFor();
      await page.getByTestId('passkey-name').fill('Test laptop');
      await page.getByTestId('passkey-add').click();
      await page.getByTestId('passkey-row').first().waitFor();
      expect(await page.getByTestId('passkey-row').first().textContent()).toContain('Test laptop');
      const listed = await getAs<Passkey[]>(stack, token, '/v1/user/fido2/list');
      expect(listed).toMatchObject([{ name: 'Test laptop', lastUsedAt: null }]);
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `passkeys-settings-${width}.png`) });

      // Logged out (the cookie gone), the same authenticator logs in with no name or password.
      await context.clearCookies();
      await context.addCookies([{ name: 'theme', value: 'dark', url: base }]);
      await page.goto('/login');
      await page.getByTestId('login-passkey').click();
      await page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await expect.poll(() => pageUser(page)).toBe(await userIdOf(token));
      const used = await getAs<Passkey[]>(stack, token, '/v1/user/fido2/list');
      expect(used[0]?.lastUsedAt).toBeGreaterThan(0);
      await context.close();
    }, 120_000);

    it(`logs a browser in with a QR code approved from another at ${width} px`, async () => {
      const token = await registerByApi(stack, `qr-${width}-${Date.now()}@example.com`);
      const asker = await open(width, null, 'light');
      await asker.page.goto('/login');
      await asker.page.getByTestId('login-tab-qr').click();
      await asker.page.getByTestId('qr-login-image').waitFor();
      expect(await asker.page.getByTestId('qr-login-image').getAttribute('src')).toMatch(
        /^data:image\/png/,
      );
      const link = await asker.page.getByTestId('qr-login-link').getAttribute('href');
      expect(link).toMatch(/\/account\/qr-login\?qrcodeKey=[A-Za-z0-9_-]+$/);
      expect(await sideways(asker.page)).toBeLessThanOrEqual(0);
      await asker.page.screenshot({ path: join(SCREENSHOT_DIR, `qr-login-${width}-light.png`) });

      const approver = await open(width, token);
      await approver.page.goto(new URL(link!).pathname + new URL(link!).search);
      await approver.page.getByTestId('qr-approve-confirm').waitFor();
      expect(await approver.page.getByTestId('qr-approve-device').textContent()).toContain(
        'Chrome',
      );
      await expect
        .poll(() => asker.page.getByTestId('qr-login').getAttribute('data-status'))
        .toBe('scanned');
      await approver.page.screenshot({ path: join(SCREENSHOT_DIR, `qr-approve-${width}.png`) });
      await approver.page.getByTestId('qr-approve-confirm').click();
      await approver.page.locator('[data-stage="approved"]').waitFor();

      await asker.page.waitForURL((url) => !url.pathname.endsWith('/login'));
      await expect.poll(() => pageUser(asker.page)).toBe(await userIdOf(token));
      // The link again: the key is spent.
      await approver.page.goto(new URL(link!).pathname + new URL(link!).search);
      await approver.page.getByTestId('qr-approve-error').waitFor();
      await asker.context.close();
      await approver.context.close();
    }, 120_000);
  }

  it('shows the new screens right to left in Arabic, dark and light, at 375 and 1440 px', async () => {
    const token = await registerByApi(stack, `logins-ar-${Date.now()}@example.com`);
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        const guest = await open(width, null, theme);
        await guest.page.goto('/ar/login');
        await guest.page.getByTestId('login-tab-qr').click();
        await guest.page.getByTestId('qr-login-image').waitFor();
        expect(await guest.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await guest.page.getByTestId('login-passkey').textContent()).toContain(
          'تسجيل الدخول بمفتاح مرور',
        );
        expect(await sideways(guest.page)).toBeLessThanOrEqual(0);
        await guest.page.screenshot({
          path: join(SCREENSHOT_DIR, `logins-login-qr-${width}-${theme}-ar.png`),
        });
        await guest.context.close();

        const user = await open(width, token, theme);
        await user.page.goto('/ar/account/setting/passkeys');
        await user.page.getByTestId('passkeys-page').waitFor();
        await user.page.getByTestId('passkey-list').waitFor();
        expect(await user.page.locator('h1').first().textContent()).toBe('مفاتيح المرور');
        expect(await sideways(user.page)).toBeLessThanOrEqual(0);
        await user.page.screenshot({
          path: join(SCREENSHOT_DIR, `logins-passkeys-${width}-${theme}-ar.png`),
        });
        const key = await postAs<{ qrcodeKey: string }>(stack, '/v1/user/public/qrcode/create', {});
        await user.page.goto(`/ar/account/qr-login?qrcodeKey=${key.data.qrcodeKey}`);
        await user.page.getByTestId('qr-approve-confirm').waitFor();
        expect(await sideways(user.page)).toBeLessThanOrEqual(0);
        await user.page.screenshot({
          path: join(SCREENSHOT_DIR, `logins-qr-approve-${width}-${theme}-ar.png`),
        });
        await user.context.close();
      }
    }
  }, 180_000);
});
