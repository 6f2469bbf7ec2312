/**
 * OpenID Connect sign-in in the real browser against the real server and a
 * real provider (oidc-provider on a local port with a test client; its
 * development login page is filled in by the browser). A new identity opens
 * an account with the address the provider confirmed; the next sign-in of
 * the same identity lands in the same account; settings list the linked
 * identity. A browser wallet (an injected EIP-1193 provider whose key signs
 * in the test) signs an EIP-4361 message and is bound to an existing account
 * by its password. Then the screens at 375 and 1440 px, dark and light, and in
 * Arabic.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  OidcTestProvider,
  TEST_CLIENT_ID,
  TEST_CLIENT_SECRET,
} from '../apps/server/src/test/oidc-test-provider';
import { privateKeyToAccount } from 'viem/accounts';
import { SCREENSHOT_DIR, getAs, newPage, registerByApi, startStack, type Stack } from './harness';

const pageUser = (page: Page) =>
  page.evaluate(async () => {
    const res = await fetch('/v1/user/overview/userinfo?languageType=0');
    const body = (await res.json()) as {
      code: string;
      data: { userId: string; email: string | null } | null;
    };
    return body.code === '0' ? body.data : null;
  });

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('OpenID Connect sign-in in the browser', () => {
  let stack: Stack;
  let idp: OidcTestProvider;
  let base = '';

  beforeAll(async () => {
    idp = await new OidcTestProvider().start();
    let redirect = '';
    stack = await startStack((port) => {
      redirect = `http://127.0.0.1:${port}/login/oauth/callback`;
      return {
        SIMULATOR: 'off',
        WALLET_LOGIN_CHAIN_IDS: '1',
        OIDC_PROVIDERS: JSON.stringify([
          {
            id: 'google',
            name: 'Google',
            issuer: idp.issuer,
            clientId: TEST_CLIENT_ID,
            clientSecret: TEST_CLIENT_SECRET,
            redirectUri: redirect,
          },
        ]),
      };
    });
    idp.serve([redirect]);
    base = stack.server.baseUrl;
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => {
    await stack?.stop();
    await idp?.stop();
  });

  async function signInAtProvider(page: Page, login: string) {
    await page.getByTestId('third-party-google').click();
    await page.waitForURL((url) => url.href.startsWith(idp.issuer));
    await page.locator('input[name="login"]').fill(login);
    await page.locator('input[name="password"]').fill('any');
    await page.locator('button[type="submit"]').click();
  }

  it('opens an account with the provider, then signs the same account in again', async () => {
    const first = await newPage(stack.browser, base, { width: 1440 });
    await first.page.goto('/login');
    await expect
      .poll(() => first.page.getByTestId('third-party-google').isVisible(), { timeout: 15_000 })
      .toBe(true);
    await signInAtProvider(first.page, 'erin');
    await first.page.getByTestId('third-party-bind').waitFor({ timeout: 15_000 });
    expect(await first.page.getByTestId('third-party-identity').innerText()).toContain(
      'erin@example.com',
    );
    await first.page.getByTestId('third-party-tab-create').click();
    await first.page.getByTestId('create-with-provider-email').click();
    await first.page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 15_000 });
    const user = await pageUser(first.page);
    expect(user?.email).toBe('er***@example.com');

    await first.page.goto('/account/setting/linked');
    await first.page.getByTestId('identity-row').waitFor();
    expect(await first.page.getByTestId('identity-row').innerText()).toContain('erin@example.com');
    await first.page.screenshot({ path: join(SCREENSHOT_DIR, 'linked-identities-1440.png') });
    await first.context.close();

    // A fresh browser: the identity is linked now, so the provider signs the account in.
    const again = await newPage(stack.browser, base, { width: 375, height: 812 });
    await again.page.goto('/login');
    await again.page.getByTestId('third-party-google').waitFor({ timeout: 15_000 });
    expect(await sideways(again.page)).toBe(0);
    await again.page.screenshot({ path: join(SCREENSHOT_DIR, 'third-party-login-375.png') });
    await signInAtProvider(again.page, 'erin');
    await again.page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 15_000 });
    expect((await pageUser(again.page))?.userId).toBe(user?.userId);
    await again.context.close();
  });

  it('shows the bind-or-create screen and the buttons in Arabic, light and dark', async () => {
    for (const theme of ['light', 'dark'] as const) {
      const opened = await newPage(stack.browser, base, { width: 375, height: 812 });
      await opened.context.addCookies([{ name: 'theme', value: theme, url: base }]);
      await opened.page.goto('/ar/login');
      await opened.page.getByTestId('third-party-google').waitFor({ timeout: 15_000 });
      expect(await opened.page.evaluate(() => document.documentElement.dir)).toBe('rtl');
      await signInAtProvider(opened.page, `ar-${theme}`);
      await opened.page.getByTestId('third-party-bind').waitFor({ timeout: 15_000 });
      expect(await sideways(opened.page)).toBe(0);
      await opened.page.screenshot({
        path: join(SCREENSHOT_DIR, `third-party-bind-ar-375-${theme}.png`),
      });
      await opened.page.getByTestId('third-party-tab-create').click();
      await opened.page.screenshot({
        path: join(SCREENSHOT_DIR, `third-party-create-ar-375-${theme}.png`),
      });
      await opened.context.close();
    }
  });

  it('binds a browser wallet to an existing account by its password', async () => {
    const email = `wallet-${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    const owner = await getAs<{ userId: string }>(stack, token, '/v1/user/overview/userinfo');
    const account = privateKeyToAccount(
      '0x8b3a350cf5c34c9194ca85829a2df0ec3153be0318b5e2d3348e872092edffba',
    );
    const { context, page } = await newPage(stack.browser, base, { width: 1440 });
    await page.exposeFunction('quaySignMessage', (message: string) =>
      account.signMessage({ message }),
    );
    await page.addInitScript((address: string) => {
      const sign = (window as unknown as { quaySignMessage(m: string): Promise<string> })
        .quaySignMessage;
      (window as unknown as { ethereum: unknown }).ethereum = {
        request({ method, params }: { method: string; params?: unknown[] }) {
          if (method === 'eth_requestAccounts') return Promise.resolve([address]);
          if (method === 'eth_chainId') return Promise.resolve('0x1');
          if (method === 'personal_sign') return sign(String(params?.[0]));
          return Promise.reject(new Error(`unsupported ${method}`));
        },
      };
    }, account.address);
    await page.goto('/login');
    await page.getByTestId('third-party-wallet').click();
    await page.getByTestId('third-party-bind').waitFor({ timeout: 15_000 });
    expect(await page.getByTestId('third-party-identity').innerText()).toContain(account.address);
    await page.getByTestId('bind-login-name').fill(email);
    await page.getByTestId('bind-password').fill('Quay2026pass');
    await page.getByTestId('bind-submit').click();
    await page.waitForURL((url) => !url.pathname.includes('/login'), { timeout: 15_000 });
    expect((await pageUser(page))?.userId).toBe(owner.userId);
    await page.goto('/account/setting/linked');
    await page.getByTestId('identity-row').waitFor();
    expect(await page.getByTestId('identity-row').innerText()).toContain(account.address);
    await context.close();
  });
});
