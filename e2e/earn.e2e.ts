/**
 * Earn in the real browser against the real server, at a desktop and a
 * phone width: the tiered products listed, 1,000 USDT subscribed to the
 * flexible product with the day's estimate shown as the server pays it,
 * the holding on the screen and in the server's answer, then redeemed in
 * full back to spot the same day.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, getAs, newPage, registerByApi, startStack, type Stack } from './harness';

interface Holding {
  productId: string;
  principal: string;
}
interface Balance {
  coin: string;
  available: string;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function openAs(stack: Stack, token: string, path: string, width: number) {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  const host = new URL(stack.server.baseUrl).hostname;
  await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
  await page.goto(path);
  return { context, page };
}

const spotUsdt = async (stack: Stack, token: string) => {
  const balances = await getAs<Balance[]>(stack, token, '/v1/asset/balances');
  return balances.find((b) => b.coin === 'USDT')?.available ?? '0';
};

describe('earn on /earn', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'off' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  for (const width of [1440, 375]) {
    it(`subscribes and redeems at ${width} px`, async () => {
      const email = `earn${width}-${Date.now()}@example.com`;
      const token = await registerByApi(stack, email);
      await stack.server.cli(['deposit', email, 'USDT', '5000']);
      const { context, page } = await openAs(stack, token, '/earn', width);
      await page.getByTestId('earn-products').waitFor();
      // The tiers of the flexible USDT product: 12 % up to 500.
      expect(await text(page, 'earn-product-usdt-flexible')).toContain('12%');

      await page.getByTestId('earn-subscribe-usdt-flexible').click();
      await page.getByTestId('earn-subscribe-dialog').waitFor();
      await page.getByTestId('earn-amount').fill('1000');
      // (500 x 12 % + 500 x 0.8 %) / 365 = 0.17534246 a day.
      expect(await text(page, 'earn-daily-estimate')).toBe('0.17534246 USDT');
      await page.locator('#earn-subscribe-confirm').click();
      await page.getByTestId('earn-subscribe-dialog').waitFor({ state: 'hidden' });
      await expect.poll(() => text(page, 'earn-holding-usdt-flexible')).toContain('1000');
      const held = await getAs<Holding[]>(stack, token, '/v1/earn/holdings');
      expect(held.map((h) => [h.productId, h.principal])).toEqual([['usdt-flexible', '1000']]);
      expect(Number(await spotUsdt(stack, token))).toBe(4000);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `earn-held-${width}.png`),
        fullPage: true,
      });

      await page.getByTestId('earn-redeem-usdt-flexible').click();
      await page.getByTestId('earn-redeem-dialog').waitFor();
      expect(await page.getByTestId('earn-redeem-amount').inputValue()).toBe('1000');
      await page.locator('#earn-redeem-confirm').click();
      await page.getByTestId('earn-redeem-dialog').waitFor({ state: 'hidden' });
      await page.getByTestId('earn-holding-usdt-flexible').waitFor({ state: 'detached' });
      expect(await getAs<Holding[]>(stack, token, '/v1/earn/holdings')).toEqual([]);
      expect(Number(await spotUsdt(stack, token))).toBe(5000);
      // Both moves are in the history.
      await expect
        .poll(() => page.getByTestId('earn-history').locator('tr, li').count())
        .toBeGreaterThan(1);
      await context.close();
    });
  }
});
