/**
 * Perpetual futures in the real browser against the real server, with the
 * simulator moving the market: a leveraged long whose PnL and ROE move with
 * the mark, a TP/SL set by ROE % and a close; and positions driven to
 * liquidation by the market, the protection fund credited, the wallet's
 * balance equal to the sum of its bills.
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

interface Account {
  walletBalance: string;
  availableBalance: string;
}
interface Position {
  symbol: string;
  openAvgPrice: string;
  side: number;
  count: string;
  unrealisedPnl: string;
  liquidationPrice: string;
  takeProfitPrice: string;
  stopLossPrice: string;
}
interface Page_<T> {
  items: T[];
  total: number;
}
interface Bill {
  type: string;
  amount: string;
}
interface Order {
  source: string;
  status: string;
}

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function openAs(stack: Stack, token: string, path: string, width = 1440, theme = 'dark') {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
  });
  const host = new URL(stack.server.baseUrl).hostname;
  await context.addCookies([
    { name: 'quay_session', value: token, domain: host, path: '/' },
    { name: 'theme', value: theme, domain: host, path: '/' },
  ]);
  await page.goto(path);
  return { context, page };
}

/** Registers, funds through the operator command and moves `amount` USDT to the futures wallet. */
async function futuresTrader(stack: Stack, name: string, amount: string): Promise<string> {
  const email = `${name}${Date.now()}@example.com`;
  const token = await registerByApi(stack, email);
  await stack.server.cli(['deposit', email, 'USDT', amount]);
  const moved = await postAs(
    stack,
    '/v1/futures/transfer',
    { coin: 'USDT', amount, direction: 'toFutures' },
    token,
  );
  expect(moved.code, moved.msg).toBe('0');
  return token;
}

/** Waits until the simulator's maker quotes both sides of a perpetual's book. */
async function waitForBook(stack: Stack, token: string, symbol = 'BTCUSDT_PERP'): Promise<void> {
  await expect
    .poll(
      async () => {
        const depth = await getAs<{ bids: unknown[]; asks: unknown[] }>(
          stack,
          token,
          `/v1/futures/depth?symbol=${symbol}`,
        );
        return Math.min(depth.bids.length, depth.asks.length);
      },
      { timeout: 30_000, interval: 250 },
    )
    .toBeGreaterThan(3);
}

async function allBills(stack: Stack, token: string): Promise<Bill[]> {
  const bills: Bill[] = [];
  for (let pageNo = 1; ; pageNo += 1) {
    const page = await getAs<Page_<Bill>>(
      stack,
      token,
      `/v1/futures/bills?pageNo=${pageNo}&pageSize=50`,
    );
    bills.push(...page.items);
    if (bills.length >= page.total || page.items.length === 0) return bills;
  }
}

/** Sums decimal strings exactly, in units of 10^-8. */
function sumMinor(values: string[]): bigint {
  return values.reduce((sum, v) => {
    const negative = v.startsWith('-');
    const [whole, fraction = ''] = v.replace('-', '').split('.');
    const minor = BigInt(whole ?? '0') * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8));
    return sum + (negative ? -minor : minor);
  }, 0n);
}

describe('a leveraged long on the trading screen', () => {
  let stack: Stack;
  beforeAll(async () => {
    // A lively market, so the mark moves within seconds.
    stack = await startStack({
      SIMULATOR: 'on',
      SIMULATOR_MINUTE_VOLATILITY: '0.004',
      MARK_INTERVAL_MS: '500',
    });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  // Four page loads (1440 px, then 375 dark, 375 Arabic light, 1024 light) and a trade: more than the default bound.
  it(
    'opens at 50x, sees PnL and ROE follow the mark, sets TP/SL by ROE % and closes',
    { timeout: 150_000 },
    async () => {
      const token = await futuresTrader(stack, 'trader', '2000');
      await waitForBook(stack, token);
      const { context, page } = await openAs(stack, token, '/futures/usdt/BTCUSDT');
      await page.getByTestId('futures-page').waitFor();
      await expect
        .poll(() => text(page, 'futures-stat-mark'), { timeout: 20_000 })
        .toMatch(/[0-9]/);
      await expect.poll(() => text(page, 'futures-available')).toContain('2,000.00');

      // Leverage 50x.
      await page.getByTestId('futures-leverage').click();
      await page.getByTestId('futures-leverage-input').fill('50');
      await page.getByTestId('futures-leverage-save').click();
      await expect.poll(() => text(page, 'futures-leverage')).toBe('50x');

      // A market long of 0.01 BTC.
      await page.getByTestId('futures-type-market').click();
      expect(await text(page, 'order-price-band')).toBe(
        'Fills within ±5% of the mark price; the rest is cancelled',
      );
      await page.getByTestId('futures-quantity').fill('0.01');
      await expect.poll(() => text(page, 'futures-cost')).not.toContain('0.00 USDT');
      await page.getByTestId('futures-submit-buy').click();
      const row = page.getByTestId('futures-position-1');
      await row.waitFor({ timeout: 10_000 });
      await expect.poll(() => text(page, 'position-roe-1')).toMatch(/%/);

      // PnL and ROE move with the mark, without a reload.
      const firstPnl = await text(page, 'position-pnl-1');
      const firstMark = await text(page, 'position-mark-1');
      await expect
        .poll(
          async () =>
            `${await text(page, 'position-mark-1')} ${await text(page, 'position-pnl-1')}`,
          {
            timeout: 30_000,
            interval: 250,
          },
        )
        .not.toBe(`${firstMark} ${firstPnl}`);
      const [position] = await getAs<Position[]>(stack, token, '/v1/futures/positions');
      expect(position?.count).toBe('0.01');
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'futures-long-1440.png') });

      // Under 1200 px the position is a card with the same live figures, and nothing scrolls sideways.
      for (const [width, theme, prefix] of [
        [375, 'dark', ''],
        [375, 'light', '/ar'],
        [1024, 'light', ''],
      ] as const) {
        const narrow = await openAs(stack, token, `${prefix}/futures/usdt/BTCUSDT`, width, theme);
        const card = narrow.page.getByTestId('futures-position-1');
        await card.waitFor({ timeout: 15_000 });
        expect(await narrow.page.getByTestId('futures-positions-cards').count()).toBe(1);
        await expect.poll(() => text(narrow.page, 'position-roe-1')).toMatch(/%/);
        expect(await text(narrow.page, 'position-mark-1')).toMatch(/[0-9]/);
        const overflow = await narrow.page.evaluate(
          () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
        );
        expect(overflow, `${prefix} ${width}px ${theme}`).toBeLessThanOrEqual(0);
        await card.scrollIntoViewIfNeeded();
        await narrow.page.screenshot({
          path: join(
            SCREENSHOT_DIR,
            `futures-position-card-${width}-${theme}${prefix ? '-ar' : ''}.png`,
          ),
        });
        if (width < 768) {
          // On a phone the order history is cards as well: the opening order is there.
          await narrow.page.getByTestId('futures-panel-history').click();
          await expect
            .poll(async () => (await narrow.page.getByTestId('futures-cards').textContent()) ?? '')
            .toContain('0.01');
          const wide = await narrow.page.evaluate(
            () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
          );
          expect(wide).toBeLessThanOrEqual(0);
          await narrow.page.getByTestId('futures-cards').scrollIntoViewIfNeeded();
          await narrow.page.screenshot({
            path: join(
              SCREENSHOT_DIR,
              `futures-history-cards-${width}-${theme}${prefix ? '-ar' : ''}.png`,
            ),
          });
        }
        await narrow.context.close();
      }

      // The limit-close dialog, whose code loads when it first opens: it opens with the
      // position's figures, closes on Escape, and opens again.
      for (let round = 0; round < 2; round += 1) {
        await page.getByTestId('position-close-limit-1').click();
        await page.getByTestId('close-limit-quantity').waitFor();
        expect(Number(await page.getByTestId('close-limit-price').inputValue())).toBeGreaterThan(0);
        await page.keyboard.press('Escape');
        await page.getByTestId('close-limit-quantity').waitFor({ state: 'hidden' });
      }

      // TP at +50 % ROE and SL at 20 % loss: 50x moves the price 1 % and 0.4 %.
      await page.getByTestId('position-tpsl-1').click();
      await page.getByTestId('tpsl-dialog').waitFor();
      await page.getByTestId('tpsl-tp-roe').fill('50');
      await page.getByTestId('tpsl-sl-roe').fill('20');
      const entry = Number(position?.openAvgPrice);
      const tpPrice = Number(await page.getByTestId('tpsl-tp-price').inputValue());
      const slPrice = Number(await page.getByTestId('tpsl-sl-price').inputValue());
      expect(Math.abs(tpPrice - entry * 1.01)).toBeLessThan(0.02);
      expect(Math.abs(slPrice - entry * 0.996)).toBeLessThan(0.02);
      // The PnL fields agree: 0.01 BTC x the move.
      expect(Number(await page.getByTestId('tpsl-tp-pnl').inputValue())).toBeCloseTo(
        0.01 * (tpPrice - entry),
        1,
      );
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'futures-tpsl-1440.png') });
      await page.getByTestId('tpsl-save').click();
      await expect
        .poll(
          async () =>
            (await getAs<Position[]>(stack, token, '/v1/futures/positions'))[0]?.takeProfitPrice,
        )
        .toBe(tpPrice.toFixed(2));
      await expect
        .poll(() => text(page, 'position-tpsl-text-1'))
        .toContain(tpPrice.toLocaleString('en-US', { minimumFractionDigits: 2 }));

      // Close at market: the position goes, the close is in the history.
      await waitForBook(stack, token);
      await page.getByTestId('position-close-market-1').click();
      await expect.poll(() => row.count()).toBe(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, 'futures-closed-1440.png') });
      expect(await row.count()).toBe(0);
      expect(await getAs<Position[]>(stack, token, '/v1/futures/positions')).toEqual([]);
      const history = await getAs<Page_<Order>>(
        stack,
        token,
        '/v1/futures/orders/history?pageSize=50',
      );
      expect(history.items.filter((o) => o.status === 'FILLED').length).toBeGreaterThanOrEqual(2);
      await context.close();
    },
  );
});

describe('positions driven to liquidation by the market', () => {
  let stack: Stack;
  beforeAll(async () => {
    // A fast market: prices move about 1 % a minute, the mark every half second.
    stack = await startStack({
      SIMULATOR: 'on',
      SIMULATOR_MINUTE_VOLATILITY: '0.01',
      MARK_INTERVAL_MS: '500',
    });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  it('liquidates one side of a 125x hedge, credits the protection fund and keeps the wallet equal to its bills', async () => {
    const token = await futuresTrader(stack, 'hedged', '1000');
    const set = async (path: string, body: Record<string, unknown>) => {
      const answer = await postAs(stack, path, body, token);
      expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    };
    await set('/v1/futures/position-mode', { positionMode: 2 });
    await set('/v1/futures/margin-mode', { symbol: 'BTCUSDT_PERP', marginMode: 1 });
    await set('/v1/futures/leverage', { symbol: 'BTCUSDT_PERP', leverage: 125 });
    await waitForBook(stack, token);
    // Wait for a book, then hold a long and a short of 0.01 BTC at 125x each.
    await expect
      .poll(
        async () =>
          (await getAs<{ markPrice: string }>(stack, token, '/v1/futures/mark?symbol=BTCUSDT_PERP'))
            .markPrice,
        { timeout: 20_000 },
      )
      .not.toBe('');
    const fundBefore = await getAs<{ balance: string; events: unknown[] }>(
      stack,
      token,
      '/v1/futures/protection-fund',
    );
    // The page is open before the orders: at 125x a liquidation can come within seconds, so
    // the page must see both positions arrive live rather than after a load.
    const { context, page } = await openAs(stack, token, '/asset/futures');
    await page.getByTestId('futures-positions').waitFor();
    for (const [side, positionSide] of [
      ['buy', 1],
      ['sell', 2],
    ] as const) {
      await set('/v1/futures/order/place', {
        symbol: 'BTCUSDT_PERP',
        side,
        positionSide,
        type: 'market',
        quantity: '0.01',
      });
    }
    const held = page.locator('[data-testid^="position-BTCUSDT_PERP-"]');
    await expect.poll(() => held.count(), { timeout: 10_000 }).toBe(2);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'futures-hedged-1440.png') });
    // A move of about 0.4 % either way takes one of them.
    await expect
      .poll(async () => (await getAs<Position[]>(stack, token, '/v1/futures/positions')).length, {
        timeout: 120_000,
        interval: 500,
      })
      .toBeLessThan(2);
    // The page follows without a reload.
    await expect.poll(() => held.count(), { timeout: 10_000 }).toBeLessThan(2);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'futures-after-liquidation-1440.png') });

    const history = await getAs<Page_<Order>>(
      stack,
      token,
      '/v1/futures/orders/history?pageSize=50',
    );
    expect(history.items.some((o) => o.source === 'liquidation' && o.status === 'FILLED')).toBe(
      true,
    );

    // The fund moved: what the margin left went in, or a shortfall came out.
    await page.goto('/protection-fund');
    await page.getByTestId('protection-fund').waitFor();
    await expect
      .poll(() => page.getByTestId('fund-events').locator('tr, [role="row"], li').count(), {
        timeout: 10_000,
      })
      .toBeGreaterThan(fundBefore.events.length);
    const fundAfter = await getAs<{ balance: string; events: Array<{ kind: string }> }>(
      stack,
      token,
      '/v1/futures/protection-fund',
    );
    expect(fundAfter.events.some((e) => e.kind === 'inflow' || e.kind === 'payout')).toBe(true);
    expect(fundAfter.balance).not.toBe(fundBefore.balance);
    expect(await text(page, 'fund-balance')).toContain(
      Number(fundAfter.balance)
        .toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 })
        .split('.')[0] as string,
    );

    // Consistent: the wallet balance is exactly the sum of its bills.
    const account = await getAs<Account>(stack, token, '/v1/futures/account');
    const bills = await allBills(stack, token);
    expect(bills.some((b) => b.type === 'liquidation' || b.type === 'realised_pnl')).toBe(true);
    expect(sumMinor(bills.map((b) => b.amount))).toBe(sumMinor([account.walletBalance]));
    await context.close();
  });
});
