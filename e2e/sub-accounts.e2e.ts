/**
 * Sub-accounts in the browser at 1440 and 375 px: a main account creates a
 * sub on /account/sub-account, moves USDT to it, switches into it (a signed
 * call with the device token), sees the sub's own balance, and switches
 * back; and the page right to left in Arabic, dark and light.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  newPage,
  postAs,
  registerByApi,
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
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});

afterAll(async () => stack?.stop());

async function noSidewaysScroll(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

async function openAs(
  token: string,
  path: string,
  width: number,
  cookies: Array<[string, string]> = [],
) {
  const { context, page } = await newPage(browser, server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  const host = new URL(server.baseUrl).hostname;
  await context.addCookies(
    [['quay_session', token] as [string, string], ...cookies].map(([name, value]) => ({
      name,
      value,
      domain: host,
      path: '/',
    })),
  );
  await page.goto(path);
  return { context, page };
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('sub-accounts', () => {
  for (const width of [1440, 375]) {
    it(`creates a sub, funds it, switches into it and back at ${width} px`, async () => {
      const email = `subs${width}-${Date.now()}@example.com`;
      const token = await registerByApi(stack, email);
      await server.cli(['deposit', email, 'USDT', '100']);
      const name = `grid${width}`;

      const { context, page } = await openAs(token, '/account/sub-account', width);
      await page.getByTestId('sub-accounts-page').waitFor();
      await page.getByTestId('sub-create').click();
      await page.getByTestId('sub-create-name').fill(name);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `sub-create-${width}.png`) });
      await page.getByTestId('sub-create-submit').click();
      const card = page.getByTestId(`sub-card-${name}`);
      await card.waitFor();
      expect(await card.textContent()).toContain(`${name}@virtual.`);

      await card.getByTestId('sub-transfer').click();
      await page.getByTestId('sub-transfer-amount').fill('25');
      await expect.poll(() => text(page, 'sub-transfer-available')).toContain('100');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `sub-transfer-${width}.png`) });
      await page.getByTestId('sub-transfer-submit').click();
      await expect
        .poll(async () => (await card.getByTestId('sub-assets').textContent()) ?? '')
        .toContain('25.00000000 USDT');
      await expect.poll(() => card.getByTestId('sub-total').textContent()).toContain('25.00');
      expect(await noSidewaysScroll(page), `list ${width}`).toBeLessThanOrEqual(0);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `sub-list-${width}.png`),
        fullPage: true,
      });

      // Into the sub: its own wallet, and the way back in the header.
      await card.getByTestId('sub-switch').click();
      await page.waitForURL(/\/asset\/spot$/);
      const usdt = page.getByTestId('asset-row-USDT');
      await expect.poll(async () => (await usdt.textContent()) ?? '').toContain('25.00');
      const back = page.getByTestId('sub-switch-back');
      await back.waitFor();
      expect(await back.textContent()).toContain(name);
      expect(await noSidewaysScroll(page), `sub wallet ${width}`).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `sub-switched-${width}.png`) });
      // The sub manages no subs.
      await page.goto('/account/sub-account');
      await page.getByTestId('sub-accounts-refused').waitFor();

      await page.getByTestId('sub-switch-back').click();
      await page.waitForURL(/\/account\/sub-account$/);
      await page.getByTestId(`sub-card-${name}`).waitFor();
      expect(await page.getByTestId('sub-switch-back').count()).toBe(0);
      await page.goto('/asset/spot');
      await expect
        .poll(async () => (await page.getByTestId('asset-row-USDT').textContent()) ?? '')
        .toContain('75.00');
      await context.close();
    }, 120_000);
  }

  it('reads right to left in Arabic, dark and light, at 375 and 1440 px', async () => {
    const email = `subs-ar-${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    const made = await postAs(stack, '/v1/user/sub/create', { name: 'hedge01' }, token);
    expect(made.code, made.msg).toBe('0');
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        const { context, page } = await openAs(token, '/ar/account/sub-account', width, [
          ['theme', theme],
        ]);
        await page.getByTestId('sub-card-hedge01').waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `sub-list-${width}-${theme}-ar.png`) });
        await page.goto('/ar/subaccount/setting/api');
        await page.getByTestId('sub-settings-api').waitFor();
        await page.getByTestId('sub-api-submit').waitFor();
        expect(await noSidewaysScroll(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `sub-settings-${width}-${theme}-ar.png`),
          fullPage: true,
        });
        await context.close();
      }
    }
  }, 120_000);
});
