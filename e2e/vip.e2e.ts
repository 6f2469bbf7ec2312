import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
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

let stack: Stack;

beforeAll(async () => {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  stack = await startStack({ SIMULATOR: 'off' });
});

afterAll(async () => stack?.stop());

async function open(path: string, width: number, token?: string) {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  if (token) {
    const host = new URL(stack.server.baseUrl).hostname;
    await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
  }
  await page.goto(path);
  return { context, page };
}

/** Nothing is wider than the window: no sideways scrolling at 375 px. */
async function fitsWidth(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}

describe('the fee schedule, /fee', () => {
  it('shows every tier with its spot and futures rates at 1440 px', async () => {
    const { context, page } = await open('/fee', 1440);
    const table = page.getByTestId('vip-tiers-spot');
    await expect
      .poll(() => table.locator('tbody tr.ant-table-row').count(), { timeout: 15_000 })
      .toBe(7);
    const first = await table.locator('tbody tr.ant-table-row').first().innerText();
    expect(first).toContain('VIP0');
    expect(first).toContain('0.1000%');
    const top = await table.locator('tbody tr.ant-table-row').last().innerText();
    expect(top).toContain('VIP6');
    expect(top).toContain('-0.0050%');
    expect(top).toContain('400,000,000');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'fee-1440.png'), fullPage: true });

    await page.locator('.vip-tabs').getByText('Futures', { exact: true }).click();
    const futures = page.getByTestId('vip-tiers-futures');
    await expect.poll(() => futures.locator('tbody tr.ant-table-row').count()).toBe(7);
    const row = await futures.locator('tbody tr.ant-table-row').first().innerText();
    expect(row).toContain('0.0200%');
    expect(row).toContain('0.0500%');
    await context.close();
  });

  it('shows one card a tier at 375 px, without sideways scrolling', async () => {
    const { context, page } = await open('/fee', 375);
    const cards = page.getByTestId('vip-tiers-spot').locator('li');
    await expect.poll(() => cards.count(), { timeout: 15_000 }).toBe(7);
    expect(await cards.nth(3).innerText()).toContain('0.0420%');
    expect(await fitsWidth(page)).toBe(true);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'fee-375.png'), fullPage: true });
    await context.close();
  });
});

describe('my tier, /vip/detail', () => {
  it('sends a visitor to log in first', async () => {
    const { context, page } = await open('/vip/detail', 1440);
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 15_000 }).toBe('/login');
    await context.close();
  });

  it('shows the tier an operator assigned, its rates and the way to the next tier, at 1440 and 375 px', async () => {
    const email = `vip${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    expect(await stack.server.cli(['vip', 'set', email, '3'])).toContain('VIP3 (assigned)');
    // The server follows the operator's change within seconds.
    await expect
      .poll(async () => (await getAs<{ level: number }>(stack, token, '/v1/fee/vip')).level, {
        timeout: 15_000,
      })
      .toBe(3);

    for (const width of [1440, 375]) {
      const { context, page } = await open('/vip/detail', width, token);
      await expect
        .poll(() => page.getByTestId('vip-level').innerText(), { timeout: 15_000 })
        .toBe('VIP3');
      const rates = await page.getByTestId('vip-rates').innerText();
      expect(rates).toContain('0.0420%');
      expect(rates).toContain('0.0600%');
      expect(rates).toContain('0.0320%');
      const progress = page.getByTestId('vip-progress');
      expect(await progress.innerText()).toContain('VIP4');
      expect(await progress.locator('.ant-progress').count()).toBe(3);
      if (width === 375) expect(await fitsWidth(page)).toBe(true);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `vip-detail-${width}.png`),
        fullPage: true,
      });
      await context.close();
    }

    // A fill at VIP3 charges the VIP3 maker rate (to the last digit on the wire), and the records show it.
    await stack.server.cli(['deposit', email, 'BTC', '1']);
    const buyerEmail = `buyer${Date.now()}@example.com`;
    const buyer = await registerByApi(stack, buyerEmail);
    await stack.server.cli(['deposit', buyerEmail, 'USDT', '1000']);
    const order = { symbol: 'BTCUSDT', quantity: '0.01234' };
    const sell = await postAs(
      stack,
      '/v1/spot/order/place',
      { ...order, side: 'sell', type: 'limit', price: '50000.37' },
      token,
    );
    expect(sell.code, sell.msg).toBe('0');
    const buy = await postAs(
      stack,
      '/v1/spot/order/place',
      { ...order, side: 'buy', type: 'market' },
      buyer,
    );
    expect(buy.code, buy.msg).toBe('0');
    const fills = await getAs<{ items: Array<{ fillId: string; fee: string }> }>(
      stack,
      token,
      '/v1/spot/fills',
    );
    const fill = fills.items[0] as { fillId: string; fee: string };
    // 617.0045658 USDT x 0.042 % = 0.2591419176, rounded up to the minor unit.
    expect(fill.fee).toBe('0.25914192');
    const { context, page } = await open('/record/exchange?tab=fills', 1440, token);
    const fee = page.getByTestId(`record-spot-fee-${fill.fillId}`);
    await fee.waitFor({ timeout: 15_000 });
    // Shown at the coin's display precision, as every fee is (USDT: 2 decimals).
    expect(await fee.innerText()).toBe('0.26 USDT');
    await context.close();
  });
});
