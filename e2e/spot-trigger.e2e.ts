/**
 * Spot trigger orders in the real browser against the real server, on a
 * market the simulator keeps moving: a trigger order is placed from the
 * Trigger tab with its trigger inside the spread, so the next trade on the
 * other side crosses it; the trigger orders tab shows it waiting, and the
 * trigger history shows it triggered, without a reload. At 1440 and 375 px.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Decimal } from '@quay/core';
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

interface Ticker {
  last: string;
  bestBid: string;
  bestAsk: string;
}
interface Plan {
  planId: string;
  status: string;
  orderId: string;
}

const panelText = async (page: Page) =>
  ((await page.getByTestId('orders-panel').textContent()) ?? '').replace(/\s+/g, ' ');

/** A price inside the spread, off the last price: the next trade on the far side crosses it. */
function triggerInSpread(ticker: Ticker): string | null {
  const bid = new Decimal(ticker.bestBid || '0');
  const ask = new Decimal(ticker.bestAsk || '0');
  if (bid.isZero() || ask.isZero() || ask.minus(bid).lt('0.02')) return null;
  const price = bid.plus(ask).div(2).toDecimalPlaces(2, Decimal.ROUND_DOWN);
  return price.eq(ticker.last) ? price.plus('0.01').toFixed(2) : price.toFixed(2);
}

describe('spot trigger orders', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  for (const width of [1440, 375]) {
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

      // The trigger inside the spread as the book stands when the order is sent.
      let trigger: string | null = null;
      await expect
        .poll(
          async () => {
            const tickers = await getAs<Ticker[]>(stack, token, '/v1/spot/tickers?symbol=BTCUSDT');
            trigger = tickers[0] ? triggerInSpread(tickers[0]) : null;
            return trigger;
          },
          { timeout: 30_000 },
        )
        .not.toBeNull();
      await page.getByTestId('trigger-price').fill(trigger as unknown as string);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `spot-trigger-form-${width}.png`) });
      await page.getByTestId('trigger-submit').click();

      // Waiting in the trigger orders tab, or already triggered: the trades never stop.
      const plans = async () => {
        const current = await getAs<Plan[]>(stack, token, '/v1/spot/plans/current');
        const ended = await getAs<{ items: Plan[] }>(stack, token, '/v1/spot/plans/history');
        return [...current, ...ended.items];
      };
      await expect.poll(async () => (await plans()).length, { timeout: 10_000 }).toBe(1);
      await page.getByTestId('orders-tab-plans').click();
      await page.getByTestId('orders-tab-planHistory').click();
      await expect.poll(() => panelText(page), { timeout: 60_000 }).toContain('Triggered');
      await page.screenshot({ path: join(SCREENSHOT_DIR, `spot-trigger-history-${width}.png`) });
      const [plan] = await plans();
      expect(plan).toMatchObject({ status: 'TRIGGERED' });
      expect(plan?.orderId).not.toBe('');

      // The order it placed is in the order history.
      await page.getByTestId('orders-tab-history').click();
      await expect.poll(() => panelText(page), { timeout: 10_000 }).toMatch(/Filled/i);
      await context.close();
    }, 120_000);
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
