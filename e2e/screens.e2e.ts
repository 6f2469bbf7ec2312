/**
 * What a new user compares across screens, in the real browser against the
 * real server with the simulator moving the markets: one order's figures and
 * times read the same on every screen that shows it; the overview's shares
 * are of the total above them; the futures form transfers in place; a cancel
 * is confirmed; the markets page lists, sorts, searches and stars every
 * market; Arabic mirrors the chart's interval tabs.
 */
import { Decimal, groupThousands } from '@quay/core';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getAs, newPage, postAs, registerByApi, startStack, type Stack } from './harness';

interface Order {
  orderId: string;
  avgPrice: string;
  fee: string;
  status: string;
  createdAt: number;
  updatedAt: number;
}
interface Fill {
  fillId: string;
  orderId: string;
  price: string;
  fee: string;
  feeCoin: string;
}
interface Listed<T> {
  items: T[];
}
interface Position {
  openAvgPrice: string;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

/** What the spec and the brief ask a price or amount to read: half to even, grouped. */
const shown = (value: string, places: number) =>
  groupThousands(new Decimal(value).toFixed(places, Decimal.ROUND_HALF_EVEN));

async function openAs(stack: Stack, token: string, path: string, width = 1440, prefix = '') {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  const host = new URL(stack.server.baseUrl).hostname;
  await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
  await page.goto(`${prefix}${path}`);
  return { context, page };
}

async function trader(stack: Stack, name: string): Promise<{ token: string; email: string }> {
  const email = `${name}${Date.now()}@example.com`;
  const token = await registerByApi(stack, email);
  await stack.server.cli(['deposit', email, 'USDT', '20000']);
  return { token, email };
}

async function waitForBook(stack: Stack, token: string, path: string): Promise<void> {
  await expect
    .poll(
      async () => {
        const depth = await getAs<{ bids: unknown[]; asks: unknown[] }>(stack, token, path);
        return Math.min(depth.bids.length, depth.asks.length);
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBeGreaterThan(3);
}

const items = <T>(answer: T[] | Listed<T>): T[] => (Array.isArray(answer) ? answer : answer.items);

describe('screens that show the same thing', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on' });
  });
  afterAll(async () => stack?.stop());

  it('write one futures order the same on the positions, the panel, the orders page and the TP/SL dialog', async () => {
    const { token } = await trader(stack, 'same');
    const moved = await postAs(
      stack,
      '/v1/futures/transfer',
      { coin: 'USDT', amount: '10000', direction: 'toFutures' },
      token,
    );
    expect(moved.code, moved.msg).toBe('0');
    await waitForBook(stack, token, '/v1/futures/depth?symbol=BTCUSDT_PERP');
    // Large enough to take several levels: an average off the tick.
    const placed = await postAs<Order>(
      stack,
      '/v1/futures/order/place',
      { symbol: 'BTCUSDT_PERP', side: 'buy', type: 'market', quantity: '0.037' },
      token,
    );
    expect(placed.code, placed.msg).toBe('0');
    const orderId = placed.data.orderId;
    await expect
      .poll(async () => {
        const history = items(
          await getAs<Order[] | Listed<Order>>(stack, token, '/v1/futures/orders/history'),
        );
        return history.find((o) => o.orderId === orderId)?.status;
      })
      .toBe('FILLED');
    const history = items(
      await getAs<Order[] | Listed<Order>>(stack, token, '/v1/futures/orders/history'),
    );
    const order = history.find((o) => o.orderId === orderId) as Order;
    const fills = items(await getAs<Fill[] | Listed<Fill>>(stack, token, '/v1/futures/fills'));
    const fill = fills.find((f) => f.orderId === orderId) as Fill;
    const [position] = await getAs<Position[]>(stack, token, '/v1/futures/positions');

    const { context, page } = await openAs(stack, token, '/futures/usdt/BTCUSDT');
    await page.getByTestId('futures-position-1').waitFor({ timeout: 20_000 });
    const entry = await text(page, 'position-entry-1');
    expect(entry).toBe(shown(position?.openAvgPrice ?? '', 2));
    await page.getByTestId('position-tpsl-1').click();
    await page.getByTestId('tpsl-dialog').waitFor();
    expect(await text(page, 'tpsl-entry')).toBe(entry);
    await page.keyboard.press('Escape');
    await page.getByTestId('futures-panel-history').click();
    const avg = await text(page, `panel-order-avg-${orderId}`);
    const time = await text(page, `panel-order-time-${orderId}`);
    await page.getByTestId('futures-panel-fills').click();
    const fee = await text(page, `panel-fill-fee-${fill.fillId}`);
    await context.close();

    // The fee reads at the coin's 2 decimals, not as the server wrote it.
    expect(fee).toBe(shown(fill.fee, 2));
    expect(avg).toBe(shown(order.avgPrice, 2));
    expect(time).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);

    const records = await openAs(stack, token, '/order/mcp?tab=history');
    await records.page.getByTestId(`record-order-avg-${orderId}`).waitFor({ timeout: 15_000 });
    expect(await text(records.page, `record-order-avg-${orderId}`)).toBe(avg);
    expect(await text(records.page, `record-order-time-${orderId}`)).toBe(time);
    expect(await text(records.page, `record-order-fee-${orderId}`)).toBe(shown(order.fee, 2));
    await records.page.goto('/order/mcp?tab=fills');
    await records.page.getByTestId(`record-fill-fee-${fill.fillId}`).waitFor({ timeout: 15_000 });
    expect(await text(records.page, `record-fill-fee-${fill.fillId}`)).toBe(fee);
    await records.context.close();
  });

  it('write one spot order with both its times, labelled, and its fee the same on the panel and the records page', async () => {
    const { token } = await trader(stack, 'spot');
    await waitForBook(stack, token, '/v1/spot/depth?symbol=BTCUSDT');
    const placed = await postAs<Order>(
      stack,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'buy', type: 'market', quantity: '0.01' },
      token,
    );
    expect(placed.code, placed.msg).toBe('0');
    const orderId = placed.data.orderId;
    await expect
      .poll(async () =>
        items(await getAs<Fill[] | Listed<Fill>>(stack, token, '/v1/spot/fills')).some(
          (f) => f.orderId === orderId,
        ),
      )
      .toBe(true);
    const fill = items(await getAs<Fill[] | Listed<Fill>>(stack, token, '/v1/spot/fills')).find(
      (f) => f.orderId === orderId,
    ) as Fill;

    const { context, page } = await openAs(stack, token, '/spot/BTCUSDT');
    await page.getByTestId('orders-tab-history').click();
    await page.getByTestId(`spot-created-${orderId}`).waitFor({ timeout: 15_000 });
    const created = await text(page, `spot-created-${orderId}`);
    const updated = await text(page, `spot-updated-${orderId}`);
    const panelHead = (await page.getByTestId('orders-panel').textContent()) ?? '';
    expect(panelHead).toContain('Created');
    expect(panelHead).toContain('Updated');
    await page.getByTestId('orders-tab-trades').click();
    const fee = await text(page, `spot-fill-fee-${fill.fillId}`);
    await context.close();
    // A buyer pays in BTC: 6 decimals, not 8.
    expect(fee).toBe(`${shown(fill.fee, 6)} BTC`);

    const records = await openAs(stack, token, '/record/exchange');
    await records.page.getByTestId(`record-created-${orderId}`).waitFor({ timeout: 15_000 });
    expect(await text(records.page, `record-created-${orderId}`)).toBe(created);
    expect(await text(records.page, `record-updated-${orderId}`)).toBe(updated);
    const head = (await records.page.locator('thead').first().textContent()) ?? '';
    expect(head).toContain('Created');
    expect(head).toContain('Updated');
    await records.page.goto('/record/exchange?tab=fills');
    await records.page.getByTestId(`record-spot-fee-${fill.fillId}`).waitFor({ timeout: 15_000 });
    expect(await text(records.page, `record-spot-fee-${fill.fillId}`)).toBe(fee);
    await records.context.close();
  });

  it('share each holding of the total shown above it, futures wallet included', async () => {
    const { token } = await trader(stack, 'share');
    const moved = await postAs(
      stack,
      '/v1/futures/transfer',
      { coin: 'USDT', amount: '5000', direction: 'toFutures' },
      token,
    );
    expect(moved.code, moved.msg).toBe('0');
    const { context, page } = await openAs(stack, token, '/asset');
    // 15,000 of 20,000 USDT stay in spot: 75 %, not 100 %.
    await expect.poll(() => text(page, 'holding-share-USDT'), { timeout: 15_000 }).toBe('75.00%');
    await context.close();
  });

  it('open the transfer dialog in place from the futures form, and confirm a cancel on both screens', async () => {
    const { token } = await trader(stack, 'cancel');
    const { context, page } = await openAs(stack, token, '/futures/usdt/BTCUSDT');
    await page.getByTestId('futures-transfer-link').click();
    await page.getByTestId('transfer-max-text').waitFor();
    expect(new URL(page.url()).pathname).toBe('/futures/usdt/BTCUSDT');
    await page.getByTestId('transfer-amount').fill('1000');
    await page.getByTestId('transfer-submit').click();
    await expect.poll(() => text(page, 'futures-available')).toContain('1,000.00');

    const perp = await postAs<Order>(
      stack,
      '/v1/futures/order/place',
      {
        symbol: 'BTCUSDT_PERP',
        side: 'buy',
        type: 'limit',
        price: '1000',
        quantity: '0.01',
        timeInForce: 'GTC',
      },
      token,
    );
    expect(perp.code, perp.msg).toBe('0');
    await page.getByTestId('futures-panel-open').click();
    await page.getByTestId(`cancel-order-${perp.data.orderId}`).click();
    await expect.poll(() => page.locator('.ant-message').innerText()).toContain('Order cancelled');
    await expect.poll(() => page.getByTestId(`cancel-order-${perp.data.orderId}`).count()).toBe(0);
    await context.close();

    const spot = await postAs<Order>(
      stack,
      '/v1/spot/order/place',
      { symbol: 'BTCUSDT', side: 'buy', type: 'limit', price: '1000', quantity: '0.01' },
      token,
    );
    expect(spot.code, spot.msg).toBe('0');
    const s = await openAs(stack, token, '/spot/BTCUSDT');
    await s.page.getByTestId('cancel-order').first().waitFor({ timeout: 15_000 });
    await s.page.getByTestId('cancel-order').first().click();
    await expect
      .poll(() => s.page.locator('.ant-message').innerText())
      .toContain('Order cancelled');
    await expect.poll(() => s.page.getByTestId('cancel-order').count()).toBe(0);
    await s.context.close();
  });
});

describe('the markets page', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on' });
  });
  afterAll(async () => stack?.stop());

  it('lists every spot pair and perpetual, sorts, searches, keeps stars and opens a market', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl);
    await page.goto('/');
    await page.getByTestId('nav-markets').click();
    await page.getByTestId('markets-table').waitFor();
    const listed = (await (
      await fetch(`${stack.server.baseUrl}/v1/spot/markets?languageType=0`)
    ).json()) as { data: Array<{ symbol: string }> };
    const spot = listed.data;
    await expect
      .poll(() => page.locator('[data-testid^="markets-row-"]').count())
      .toBe(spot.length);
    await expect
      .poll(() => page.getByTestId('markets-trend-BTCUSDT').getAttribute('data-points'), {
        timeout: 20_000,
      })
      .not.toBe('0');
    // Sorted by price, highest first: BTC leads, and the prices fall row by row.
    await page.locator('th', { hasText: 'Last price' }).click();
    await page.locator('th', { hasText: 'Last price' }).click();
    const prices = await page.locator('[data-testid^="markets-price-"]').allTextContents();
    const numbers = prices.map((p) => Number(p.replace(/,/g, '')));
    expect(numbers).toEqual([...numbers].sort((a, b) => b - a));
    await page.getByTestId('markets-tab-futures').click();
    await expect.poll(() => page.getByTestId('markets-row-BTCUSDT_PERP').count()).toBe(1);
    await page.getByTestId('markets-star-BTCUSDT_PERP').click();
    await page.getByTestId('markets-tab-spot').click();
    await page.getByPlaceholder('Search coin').fill('eth');
    await expect.poll(() => page.locator('[data-testid^="markets-row-"]').count()).toBe(1);
    await page.getByTestId('markets-star-ETHUSDT').click();

    // Stars stay after a reload, on phones too, where the table is a list.
    await page.setViewportSize({ width: 375, height: 812 });
    await page.reload();
    await page.getByTestId('markets-list').waitFor();
    await page.getByTestId('markets-tab-favourites').click();
    await expect
      .poll(() =>
        page
          .locator('[data-testid^="markets-row-"]')
          .evaluateAll((rows) => rows.map((r) => r.getAttribute('data-testid'))),
      )
      .toEqual(['markets-row-ETHUSDT', 'markets-row-BTCUSDT_PERP']);
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await page.getByTestId('markets-row-BTCUSDT_PERP').locator('a').click();
    await page.getByTestId('futures-page').waitFor();
    expect(new URL(page.url()).pathname).toBe('/futures/usdt/BTCUSDT');
    await context.close();
  });

  it('mirrors the chart interval tabs in Arabic on a phone', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
      width: 375,
      height: 812,
    });
    await page.goto('/ar/spot/BTCUSDT');
    await page.getByTestId('interval-1m').waitFor();
    const first = await page.getByTestId('interval-1m').boundingBox();
    const second = await page.getByTestId('interval-5m').boundingBox();
    expect(first && second && first.x > second.x).toBe(true);
    await context.close();
  });
});
