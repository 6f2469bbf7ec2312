/**
 * The web3 swap in the real browser against the real server. At 1440 px a
 * user picks coins by search, types what they pay and sees what they
 * receive as the server quotes it, changes the slippage, sees the price
 * impact turn amber and red for larger amounts, flips, types what they want
 * to receive, swaps, and finds the swap in the history; balances and the
 * pool moved by the same amounts (every coin conserved). At 375 px the same
 * swap fits the width. The withdrawal screen asks for the authenticator
 * code, freezes the amount and lists the withdrawal as pending until the
 * operator approves it. In simulation mode the page is not offered and the
 * server refuses. Screenshots in dark and light, and in Arabic.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { generate } from 'otplib';
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

interface Balance {
  coin: string;
  available: string;
  frozen: string;
}
interface Pool {
  pair: string;
  baseReserve: string;
  quoteReserve: string;
}
interface Quote {
  amountIn: string;
  amountOut: string;
  minimumReceived: string;
  priceImpact: string;
}
interface SwapRecord {
  from: string;
  to: string;
  amountIn: string;
  amountOut: string;
}
interface AssetRecord {
  id: string;
  amount: string;
  status: string;
}

/** As the screens show amounts: without trailing fraction zeros. */
const plain = (v: string) => (v.includes('.') ? v.replace(/0+$/, '').replace(/\.$/, '') : v);

/** Exact decimal strings of 8 places as integers of minor units. */
const minor = (v: string) => {
  const [whole = '0', fraction = ''] = v.split('.');
  return BigInt(whole) * 100_000_000n + BigInt(fraction.padEnd(8, '0').slice(0, 8) || '0');
};

let stack: Stack;

beforeAll(async () => {
  stack = await startStack({ SIMULATOR: 'off' });
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
});
afterAll(async () => stack?.stop());

const text = async (page: Page, testId: string) =>
  ((await page.getByTestId(testId).first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
const valueOf = (page: Page, testId: string) => page.getByTestId(testId).inputValue();
const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

async function open(
  token: string,
  path: string,
  width: number,
  theme: 'dark' | 'light' = 'light',
): Promise<Page> {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: width < 768 ? 812 : 900,
    reducedMotion: 'reduce',
  });
  await context.addCookies([
    { name: 'quay_session', value: token, url: stack.server.baseUrl },
    { name: 'theme', value: theme, url: stack.server.baseUrl },
  ]);
  await page.goto(path);
  return page;
}

/** A user with coins to swap; their email too (the operator CLI names users by it). */
async function funded(name: string): Promise<{ token: string; email: string }> {
  const email = `${name}-${Date.now()}@example.com`;
  const token = await registerByApi(stack, email);
  await stack.server.cli(['deposit', email, 'USDT', '500000']);
  return { token, email };
}

const quoteOf = async (token: string, ask: Record<string, unknown>) => {
  const answer = await postAs<Quote>(stack, '/v1/web3/swap/quote', ask, token);
  if (answer.code !== '0') throw new Error(answer.msg);
  return answer.data;
};
const balanceOf = async (token: string, coin: string) =>
  (await getAs<Balance[]>(stack, token, '/v1/asset/balances')).find((b) => b.coin === coin);
const pool = async (token: string, pair: string) =>
  (await getAs<Pool[]>(stack, token, '/v1/web3/swap/pools')).find((p) => p.pair === pair)!;

/** Picks a coin in one of the card's pickers by typing in its search. */
async function pick(page: Page, which: 'from' | 'to', search: string, expectOptions: string[]) {
  await page.getByTestId(`swap-${which}`).click();
  await page.keyboard.type(search);
  const options = page.locator('.ant-select-dropdown:visible .ant-select-item-option');
  await expect.poll(() => options.allTextContents()).toEqual(expectOptions);
  await page.keyboard.press('Enter');
  await expect.poll(() => page.locator('.ant-select-dropdown:visible').count()).toBe(0);
  await expect.poll(() => text(page, `swap-${which}`)).toBe(expectOptions[0]);
}

describe('web3 swap', () => {
  it('quotes both ways, colours the impact, flips and swaps at 1440 px', async () => {
    const { token } = await funded('swap-desk');
    const page = await open(token, '/swap', 1440);
    await page.getByTestId('swap-page').waitFor();
    await expect.poll(() => text(page, 'swap-available-from')).toContain('500000');

    // Search narrows the picker: ETH, then back to BTC.
    await pick(page, 'to', 'et', ['ETH']);
    await pick(page, 'to', 'bt', ['BTC']);

    // What I pay, quoted as the server quotes it.
    await page.getByTestId('swap-amount-from').fill('1000');
    const small = await quoteOf(token, {
      from: 'USDT',
      to: 'BTC',
      amountIn: '1000',
      slippage_bps: 50,
    });
    await expect.poll(() => valueOf(page, 'swap-amount-to')).toBe(small.amountOut);
    expect(await text(page, 'swap-minimum')).toBe(`${small.minimumReceived} BTC`);
    expect(await page.getByTestId('swap-impact').getAttribute('data-tone')).toBe('ok');
    expect(await text(page, 'swap-route')).toBe('USDT → BTC');

    // 1 % slippage lowers the minimum received.
    await page.getByTestId('swap-slippage').getByText('1%', { exact: true }).click();
    const wider = await quoteOf(token, {
      from: 'USDT',
      to: 'BTC',
      amountIn: '1000',
      slippage_bps: 100,
    });
    await expect.poll(() => text(page, 'swap-minimum')).toBe(`${wider.minimumReceived} BTC`);
    expect(minor(wider.minimumReceived)).toBeLessThan(minor(small.minimumReceived));

    // Larger amounts move the price: amber from 1 %, red with a warning from 5 %.
    await page.getByTestId('swap-amount-from').fill('100000');
    await expect.poll(() => page.getByTestId('swap-impact').getAttribute('data-tone')).toBe('warn');
    expect(await page.getByTestId('swap-high-impact').count()).toBe(0);
    await page.getByTestId('swap-amount-from').fill('400000');
    await expect
      .poll(() => page.getByTestId('swap-impact').getAttribute('data-tone'))
      .toBe('danger');
    await page.getByTestId('swap-high-impact').waitFor();
    expect(await page.getByTestId('swap-submit').isEnabled()).toBe(true);
    expect(await text(page, 'swap-submit')).toBe('Swap anyway');
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'swap-impact-1440-light.png') });

    // Flip: the typed amount stays with its coin, now what I receive.
    await page.getByTestId('swap-amount-from').fill('1000');
    await expect.poll(() => valueOf(page, 'swap-amount-to')).not.toBe('');
    await page.getByTestId('swap-flip').click();
    expect(await text(page, 'swap-from')).toBe('BTC');
    expect(await text(page, 'swap-to')).toBe('USDT');
    expect(await valueOf(page, 'swap-amount-to')).toBe('1000');
    const exactOut = await quoteOf(token, {
      from: 'BTC',
      to: 'USDT',
      amountOut: '1000',
      slippage_bps: 100,
    });
    await expect.poll(() => valueOf(page, 'swap-amount-from')).toBe(exactOut.amountIn);
    await page.getByTestId('swap-flip').click();

    // What I want to receive, typed: what I pay is quoted.
    await page.getByTestId('swap-amount-to').fill('0.01');
    const wanted = await quoteOf(token, {
      from: 'USDT',
      to: 'BTC',
      amountOut: '0.01',
      slippage_bps: 100,
    });
    await expect.poll(() => valueOf(page, 'swap-amount-from')).toBe(wanted.amountIn);

    // Swap 1000 USDT: balances and the pool move by the same amounts.
    const before = {
      usdt: minor((await balanceOf(token, 'USDT'))!.available),
      btc: minor((await balanceOf(token, 'BTC'))?.available ?? '0'),
      pool: await pool(token, 'BTC-USDT'),
    };
    await page.getByTestId('swap-amount-from').fill('1000');
    await expect.poll(() => valueOf(page, 'swap-amount-to')).not.toBe('');
    await page.getByTestId('swap-submit').click();
    await expect.poll(() => text(page, 'swap-done')).toMatch(/^Swapped for 0\.\d+ BTC$/);
    await expect.poll(() => text(page, 'swap-history')).toContain('1000 USDT');
    const history = await getAs<{ items: SwapRecord[] }>(stack, token, '/v1/web3/swap/history');
    expect(history.items).toHaveLength(1);
    const done = history.items[0]!;
    expect([done.from, done.to, done.amountIn]).toEqual(['USDT', 'BTC', '1000.00000000']);
    expect(await text(page, 'swap-done')).toBe(`Swapped for ${plain(done.amountOut)} BTC`);
    const after = {
      usdt: minor((await balanceOf(token, 'USDT'))!.available),
      btc: minor((await balanceOf(token, 'BTC'))!.available),
      pool: await pool(token, 'BTC-USDT'),
    };
    expect(before.usdt - after.usdt).toBe(minor('1000'));
    expect(after.btc - before.btc).toBe(minor(done.amountOut));
    // Conserved: what left the user is in the pool, what the pool gave is with the user.
    expect(after.usdt + minor(after.pool.quoteReserve)).toBe(
      before.usdt + minor(before.pool.quoteReserve),
    );
    expect(after.btc + minor(after.pool.baseReserve)).toBe(
      before.btc + minor(before.pool.baseReserve),
    );
    await expect.poll(() => text(page, 'swap-available-to')).toContain(plain(done.amountOut));
    await page.screenshot({
      path: join(SCREENSHOT_DIR, 'swap-done-1440-light.png'),
      fullPage: true,
    });

    // More than the balance: the card says why, and nothing moves.
    await page.getByTestId('swap-amount-from').fill('600000');
    await expect.poll(() => valueOf(page, 'swap-amount-to')).not.toBe('');
    await page.getByTestId('swap-submit').click();
    await page.getByTestId('swap-refusal').waitFor();
    expect(minor((await balanceOf(token, 'USDT'))!.available)).toBe(after.usdt);
    await page.context().close();
  }, 180_000);

  it('swaps at 375 px within the width', async () => {
    const { token } = await funded('swap-phone');
    const page = await open(token, '/swap', 375, 'dark');
    await page.getByTestId('swap-page').waitFor();
    await pick(page, 'to', 'so', ['SOL']);
    await page.getByTestId('swap-amount-from').fill('250');
    await expect.poll(() => valueOf(page, 'swap-amount-to')).not.toBe('');
    expect(await page.getByTestId('swap-submit').isEnabled()).toBe(true);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, 'swap-quote-375-dark.png'),
      fullPage: true,
    });
    await page.getByTestId('swap-submit').click();
    await expect.poll(() => text(page, 'swap-done')).toMatch(/^Swapped for [\d.]+ SOL$/);
    await expect.poll(() => text(page, 'swap-history')).toContain('250 USDT');
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SCREENSHOT_DIR, 'swap-done-375-dark.png'), fullPage: true });
    await page.context().close();
  }, 120_000);

  it('withdraws to a wallet with the second factor, pending until the operator approves', async () => {
    const { token, email } = await funded('swap-wd');
    // Without a factor on, the screen says to turn one on and cannot send.
    const page = await open(token, '/swap', 1440);
    await page.getByTestId('swap-withdraw-link').click();
    await page.getByTestId('swap-withdraw-page').waitFor();
    await page.getByTestId('swap-wd-no-factor').waitFor();
    expect(await page.getByTestId('swap-wd-submit').isDisabled()).toBe(true);

    const setup = await postAs<{ secret: string }>(
      stack,
      '/v1/user/security/google/setup',
      {},
      token,
    );
    const totp = (steps: number) =>
      generate({ secret: setup.data.secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    const on = await postAs(
      stack,
      '/v1/user/security/modify',
      { factor: 'google', enable: true, newGoogleCode: await totp(0) },
      token,
    );
    expect(on.code, on.msg).toBe('0');
    await page.reload();
    await page.getByTestId('swap-wd-factor-google').waitFor();
    expect(await page.getByTestId('swap-wd-no-factor').count()).toBe(0);

    const address = `T${'b'.repeat(33)}`;
    await page.getByTestId('swap-wd-address').fill(address);
    await page.getByTestId('swap-wd-amount').fill('250');
    // A wrong code: refused, nothing frozen.
    await page.getByTestId('swap-wd-factor-google').fill('000000');
    await page.getByTestId('swap-wd-submit').click();
    await page.getByTestId('swap-wd-refusal').waitFor();
    expect((await balanceOf(token, 'USDT'))?.frozen).toBe('0.00000000');

    // The code of the next step (the one just refused may be the current one).
    await page.getByTestId('swap-wd-factor-google').fill(await totp(1));
    await page.getByTestId('swap-wd-submit').click();
    await expect
      .poll(() => text(page, 'swap-wd-asked'))
      .toBe('Withdrawal of 250 USDT requested: frozen until it is approved');
    await page.getByTestId('swap-wd-status-pending').waitFor();
    expect(await text(page, 'swap-wd-list')).toContain('250 USDT');
    const usdt = (await balanceOf(token, 'USDT'))!;
    expect([usdt.available, usdt.frozen]).toEqual(['499750.00000000', '250.00000000']);
    await page.screenshot({
      path: join(SCREENSHOT_DIR, 'swap-withdraw-1440-light.png'),
      fullPage: true,
    });

    // The operator approves from the CLI; the list shows it completed.
    const records = await getAs<{ items: AssetRecord[] }>(
      stack,
      token,
      '/v1/asset/records?type=withdraw',
    );
    expect(records.items.map((r) => r.status)).toEqual(['pending']);
    await stack.server.cli(['approve', records.items[0]!.id]);
    await page.reload();
    await page.getByTestId('swap-wd-status-completed').waitFor();
    expect((await balanceOf(token, 'USDT'))?.frozen).toBe('0.00000000');
    expect(email).toContain('@');

    // At 375 px the screen fits, dark.
    const phone = await open(token, '/swap/withdraw', 375, 'dark');
    await phone.getByTestId('swap-wd-status-completed').waitFor();
    expect(await sideways(phone)).toBeLessThanOrEqual(0);
    await phone.screenshot({
      path: join(SCREENSHOT_DIR, 'swap-withdraw-375-dark.png'),
      fullPage: true,
    });
    await phone.context().close();
    await page.context().close();
  }, 180_000);

  it('quotes for a visitor, with a way to log in that comes back', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
      width: 375,
      height: 812,
    });
    await page.goto('/swap');
    await page.getByTestId('swap-amount-from').fill('100');
    await expect.poll(() => valueOf(page, 'swap-amount-to')).not.toBe('');
    expect(await page.getByTestId('swap-submit').count()).toBe(0);
    expect(await page.getByTestId('swap-history').count()).toBe(0);
    expect(await page.getByTestId('swap-login').getAttribute('href')).toBe(
      `/login?redirect=${encodeURIComponent('/swap')}`,
    );
    await context.close();
  });

  it('is not offered in simulation mode: the page goes to demo spot, the server refuses', async () => {
    const { token } = await funded('swap-demo');
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl, { width: 1440 });
    await context.addCookies([{ name: 'quay_session', value: token, url: stack.server.baseUrl }]);
    await context.addInitScript(() => window.localStorage.setItem('quay.v1.simulation', '1'));
    await page.goto('/swap');
    await page.waitForURL((url) => url.pathname === '/spot/BTCUSDT');
    await page.getByTestId('simulation-banner').waitFor();
    // A client that calls the swap anyway while simulating gets the refusal, in its language.
    const answer = await fetch(`${stack.server.baseUrl}/v1/web3/swap/history?languageType=39`, {
      headers: { authorization: `Bearer ${token}`, 'x-simulated': '1' },
    });
    const body = (await answer.json()) as { code: string; msg: string };
    expect([body.code, body.msg]).toEqual(['21010', 'المبادلة غير متاحة في وضع المحاكاة']);
    await context.close();
  });

  it('reads right to left in Arabic, dark and light, at 375 and 1440 px', async () => {
    const { token } = await funded('swap-ar');
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        const page = await open(token, '/ar/swap', width, theme);
        await page.getByTestId('swap-page').waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        await page.getByTestId('swap-amount-from').fill('5000');
        await expect.poll(() => valueOf(page, 'swap-amount-to')).not.toBe('');
        expect(await text(page, 'swap-submit')).toBe('مبادلة');
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `swap-${width}-${theme}-ar.png`),
          fullPage: true,
        });
        const wd = await open(token, '/ar/swap/withdraw', width, theme);
        await wd.getByTestId('swap-withdraw-page').waitFor();
        await wd.getByTestId('swap-wd-no-factor').waitFor();
        await expect.poll(() => wd.locator('.ant-spin-spinning').count()).toBe(0);
        expect(await sideways(wd)).toBeLessThanOrEqual(0);
        await wd.screenshot({
          path: join(SCREENSHOT_DIR, `swap-withdraw-${width}-${theme}-ar.png`),
          fullPage: true,
        });
        await wd.context().close();
        await page.context().close();
      }
    }
  }, 180_000);
});
