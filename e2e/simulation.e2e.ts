/**
 * Simulation (demo trading) mode in the real browser against the real
 * server with the market simulator on: switch on, land on the spot demo
 * page, buy and sell SBTC for SUSDT against the simulator's demo book, and
 * the real balances stay where they were; a page outside the allow-list
 * redirects while on; switching off in a second tab reloads the first into
 * real mode. Screenshots of the demo pages at both widths, both themes and
 * in Arabic.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  SCREENSHOT_DIR,
  getAs,
  newPage,
  registerByApi,
  settled,
  startStack,
  type Stack,
} from './harness';

interface Balance {
  coin: string;
  available: string;
  frozen: string;
  total: string;
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

/** Turns demo mode on for a context without the switch (for the screenshots). */
async function demoOn(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => window.localStorage.setItem('quay.v1.simulation', '1'));
}

describe('simulation mode', () => {
  let stack: Stack;
  let email: string;
  let token: string;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    email = `demo${Date.now()}@example.com`;
    token = await registerByApi(stack, email);
    await stack.server.cli(['deposit', email, 'USDT', '2500']);
    await stack.server.cli(['deposit', email, 'BTC', '0.25']);
  });
  afterAll(async () => stack?.stop());

  it('switches on, trades SBTC for SUSDT on the demo market, leaves real balances alone, and follows a switch-off in another tab', async () => {
    const realBefore = await getAs<Balance[]>(stack, token, '/v1/asset/balances');
    const { context, page } = await openAs(stack, token, '/asset');
    await page.getByTestId('asset-overview').waitFor();
    expect(await page.getByTestId('simulation-banner').count()).toBe(0);

    // Switch on: the spec's landing page, with the demo banner and the demo pair.
    await page.getByTestId('header-simulation-switch').click();
    await page.waitForURL('**/spot/BTCUSDT');
    await page.getByTestId('simulation-banner').waitFor();
    await expect.poll(() => text(page, 'spot-symbol')).toContain('SBTC/SUSDT');
    await expect
      .poll(() => page.getByTestId('book-sell-row').count(), { timeout: 30_000 })
      .toBeGreaterThan(3);

    // Buy SBTC with SUSDT at market: the 50,000 SUSDT grant is what is available.
    await page.getByTestId('order-side-buy').click();
    await page.getByTestId('order-type-market').click();
    await expect.poll(() => text(page, 'order-available')).toContain('50,000');
    const byQuantity = page.getByTestId('order-buy-by-quantity');
    if ((await byQuantity.count()) > 0) await byQuantity.click();
    await page.getByTestId('order-quantity').fill('0.02');
    await page.getByTestId('order-submit').click();
    await expect
      .poll(async () => {
        const demo = await demoBalances();
        return Number(demo.SBTC ?? '0');
      })
      .toBeGreaterThan(0.0199);

    // Sell part of it back with a limit order priced through the bids: it fills at the book.
    await page.getByTestId('order-side-sell').click();
    await page.getByTestId('order-type-limit').click();
    await expect.poll(() => text(page, 'order-available')).toMatch(/0\.019/);
    await page.getByTestId('order-price').fill('1000');
    await page.getByTestId('order-quantity').fill('0.01');
    await page.getByTestId('order-submit').click();
    await expect.poll(async () => Number((await demoBalances()).SBTC ?? '0')).toBeLessThan(0.0101);
    const demo = await demoBalances();
    expect(Number(demo.SUSDT)).toBeGreaterThan(45_000);
    expect(Number(demo.SUSDT)).toBeLessThan(50_000);

    // The real balances did not move.
    expect(await getAs<Balance[]>(stack, token, '/v1/asset/balances')).toEqual(realBefore);

    // A demo perpetual: 1,000 SUSDT into the demo futures wallet, then a long opened on the futures screen.
    const moved = await fetch(`${stack.server.baseUrl}/v1/futures/transfer?languageType=0`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'x-simulated': '1',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ coin: 'SUSDT', amount: '1000', direction: 'toFutures' }),
    });
    expect(((await moved.json()) as { code: string }).code).toBe('0');
    await page.goto('/futures/usdt/BTCUSDT');
    await page.getByTestId('futures-page').waitFor();
    await page.getByTestId('simulation-banner').waitFor();
    await expect.poll(() => text(page, 'futures-symbol')).toContain('SBTCSUSDT');
    await expect
      .poll(() => text(page, 'futures-available'), { timeout: 20_000 })
      .toContain('1,000.00');
    await expect.poll(() => text(page, 'futures-stat-mark'), { timeout: 30_000 }).toMatch(/[0-9]/);
    // The simulator's maker quotes the demo perpetual before the market order goes in.
    await expect
      .poll(
        async () => {
          const res = await fetch(
            `${stack.server.baseUrl}/v1/futures/depth?symbol=BTCUSDT&languageType=0`,
            { headers: { 'x-simulated': '1' } },
          );
          const body = (await res.json()) as { data: { asks: unknown[] } | null };
          return body.data?.asks.length ?? 0;
        },
        { timeout: 30_000, interval: 250 },
      )
      .toBeGreaterThan(3);
    await page.getByTestId('futures-type-market').click();
    await page.getByTestId('futures-quantity').fill('0.01');
    await page.getByTestId('futures-submit-buy').click();
    await page.getByTestId('futures-position-1').waitFor({ timeout: 15_000 });
    const demoPositions = (await (
      await fetch(`${stack.server.baseUrl}/v1/futures/positions?languageType=0`, {
        headers: { authorization: `Bearer ${token}`, 'x-simulated': '1' },
      })
    ).json()) as { data: Array<{ symbol: string; count: string }> };
    expect(demoPositions.data.map((p) => [p.symbol, p.count])).toEqual([
      ['SBTCSUSDT_PERP', '0.01'],
    ]);
    // Nothing of it on the real side.
    expect(await getAs<unknown[]>(stack, token, '/v1/futures/positions')).toEqual([]);
    expect(
      (await getAs<{ walletBalance: string }>(stack, token, '/v1/futures/account')).walletBalance,
    ).toBe('0');
    expect(await getAs<Balance[]>(stack, token, '/v1/asset/balances')).toEqual(realBefore);

    // A path outside the allow-list goes to spot BTC/USDT in the same language.
    await page.goto('/ja/login');
    await page.waitForURL('**/ja/spot/BTCUSDT');
    await page.getByTestId('simulation-banner').waitFor();
    await page.goto('/spot/BTCUSDT');
    await page.getByTestId('simulation-banner').waitFor();

    // A second tab of the same browser switches off: this one reloads into real mode.
    const second = await context.newPage();
    await second.goto('/asset/spot');
    await second.getByTestId('simulation-banner').waitFor();
    await second.getByTestId('demo-reset').waitFor();
    await second.getByTestId('simulation-exit').click();
    await expect.poll(() => second.getByTestId('simulation-banner').count()).toBe(0);
    await expect.poll(() => page.getByTestId('simulation-banner').count()).toBe(0);
    await page.getByTestId('spot-page').waitFor();
    await expect.poll(() => text(page, 'spot-symbol')).toContain('BTC/USDT');
    expect(await text(page, 'spot-symbol')).not.toContain('SBTC');
    await page.getByTestId('order-side-buy').click();
    await expect.poll(() => text(page, 'order-available')).toContain('2,500');
    await context.close();

    async function demoBalances(): Promise<Record<string, string>> {
      const res = await fetch(`${stack.server.baseUrl}/v1/asset/balances?languageType=0`, {
        headers: { authorization: `Bearer ${token}`, 'x-simulated': '1' },
      });
      const body = (await res.json()) as { data: Balance[] };
      return Object.fromEntries(body.data.map((b) => [b.coin, b.total]));
    }
  });

  it('resets the demo account from the demo wallet', async () => {
    const { context, page } = await openAs(stack, token, '/asset/spot');
    await demoOn(context);
    await page.reload();
    await page.getByTestId('demo-reset').click();
    await page.getByTestId('demo-reset-box-confirm').click();
    await expect
      .poll(async () => {
        const res = await fetch(`${stack.server.baseUrl}/v1/asset/balances?languageType=0`, {
          headers: { authorization: `Bearer ${token}`, 'x-simulated': '1' },
        });
        const body = (await res.json()) as { data: Balance[] };
        return body.data.filter((b) => Number(b.total) > 0).map((b) => `${b.coin} ${b.total}`);
      })
      .toEqual(['SUSDT 50000.00000000']);
    await context.close();
  });

  it('shows the banner and the demo pages at both widths, in both themes and in Arabic', async () => {
    const pages = [
      { name: 'spot', path: '/spot/BTCUSDT', ready: 'spot-page' },
      { name: 'futures', path: '/futures/usdt/BTCUSDT', ready: 'futures-page' },
      { name: 'assets', path: '/asset/spot', ready: 'asset-spot' },
      { name: 'records', path: '/record/exchange', ready: 'simulation-banner' },
    ];
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light']) {
        for (const prefix of ['', '/ar']) {
          const { context, page } = await openAs(stack, token, '/asset', width, theme);
          await demoOn(context);
          for (const p of pages) {
            await page.goto(`${prefix}${p.path}`);
            await page.getByTestId('simulation-banner').waitFor();
            await page.getByTestId(p.ready).first().waitFor();
            await settled(page);
            const overflow = await page.evaluate(
              () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
            );
            expect(overflow, `${prefix}${p.path} at ${width}px ${theme}`).toBeLessThanOrEqual(0);
            const file = `simulation-${p.name}-${width}-${theme}${prefix ? '-ar' : ''}.png`;
            await page.screenshot({ path: join(SCREENSHOT_DIR, file), fullPage: width < 768 });
          }
          await context.close();
        }
      }
    }
  }, 180_000);
});
