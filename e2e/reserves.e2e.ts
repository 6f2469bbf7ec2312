/**
 * Proof of reserves in the real browser: after an operator's snapshot the
 * public page shows the published root and the totals; a logged-in user
 * sees their own leaf and the page verifies it with Web Crypto, step by
 * step; a proof altered on its way to the page fails the same check. The
 * holdings are what backs users, never the platform's own seeded funds.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, getAs, newPage, registerByApi, startStack, type Stack } from './harness';

interface Snapshot {
  root: string;
  users: number;
}
interface Proof {
  uid: string;
  balances: Record<string, string>;
  path: unknown[];
}

describe('proof of reserves on /proof-of-reserves', () => {
  let stack: Stack;
  const tokens: string[] = [];
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'off' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
    for (const [i, amount] of ['1500', '20', '300'].entries()) {
      const email = `por${i}-${Date.now()}@example.com`;
      tokens.push(await registerByApi(stack, email));
      await stack.server.cli(['deposit', email, 'USDT', amount]);
    }
    await stack.server.cli(['reserves', 'snapshot']);
  });
  afterAll(async () => stack?.stop());

  for (const width of [1440, 375]) {
    it(`verifies my leaf in the page at ${width} px`, async () => {
      const token = tokens[0] as string;
      const latest = await getAs<Snapshot>(stack, token, '/v1/reserves/latest');
      const proof = await getAs<Proof>(stack, token, '/v1/reserves/proof');
      expect(proof.path.length).toBeGreaterThan(0);
      const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
        width,
        height: width < 768 ? 812 : 900,
      });
      const host = new URL(stack.server.baseUrl).hostname;
      await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
      await page.goto('/proof-of-reserves');
      await expect.poll(async () => page.getByTestId('por-root').textContent()).toBe(latest.root);
      await page.getByTestId('por-proof').waitFor();
      expect(await page.getByTestId('por-balances').textContent()).toBe('1500 USDT');
      await page.getByTestId('por-verify').click();
      await page.getByTestId('por-valid').waitFor();
      expect(await page.getByTestId('por-step').count()).toBe(proof.path.length);
      await page.screenshot({
        path: join(SCREENSHOT_DIR, `reserves-${width}.png`),
        fullPage: true,
      });
      await context.close();
    });
  }

  it('fails a proof altered on its way to the page', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
      width: 1440,
      height: 900,
    });
    const host = new URL(stack.server.baseUrl).hostname;
    await context.addCookies([
      { name: 'quay_session', value: tokens[1] as string, domain: host, path: '/' },
    ]);
    await page.route('**/v1/reserves/proof**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { data: Proof };
      body.data.balances = { USDT: '20000' };
      await route.fulfill({ response, json: body });
    });
    await page.goto('/proof-of-reserves');
    await page.getByTestId('por-proof').waitFor();
    await page.getByTestId('por-verify').click();
    await page.getByTestId('por-invalid').waitFor();
    await context.close();
  });

  it('shows the public figures without a session', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
      width: 375,
      height: 812,
    });
    await page.goto('/proof-of-reserves');
    await page.getByTestId('por-root').waitFor();
    expect(await page.getByTestId('por-proof').count()).toBe(0);
    // The swap pools, the earn interest fund and the other platform funds were seeded with
    // millions of USDT at start; none of it counts, so what is held is what users are owed.
    const usdt = (await page.getByTestId('por-coins').textContent()) ?? '';
    expect(usdt).toContain('1820');
    expect(usdt).toContain('100.00%');
    expect(usdt).not.toMatch(/\d{7}/);
    expect(await page.getByTestId('por-holdings-rule').textContent()).toContain("Quay's own funds");
    await context.close();
  });
});
