import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  newPage,
  chooseInAccountMenu,
  startStack,
  type MailCatcher,
  type ServerHandle,
  type Stack,
} from './harness';

const JAPANESE = /[\u3040-\u30ff\u4e00-\u9faf]/;
const ARABIC = /[\u0600-\u06ff]/;

let stack: Stack;
let mail: MailCatcher;
let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  ({ mail, server, browser } = stack);
});

afterAll(async () => stack?.stop());

describe('a new visitor', () => {
  it('registers by email with the mailed code, logs out and in, switches language and theme, and keeps settings across a reload', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const email = `trader${Date.now()}@example.com`;
    const password = 'Quay2026pass';

    await page.goto('/');
    await page.getByTestId('header-register').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/register$/);

    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-send-code').click();
    const code = await mail.codeFor(email);
    await expect.poll(() => page.getByTestId('register-send-code').textContent()).toMatch(/\d/);
    await page.getByTestId('register-code').fill(code);
    await page.getByTestId('register-password').fill(password);
    await page.getByTestId('register-repassword').fill(password);
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await page.getByTestId('account-menu').waitFor();

    // Log out through the account menu, then log in with the password.
    await chooseInAccountMenu(page, 'account-menu-logout');
    await page.getByTestId('header-login').waitFor();
    await page.getByTestId('header-login').click();
    await page.getByTestId('login-name').fill(email);
    await page.getByTestId('login-password').fill(password);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-menu').waitFor();

    const me = await page.evaluate(async () => {
      const res = await fetch('/v1/user/overview/userinfo?languageType=0');
      return (await res.json()) as { code: string; data: { userId: string } };
    });
    expect(me.code).toBe('0');
    await page.getByTestId('account-menu').hover();
    await expect
      .poll(() => page.getByTestId('account-menu-uid').textContent())
      .toContain(me.data.userId);
    await page.mouse.move(0, 0);

    // Japanese.
    await page.getByTestId('lang-picker').click();
    await page.getByTestId('lang-option-ja').click();
    // The picker closes, and the page moves under the language's path (a client-side
    // navigation; on a loaded machine it can take longer than expect.poll's default second).
    await page.getByTestId('lang-option-ja').waitFor({ state: 'hidden' });
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 5_000 })
      .toMatch(/^\/ja(\/|$)/);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await expect.poll(() => page.locator('header').innerText()).toMatch(JAPANESE);

    // Arabic: right-to-left and translated.
    await page.getByTestId('lang-picker').click();
    await page.getByTestId('lang-option-ar').click();
    await page.getByTestId('lang-option-ar').waitFor({ state: 'hidden' });
    await expect
      .poll(() => new URL(page.url()).pathname, { timeout: 5_000 })
      .toMatch(/^\/ar(\/|$)/);
    await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expect.poll(() => page.locator('header').innerText()).toMatch(ARABIC);

    // Theme: dark by default, the switch turns it light.
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    await page.getByTestId('theme-switch').click();
    await expect
      .poll(() => page.evaluate(() => document.documentElement.dataset.theme))
      .toBe('light');

    // Everything survives a reload, including the session.
    await page.reload();
    await page.getByTestId('account-menu').waitFor();
    expect(new URL(page.url()).pathname).toMatch(/^\/ar(\/|$)/);
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('light');
    expect(await page.locator('header').innerText()).toMatch(ARABIC);
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c]));
    expect(cookies.language?.value).toBe('ar');
    expect(cookies.theme?.value).toBe('light');
    expect(cookies.login_flag?.value).toBe('true');
    // 365-day settings cookies.
    const days = ((cookies.theme?.expires ?? 0) * 1000 - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(364);
    expect(days).toBeLessThan(366);
    await context.close();
  });
});

describe('screens at both widths and in both themes', () => {
  const pages = [
    { name: 'home', path: '/' },
    { name: 'login', path: '/login' },
    { name: 'register', path: '/register' },
  ];
  const widths = [375, 1440];
  const themes = ['dark', 'light'] as const;

  it('fit the viewport without sideways scrolling, left-to-right and in Arabic', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const width of widths) {
      for (const theme of themes) {
        for (const prefix of ['', '/ar']) {
          const { context, page } = await newPage(browser, server.baseUrl, { width, height: 900 });
          await context.addCookies([{ name: 'theme', value: theme, url: server.baseUrl }]);
          for (const p of pages) {
            await page.goto(`${prefix}${p.path === '/' && prefix ? '' : p.path}`);
            await page.locator('footer').waitFor();
            await page.waitForLoadState('networkidle');
            expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe(theme);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, `${prefix}${p.path} at ${width}px ${theme}`).toBeLessThanOrEqual(0);
            const file = `${p.name}-${width}-${theme}${prefix ? '-ar' : ''}.png`;
            await page.screenshot({ path: join(SCREENSHOT_DIR, file), fullPage: true });
          }
          await context.close();
        }
      }
    }
    // 24 full-page loads and screenshots: on a loaded two-core machine a minute is too short.
  }, 180_000);
});

describe('the header', () => {
  it('keeps its products on one row at tablet and laptop widths, the rest under "More", in English, German and Arabic', async () => {
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const prefix of ['', '/de', '/ar']) {
      for (const width of [820, 1024, 1280, 1440]) {
        const { context, page } = await newPage(browser, server.baseUrl, { width, height: 700 });
        await page.goto(`${prefix}/markets`);
        const nav = page.locator('header nav.nav');
        await nav.locator('.nav-slot').first().waitFor();
        // The row never spills or cuts an entry: every entry it shows lies whole inside it.
        const inside = await nav.evaluate((el) => {
          const box = el.getBoundingClientRect();
          const slots = Array.from(el.querySelectorAll('.nav-slot, .nav-more')).map((s) =>
            s.getBoundingClientRect(),
          );
          return slots.every((s) => s.left >= box.left - 1 && s.right <= box.right + 1);
        });
        expect(inside, `${prefix || '/en'} at ${width}px`).toBe(true);
        const overflow = await page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow).toBeLessThanOrEqual(0);
        // Whatever the row does not show is one hover away, and still a link to its page.
        const shown = await nav.locator('.nav-slot').count();
        const more = page.getByTestId('nav-more');
        if ((await more.count()) > 0) {
          await more.hover();
          const menu = page.locator('.ant-dropdown:not(.ant-dropdown-hidden) a.nav-item');
          await expect.poll(() => menu.count()).toBeGreaterThan(0);
          expect(shown + (await menu.count())).toBe(9);
          const dropdown = page.locator('.ant-dropdown:not(.ant-dropdown-hidden)');
          await expect
            .poll(() => dropdown.evaluate((el) => getComputedStyle(el).opacity))
            .toBe('1');
          await page.screenshot({
            path: join(
              SCREENSHOT_DIR,
              `header-more-${width}${prefix ? `-${prefix.slice(1)}` : ''}.png`,
            ),
          });
          await menu.last().click();
          await expect.poll(() => page.url()).toContain('/red-packet');
        } else {
          expect(shown).toBe(9);
        }
        await context.close();
      }
    }
  }, 120_000);
});

describe("the site's frame before the app's code", () => {
  it('paints the header bar and logo from the HTML, in the path’s direction, where the app then draws its own', async () => {
    for (const [prefix, width, dir] of [
      ['', 375, 'ltr'],
      ['/ar', 1440, 'rtl'],
    ] as const) {
      const { context, page } = await newPage(browser, server.baseUrl, { width, height: 800 });
      await context.addCookies([{ name: 'theme', value: 'light', url: server.baseUrl }]);
      // The app's entry waits until the frame has been looked at.
      let release = () => undefined as void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
        await held;
        await route.continue();
      });
      await page.goto(`${prefix}/spot/BTCUSDT`, { waitUntil: 'commit' });
      const frame = page.locator('#boot-frame');
      await frame.locator('.quay-logo').waitFor();
      // As painted: the browser paints nothing before the page's stylesheet is in.
      await page.waitForFunction(
        () =>
          getComputedStyle(document.querySelector('#boot-frame .site-header') as Element)
            .position === 'sticky',
      );
      const early = await page.evaluate(() => ({
        dir: document.documentElement.dir,
        theme: document.documentElement.dataset.theme,
        header: document
          .querySelector('#boot-frame .site-header')
          ?.getBoundingClientRect()
          .toJSON(),
        logo: document.querySelector('#boot-frame .quay-logo')?.getBoundingClientRect().toJSON(),
        app: document.getElementById('root')?.childElementCount,
      }));
      expect(early).toMatchObject({ dir, theme: 'light', app: 0 });
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `boot-frame-${width}${prefix ? '-ar' : ''}.png`),
      });

      release();
      await page.getByTestId('spot-ticker').waitFor();
      // One header: the app's, where the frame's was, its logo where the frame's logo was.
      expect(await frame.count()).toBe(0);
      expect(await page.locator('.site-header').count()).toBe(1);
      const late = await page.evaluate(() => ({
        header: document.querySelector('.site-header')?.getBoundingClientRect().toJSON(),
        logo: document.querySelector('.site-header .quay-logo')?.getBoundingClientRect().toJSON(),
      }));
      expect(late.header).toEqual(early.header);
      expect(late.logo).toEqual(early.logo);
      await context.close();
    }
  });
});
