/**
 * The security pages of /account/setting in a real browser against the real
 * server: change the password and log in with the new one (wide), set the
 * anti-phishing code and see it in the next mail, and end another session
 * (narrow, 375 px), whose token then fails at once; and reset a forgotten
 * password from the login page (the reset travels encrypted, as login does).
 */
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiClient,
  newPage,
  registerByApi,
  startStack,
  type MailCatcher,
  type ServerHandle,
  type Stack,
} from './harness';

const PASSWORD = 'Quay2026pass';
const NEW_PASSWORD = 'Quay2027Pass';

let stack: Stack;
let mail: MailCatcher;
let server: ServerHandle;
let browser: Browser;

beforeAll(async () => {
  stack = await startStack({ CODE_RESEND_S: '1', RATE_LIMIT_LOGIN_PER_MIN: '1000' });
  ({ mail, server, browser } = stack);
});

afterAll(async () => stack?.stop());

/** The text of the mails to `address`, raw (headers and body), oldest first. */
const mailsTo = (address: string) =>
  mail.messages.filter((m) => m.to.includes(address)).map((m) => m.raw.replace(/=\r?\n/g, ''));

/** Waits for a mail to `address` after the first `seen` and returns it. */
async function nextMail(address: string, seen: number): Promise<string> {
  await expect.poll(() => mailsTo(address).length, { timeout: 15_000 }).toBeGreaterThan(seen);
  return mailsTo(address)[seen] ?? '';
}

/** Clicks a "send code" button and reads the code of the mail it sends. */
async function mailedCode(page: Page, button: string, address: string): Promise<string> {
  const seen = mailsTo(address).length;
  await page.getByTestId(button).click();
  const raw = await nextMail(address, seen);
  const code = /verification code: (\d{6})/.exec(raw)?.[1];
  if (!code) throw new Error(`no code in the mail to ${address}`);
  return code;
}

/** A session of the account opened elsewhere (its own device), as another browser would. */
async function otherSession(email: string, pwd = PASSWORD): Promise<string> {
  const answer = await new ApiClient(server.baseUrl).post<{ token: string }>('/v1/user/login', {
    loginName: email,
    pwd,
  });
  expect(answer.code, answer.msg).toBe('0');
  return answer.data.token;
}

/** The answer code of the user-info call with a session token. */
async function tokenCode(token: string): Promise<string> {
  const res = await fetch(`${server.baseUrl}/v1/user/overview/userinfo?languageType=0`, {
    headers: { authorization: `Bearer ${token}` },
  });
  return ((await res.json()) as { code: string }).code;
}

async function logIn(page: Page, email: string, pwd: string): Promise<void> {
  await page.goto('/login');
  await page.getByTestId('login-name').fill(email);
  await page.getByTestId('login-password').fill(pwd);
  await page.getByTestId('login-submit').click();
}

const sideways = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);

describe('account security pages', () => {
  it('changes the password (1440 px): other sessions end, and only the new password logs in', async () => {
    const email = `pwd${Date.now()}@example.com`;
    await registerByApi(stack, email, PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl, { width: 1440 });
    await logIn(page, email, PASSWORD);
    await page.getByTestId('account-menu').waitFor();
    const elsewhere = await otherSession(email);
    expect(await tokenCode(elsewhere)).toBe('0');

    await page.goto('/account/setting');
    await page.getByTestId('settings-security').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('settings-password-link').click();
    await page.getByTestId('password-page').waitFor();
    await page.getByTestId('password-old').fill(PASSWORD);
    await page.getByTestId('password-new').fill(NEW_PASSWORD);
    await page.getByTestId('password-repeat').fill(NEW_PASSWORD);
    const code = await mailedCode(page, 'password-code-email-send', email);
    await page.getByTestId('password-code-email').fill(code);
    await page.getByTestId('password-submit').click();
    await page.getByTestId('settings-security').waitFor();
    // This session stays; the other one ended at once.
    await expect.poll(() => tokenCode(elsewhere)).toBe('00006');
    await expect
      .poll(() => page.getByTestId('security-row-password').textContent())
      .toMatch(/Last changed/);
    await context.close();

    const fresh = await newPage(browser, server.baseUrl, { width: 1440 });
    await logIn(fresh.page, email, PASSWORD);
    await fresh.page.getByText('The account or password is incorrect').waitFor();
    await logIn(fresh.page, email, NEW_PASSWORD);
    await fresh.page.getByTestId('account-menu').waitFor();
    await fresh.context.close();
  });

  it('sets the anti-phishing code and ends another session at 375 px', async () => {
    const email = `narrow${Date.now()}@example.com`;
    await registerByApi(stack, email, PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl, { width: 375, height: 812 });
    await logIn(page, email, PASSWORD);
    await page.getByTestId('account-menu').waitFor();

    await page.goto('/account/setting/antiphishing');
    await page.getByTestId('antiphishing-page').waitFor();
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('antiphishing-code').fill('Blue42Harbor');
    const code = await mailedCode(page, 'antiphishing-factor-email-send', email);
    await page.getByTestId('antiphishing-factor-email').fill(code);
    await page.getByTestId('antiphishing-submit').click();
    await expect
      .poll(() => page.getByTestId('antiphishing-current').textContent())
      .toContain('Blue42Harbor');

    // The next mail (a login from a new device) opens with the code.
    const seen = mailsTo(email).length;
    const elsewhere = await otherSession(email);
    expect(await nextMail(email, seen)).toContain('Your anti-phishing code: Blue42Harbor');

    await page.goto('/account/setting/devices');
    await page.getByTestId('session-list').waitFor();
    // Registration's session, this page's and the one just opened elsewhere (newest, first).
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(3);
    expect(await page.getByTestId('session-current').count()).toBe(1);
    expect(await sideways(page)).toBeLessThanOrEqual(0);
    await page.getByTestId('session-revoke').first().click();
    await page.getByTestId('session-revoke-confirm').click();
    await expect.poll(() => page.getByTestId('session-row').count()).toBe(2);
    expect(await tokenCode(elsewhere)).toBe('00006');
    // The page's own session goes on.
    await page.reload();
    await page.getByTestId('session-current').waitFor();
    await context.close();
  });

  it('resets a forgotten password from the login page; the settings then show the withdrawal hold', async () => {
    const email = `forgot${Date.now()}@example.com`;
    await registerByApi(stack, email, PASSWORD);
    const { context, page } = await newPage(browser, server.baseUrl, { width: 1440 });
    await page.goto('/login');
    await page.getByTestId('login-forgot').click();
    await page.getByTestId('forgot-email').fill(email);
    const code = await mailedCode(page, 'forgot-send', email);
    await page.getByTestId('forgot-code').fill(code);
    await page.getByTestId('forgot-next').click();
    await page.getByTestId('forgot-password').fill(NEW_PASSWORD);
    await page.getByTestId('forgot-repassword').fill(NEW_PASSWORD);
    await page.getByTestId('forgot-submit').click();
    await page.getByTestId('login-submit').waitFor();

    await logIn(page, email, NEW_PASSWORD);
    await page.getByTestId('account-menu').waitFor();
    await page.goto('/account/setting');
    await page.getByTestId('withdraw-hold').waitFor();
    await context.close();
  });
});
