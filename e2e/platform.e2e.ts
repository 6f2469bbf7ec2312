/**
 * The client platform in the real browser against the real server: hostile
 * rich text and links, image-host probing, referral links into registration,
 * the narrow-viewport widgets and the home banners' carousel.
 */
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  freePort,
  getAs,
  newPage,
  postAs,
  registerByApi,
  settled,
  startStack,
  type ServerHandle,
  type Stack,
} from './harness';

let stack: Stack;
let server: ServerHandle;
let browser: Browser;
/** An image host nobody answers on: listed first, so the server's own image URLs point at it. */
let deadHost: string;
/** The server itself under another name: the host the probe should pick. */
let liveHost: string;

beforeAll(async () => {
  const deadPort = await freePort();
  deadHost = `http://127.0.0.1:${deadPort}`;
  stack = await startStack((port) => {
    liveHost = `http://localhost:${port}`;
    return { IMAGE_HOSTS: `${deadHost},${liveHost}`, PRODUCT_DOMAINS: 'quay.test' };
  });
  ({ server, browser } = stack);
});

afterAll(async () => stack?.stop());

/** Adds an announcement through the operator command; resolves with its id. */
async function announce(title: string, bodyHtml: string): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'quay-announce-'));
  const file = join(dir, 'body.html');
  writeFileSync(file, bodyHtml);
  const out = await server.cli(['announce', '--title', title, '--body-file', file]);
  const id = /[A-Za-z0-9_-]{8,}/.exec(out.trim().split('\n').pop() ?? '')?.[0];
  if (!id) throw new Error(`no announcement id in: ${out}`);
  return id;
}

/** Every way of running script the vectors try sets window.__xss; nothing may set it. */
function hostileBody(): string {
  return [
    '<h2>Maintenance notice</h2>',
    '<p id="kept">Trading resumes at <strong>10:00 UTC</strong>.</p>',
    "<script>window.__xss = 'script'</script>",
    '<img src=x onerror="window.__xss = \'img\'">',
    '<svg onload="window.__xss = \'svg\'"></svg>',
    '<a id="js-link" href="javascript:window.__xss=\'href\'">claim reward</a>',
    '<a id="js-link-2" href="JaVa&#x09;ScRiPt:window.__xss=\'href2\'">claim again</a>',
    '<iframe src="javascript:window.__xss=\'iframe\'"></iframe>',
    '<div id="styled" style="color: red; background: url(javascript:window.__xss=\'css\')">styled</div>',
    '<details open ontoggle="window.__xss=\'toggle\'"><summary>more</summary>x</details>',
    '<form action="javascript:window.__xss=\'form\'"><button id="form-button">go</button></form>',
    '<p>Paste javascript:window.__xss=1 in the address bar</p>',
    '<a id="external" href="https://example.org/guide" target="_blank">guide</a>',
    '<a id="own-domain" href="https://www.quay.test/fees">fees</a>',
    '<a id="same-origin-tab" href="/register" target="_blank" rel="noreferrer">register</a>',
    `<img id="moved" alt="probe" src="${deadHost}/static/probe.png">`,
    // These two swallow whatever follows them when parsed, so they come last.
    '<noscript><p title="</noscript><img src=x onerror=window.__xss=\'noscript\'>"></noscript>',
    '<math><mtext><table><mglyph><style><img src=x onerror="window.__xss=\'mxss\'">',
  ].join('\n');
}

describe('server-provided HTML', () => {
  it('shows hostile rich text sanitised: formatting kept, no script runs, links made safe', async () => {
    const id = await announce('Scheduled maintenance', hostileBody());
    const { context, page } = await newPage(browser, server.baseUrl);
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });

    await page.goto(`/announcement/${id}`);
    const body = page.getByTestId('announcement-body');
    await body.waitFor();
    expect(await page.getByTestId('announcement-title').textContent()).toBe(
      'Scheduled maintenance',
    );
    expect(await page.locator('#kept').innerHTML()).toBe(
      'Trading resumes at <strong>10:00 UTC</strong>.',
    );

    // Nothing runnable survived into the page.
    const html = await body.innerHTML();
    expect(html).not.toMatch(/<script|<iframe|<svg|<form|<noscript|javascript:/i);
    const handlers = await body.evaluate((root) =>
      Array.from(root.querySelectorAll('*')).flatMap((el) =>
        el.getAttributeNames().filter((a: string) => a.toLowerCase().startsWith('on')),
      ),
    );
    expect(handlers).toEqual([]);
    expect(await page.locator('#styled').getAttribute('style')).toBeNull();
    expect(await body.innerText()).not.toContain('Paste');

    // Clicking what used to be script links does nothing but stay here.
    const before = page.url();
    await page.locator('#js-link').click();
    await page.locator('#js-link-2').click();
    // Two frames after the clicks: a navigation they started would have begun.
    await settled(page);
    expect(page.url()).toBe(before);
    expect(await page.evaluate(() => (window as { __xss?: unknown }).__xss)).toBeUndefined();
    expect(dialogs).toEqual([]);

    // Link rules: outside links nofollow and noopener; our own domain no nofollow (once the
    // platform configuration has named it); same origin in a new tab keeps the opener.
    const rel = async (sel: string) => (await page.locator(sel).getAttribute('rel'))?.split(' ');
    await expect.poll(() => rel('#own-domain')).toEqual(['noopener']);
    expect((await rel('#external'))?.sort()).toEqual(['nofollow', 'noopener']);
    expect(await rel('#same-origin-tab')).toEqual(['opener']);
    await context.close();
  });
});

describe('image hosts', () => {
  it('races the configured hosts, keeps the winner, and moves images whose host fails to it', async () => {
    const id = await announce('Image host check', hostileBody());
    const { context, page } = await newPage(browser, server.baseUrl);
    await page.goto(`/announcement/${id}`);
    await page.getByTestId('announcement-body').waitFor();

    // The dead host cannot win the race; the live one is kept in local storage.
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('quay.v1.imageHost')))
      .toBe(liveHost);

    // The image written with the dead host in the HTML is moved to the live one and loads.
    const moved = page.locator('#moved');
    await expect.poll(() => moved.getAttribute('src')).toBe(`${liveHost}/static/probe.png`);
    await expect
      .poll(() => moved.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
      .toBe(true);

    // Icons the API names on the dead host reach the page on the live one (answer transformer or error rewrite).
    await page.goto('/');
    const icons = page.getByTestId('home-coins').locator('img');
    await icons.first().waitFor();
    await expect
      .poll(async () =>
        icons.evaluateAll((imgs) =>
          imgs.every(
            (img) =>
              (img as HTMLImageElement).complete && (img as HTMLImageElement).naturalWidth > 0,
          ),
        ),
      )
      .toBe(true);
    const sources = await icons.evaluateAll((imgs) => imgs.map((i) => (i as HTMLImageElement).src));
    expect(sources.length).toBeGreaterThanOrEqual(5);
    for (const src of sources) expect(src.startsWith(`${liveHost}/static/coins/`)).toBe(true);
    await context.close();
  });
});

/** Fills and submits the register form with the mailed code. */
async function registerInBrowser(page: Page, email: string): Promise<void> {
  await page.getByTestId('register-email').fill(email);
  await page.getByTestId('register-send-code').click();
  const code = await stack.mail.codeFor(email);
  await page.getByTestId('register-code').fill(code);
  await page.getByTestId('register-password').fill('Quay2026pass');
  await page.getByTestId('register-repassword').fill('Quay2026pass');
  await page.getByTestId('register-agree').check();
  await page.getByTestId('register-submit').click();
  await page.getByTestId('account-menu').waitFor();
}

describe('referral links', () => {
  it('keeps the channel code of the landing link and the server records the referrer at registration', async () => {
    const referrerEmail = `referrer${Date.now()}@example.com`;
    const referrerToken = await registerByApi(stack, referrerEmail);
    const me = await getAs<{ referralCode: string }>(
      stack,
      referrerToken,
      '/v1/user/overview/userinfo',
    );

    const { context, page } = await newPage(browser, server.baseUrl);
    // The visitor lands on the home page by the shared link, then goes to sign up.
    await page.goto(`/?channelCode=${me.referralCode}&actCode=spring26`);
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('quay.v1.campaign.channelCode')))
      .toContain(me.referralCode);
    await page.getByTestId('header-register').click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/\/register$/);
    expect(new URL(page.url()).search).toBe('');
    const inviteeEmail = `invitee${Date.now()}@example.com`;
    await registerInBrowser(page, inviteeEmail);

    const invitees = await getAs<{
      inviteeCount: number;
      invitees: Array<{ channel: string | null; registerTime: number }>;
    }>(stack, referrerToken, '/v1/user/referral/invitees');
    expect(invitees.inviteeCount).toBe(1);
    expect(invitees.invitees[0]?.channel).toBe(me.referralCode);
    await context.close();
  });
});

describe('widgets on a narrow screen', () => {
  it('turns a select into an action sheet and a date picker into a wheel dialog at 375 px, and not at 1440 px', async () => {
    const email = `narrow${Date.now()}@example.com`;
    const token = await registerByApi(stack, email);
    // One failed login, beside the successful one of the registration.
    await postAs(stack, '/v1/user/login', { loginName: email, pwd: 'Wrong2026pass' });
    const host = new URL(server.baseUrl).hostname;
    const today = new Date().toISOString().slice(0, 10);

    const { context, page } = await newPage(browser, server.baseUrl, { width: 375, height: 812 });
    await context.addCookies([{ name: 'quay_session', value: token, domain: host, path: '/' }]);
    await page.goto('/account/setting');
    const rows = page.getByTestId('login-history-rows').locator('li');
    await expect.poll(() => rows.count()).toBe(2);

    // The select opens an action sheet, not a dropdown; a tap picks and closes it.
    await page.getByTestId('login-result').click();
    const sheet = page.getByTestId('login-result-action-sheet');
    await sheet.waitFor({ state: 'visible' });
    expect(await page.locator('.ant-select-dropdown').count()).toBe(0);
    await sheet.getByText('Failed', { exact: true }).click();
    await sheet.waitFor({ state: 'hidden' });
    await expect.poll(() => page.getByTestId('login-result').innerText()).toContain('Failed');
    await expect.poll(() => rows.count()).toBe(1);

    // The date picker opens a dialog with a wheel of 6 rows of 44 px; start, then end.
    await page.getByTestId('login-range').click();
    // The popup's root is a zero-size frame; its body is what shows.
    const dialog = page.getByTestId('login-range-date-dialog').locator('.adm-center-popup-body');
    await dialog.waitFor({ state: 'visible' });
    expect(await page.locator('.ant-picker-dropdown').count()).toBe(0);
    const wheel = dialog.locator('.adm-picker-view').first();
    expect((await wheel.boundingBox())?.height).toBeCloseTo(264, 0);
    const item = dialog.locator('.adm-picker-view-column-item').first();
    expect((await item.boundingBox())?.height).toBeCloseTo(44, 0);
    await page.getByTestId('login-range-date-confirm').click();
    await page.getByTestId('login-range-date-confirm').click();
    await dialog.waitFor({ state: 'hidden' });
    await expect
      .poll(() => page.getByTestId('login-range').innerText())
      .toContain(`${today} ~ ${today}`);
    await expect.poll(() => rows.count()).toBe(1);
    await context.close();

    // Wide: the same controls are antd's dropdowns.
    const wide = await newPage(browser, server.baseUrl, { width: 1440 });
    await wide.context.addCookies([
      { name: 'quay_session', value: token, domain: host, path: '/' },
    ]);
    await wide.page.goto('/account/setting');
    await wide.page.getByTestId('login-result').click();
    await wide.page.locator('.ant-select-dropdown').waitFor({ state: 'visible' });
    expect(await wide.page.getByTestId('login-result-action-sheet').count()).toBe(0);
    await wide.context.close();
  });
});

describe('the home banners', () => {
  /** The place of the slide inside the carousel's frame, from its drawn box. */
  const inView = (page: Page) =>
    page.evaluate(() => {
      const frame = document.querySelector('.carousel')?.getBoundingClientRect();
      const slides = Array.from(document.querySelectorAll('.carousel-slide'));
      return slides.findIndex(
        (slide) => Math.abs(slide.getBoundingClientRect().left - (frame?.left ?? NaN)) < 1,
      );
    });
  /** Where each slide is drawn, left of, in or right of the frame. */
  const sides = (page: Page) =>
    page.evaluate(() => {
      const frame = document.querySelector('.carousel')?.getBoundingClientRect() as DOMRect;
      return Array.from(document.querySelectorAll('.carousel-slide')).map((slide) => {
        const box = slide.getBoundingClientRect();
        if (box.right <= frame.left + 1) return 'left';
        if (box.left >= frame.right - 1) return 'right';
        return 'in';
      });
    });
  /** A drag across the frame with the mouse, `dx` pixels sideways. */
  async function drag(page: Page, dx: number) {
    const box = await page.locator('.carousel').boundingBox();
    if (!box) throw new Error('no carousel');
    const y = box.y + box.height / 2;
    const from = box.x + box.width / 2 - dx / 2;
    await page.mouse.move(from, y);
    await page.mouse.down();
    await page.mouse.move(from + dx, y, { steps: 6 });
    await page.mouse.up();
  }

  it('turn by dot and by swipe, follow no link on a swipe, keep the hidden ones out of reach, mirrored in Arabic', async () => {
    // Reduced motion: no turning by itself and no transition, so each step is drawn at once.
    const { context, page } = await newPage(browser, server.baseUrl, {
      width: 375,
      height: 812,
      reducedMotion: 'reduce',
    });
    await page.goto('/');
    await page.getByTestId('home-banner').first().waitFor();
    const dots = page.locator('.carousel-dot');
    expect(await dots.count()).toBe(3);
    expect(await dots.nth(1).getAttribute('aria-label')).toBe('Banner 2 of 3');
    expect(await sides(page)).toEqual(['in', 'right', 'right']);
    // Only the slide in view has a link that can be reached.
    const reachable = () =>
      page.evaluate(
        () =>
          Array.from(document.querySelectorAll('.carousel a')).filter((a) => {
            (a as HTMLElement).focus();
            return document.activeElement === a;
          }).length,
      );
    expect(await reachable()).toBe(1);

    await dots.nth(1).click();
    expect(await inView(page)).toBe(1);
    expect(await dots.nth(1).getAttribute('aria-current')).toBe('true');
    // A leftward swipe brings the next; the link under it is not followed.
    await drag(page, -160);
    expect(await inView(page)).toBe(2);
    expect(new URL(page.url()).pathname).toBe('/');
    await drag(page, 160);
    expect(await inView(page)).toBe(1);
    expect(await reachable()).toBe(1);
    // A tap follows the banner's link: the second goes to the announcements.
    await page.getByTestId('home-banner').nth(1).click();
    await page.waitForURL(/\/announcement/);

    // In Arabic the next slide waits on the left, and a rightward swipe brings it.
    await page.goto('/ar');
    await page.getByTestId('home-banner').first().waitFor();
    expect(await sides(page)).toEqual(['in', 'left', 'left']);
    await drag(page, 160);
    expect(await inView(page)).toBe(1);
    expect(await dots.nth(0).getAttribute('aria-label')).toBe('اللافتة 1 من 3');
    await context.close();
  });
});
