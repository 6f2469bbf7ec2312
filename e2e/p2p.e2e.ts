/**
 * P2P in the browser, two contexts side by side at 1440 and 375 px: the
 * seller adds a payment method (with the authenticator) and posts a sell ad;
 * the buyer takes it, sees the payment details, writes in the chat and marks
 * it paid; the seller confirms with the authenticator and the coins are the
 * buyer's.
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

let stack: Stack;

beforeAll(async () => {
  stack = await startStack();
});

afterAll(async () => stack?.stop());

const totp = (secret: string, steps = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
/** The authenticator code of one 30-second step (each step's code is accepted once). */
const codeAt = (secret: string, step: number) => generate({ secret, epoch: step * 30 });
const stepNow = () => Math.floor(Date.now() / 30_000);

async function userWithAuthenticator(email: string): Promise<{ token: string; secret: string }> {
  const token = await registerByApi(stack, email);
  const setup = await postAs<{ secret: string }>(
    stack,
    '/v1/user/security/google/setup',
    {},
    token,
  );
  const on = await postAs(
    stack,
    '/v1/user/security/modify',
    { factor: 'google', enable: true, newGoogleCode: await totp(setup.data.secret) },
    token,
  );
  if (on.code !== '0') throw new Error(`authenticator not bound: ${on.msg}`);
  return { token, secret: setup.data.secret };
}

async function as(token: string, width: number): Promise<Page> {
  const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
    width,
    height: 900,
  });
  await context.addCookies([{ name: 'quay_session', value: token, url: stack.server.baseUrl }]);
  return page;
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('P2P', () => {
  for (const width of [1440, 375]) {
    it(`posts a sell ad, takes it, pays and releases at ${width} px`, async () => {
      mkdirSync(SCREENSHOT_DIR, { recursive: true });
      const shot = (page: Page, name: string) =>
        page.screenshot({ path: join(SCREENSHOT_DIR, `p2p-${name}-${width}.png`), fullPage: true });
      const stamp = Date.now();
      const sellerEmail = `p2p-seller-${width}-${stamp}@example.com`;
      const seller = await userWithAuthenticator(sellerEmail);
      const buyer = await userWithAuthenticator(`p2p-buyer-${width}-${stamp}@example.com`);
      await stack.server.cli(['deposit', sellerEmail, 'USDT', '1000']);

      // The seller: a payment method with the authenticator, then a sell ad.
      const sellerPage = await as(seller.token, width);
      await sellerPage.goto('/p2p/payment-methods');
      await sellerPage.getByTestId('p2p-method-add').click();
      await sellerPage.getByTestId('p2p-method-name').fill('Wise');
      await sellerPage.getByTestId('p2p-method-account').fill(`Seller ${width} 12345678`);
      const firstStep = stepNow();
      await sellerPage
        .getByTestId('p2p-code-google')
        .fill(await codeAt(seller.secret, firstStep + 1));
      await sellerPage.getByTestId('p2p-method-save').click();
      await sellerPage.getByTestId('p2p-method').waitFor();

      await sellerPage.goto('/p2p/post-ad');
      await sellerPage.getByTestId('p2p-ad-price').fill('1.00');
      await sellerPage.getByTestId('p2p-ad-total').fill('100');
      await sellerPage.getByTestId('p2p-ad-min').fill('10');
      await sellerPage.getByTestId('p2p-ad-max').fill('100');
      await sellerPage.getByTestId('p2p-ad-methods').click();
      await sellerPage.locator('.ant-select-item-option').first().click();
      await sellerPage.keyboard.press('Escape');
      await shot(sellerPage, 'post-ad');
      await sellerPage.getByTestId('p2p-ad-publish').click();
      await sellerPage.getByTestId('p2p-my-ad').waitFor();

      // The buyer takes it.
      const buyerPage = await as(buyer.token, width);
      await buyerPage.goto('/p2p');
      await buyerPage.getByTestId('p2p-ad').first().waitFor();
      expect(await sideways(buyerPage), 'list').toBeLessThanOrEqual(0);
      await shot(buyerPage, 'list');
      await buyerPage.getByTestId('p2p-take').first().click();
      await buyerPage.getByTestId('p2p-take-amount').fill('50');
      await buyerPage.getByTestId('p2p-take-confirm').click();
      await buyerPage.waitForURL(/\/p2p\/order\//);
      const orderId = buyerPage.url().split('/').pop() ?? '';
      await expect
        .poll(() => buyerPage.getByTestId('p2p-payment-details').textContent())
        .toContain('12345678');
      await buyerPage.getByTestId('p2p-chat-input').fill('Paying by Wise now');
      await buyerPage.getByTestId('p2p-chat-send').click();
      await expect
        .poll(() => buyerPage.getByTestId('p2p-chat').textContent())
        .toContain('Paying by Wise');
      await buyerPage.getByTestId('p2p-mark-paid').click();
      await buyerPage.getByTestId('p2p-mark-paid-confirm').click();
      await expect
        .poll(() => buyerPage.getByTestId('p2p-order-status').textContent())
        .toContain('Paid');
      expect(await sideways(buyerPage), 'order').toBeLessThanOrEqual(0);
      await shot(buyerPage, 'order-buyer');

      // The seller sees the chat and releases with the authenticator.
      await sellerPage.goto(`/p2p/order/${orderId}`);
      await expect
        .poll(() => sellerPage.getByTestId('p2p-chat').textContent())
        .toContain('Paying by Wise');
      await sellerPage.getByTestId('p2p-release').click();
      // A later step than the payment method's, within the server's window of one step.
      await expect.poll(stepNow, { timeout: 31_000, interval: 500 }).toBeGreaterThan(firstStep);
      await sellerPage
        .getByTestId('p2p-code-google')
        .fill(await codeAt(seller.secret, firstStep + 2));
      await sellerPage.getByTestId('p2p-step-confirm').click();
      await expect
        .poll(() => sellerPage.getByTestId('p2p-order-status').textContent())
        .toContain('Completed');
      await expect
        .poll(() => buyerPage.getByTestId('p2p-order-status').textContent(), { timeout: 10_000 })
        .toContain('Completed');
      await shot(sellerPage, 'order-seller');

      // Done: the order is complete and its payment details are no longer shown.
      const done = await getAs<{ status: string; amount: string; paymentMethods: unknown[] }>(
        stack,
        buyer.token,
        `/v1/p2p/order?orderId=${orderId}`,
      );
      expect(done).toMatchObject({ status: 'completed', amount: '50', paymentMethods: [] });
      await sellerPage.context().close();
      await buyerPage.context().close();
    }, 180_000);
  }
  it('reads right to left in Arabic, dark and light, at 375 and 1440 px', async () => {
    const user = await userWithAuthenticator(`p2p-ar-${Date.now()}@example.com`);
    for (const width of [375, 1440]) {
      for (const theme of ['dark', 'light'] as const) {
        const page = await as(user.token, width);
        await page
          .context()
          .addCookies([{ name: 'theme', value: theme, url: stack.server.baseUrl }]);
        await page.goto('/ar/p2p');
        await page.getByTestId('p2p-ad').first().waitFor();
        expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
        expect(await page.getByTestId('p2p-nav-market').textContent()).toBe('السوق');
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await page.screenshot({ path: join(SCREENSHOT_DIR, `p2p-list-${width}-${theme}-ar.png`) });
        await page.context().close();
      }
    }
  }, 120_000);
});
