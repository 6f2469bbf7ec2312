import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  newPage,
  chooseInAccountMenu,
  registerByApi,
  settled,
  startStack,
  type MailCatcher,
  type ServerHandle,
  type Stack,
} from './harness';

const PASSWORD = 'Quay2026pass';

let stack: Stack;
let mail: MailCatcher;
let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack();
  ({ mail, server, browser } = stack);
});

afterAll(async () => stack?.stop());

/** The authenticator's code now. */
function currentCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) });
}

/**
 * The code one step ahead, as a phone whose clock runs a little fast shows
 * it: the server takes one step either side, and refuses a step already used
 * (the one that bound the key), so a login right after binding uses this.
 */
function nextCode(secret: string): Promise<string> {
  return generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });
}

async function noSidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

// Bound in the first test, read by the screenshots of the login's second step.
const holder = { email: `totp${Date.now()}@example.com`, secret: '' };

describe('Google Authenticator', () => {
  it('is bound in the UI with a code the test computes, then asked for at login', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/register');
    await page.getByTestId('register-email').fill(holder.email);
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-code').fill(await mail.codeFor(holder.email));
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-repassword').fill(PASSWORD);
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await page.getByTestId('account-menu').waitFor();

    // From the security section of the account settings to /modifyverification.
    await page.goto('/account/setting');
    await page.getByTestId('settings-2fa-link').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/modifyverification');
    await expect.poll(() => page.getByTestId('factor-google-state').innerText()).toBe('Off');

    await page.getByTestId('factor-google-toggle').click();
    await page.getByTestId('google-setup-start').click();
    const secretText = page.getByTestId('google-secret');
    await secretText.waitFor();
    holder.secret = (await secretText.innerText()).replace(/\s/g, '');
    expect(holder.secret).toMatch(/^[A-Z2-7]{32}$/);
    // The QR code carries the same key.
    await page.locator('.factor-qr canvas').waitFor();

    await page.getByTestId('google-new-code').fill(await currentCode(holder.secret));
    await page.getByTestId('factor-confirm').click();
    await expect.poll(() => page.getByTestId('factor-google-state').innerText()).toBe('On');
    await expect(page.getByTestId('factor-dialog').isVisible()).resolves.toBe(false);

    await chooseInAccountMenu(page, 'account-menu-logout');
    await page.getByTestId('header-login').waitFor();

    await page.goto('/login?redirect=%2Fasset');
    await page.getByTestId('login-name').fill(holder.email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('login-verify').waitFor();
    // The password alone opened no session.
    const before = await page.evaluate(async () => {
      const res = await fetch('/v1/user/overview/userinfo?languageType=0');
      return ((await res.json()) as { code: string }).code;
    });
    expect(before).toBe('00004');

    await page.getByTestId('login-verify-google').fill('000000');
    await page.getByTestId('login-verify-submit').click();
    await expect
      .poll(() => page.locator('.ant-message').innerText())
      .toContain('The Google Authenticator code is wrong');

    // A wrong attempt counted, but the ticket still takes the right code.
    await page.getByTestId('login-verify-google').fill(await nextCode(holder.secret));
    await page.getByTestId('login-verify-submit').click();
    await page.getByTestId('account-menu').waitFor();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/asset');
    const after = await page.evaluate(async () => {
      const res = await fetch('/v1/user/overview/userinfo?languageType=0');
      return (await res.json()) as { code: string; data: { email: string } };
    });
    expect(after.code).toBe('0');
    expect(after.data.email).toMatch(/^to\*\*\*@example\.com$/);
    await context.close();
  });
});

describe('second-factor screens at both widths, in both themes, left-to-right and in Arabic', () => {
  it('fit the viewport: the login second step, /modifyverification and the binding dialog', async () => {
    expect(holder.secret).not.toBe('');
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const viewer = `screens${Date.now()}@example.com`;
    const token = await registerByApi(stack, viewer);
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        for (const prefix of ['', '/ar']) {
          const tag = `${width}-${theme}${prefix ? '-ar' : ''}`;
          const { context, page } = await newPage(browser, server.baseUrl, { width, height: 900 });
          await context.addCookies([{ name: 'theme', value: theme, url: server.baseUrl }]);

          await page.goto(`${prefix}/login`);
          await page.getByTestId('login-name').fill(holder.email);
          await page.getByTestId('login-password').fill(PASSWORD);
          await page.getByTestId('login-submit').click();
          await page.getByTestId('login-verify').waitFor();
          expect(await noSidewaysScroll(page), `login step ${tag}`).toBeLessThanOrEqual(0);
          await page.screenshot({ path: join(SCREENSHOT_DIR, `2fa-login-${tag}.png`) });
          await context.close();

          // The viewer in a browser of their own: the login above signed with this
          // browser's key for the other account, which would not sign for the viewer.
          const { context: own, page: ownPage } = await newPage(browser, server.baseUrl, {
            width,
            height: 900,
          });
          await own.addCookies([
            { name: 'theme', value: theme, url: server.baseUrl },
            { name: 'quay_session', value: token, url: server.baseUrl },
          ]);
          await ownPage.goto(`${prefix}/modifyverification`);
          await ownPage.getByTestId('factor-google-state').waitFor();
          await ownPage.waitForLoadState('networkidle');
          expect(await noSidewaysScroll(ownPage), `page ${tag}`).toBeLessThanOrEqual(0);
          await ownPage.screenshot({
            path: join(SCREENSHOT_DIR, `2fa-page-${tag}.png`),
            fullPage: true,
          });

          await ownPage.getByTestId('factor-google-toggle').click();
          await ownPage.getByTestId('google-setup-start').click();
          await ownPage
            .locator('.factor-qr canvas')
            .waitFor()
            .catch(async (err: Error) => {
              // What the dialog shows instead: the button (still loading?) and any message.
              const shown = await ownPage.evaluate(() => ({
                button: document.querySelector('[data-testid="google-setup-start"]')?.outerHTML,
                messages: Array.from(document.querySelectorAll('.ant-message-notice')).map(
                  (n) => n.textContent,
                ),
              }));
              throw new Error(`no key to scan (${tag}): ${JSON.stringify(shown)}`, { cause: err });
            });
          await settled(ownPage);
          await ownPage.screenshot({ path: join(SCREENSHOT_DIR, `2fa-bind-${tag}.png`) });

          // Turning on email codes: a mailed code with its send button.
          await ownPage.keyboard.press('Escape');
          await ownPage.getByTestId('factor-dialog').waitFor({ state: 'detached' });
          await ownPage.getByTestId('factor-email-toggle').click();
          await ownPage.getByTestId('factor-code-email-send').waitFor();
          await settled(ownPage);
          await ownPage.screenshot({ path: join(SCREENSHOT_DIR, `2fa-email-${tag}.png`) });
          await own.close();
        }
      }
    }
  }, 180_000);
});
