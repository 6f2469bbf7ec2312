import { mkdirSync, readFileSync } from 'node:fs';
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

async function openAs(token: string, path: string, width = 1440) {
  const { context, page } = await newPage(browser, server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  const host = new URL(server.baseUrl).hostname;
  await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
  await page.goto(path);
  return { context, page };
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

describe('the wallet', () => {
  it('values a funded account, masks it, follows a deposit live, and checks a withdrawal before sending it', async () => {
    const email = `wallet${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    await server.cli(['deposit', email, 'USDT', '1000']);

    const { context, page } = await openAs(token, '/asset');
    await expect.poll(() => text(page, 'asset-total-fiat')).toBe('$1,000.00');
    await page.getByTestId('asset-eye').click();
    await expect.poll(() => text(page, 'asset-total-fiat')).toBe('****');
    expect(await text(page, 'asset-total-btc')).toBe('****');
    await page.getByTestId('asset-eye').click();
    await expect.poll(() => text(page, 'asset-total-fiat')).toBe('$1,000.00');
    // Headed in BTC instead (the valuation unit), kept across a reload, and back.
    const headline = () => page.locator('.wallet-total').first().innerText();
    await page.getByTestId('asset-valuation-unit').click();
    await expect.poll(headline).toMatch(/^[0-9.,]+\s*BTC$/);
    expect(await page.locator('.wallet-sub').first().innerText()).toContain('$1,000.00 USD');
    await page.reload();
    await expect.poll(headline).toMatch(/BTC$/);
    await page.getByTestId('asset-valuation-unit').click();
    await expect.poll(headline).toMatch(/^\$1,000\.00\s*USD$/);

    await page.goto('/asset/spot');
    const usdt = page.getByTestId('asset-row-USDT');
    await expect.poll(async () => (await usdt.textContent()) ?? '').toContain('1,000.00');
    // Credited by the operator while the page is open: no reload.
    await server.cli(['deposit', email, 'USDT', '500']);
    await expect.poll(async () => (await usdt.textContent()) ?? '').toContain('1,500.00');

    await page.getByTestId('withdraw-USDT').click();
    await page.getByTestId('withdraw-address').fill('TQ7z1nX3c5bq8xPRgkW7fJ1f3aW5s2Zk9L');
    await page.getByTestId('withdraw-amount').fill('5');
    await page.getByText('The minimum withdrawal is 10 USDT').waitFor();
    await page.getByTestId('withdraw-amount').fill('2000');
    await page.getByText('The amount exceeds your available balance').waitFor();
    // A refused amount is not sent.
    await page.getByTestId('withdraw-submit').click();
    expect(await page.getByTestId('withdraw-amount').count()).toBe(1);
    await page.getByTestId('withdraw-max').click();
    expect(await page.getByTestId('withdraw-amount').inputValue()).toBe('1500');
    await page.getByTestId('withdraw-amount').fill('1ab00.123456789');
    expect(await page.getByTestId('withdraw-amount').inputValue()).toBe('100.12345678');
    await page.getByTestId('withdraw-amount').fill('100');
    expect(await text(page, 'withdraw-receive')).toBe('99.00 USDT');
    await page.getByTestId('withdraw-submit').click();
    await expect.poll(() => page.getByTestId('withdraw-amount').count()).toBe(0);
    // Frozen until the operator approves.
    await expect.poll(async () => (await usdt.textContent()) ?? '').toContain('100.00');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'wallet-spot-1440.png'), fullPage: true });
    await context.close();

    // At 375 px in Arabic: cards, and a pending withdrawal cancelled.
    const narrow = await openAs(token, '/ar/transac?type=withdraw', 375);
    const cancel = narrow.page.locator('[data-testid^="cancel-"]').first();
    await cancel.click();
    await narrow.page.getByTestId('cancel-withdrawal-confirm').click();
    await narrow.page.getByTestId('status-canceled').waitFor();
    await narrow.page.screenshot({
      path: join(SCREENSHOT_DIR, 'wallet-transac-ar-375.png'),
      fullPage: true,
    });
    await narrow.page.goto('/ar/asset/spot');
    const row = narrow.page.getByTestId('asset-row-USDT');
    await expect.poll(async () => (await row.textContent()) ?? '').toContain('1,500.00');
    await narrow.context.close();
  });

  it('exports the fill history the filter shows as CSV', async () => {
    const email = `fills${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    await server.cli(['deposit', email, 'USDT', '1000']);
    const placed = await postAs(
      stack,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '100' },
      token,
    );
    expect(placed.code).toBe('0');

    const { context, page } = await openAs(token, '/record/exchange?tab=fills');
    await page.getByTestId('record-rows').getByText('BTC/USDT').first().waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByTestId('record-export').click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^spot-fills-\d{8}-\d{6}\.csv$/);
    const csv = readFileSync(await download.path(), 'utf8');
    const lines = csv
      .replace(/^\uFEFF/, '')
      .trimEnd()
      .split('\r\n');
    expect(lines[0]).toBe('Time,Pair,Side,Role,Price,Amount,Value,Fee,Fee coin,Trade ID,Order ID');
    expect(lines.length).toBeGreaterThan(1);
    expect(lines.slice(1).every((l) => l.includes(',BTCUSDT,Buy,Taker,'))).toBe(true);
    await context.close();
  });

  it('sends a visitor to login and back', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/asset/spot');
    await expect
      .poll(() => {
        const url = new URL(page.url());
        return `${url.pathname}${url.search}`;
      })
      .toBe('/login?redirect=%2Fasset%2Fspot');
    await context.close();
  });
});
