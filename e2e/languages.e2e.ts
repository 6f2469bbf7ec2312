/**
 * The languages of the spec's enum beyond its path list: Korean reads its own
 * catalogue, left to right, on the home and spot pages at phone and desktop
 * width without spilling sideways; the English variants read English under
 * their own tag, with figures as every language shows them.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SCREENSHOT_DIR, newPage, startStack, type Stack } from './harness';

const HANGUL = /[\uac00-\ud7a3]/;

const sidewaysOverflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('Korean and the English variants', () => {
  let stack: Stack;
  beforeAll(async () => {
    stack = await startStack({ SIMULATOR: 'on' });
    mkdirSync(SCREENSHOT_DIR, { recursive: true });
  });
  afterAll(async () => stack?.stop());

  it('switches to Korean from the picker, left to right', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl);
    await page.goto('/');
    await page.getByTestId('lang-picker').click();
    await expect.poll(() => page.getByTestId('lang-option-ko').textContent()).toBe('한국어');
    await page.getByTestId('lang-option-ko').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/ko(\/|$)/);
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('ltr');
    await expect.poll(() => page.locator('header').innerText()).toMatch(HANGUL);
    await context.close();
  });

  for (const width of [375, 1440]) {
    it(`shows the home and spot pages in Korean at ${width} px without sideways overflow`, async () => {
      const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
        width,
        height: width < 768 ? 812 : 900,
        locale: 'ko-KR',
      });
      // No language in the path: the browser's Korean is matched.
      await page.goto('/');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ko');
      await expect.poll(() => page.locator('main').innerText()).toMatch(HANGUL);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `ko-home-${width}.png`), fullPage: true });

      await page.goto('/ko/spot/BTCUSDT');
      await page.getByTestId('interval-1m').waitFor();
      await expect.poll(() => page.locator('main').innerText()).toContain('지정가');
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
      await page.screenshot({ path: join(SCREENSHOT_DIR, `ko-spot-${width}.png`), fullPage: true });
      await context.close();
    });
  }

  it('reads English under each variant’s own tag, figures grouped in threes', async () => {
    const { context, page } = await newPage(stack.browser, stack.server.baseUrl, {
      locale: 'en-IN',
    });
    await page.goto('/');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en-IN');
    for (const tag of ['en-IN', 'en-ZA', 'en-NG', 'en-MY']) {
      await page.goto(`/${tag.toLowerCase()}/markets`);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/${tag}/markets`);
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe(tag);
      await expect.poll(() => page.locator('h1').first().innerText()).toBe('Markets');
    }
    // The ticker's 24h turnover runs to millions: 1,234,567.89, never the Indian 12,34,567.89.
    await page.goto('/en-IN/spot/BTCUSDT');
    const ticker = page.getByTestId('spot-ticker');
    await expect
      .poll(async () => (await ticker.innerText()).match(/\d{1,3}(,\d{3}){2,}/))
      .not.toBeNull();
    expect(await ticker.innerText()).not.toMatch(/\d,\d{2},\d/);
    await context.close();
  });
});
