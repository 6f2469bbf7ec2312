/**
 * Margin trading in the real browser against the real server, at a desktop
 * and a phone width: USDT moved from spot into the cross margin account,
 * borrowed, an order placed on the margin account (apart from spot's), the
 * loan repaid in full; the risk ratio on the screen follows the debt, and the
 * server's account agrees with what the screen shows.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, getAs, newPage, registerByApi, startStack, type Stack } from './harness';

interface MarginAsset {
  coin: string;
  available: string;
  frozen: string;
  borrowed: string;
  interest: string;
}
interface MarginAccount {
  assets: MarginAsset[];
  riskRatio: string;
  marginLevel: string;
  totalLiability: string;
}
interface MarginOrder {
  orderId: string;
  mode: string;
  price: string;
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

const usdtOf = (account: MarginAccount) => account.assets.find((a) => a.coin === 'USDT');

describe('margin trading on /margin/BTCUSDT', () => {
  let stack: Stack;
  beforeAll(async () => {
    // A quiet market: the order rests where it is put, and no price moves the risk but the debt.
    stack = await startStack({ SIMULATOR: 'off' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  for (const width of [1440, 375]) {
    it(`transfers, borrows, trades and repays all at ${width} px, the risk ratio following the debt`, async () => {
      const email = `margin${width}-${Date.now()}@example.com`;
      const token = await registerByApi(stack, email);
      await stack.server.cli(['deposit', email, 'USDT', '5000']);
      const { context, page } = await openAs(stack, token, '/margin/BTCUSDT', width);
      await page.getByTestId('margin-page').waitFor();
      await page.getByTestId('margin-mode-cross').waitFor();
      expect(await page.getByTestId('margin-mode-cross').getAttribute('aria-checked')).toBe('true');

      // Spot -> cross margin: 1,000 USDT.
      await page.getByTestId('margin-transfer').click();
      const transfer = page.getByTestId('margin-transfer-amount');
      await transfer.waitFor();
      await expect.poll(() => text(page, 'margin-transfer-max-text')).toBe('5,000.00 USDT');
      await page.getByTestId('margin-transfer-amount').fill('1000');
      await page.getByTestId('margin-transfer-submit').click();
      await transfer.waitFor({ state: 'hidden' });
      await expect.poll(() => text(page, 'margin-held-USDT')).toBe('1,000.00');
      await expect.poll(() => text(page, 'margin-risk-ratio')).toBe('0.00%');
      expect(await text(page, 'margin-risk-level')).toBe('--');
      expect(await page.getByTestId('margin-risk').getAttribute('data-tone')).toBe('safe');

      // Borrow 1,000 USDT: the rates and the most that may be borrowed are shown first.
      await page.getByTestId('margin-borrow').click();
      const loan = page.getByTestId('loan-amount');
      await loan.waitFor();
      expect(await text(page, 'loan-daily-rate')).toBe('0.0250%');
      expect(await text(page, 'loan-hourly-rate')).toMatch(/^0\.0010%$/);
      await expect.poll(() => text(page, 'loan-max')).toMatch(/^[0-9,]+\.[0-9]{2} USDT$/);
      await page.getByTestId('loan-amount').fill('1000');
      await page.getByTestId('loan-submit').click();
      await loan.waitFor({ state: 'hidden' });
      await expect.poll(() => text(page, 'margin-borrowed-USDT')).toBe('1,000.00');
      // Assets 2,000 against 1,000 owed plus the first hour's interest: about half.
      await expect.poll(() => text(page, 'margin-risk-ratio')).toBe('50.00%');
      expect(await text(page, 'margin-risk-level')).toBe('1.99');
      const borrowed = await getAs<MarginAccount>(stack, token, '/v1/margin/account?mode=cross');
      expect(usdtOf(borrowed)?.borrowed).toMatch(/^1000(\.0+)?$/);
      expect(Number(usdtOf(borrowed)?.interest)).toBeGreaterThan(0);

      // A limit buy on the margin account rests in its own open orders.
      await page.getByTestId('margin-price').fill('50000');
      await page.getByTestId('margin-quantity').fill('0.01');
      await page.getByTestId('margin-submit').click();
      await expect.poll(() => text(page, 'margin-orders-tab-open')).toMatch(/\(1\)/);
      const open = await getAs<MarginOrder[] | { items: MarginOrder[] }>(
        stack,
        token,
        '/v1/margin/orders/open?mode=cross&symbol=BTCUSDT',
      );
      const orders = Array.isArray(open) ? open : open.items;
      expect(orders).toHaveLength(1);
      expect(orders[0]?.mode).toBe('cross');
      const spotOpen = await getAs<unknown[] | { items: unknown[] }>(
        stack,
        token,
        '/v1/spot/orders/open',
      ).catch(() => []);
      expect(Array.isArray(spotOpen) ? spotOpen : spotOpen.items).toHaveLength(0);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `margin-borrowed-${width}.png`),
        fullPage: true,
      });

      // Repay all: principal and interest, from what is not held by the order.
      await page.getByTestId('margin-repay').click();
      await loan.waitFor();
      await expect.poll(() => text(page, 'loan-owed')).toMatch(/^1,000\.0[0-9] USDT$/);
      await page.getByTestId('loan-repay-all').click();
      await loan.waitFor({ state: 'hidden' });
      await expect.poll(() => text(page, 'margin-borrowed-USDT')).toBe('0.00');
      expect(await text(page, 'margin-interest-USDT')).toBe('0.00');
      await expect.poll(() => text(page, 'margin-risk-ratio')).toBe('0.00%');
      expect(await text(page, 'margin-risk-level')).toBe('--');
      const repaid = await getAs<MarginAccount>(stack, token, '/v1/margin/account?mode=cross');
      expect(Number(repaid.totalLiability)).toBe(0);
      expect(usdtOf(repaid)?.frozen).toMatch(/^500(\.0+)?$/);
      await context.close();
    });
  }
});
