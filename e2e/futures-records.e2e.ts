/**
 * The futures order and records pages (/order/mcp, /record/mcp) in the real
 * browser: a trader's filled order, its fill and its bills are listed, a
 * date shortcut filters them to the last 7 days, at 1440 and 375 px. The
 * stack runs as the beta environment: the header carries the Beta tag and
 * every call after the platform configuration carries the beta marker.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { DEVICE_TOKEN_PATH } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  SCREENSHOT_DIR,
  getAs,
  newPage,
  postAs,
  registerByApi,
  startStack,
  type Stack,
} from './harness';

interface Order {
  orderId: string;
  status: string;
}
interface Fill {
  fillId: string;
  orderId: string;
}
interface Listed<T> {
  items: T[];
}

const items = <T>(answer: T[] | Listed<T>): T[] => (Array.isArray(answer) ? answer : answer.items);

async function openAs(
  stack: Stack,
  token: string,
  path: string,
  width: number,
  theme: 'dark' | 'light' = 'dark',
) {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  const host = new URL(stack.server.baseUrl).hostname;
  await context.addCookies([
    { name: 'quay_session', value: token, domain: host, path: '/' },
    { name: 'theme', value: theme, domain: host, path: '/' },
  ]);
  const marked: string[] = [];
  const unmarked: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    // The configuration call comes before the marker is known; the device-id
    // service's token fetch is that service's own call, not the API client's
    // (it runs at every page load and may finish after the configuration).
    if (
      !url.pathname.startsWith('/v1/') ||
      url.pathname.startsWith('/v1/public/platform-config') ||
      url.pathname === DEVICE_TOKEN_PATH
    )
      return;
    (request.headers()['beta'] === '1' ? marked : unmarked).push(url.pathname);
  });
  await page.goto(path);
  return { context, page, marked, unmarked };
}

/** The start and end inputs of the wide range picker. */
const rangeInputs = (page: Page) => page.locator('.record-filters .ant-picker-range input');

/** Picks the first range shortcut (last 7 days): beside the calendars, or in the dialog under 768 px. */
async function pickLastSevenDays(page: Page, width: number, shot?: string): Promise<void> {
  if (width < 768) {
    await page.getByTestId('record-range').click();
  } else {
    await rangeInputs(page).first().click();
  }
  await page.getByTestId('record-range-shortcut-0').waitFor();
  if (shot) await page.screenshot({ path: join(SCREENSHOT_DIR, shot) });
  await page.getByTestId('record-range-shortcut-0').click();
}

const day = (ms: number) => new Date(ms).toLocaleDateString('en-CA');

describe('futures orders and records', () => {
  let stack: Stack;
  let token: string;
  let order: Order;
  let fill: Fill;

  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on', BETA: 'on' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const email = `mcp${Date.now()}@example.com`;
    token = await registerByApi(stack, email);
    await stack.server.cli(['deposit', email, 'USDT', '20000']);
    const moved = await postAs(
      stack,
      '/v1/futures/transfer',
      { coin: 'USDT', amount: '10000', direction: 'toFutures' },
      token,
    );
    expect(moved.code, moved.msg).toBe('0');
    await vi.waitFor(
      async () => {
        const depth = await getAs<{ bids: unknown[]; asks: unknown[] }>(
          stack,
          token,
          '/v1/futures/depth?symbol=BTCUSDT_PERP',
        );
        expect(Math.min(depth.bids.length, depth.asks.length)).toBeGreaterThan(3);
      },
      { timeout: 30_000, interval: 250 },
    );
    const placed = await postAs<Order>(
      stack,
      '/v1/futures/order/place',
      { symbol: 'BTCUSDT_PERP', side: 'buy', type: 'market', quantity: '0.01' },
      token,
    );
    expect(placed.code, placed.msg).toBe('0');
    const orderId = placed.data.orderId;
    await vi.waitFor(
      async () => {
        const history = items(
          await getAs<Order[] | Listed<Order>>(stack, token, '/v1/futures/orders/history'),
        );
        expect(history.find((o) => o.orderId === orderId)?.status).toBe('FILLED');
      },
      { timeout: 15_000, interval: 250 },
    );
    order = { orderId, status: 'FILLED' };
    const fills = items(await getAs<Fill[] | Listed<Fill>>(stack, token, '/v1/futures/fills'));
    fill = fills.find((f) => f.orderId === orderId) as Fill;
    expect(fill).toBeDefined();
  }, 120_000);
  afterAll(async () => stack?.stop());

  for (const width of [1440, 375]) {
    it(`lists the order, its fill and its bills, filtered to the last 7 days, at ${width} px`, async () => {
      const { context, page, marked, unmarked } = await openAs(
        stack,
        token,
        '/order/mcp?tab=history',
        width,
      );
      await page.getByTestId('beta-badge').waitFor();
      const avg = page.getByTestId(`record-order-avg-${order.orderId}`);
      await avg.waitFor({ timeout: 15_000 });
      await pickLastSevenDays(page, width, `order-mcp-picker-${width}.png`);
      const now = Date.now();
      const range = [day(now - 6 * 86_400_000), day(now)];
      if (width < 768) {
        await expect
          .poll(async () => page.getByTestId('record-range').textContent())
          .toBe(range.join(' ~ '));
      } else {
        const inputs = rangeInputs(page);
        await expect.poll(async () => inputs.first().inputValue()).toBe(range[0]);
        expect(await inputs.nth(1).inputValue()).toBe(range[1]);
      }
      await avg.waitFor();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `order-mcp-range-${width}.png`) });

      await page.goto('/order/mcp?tab=fills');
      await page.getByTestId(`record-fill-fee-${fill.fillId}`).waitFor({ timeout: 15_000 });
      await pickLastSevenDays(page, width);
      await page.getByTestId(`record-fill-fee-${fill.fillId}`).waitFor();

      await page.goto('/record/mcp?tab=bills');
      const rows = page.getByTestId('record-rows');
      await expect
        .poll(async () => rows.textContent(), { timeout: 15_000 })
        .toContain('Trading fee');
      // Once the configuration has answered, every call carries the beta marker.
      await page.getByTestId('beta-badge').waitFor();
      marked.length = 0;
      unmarked.length = 0;
      await pickLastSevenDays(page, width);
      await expect.poll(async () => rows.textContent()).toContain('Transfer in');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `record-mcp-range-${width}.png`) });
      expect(marked).toContain('/v1/futures/bills');
      expect(unmarked).toEqual([]);
      await context.close();
    }, 120_000);
  }

  it('reads right to left in Arabic and in the light theme, at 375 and 1440 px', async () => {
    for (const width of [375, 1440]) {
      for (const theme of ['light', 'dark'] as const) {
        const { context, page } = await openAs(
          stack,
          token,
          '/ar/order/mcp?tab=history',
          width,
          theme,
        );
        await page.getByTestId(`record-order-avg-${order.orderId}`).waitFor({ timeout: 15_000 });
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await pickLastSevenDays(page, width, `order-mcp-ar-${theme}-${width}-picker.png`);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `order-mcp-ar-${theme}-${width}.png`),
        });
        await context.close();
      }
    }
    const { context, page } = await openAs(stack, token, '/order/mcp', 1440, 'light');
    await page.getByTestId('beta-badge').waitFor();
    await page.screenshot({ path: join(SCREENSHOT_DIR, `order-mcp-light-1440.png`) });
    await context.close();
  }, 180_000);
});
