/**
 * Spot trading in the real browser against the real server: the market moves
 * by itself from the simulator; two users, funded by the operator command,
 * trade with each other and both see the fill without a reload.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, getAs, newPage, registerByApi, startStack, type Stack } from './harness';

interface Balance {
  coin: string;
  available: string;
  frozen: string;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function openAs(stack: Stack, token: string, path: string, width = 1440) {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  const host = new URL(stack.server.baseUrl).hostname;
  await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
  await page.goto(path);
  return { context, page };
}

describe('a live market', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  it('moves by itself: the book fills from the makers and trades print from the takers', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl);
    await page.goto('/spot/BTCUSDT');
    await page.getByTestId('spot-page').waitFor();
    await expect
      .poll(() => page.getByTestId('book-sell-row').count(), { timeout: 20_000 })
      .toBeGreaterThan(5);
    await expect.poll(() => page.getByTestId('book-buy-row').count()).toBeGreaterThan(5);
    const trades = page.getByTestId('recent-trades');
    const first = (await trades.textContent()) ?? '';
    // New prints arrive over the socket while the page stays open.
    await expect
      .poll(async () => (await trades.textContent()) ?? '', { timeout: 20_000 })
      .not.toBe(first);
    await expect.poll(() => text(page, 'spot-last-price')).toMatch(/^[0-9,]+\.[0-9]{2}$/);
    await context.close();
  });
});

describe('two users trade with each other', () => {
  let stack: Stack;
  beforeAll(async () => {
    // A quiet market: only these two users trade in it.
    stack = await startStack({ SIMULATOR: 'off' });
  });
  afterAll(async () => stack?.stop());

  it('a limit sell, a market buy, and both see the fill, their orders and balances change live', async () => {
    const sellerEmail = `seller${Date.now()}@example.com`;
    const buyerEmail = `buyer${Date.now()}@example.com`;
    const sellerToken = await registerByApi(stack, sellerEmail);
    const buyerToken = await registerByApi(stack, buyerEmail);
    await stack.server.cli(['deposit', sellerEmail, 'BTC', '0.5']);
    await stack.server.cli(['deposit', buyerEmail, 'USDT', '10000']);

    const seller = await openAs(stack, sellerToken, '/spot/BTCUSDT');
    const buyer = await openAs(stack, buyerToken, '/spot/BTCUSDT');

    // The seller posts a limit sell of 0.1 BTC at 60,000.
    const s = seller.page;
    await s.getByTestId('order-side-sell').click();
    await s.getByTestId('order-type-limit').click();
    await expect.poll(() => text(s, 'order-available')).toContain('0.5');
    await s.getByTestId('order-price').fill('60000');
    await s.getByTestId('order-quantity').fill('0.1');
    await s.getByTestId('order-submit').click();
    // It rests in the book both users see.
    for (const page of [s, buyer.page]) {
      await expect
        .poll(async () => (await page.getByTestId('book-sell-row').allTextContents()).join(' '))
        .toContain('60,000.00');
    }
    await expect
      .poll(async () => (await s.getByTestId('orders-panel').textContent()) ?? '')
      .toContain('60,000.00');

    // Each side of the book is one tab stop: the keys pick a row's price as a click does.
    const b = buyer.page;
    await b.getByTestId('order-type-limit').click();
    const sells = b.getByRole('listbox', { name: 'Sell orders' });
    await sells.focus();
    await b.keyboard.press('ArrowUp');
    // The row chosen in that list (the grouping select's chosen step is an option too).
    await expect
      .poll(() => sells.getByRole('option', { selected: true }).textContent())
      .toContain('60,000.00');
    await b.keyboard.press('Enter');
    await expect.poll(() => b.getByTestId('order-price').inputValue()).toMatch(/^60,?000(\.0+)?$/);

    // The buyer buys 0.1 BTC at market.
    await b.getByTestId('order-side-buy').click();
    await b.getByTestId('order-type-market').click();
    // The market order type says how far from the last price it fills.
    expect(await text(b, 'order-price-band')).toBe(
      'Fills within ±5% of the last price; the rest is cancelled',
    );
    await expect.poll(() => text(b, 'order-available')).toContain('10,000');
    const byQuantity = b.getByTestId('order-buy-by-quantity');
    if ((await byQuantity.count()) > 0) await byQuantity.click();
    await b.getByTestId('order-quantity').fill('0.1');
    await b.getByTestId('order-submit').click();

    // Both see it without a reload: the book empties, the trade prints, the balances move.
    for (const page of [s, b]) {
      // The ask rows empty; the last price between the sides then shows the trade's price.
      await expect.poll(() => page.getByTestId('book-sell-row').count()).toBe(0);
      await expect
        .poll(async () => (await page.getByTestId('recent-trades').textContent()) ?? '')
        .toContain('60,000.00');
    }
    // 10,000 - 6,000 USDT; 0.1 BTC less the 0.1% fee.
    await expect.poll(() => text(b, 'order-available')).toContain('4,000');
    await s.getByTestId('order-side-buy').click();
    // 6,000 USDT less the 0.1% fee.
    await expect.poll(() => text(s, 'order-available')).toContain('5,994');

    // The order history of each shows the filled order; the trade history the fill.
    await s.getByTestId('orders-tab-history').click();
    await expect
      .poll(async () => (await s.getByTestId('orders-panel').textContent()) ?? '')
      .toMatch(/Filled/i);
    await b.getByTestId('orders-tab-trades').click();
    await expect
      .poll(async () => (await b.getByTestId('orders-panel').textContent()) ?? '')
      .toContain('60,000.00');

    // And the server agrees, to the last unit.
    const buyerBalances = await getAs<Balance[]>(stack, buyerToken, '/v1/asset/balances');
    expect(buyerBalances.find((x) => x.coin === 'BTC')).toMatchObject({
      available: '0.09990000',
      frozen: '0.00000000',
    });
    const sellerBalances = await getAs<Balance[]>(stack, sellerToken, '/v1/asset/balances');
    expect(sellerBalances.find((x) => x.coin === 'USDT')).toMatchObject({
      available: '5994.00000000',
    });
    await b.screenshot({ path: join(SCREENSHOT_DIR, 'spot-trade-buyer-1440.png') });
    await seller.context.close();
    await buyer.context.close();
  });
});
