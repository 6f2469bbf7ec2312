import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newPage, registerByApi, startStack, type ServerHandle, type Stack } from './harness';

const PASSWORD = 'Quay2026pass';
let stack: Stack;
let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  // Short sessions, so that one expires within the test.
  stack = await startStack({ SESSION_TTL_S: '4' });
  ({ server, browser } = stack);
});

afterAll(async () => stack?.stop());

describe('the request layer against the real server', () => {
  it('sends an expired session to login with the translated message and comes back after login', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    const email = `expiry${Date.now()}@example.com`;
    await page.goto('/ja');
    // Register through the API (signed and encrypted as the form does) and hand the page its session.
    const token = await registerByApi(stack, email, PASSWORD);
    await context.addCookies([
      { name: 'quay_session', value: token, domain: new URL(server.baseUrl).hostname, path: '/' },
    ]);
    await page.reload();
    await page.getByTestId('account-menu').waitFor();

    // Its four seconds run out: the server then answers 20906 for it.
    await expect
      .poll(
        async () => {
          const res = await fetch(`${server.baseUrl}/v1/user/overview/userinfo?languageType=0`, {
            headers: { authorization: `Bearer ${token}` },
          });
          return ((await res.json()) as { code: string }).code;
        },
        { timeout: 10_000, interval: 250 },
      )
      .toBe('20906');
    await page.reload();
    // The user-info call answers 20906: the user lands on login, told in Japanese.
    await expect.poll(() => new URL(page.url()).pathname).toBe('/ja/login');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/ja');
    await expect
      .poll(() => page.locator('.ant-message').innerText())
      .toContain('ログインの有効期限が切れました');
    const cookies = Object.fromEntries((await context.cookies()).map((c) => [c.name, c.value]));
    expect(cookies.login_flag).toBe('false');

    await page.getByTestId('login-name').fill(email);
    await page.getByTestId('login-password').fill(PASSWORD);
    await page.getByTestId('login-submit').click();
    await page.getByTestId('account-menu').waitFor();
    expect(new URL(page.url()).pathname).toBe('/ja');
    await context.close();
  });

  it('shows the server message for a wrong password, in the page language', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/de/login');
    await page.getByTestId('login-name').fill('nobody@example.com');
    await page.getByTestId('login-password').fill('Wrong12345');
    await page.getByTestId('login-submit').click();
    await expect
      .poll(() => page.locator('.ant-message').innerText())
      .toContain('Konto oder Passwort ist falsch');
    await context.close();
  });
});

describe('language in the path', () => {
  it('normalises zh-cn and en-US, and follows the browser when the path has none', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, { locale: 'ja-JP' });
    await page.goto('/zh-cn/register');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/zh-CN/register');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
    await expect.poll(() => page.getByTestId('register-submit').innerText()).toBe('创建账户');

    await page.goto('/en-US/login');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/en/login');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');

    await page.goto('/no-such-page-here');
    await expect.poll(() => page.locator('.ant-result-title').innerText()).toBe('Page not found');
    await context.close();

    const fresh = await newPage(browser, server.baseUrl, { locale: 'ja-JP' });
    await fresh.page.goto('/login');
    await expect.poll(() => fresh.page.evaluate(() => document.documentElement.lang)).toBe('ja');
    await expect.poll(() => fresh.page.getByTestId('login-submit').innerText()).toBe('ログイン');
    expect(new URL(fresh.page.url()).pathname).toBe('/login');
    await fresh.context.close();
  });
});
