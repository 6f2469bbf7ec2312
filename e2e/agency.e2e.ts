/**
 * The agency's way in and its dashboard, the register form with both
 * addresses, and the new-device step of the login, in the real browser
 * against the real server (signing, login encryption and device tokens on).
 * An operator grants the role on the command line; an account its code
 * brought in trades; the agency logs in at /agency/login and sees it on
 * /agency at 1440 and 375 px. Then the new screens in Arabic, dark and light.
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

const PASSWORD = 'Quay2026pass';
const AGENCY = 'agency-e2e@example.com';

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('agency login and dashboard', () => {
  let stack: Stack;
  let agencyToken = '';

  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'off' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    agencyToken = await registerByApi(stack, AGENCY);
    const { referralCode } = await getAs<{ referralCode: string }>(
      stack,
      agencyToken,
      '/v1/user/overview/userinfo',
    );
    const invitee = await registerByApi(stack, 'invitee-e2e@example.com', PASSWORD, {
      registerVipNo: referralCode,
    });
    const maker = await registerByApi(stack, 'maker-e2e@example.com');
    await stack.server.cli(['deposit', 'maker-e2e@example.com', 'BTC', '0.01']);
    await stack.server.cli(['deposit', 'invitee-e2e@example.com', 'USDT', '1000']);
    const order = { symbol: 'BTCUSDT', type: 'limit', price: '50000', quantity: '0.01' };
    const ask = await postAs(stack, '/v1/spot/order/place', { ...order, side: 'sell' }, maker);
    expect(ask.code, ask.msg).toBe('0');
    const bid = await postAs(stack, '/v1/spot/order/place', { ...order, side: 'buy' }, invitee);
    expect(bid.code, bid.msg).toBe('0');
    const granted = await stack.server.cli(['agency', 'grant', AGENCY, '2500']);
    expect(granted).toContain('2500 bps');
  }, 120_000);
  afterAll(async () => stack?.stop());

  async function open(
    width: number,
    token: string | null,
    theme: 'dark' | 'light' = 'dark',
  ): Promise<{ context: BrowserContext; page: Page }> {
    const base = stack.server.baseUrl;
    const opened = await newPage(stack.browser, base, { width, height: width < 768 ? 812 : 900 });
    await opened.context.addCookies([
      { name: 'theme', value: theme, url: base },
      ...(token ? [{ name: 'quay_session', value: token, url: base }] : []),
    ]);
    return opened;
  }

  async function logInAsAgency(page: Page, email: string) {
    await page.goto('/agency/login');
    await page.getByTestId('agency-name').fill(email);
    await page.getByTestId('agency-password').fill(PASSWORD);
    await page.getByTestId('agency-submit').click();
  }

  for (const width of [1440, 375]) {
    it(`logs an agency in at /agency/login and shows its dashboard at ${width} px`, async () => {
      const { context, page } = await open(width, null);
      await logInAsAgency(page, AGENCY);
      await page.getByTestId('agency-dashboard').waitFor({ timeout: 15_000 });
      expect(new URL(page.url()).pathname).toBe('/agency');
      expect(await page.getByTestId('agency-stat-share').innerText()).toContain('25%');
      expect(await page.getByTestId('agency-stat-invitees').innerText()).toContain('1');
      expect(await page.getByTestId('agency-stat-spot').innerText()).toContain('500.00');
      const rows = page.getByTestId('agency-invitees');
      await expect.poll(() => rows.innerText(), { timeout: 10_000 }).toContain('500.00');
      expect(await sideways(page)).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `agency-dashboard-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }, 60_000);
  }

  it('refuses an account that is no agency on the agency login, with its message', async () => {
    await registerByApi(stack, 'plain-e2e@example.com');
    const { context, page } = await open(1440, null);
    await logInAsAgency(page, 'plain-e2e@example.com');
    await page.getByText('This account is not an agency: use the regular login').waitFor();
    expect(new URL(page.url()).pathname).toBe('/agency/login');
    await context.close();
  });

  it('asks a login from a new device for the mailed code, then logs in', async () => {
    const email = 'careful-e2e@example.com';
    const token = await registerByApi(stack, email);
    const registered = await stack.mail.codeFor(email);
    await postAs(stack, '/v1/user/security/send-code', { channel: 'email' }, token);
    await expect.poll(() => stack.mail.codeFor(email)).not.toBe(registered);
    const bind = await stack.mail.codeFor(email);
    const on = await postAs(
      stack,
      '/v1/user/security/system-login-check',
      { on: true, emailCode: bind },
      token,
    );
    expect(on.code, on.msg).toBe('0');

    const { context, page } = await open(375, null);
    await page.goto('/login');
    await page.getByTestId('login-name').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('system-login').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('system-login').innerText()).toContain('ca***@example.com');
    await expect.poll(() => stack.mail.codeFor(email)).not.toBe(bind);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'system-login-375.png') });
    await page.getByTestId('system-login-code').fill(await stack.mail.codeFor(email));
    await page.getByTestId('system-login-submit').click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 15_000 });
    await context.close();
  }, 60_000);

  it('shows the new screens right to left in Arabic, dark and light, at 375 and 1440 px', async () => {
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        const guest = await open(width, null, theme);
        await guest.page.goto('/ar/agency/login');
        await guest.page.getByTestId('agency-submit').waitFor();
        expect(await guest.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await guest.page.locator('h1').first().textContent()).toBe('تسجيل دخول الوكالة');
        expect(await sideways(guest.page)).toBeLessThanOrEqual(0);
        await guest.page.screenshot({
          path: join(SCREENSHOT_DIR, `agency-login-${width}-${theme}-ar.png`),
        });
        await guest.page.goto('/ar/register');
        await guest.page.getByTestId('register-tab-mobile').click();
        await guest.page.getByTestId('register-add-email').check();
        await guest.page.getByTestId('register-mobile-code').waitFor();
        expect(await sideways(guest.page)).toBeLessThanOrEqual(0);
        await guest.page.screenshot({
          path: join(SCREENSHOT_DIR, `register-both-${width}-${theme}-ar.png`),
          fullPage: true,
        });
        await guest.context.close();

        const agency = await open(width, agencyToken, theme);
        await agency.page.goto('/ar/agency');
        await agency.page.getByTestId('agency-dashboard').waitFor({ timeout: 15_000 });
        expect(await agency.page.locator('h1').first().textContent()).toContain('لوحة الوكالة');
        // The rows drawn (the wide table loads on its own) before the picture.
        await expect
          .poll(() => agency.page.getByTestId('agency-invitees').innerText(), { timeout: 10_000 })
          .toContain('500.00');
        expect(await sideways(agency.page)).toBeLessThanOrEqual(0);
        await agency.page.screenshot({
          path: join(SCREENSHOT_DIR, `agency-dashboard-${width}-${theme}-ar.png`),
          fullPage: true,
        });
        await agency.context.close();
      }
    }
  }, 120_000);
});
