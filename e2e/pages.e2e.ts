import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  newPage,
  registerByApi,
  startStack,
  type MailCatcher,
  type ServerHandle,
  type Stack,
} from './harness';

const PASSWORD = 'Quay2026pass';
let stack: Stack;
let server: ServerHandle;
let browser: Browser;
let mail: MailCatcher;

beforeAll(async () => {
  stack = await startStack({
    APP_DOWNLOAD_IOS: 'https://apps.quay.example/ios',
    APP_DOWNLOAD_APK: 'https://download.quay.example/quay.apk',
  });
  ({ server, browser, mail } = stack);
});

afterAll(async () => stack?.stop());

/** Every class antd's own full stylesheet styles: the names of antd's components and their parts. */
const ANTD_CLASSES = [
  ...new Set(
    Array.from(
      readFileSync(createRequire(import.meta.url).resolve('antd/dist/antd.css'), 'utf8').matchAll(
        /\.(ant-[\w-]+)/g,
      ),
      (m) => m[1] ?? '',
    ),
  ),
];

/**
 * The antd classes on the page that antd styles but no stylesheet of the page
 * does: the parts of a component left out of the stylesheet built with the
 * app (apps/web/build/antd-stylesheet.ts), which would draw unstyled.
 */
async function unstyledAntdClasses(page: Page): Promise<string[]> {
  return page.evaluate((antd) => {
    const styled = new Set<string>();
    const walk = (rules: CSSRuleList) => {
      for (const rule of Array.from(rules)) {
        if (rule instanceof CSSStyleRule)
          for (const m of rule.selectorText.matchAll(/\.(ant-[\w-]+)/g)) styled.add(m[1] ?? '');
        if ('cssRules' in rule) walk((rule as CSSGroupingRule).cssRules);
      }
    };
    for (const sheet of Array.from(document.styleSheets)) walk(sheet.cssRules);
    const onPage = new Set<string>();
    for (const element of Array.from(document.querySelectorAll('[class*="ant-"]')))
      for (const name of Array.from(element.classList))
        if (name.startsWith('ant-')) onPage.add(name);
    const known = new Set(antd);
    return [...onPage].filter((name) => known.has(name) && !styled.has(name)).sort();
  }, ANTD_CLASSES);
}

async function signIn(page: Page, email: string): Promise<void> {
  const token = await registerByApi(stack, email, PASSWORD);
  await page
    .context()
    .addCookies([
      { name: 'quay_session', value: token, domain: new URL(server.baseUrl).hostname, path: '/' },
    ]);
}

describe('wrong paths', () => {
  it('show the not-found page with status 404, and redirect only real languages', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    for (const path of [
      '/earn/usdt-flexible/x',
      '/copy-trading/x',
      '/p2p/unknown',
      '/vip/other',
      '/xx-YY/login',
    ]) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(404);
      await expect
        .poll(() => page.locator('.ant-result-title').innerText(), { message: path })
        .toBe('Page not found');
      expect(new URL(page.url()).pathname, path).toBe(path);
    }
    const file = await page.goto('/does-not-exist.png');
    expect(file?.status()).toBe(404);
    expect((await page.locator('body').innerText()).trim()).toBe('Not found');

    // A language alias still lands in its language, with status 200.
    const alias = await page.goto('/pt-BR/terms');
    expect(alias?.status()).toBe(200);
    await expect.poll(() => new URL(page.url()).pathname).toBe('/pt/terms');
    await expect.poll(() => page.getByTestId('legal-title').innerText()).toBe('Termos de uso');
    await context.close();
  });
});

describe('the pages a visitor expects', () => {
  it('has a real page behind every footer entry', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/');
    const footer = page.locator('footer.site-footer');
    await footer.locator('.footer-col').first().waitFor();
    const items = await footer.locator('.footer-col li').evaluateAll((lis) =>
      lis.map((li) => ({
        text: li.textContent ?? '',
        href: li.querySelector('a')?.getAttribute('href') ?? null,
      })),
    );
    expect(items.length).toBeGreaterThan(8);
    expect(items.filter((i) => i.href === null)).toEqual([]);
    for (const label of ['Copy trading', 'P2P trading', 'Earn', 'Download']) {
      expect(items.map((i) => i.text)).toContain(label);
    }
    expect(items.map((i) => i.text)).not.toContain('Careers');
    for (const { href, text } of items) {
      const answer = await page.request.get(href ?? '');
      expect(answer.status(), `${text} ${href ?? ''}`).toBe(200);
    }
    await footer.getByRole('link', { name: 'Terms of Use' }).click();
    await expect.poll(() => page.getByTestId('legal-title').innerText()).toBe('Terms of Use');
    await expect.poll(() => page.getByTestId('legal-body').innerText()).toContain('Trading risk');
    await context.close();
  });

  it('shows the terms in Arabic, right to left', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/ar/privacy');
    await expect.poll(() => page.getByTestId('legal-title').innerText()).toBe('إشعار الخصوصية');
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await context.close();
  });

  it('searches the help centre and opens an article', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/help');
    const links = page.getByTestId('help-article-link');
    await expect.poll(() => links.count()).toBe(6);
    await page.getByTestId('help-search').fill('authenticator');
    await expect.poll(() => links.count()).toBe(1);
    await expect
      .poll(() => links.first().innerText())
      .toContain('Securing your account with two-factor authentication');
    await page.getByTestId('help-search').fill('no such words here');
    await expect
      .poll(() => page.locator('.help-empty').innerText())
      .toContain('No article matches');
    await page.getByTestId('help-search').fill('leverage');
    await links.first().click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/help/futures-basics');
    await expect
      .poll(() => page.getByTestId('help-article-title').innerText())
      .toBe('USDT-margined futures: the basics');
    await context.close();
  });

  it('lets a new user open the terms from the sign-up form, and greets them as new', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/register');
    const terms = page.getByTestId('register-terms');
    expect(await terms.getAttribute('target')).toBe('_blank');
    expect(await terms.getAttribute('rel')).toBe('opener');
    const [tab] = await Promise.all([context.waitForEvent('page'), terms.click()]);
    await expect.poll(() => tab.getByTestId('legal-title').innerText()).toBe('Terms of Use');
    await tab.close();
    // Following the link did not tick the box for the user.
    expect(await page.getByTestId('register-agree').isChecked()).toBe(false);

    const email = `newcomer${Date.now()}@example.com`;
    await page.getByTestId('register-email').fill(email);
    await page.getByTestId('register-send-code').click();
    await page.getByTestId('register-code').fill(await mail.codeFor(email));
    await page.getByTestId('register-password').fill(PASSWORD);
    await page.getByTestId('register-repassword').fill(PASSWORD);
    await page.getByTestId('register-agree').check();
    await page.getByTestId('register-submit').click();
    await expect
      .poll(() => page.getByTestId('home-welcome').innerText())
      .toContain('Welcome to Quay');
    await page.reload();
    await expect
      .poll(() => page.getByTestId('home-welcome').innerText())
      .toContain('Welcome to Quay');
    await context.close();
  });
});

describe('the download page and the narrow entries', () => {
  it('shows each app the operator offers with its QR code, and the web app', async () => {
    for (const width of [1440, 375]) {
      const { context, page } = await newPage(browser, server.baseUrl, { width });
      await page.goto('/download');
      await page.getByTestId('download-ios').waitFor();
      expect(await page.getByTestId('download-ios').getByRole('link').getAttribute('href')).toBe(
        'https://apps.quay.example/ios',
      );
      expect(await page.getByTestId('download-apk').getByRole('link').getAttribute('href')).toBe(
        'https://download.quay.example/quay.apk',
      );
      // No store link is configured for Android: no card for it.
      expect(await page.getByTestId('download-android').count()).toBe(0);
      expect(await page.locator('.download-qr canvas').count()).toBe(3);
      expect(await page.getByTestId('download-web').innerText()).toContain(server.baseUrl);
      expect(await page.getByTestId('download-no-apps').count()).toBe(0);
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow, `width ${width}`).toBeLessThanOrEqual(0);
      await context.close();
    }
  });

  it('answers the narrow entry paths with the full pages', async () => {
    const { context, page } = await newPage(browser, server.baseUrl, { width: 375 });
    await page.goto('/trade-spot');
    await expect.poll(() => page.title()).toContain('BTC');
    expect(new URL(page.url()).pathname).toBe('/trade-spot');
    await page.goto('/trade-swap/ETHUSDT');
    await expect.poll(() => page.title()).toContain('ETH');
    expect(new URL(page.url()).pathname).toBe('/trade-swap/ETHUSDT');
    await page.goto('/trade-info/BTC');
    await expect.poll(() => page.locator('h1').first().innerText()).toContain('Bitcoin');
    await page.goto('/trade-info');
    await page.getByTestId('markets-page').waitFor();
    await signIn(page, 'narrow-entry@quay.example');
    await page.goto('/trade-asset');
    await page.getByTestId('asset-accounts').waitFor();
    await page.goto('/trade-asset-order');
    await expect.poll(() => page.locator('h1.wallet-title').innerText()).toBe('Spot order history');
    await context.close();
  });
});

describe('the screens of the specification', () => {
  // Section 2's table of screens that stay reachable in simulation mode (a prefix row by one of its pages).
  const SCREENS = [
    '/fee',
    '/vip/detail',
    '/vip/vipIntroduce',
    '/account/setting',
    '/account/newapi',
    '/account/sub-account',
    '/spot/BTCUSDT',
    '/futures/usdt/BTCUSDT',
    '/transac',
    '/order/mcp',
    '/asset',
    '/asset/spot',
    '/asset/margin',
    '/asset/futures',
    '/record/exchange',
    '/record/margin',
    '/record/mcp',
    '/modifyverification',
    '/download',
    '/proof-of-reserves',
    '/protection-fund',
    '/trade-spot',
    '/trade-margin',
    '/trade-swap',
    '/trade-info',
    '/trade-asset-order',
    '/trade-asset',
  ];

  it('answers each with its page for a signed-in user, never the not-found page, every antd part styled', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await signIn(page, 'screens-walk@quay.example');
    for (const path of SCREENS) {
      const answer = await page.goto(path);
      expect(answer?.status(), path).toBe(200);
      await expect
        .poll(
          () =>
            page.evaluate(() => {
              if (document.querySelector('.not-found')) return 'not found';
              const text = document.querySelector('main.site-main')?.textContent ?? '';
              return text.trim().length > 20 ? 'page' : 'loading';
            }),
          { message: path, timeout: 20_000 },
        )
        .toBe('page');
      expect(await unstyledAntdClasses(page), path).toEqual([]);
    }
    await context.close();
  });
});

describe('a logged-in user', () => {
  it('is sent on from login and register, to a safe redirect or home', async () => {
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto('/de');
    await signIn(page, `returning${Date.now()}@example.com`);
    await page.goto('/de/login?redirect=%2Fde%2Fhelp');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/de/help');
    await page.goto('/de/register');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/de');
    await page.goto('/login?redirect=%2F%2Fevil.example%2Fx');
    await expect.poll(() => new URL(page.url()).pathname).toBe('/de');
    // Returning, not new: welcomed back.
    await expect
      .poll(() => page.getByTestId('home-welcome').innerText())
      .toContain('Willkommen zurück');
    await context.close();
  });
});
