/**
 * P2P in the browser, two contexts side by side at 1440 and 375 px: the
 * seller adds a payment method (with the authenticator) and posts a sell ad;
 * the buyer takes it, sees the payment details, writes in the chat and sends
 * an image, which the seller's open order page shows as they arrive over the
 * socket; the buyer marks it paid; the seller confirms with the
 * authenticator and the coins are the buyer's, who leaves feedback that the
 * seller's merchant profile shows.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { deflateSync } from 'node:zlib';
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

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (CRC_TABLE[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
/** A real PNG of a receipt-like block of colour, for the chat. */
function pngImage(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const head = Buffer.alloc(4);
    head.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([head, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows: number[] = [];
  for (let y = 0; y < height; y++) {
    rows.push(0);
    for (let x = 0; x < width; x++)
      rows.push(40 + (x * 200) / width, 120, 200 - (y * 120) / height);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.from(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
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

      // The seller edits it: a larger total (the escrow follows) and a requirement.
      await sellerPage.getByTestId('p2p-ad-edit').click();
      await expect.poll(() => sellerPage.getByTestId('p2p-ad-total').inputValue()).toBe('100');
      await sellerPage.getByTestId('p2p-ad-total').fill('120');
      await sellerPage.getByTestId('p2p-ad-min-orders').fill('0');
      await shot(sellerPage, 'edit-ad');
      await sellerPage.getByTestId('p2p-ad-publish').click();
      await expect
        .poll(() => sellerPage.getByTestId('p2p-my-ad').textContent())
        .toContain('120/120');

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
      // The seller has the order open: the buyer's lines arrive there over the socket.
      await sellerPage.goto(`/p2p/order/${orderId}`);
      await sellerPage.getByTestId('p2p-chat-system').first().waitFor();
      await buyerPage.getByTestId('p2p-chat-input').fill('Paying by Wise now');
      await buyerPage.getByTestId('p2p-chat-send').click();
      await expect
        .poll(() => buyerPage.getByTestId('p2p-chat').textContent())
        .toContain('Paying by Wise');
      await expect
        .poll(() => sellerPage.getByTestId('p2p-chat').textContent(), { timeout: 3_000 })
        .toContain('Paying by Wise');
      await buyerPage.getByTestId('p2p-chat-image-file').setInputFiles({
        name: 'receipt.png',
        mimeType: 'image/png',
        buffer: pngImage(120, 80),
      });
      await buyerPage.getByTestId('p2p-chat').getByTestId('p2p-image').waitFor();
      await sellerPage.getByTestId('p2p-chat').getByTestId('p2p-image').waitFor({ timeout: 3_000 });
      await sellerPage.getByTestId('p2p-chat-input').fill('Received your receipt, checking');
      await sellerPage.getByTestId('p2p-chat-send').click();
      await expect
        .poll(() => buyerPage.getByTestId('p2p-chat').textContent(), { timeout: 3_000 })
        .toContain('checking');
      await buyerPage.getByTestId('p2p-mark-paid').click();
      await buyerPage.getByTestId('p2p-mark-paid-confirm').click();
      await expect
        .poll(() => buyerPage.getByTestId('p2p-order-status').textContent())
        .toContain('Paid');
      expect(await sideways(buyerPage), 'order').toBeLessThanOrEqual(0);
      await shot(buyerPage, 'order-buyer');

      // The seller's open page follows the payment and releases with the authenticator.
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

      // The buyer rates the seller; the seller's profile shows it.
      await buyerPage.getByTestId('p2p-feedback-positive').click();
      await buyerPage.getByTestId('p2p-feedback-given').waitFor();
      await buyerPage.getByTestId('p2p-counterparty').click();
      await buyerPage.waitForURL(/\/p2p\/merchant\//);
      await expect
        .poll(() => buyerPage.getByTestId('p2p-merchant-positive').textContent())
        .toContain('100.00%');
      expect(await buyerPage.getByTestId('p2p-merchant-completed').textContent()).toBe('1');
      expect(await sideways(buyerPage), 'merchant').toBeLessThanOrEqual(0);
      await shot(buyerPage, 'merchant');

      // The finished order, chat and image included, right to left.
      await buyerPage.goto(`/ar/p2p/order/${orderId}`);
      await buyerPage.getByTestId('p2p-chat').getByTestId('p2p-image').waitFor();
      expect(await buyerPage.evaluate(() => document.documentElement.dir)).toBe('rtl');
      expect(await sideways(buyerPage), 'order ar').toBeLessThanOrEqual(0);
      await shot(buyerPage, 'order-ar');

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
        await page.locator('.p2p-ad-merchant a').first().click();
        await page.getByTestId('p2p-merchant-figures').waitFor();
        expect(await sideways(page)).toBeLessThanOrEqual(0);
        await page.screenshot({
          path: join(SCREENSHOT_DIR, `p2p-merchant-${width}-${theme}-ar.png`),
        });
        await page.context().close();
      }
    }
  }, 120_000);
});
