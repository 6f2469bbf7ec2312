/**
 * Spot trigger orders in the real browser against the real server. A trigger
 * order is placed from the Trigger tab; the trigger orders tab shows it
 * waiting; two other users then trade at its trigger price, and the trigger
 * history shows it triggered and the order history its filled order, without
 * a reload. At 1440 and 375 px. The market is quiet (no simulator) so the
 * crossing trade is the test's own, not a wait on a random walk.
 */
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

interface Plan {
  planId: string;
  status: string;
  orderId: string;
}

const panelText = async (page: Page) =>
  ((await page.getByTestId('orders-panel').textContent()) ?? '').replace(/\s+/g, ' ');

describe('spot trigger orders', () => {
  let stack: Stack;
  let seller: string;
  let buyer: string;
  /** A limit order by one of the two market makers; it must be accepted. */
  const order = async (token: string, side: 'buy' | 'sell', price: string, quantity: string) => {
    const placed = await postAs(
      stack,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side, type: 'limit', price, quantity },
      token,
    );
    expect(placed.code, placed.msg).toBe('0');
  };
  /** A trade at `price` between the two makers: the ask rests first, the bid takes it. */
  const tradeAt = async (price: string) => {
    await order(seller, 'sell', price, '0.01');
    await order(buyer, 'buy', price, '0.01');
  };

  beforeAll(async () => {
    // A quiet market: only the test's users trade in it.
    stack = await startStack({ SIMULATOR: 'off' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    const stamp = Date.now();
    seller = await registerByApi(stack, `trigger-seller-${stamp}@example.com`);
    buyer = await registerByApi(stack, `trigger-buyer-${stamp}@example.com`);
    await stack.server.cli(['deposit', `trigger-seller-${stamp}@example.com`, 'BTC', '5']);
    await stack.server.cli(['deposit', `trigger-buyer-${stamp}@example.com`, 'USDT', '1000000']);
    // A last price, and a book around it for the plan's market order to fill against.
    await tradeAt('60000');
    await order(seller, 'sell', '60200', '1');
    await order(buyer, 'buy', '59800', '1');
  });
  afterAll(async () => stack?.stop());

  for (const [width, trigger] of [
    [1440, '60100'],
    [375, '60150'],
  ] as const) {
    it(`places a trigger order at ${width} px and sees it trigger`, async () => {
      const email = `trigger${width}-${Date.now()}@example.com`;
      const token = await registerByApi(stack, email);
      await stack.server.cli(['deposit', email, 'USDT', '10000']);
      const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
        width,
        height: width < 768 ? 812 : 900,
      });
      const host = new URL(stack.server.baseUrl).hostname;
      await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
      await page.goto('/spot/BTCUSDT');
      await page.getByTestId('order-type-trigger').click();
      await page.getByTestId('trigger-by-last').click();
      await page.getByTestId('trigger-type-market').click();
      await page.getByTestId('trigger-quantity').fill('0.001');
      // Inside the makers' spread (59,800 to 60,200), away from the last trade: the
      // makers' trade at exactly this price is the first to cross it, whichever side it is on.
      await page.getByTestId('trigger-price').fill(trigger);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `spot-trigger-form-${width}.png`) });
      await page.getByTestId('trigger-submit').click();

      // It waits in the trigger orders tab.
      await page.getByTestId('orders-tab-plans').click();
      const shown = `${trigger.slice(0, 2)},${trigger.slice(2)}.00`;
      await expect.poll(() => panelText(page), { timeout: 10_000 }).toContain(shown);
      expect(await panelText(page)).toContain('Trigger orders (1)');
      const current = await getAs<Plan[]>(stack, token, '/v1/spot/plans/current');
      expect(current).toHaveLength(1);
      expect(current[0]).toMatchObject({ status: 'WAITING' });

      // Two other users trade at the trigger price: the plan fires and its market buy fills.
      await tradeAt(trigger);
      await page.getByTestId('orders-tab-planHistory').click();
      await expect.poll(() => panelText(page), { timeout: 10_000 }).toContain('Triggered');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `spot-trigger-history-${width}.png`) });
      expect(await getAs<Plan[]>(stack, token, '/v1/spot/plans/current')).toHaveLength(0);
      const ended = await getAs<{ items: Plan[] }>(stack, token, '/v1/spot/plans/history');
      expect(ended.items).toHaveLength(1);
      expect(ended.items[0]).toMatchObject({ status: 'TRIGGERED' });
      expect(ended.items[0]?.orderId).not.toBe('');

      // The order it placed is in the order history, filled.
      await page.getByTestId('orders-tab-history').click();
      await expect.poll(() => panelText(page), { timeout: 10_000 }).toMatch(/Filled/i);
      await context.close();
    }, 60_000);
  }
});

describe('the Trigger tab and the trigger orders, right to left', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  it('reads right to left in Arabic, dark and light, at 375 and 1440 px', async () => {
    const email = `trigger-ar-${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    await stack.server.cli(['deposit', email, 'USDT', '10000']);
    // A plan far below the market: it waits.
    const placed = await postAs(
      stack,
      '/v1/spot/plan/place',
      {
        symbol: 'BTCUSDT',
        side: 'buy',
        triggerPrice: '1000',
        triggerBy: 'mark',
        type: 'limit',
        price: '1000',
        quantity: '0.01',
      },
      token,
    );
    expect(placed.code, placed.msg).toBe('0');
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
          width,
          height: 900,
        });
        await context.addCookies([
          { name: 'theme', value: theme, url: stack.server.baseUrl },
          { name: 'quay_session', value: token, url: stack.server.baseUrl },
        ]);
        await page.goto('/ar/spot/BTCUSDT');
        await expect.poll(() => page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await page.getByTestId('order-tpsl').click();
        await page.getByTestId('order-take-profit').waitFor();
        await page.getByTestId('orders-tab-plans').click();
        await expect.poll(() => panelText(page)).toContain('1,000.00');
        await page.getByTestId('order-form').screenshot({
          path: join(SCREENSHOT_DIR, `spot-tpsl-${width}-${theme}-ar.png`),
        });
        await page.getByTestId('order-type-trigger').click();
        await page.getByTestId('trigger-price').waitFor();
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `spot-trigger-${width}-${theme}-ar.png`),
          fullPage: width < 768,
        });
        await context.close();
      }
    }
  }, 120_000);
});
