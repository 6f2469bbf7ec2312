/**
 * Copy trading in the real browser against the real server: a follower
 * opens the leaderboard, the lead's profile and the follow dialog and
 * copies the lead; the lead opens and closes a position (through the API,
 * against a maker's orders); the follower's page shows the copied open and
 * close and the close's PnL. Once at 1440 px (dark) and once at 375 px
 * (light) with a second follower; a follower short of margin sees the
 * skipped order and a notice; the page in Arabic reads right to left.
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

const BTC = 'BTCUSDT_PERP';

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();

async function openAs(
  stack: Stack,
  token: string,
  path: string,
  width: number,
  theme: 'dark' | 'light',
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
  await page.goto(path);
  return { context, page };
}

describe('copy trading', () => {
  let stack: Stack;
  let maker = '';
  let lead = '';
  let round = 0;

  const ok = async (token: string, path: string, body: Record<string, unknown>) => {
    const answer = await postAs(stack, path, body, token);
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  /** A user with spot USDT, part of it moved to futures. */
  const trader = async (name: string, spot: string, futures: string) => {
    const email = `${name}-${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    await stack.server.cli(['deposit', email, 'USDT', spot]);
    if (futures !== '0') {
      await ok(token, '/v1/futures/transfer', {
        coin: 'USDT',
        amount: futures,
        direction: 'toFutures',
      });
    }
    return token;
  };
  /** The lead opens 0.01 BTC long at 50,000 and closes it at 51,000, against the maker. */
  const leadOpens = async () => {
    await ok(maker, '/v1/futures/order/cancel-all', { symbol: BTC });
    await ok(maker, '/v1/futures/order/place', {
      symbol: BTC,
      side: 'sell',
      type: 'limit',
      price: '50000',
      quantity: '1',
    });
    await ok(lead, '/v1/futures/order/place', {
      symbol: BTC,
      side: 'buy',
      type: 'market',
      quantity: '0.01',
    });
  };
  const leadId = async () => {
    const mine = await getAs<{ leading: { leadId: string } | null }>(
      stack,
      lead,
      '/v1/copy-trading/mine',
    );
    return mine.leading?.leadId ?? '';
  };
  const leadCloses = async () => {
    await ok(maker, '/v1/futures/order/cancel-all', { symbol: BTC });
    await ok(maker, '/v1/futures/order/place', {
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: '51000',
      quantity: '1',
    });
    await ok(lead, '/v1/futures/order/place', {
      symbol: BTC,
      side: 'sell',
      type: 'market',
      quantity: '0.01',
    });
  };

  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'off', MARKET_PRICE_BAND_BPS: '5000' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    maker = await trader('ct-maker', '1000000', '500000');
    lead = await trader('ct-lead', '20000', '10000');
    await ok(lead, '/v1/copy-trading/lead/apply', {
      nickname: 'Lead',
      shareRate: '0.1',
      symbols: [BTC, 'ETHUSDT_PERP'],
    });
  });
  afterAll(async () => stack?.stop());

  for (const [width, theme] of [
    [1440, 'dark'],
    [375, 'light'],
  ] as const) {
    it(`follows a lead and shows the copied trade and its PnL at ${width} px`, async () => {
      round += 1;
      const follower = await trader(`ct-follower${round}`, '1000', '0');
      const { context, page } = await openAs(stack, follower, '/copy-trading', width, theme);
      await page.getByTestId('ct-leaderboard').waitFor();
      await page.getByTestId('ct-leader-Lead').getByRole('button').click();
      await page.getByTestId('ct-profile').waitFor();
      await page.getByTestId('ct-equity-chart').waitFor();
      await page.screenshot({ path: join(SCREENSHOT_DIR, `copy-trading-profile-${width}.png`) });
      await page.getByTestId('ct-follow-open').click();
      await page.getByTestId('ct-investment').fill('500');
      // The default size mode: a fixed margin per order: 100 USDT at the lead's 20x is 0.04 BTC
      // at 50,000; on the wide screen BTC gets a leverage of its own, 10x, so 0.02 BTC.
      await page.getByTestId('ct-size').fill('100');
      const ownLeverage = width === 1440;
      if (ownLeverage) await page.getByTestId(`ct-leverage-${BTC}`).fill('10');
      const copied = ownLeverage ? '0.02000' : '0.04000';
      await page.screenshot({ path: join(SCREENSHOT_DIR, `copy-trading-follow-${width}.png`) });
      await page.getByTestId('ct-follow-submit').click();
      const card = page.getByTestId('ct-copy-Lead');
      await card.waitFor();
      await expect.poll(() => text(page, 'ct-copy-equity')).toBe('500.00');
      const balances = await getAs<Array<{ coin: string; available: string }>>(
        stack,
        follower,
        '/v1/asset/balances',
      );
      expect(Number(balances.find((b) => b.coin === 'USDT')?.available)).toBe(500);

      await leadOpens();
      const rows = card.getByTestId('ct-copy-trades').locator('tbody tr.ant-table-row');
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(1);
      await expect
        .poll(() => card.getByTestId('ct-copy-positions').locator('tbody tr.ant-table-row').count())
        .toBe(1);
      expect(await rows.first().innerText()).toContain(copied);
      await leadCloses();
      await expect.poll(() => rows.count(), { timeout: 15_000 }).toBe(2);
      // Newest first: the close, with its PnL of the copied size x 1,000.
      await expect
        .poll(() => rows.first().getByTestId('ct-trade-pnl').innerText())
        .toBe(ownLeverage ? '20.00' : '40.00');
      expect(await rows.first().innerText()).toContain('51000.00');
      await expect.poll(() => text(page, 'ct-copy-pnl')).not.toBe('0.00');
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `copy-trading-mine-${width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  it('tells a follower short of margin that an order was skipped', async () => {
    const follower = await trader('ct-short', '100', '0');
    await ok(follower, '/v1/copy-trading/follow', {
      leadId: await leadId(),
      investment: '10',
      sizeMode: 'multiplier',
      size: '10',
      leverageMode: 'follow',
    });
    await leadOpens();
    const { context, page } = await openAs(stack, follower, '/copy-trading', 375, 'dark');
    await page.getByTestId('ct-tab-mine').click();
    await page.getByTestId('ct-skipped-notice').waitFor();
    const rows = page.getByTestId('ct-copy-trades').locator('tbody tr.ant-table-row');
    await expect.poll(() => rows.count()).toBe(1);
    expect(await rows.first().innerText()).toContain('Skipped');
    await expect.poll(() => text(page, 'ct-copy-equity')).toBe('10.00');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'copy-trading-skipped-375.png') });
    await leadCloses();
    await context.close();
  });

  it('reads right to left in Arabic', async () => {
    const follower = await trader('ct-ar', '100', '0');
    const { context, page } = await openAs(stack, follower, '/ar/copy-trading', 1440, 'dark');
    await page.getByTestId('ct-leaderboard').waitFor();
    expect(await page.locator('html').getAttribute('dir')).toBe('rtl');
    await expect.poll(() => text(page, 'ct-tab-leaders')).toBe('لوحة الصدارة');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'copy-trading-ar-1440.png') });
    await context.close();
  });
});
