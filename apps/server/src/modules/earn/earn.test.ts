/**
 * Earn through the app on SQLite and PostgreSQL: subscribing at 23:59 and
 * earning from the next midnight, settlement over days on a moved clock
 * (and catching up days missed), redeeming the same day, a fixed-term
 * product maturing and one rolled over, early redemption, caps and bad
 * input refused without a change; the ledger balanced and audited after each.
 */
import type { Page } from '@quay/core';
import type { EarnDay, EarnHolding, EarnProduct, EarnRecord, EarnRedeemed } from '@quay/core/earn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { EARN_INTEREST, earnAccount } from './earn-jobs';
import { DAY_MS, nextMidnight } from './earn-math';

const Q = '?languageType=0';

const EARN_SETTINGS = {
  products: {
    'usdt-small': {
      coin: 'USDT',
      type: 'flexible',
      termDays: 0,
      tiers: [{ from: '0', to: '', apr: '0.1' }],
      minAmount: '5',
      userCap: '100',
      productCap: '150',
      earlyRedeem: true,
      enabled: true,
    },
  },
};

describe.each(STORES)('earn on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      // Funds the interest account (and the other platform funds).
      PROTECTION_FUND_SEED: '1000',
      EARN_SETTINGS: JSON.stringify(EARN_SETTINGS),
      // The clock moves weeks ahead: sessions outlive it.
      SESSION_TTL_S: String(365 * 24 * 3600),
    });
    for (const who of ['saver', 'locker', 'other']) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `${who}@example.com`);
      tokens[who] = answer.data.token;
      const session = await t.app.services.sessions.authenticate(answer.data.token);
      ids[who] = session.userRowId;
      await t.app.services.ledger.deposit(session.userRowId, 'USDT', '20000', 'test');
    }
    await t.app.services.earn.settleDue();
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  const post = <T>(who: string, path: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string, query = '') =>
    call<T>(t.app, 'GET', `${path}${Q}${query}`, undefined, bearer(tokens[who] as string));
  const spot = async (who: string, coin = 'USDT') =>
    (await t.store.repos.ledger.balancesOf([ids[who] as string])).find((b) => b.coin === coin)
      ?.available ?? 0n;
  const balanceOf = async (account: string, coin = 'USDT') =>
    (await t.store.repos.ledger.balancesOf([account])).find((b) => b.coin === coin)?.available ??
    0n;
  const settleAt = async (ms: number) => {
    t.clock.ms = ms;
    return t.app.services.earn.settleDue();
  };

  it('lists the products with their tiers', async () => {
    const answer = await call<EarnProduct[]>(t.app, 'GET', `/v1/earn/products${Q}`);
    expect(answer.code).toBe('0');
    const flexible = answer.data.find((p) => p.id === 'usdt-flexible');
    expect(flexible?.tiers).toEqual([
      { from: '0', to: '500', apr: '0.12' },
      { from: '500', to: '5000', apr: '0.008' },
      { from: '5000', to: '', apr: '0.003' },
    ]);
    expect(answer.data.find((p) => p.id === 'usdt-30d')?.termDays).toBe(30);
  });

  it('a subscription at 23:59 earns from the next midnight, then every day', async () => {
    const midnight = nextMidnight(t.clock.ms);
    t.clock.ms = midnight - 60_000;
    const before = await spot('saver');
    const answer = await post<EarnHolding>('saver', '/v1/earn/subscribe', {
      productId: 'usdt-flexible',
      amount: '10000',
    });
    expect(answer.code, answer.msg).toBe('0');
    expect(answer.data.earnFrom).toBe(midnight);
    expect(await spot('saver')).toBe(before - 1_000_000_000_000n);
    expect(await balanceOf(earnAccount('usdt-flexible'))).toBe(1_000_000_000_000n);

    // The midnight right after: the day it was subscribed on earns nothing.
    await settleAt(midnight + 1000);
    expect(await spot('saver')).toBe(before - 1_000_000_000_000n);
    // The next midnight pays the first whole day: 0.30410958 (0.304110 at six places).
    const fund = await balanceOf(EARN_INTEREST);
    await settleAt(midnight + DAY_MS + 1000);
    expect(await spot('saver')).toBe(before - 1_000_000_000_000n + 30_410_958n);
    expect(await balanceOf(EARN_INTEREST)).toBe(fund - 30_410_958n);
    // Settling again changes nothing; two days missed are both paid at the next look.
    expect(await t.app.services.earn.settleDue()).toBe(0);
    expect(await settleAt(midnight + 3 * DAY_MS + 1000)).toBe(2);
    expect(await spot('saver')).toBe(before - 1_000_000_000_000n + 3n * 30_410_958n);
    const records = await get<Page<EarnRecord>>('saver', '/v1/earn/records', '&kind=interest');
    expect(records.data.total).toBe(3);
    expect(records.data.items[0]?.amount).toBe('0.30410958');
    const days = await get<EarnDay[]>('saver', '/v1/earn/earnings', '&days=30');
    expect(days.data.map((d) => d.amount)).toEqual(['0.30410958', '0.30410958', '0.30410958']);
    await expectLedgerBalanced(t.store);
  });

  it('redeems the same day, newest first, back to spot at once', async () => {
    const before = await spot('saver');
    const sub = await post<EarnHolding>('saver', '/v1/earn/subscribe', {
      productId: 'usdt-flexible',
      amount: '100',
    });
    expect(sub.code).toBe('0');
    const answer = await post<EarnRedeemed>('saver', '/v1/earn/redeem', {
      productId: 'usdt-flexible',
      amount: '4100',
    });
    expect(answer.code, answer.msg).toBe('0');
    expect(answer.data).toEqual({ coin: 'USDT', amount: '4100', forfeited: '0' });
    expect(await spot('saver')).toBe(before + 400_000_000_000n);
    const holdings = await get<EarnHolding[]>('saver', '/v1/earn/holdings');
    expect(holdings.data.map((h) => h.principal)).toEqual(['6000']);
    // 6,000 earns 60 + 36 + 3 = 99 a year: 0.27123287 a day.
    const spotBefore = await spot('saver');
    await settleAt(nextMidnight(t.clock.ms) + 1000);
    expect(await spot('saver')).toBe(spotBefore + 27_123_287n);
    await expectLedgerBalanced(t.store);
  });

  it('a settlement asked for while one is under way covers the time it was asked at', async () => {
    const spotBefore = await spot('saver');
    const midnight = nextMidnight(t.clock.ms);
    // Under way, on the clock before that midnight (as the schedule's own look may be).
    const first = t.app.services.earn.settleDue();
    t.clock.ms = midnight + 1000;
    const second = t.app.services.earn.settleDue();
    await second;
    expect(await spot('saver')).toBe(spotBefore + 27_123_287n);
    await first;
    expect(await t.app.services.earn.settleDue()).toBe(0);
    await expectLedgerBalanced(t.store);
  });

  it('a fixed-term product matures: principal and interest back to spot', async () => {
    const before = await spot('locker');
    const answer = await post<EarnHolding>('locker', '/v1/earn/subscribe', {
      productId: 'usdt-7d',
      amount: '1000',
    });
    expect(answer.code, answer.msg).toBe('0');
    expect(answer.data.maturesAt).toBe(answer.data.earnFrom + 7 * DAY_MS);
    const rolled = await post<EarnHolding>('locker', '/v1/earn/subscribe', {
      productId: 'usdt-7d',
      amount: '500',
      autoRenew: true,
    });
    expect(rolled.code).toBe('0');
    // Locked and no daily interest before maturity.
    await settleAt(answer.data.maturesAt - DAY_MS + 1000);
    expect(await spot('locker')).toBe(before - 150_000_000_000n);
    await settleAt(answer.data.maturesAt + 1000);
    // 1000 x 5 % / 365 = 0.13698630 a day, 7 days; 500: 0.06849315 x 7.
    expect(await spot('locker')).toBe(before - 50_000_000_000n + 95_890_410n + 47_945_205n);
    const left = await get<EarnHolding[]>('locker', '/v1/earn/holdings');
    expect(left.data).toHaveLength(1);
    expect(left.data[0]?.maturesAt).toBe(answer.data.maturesAt + 7 * DAY_MS);
    // Early redemption gives the principal back and forfeits the interest.
    t.clock.ms += 2 * DAY_MS;
    await t.app.services.earn.settleDue();
    const early = await post<EarnRedeemed>('locker', '/v1/earn/redeem', {
      holdingId: left.data[0]?.id,
    });
    expect(early.code, early.msg).toBe('0');
    expect(early.data.amount).toBe('500');
    expect(early.data.forfeited).toBe('0.1369863');
    expect(await spot('locker')).toBe(before + 95_890_410n + 47_945_205n);
    await expectLedgerBalanced(t.store);
  });

  it('refuses what it cannot do and changes nothing', async () => {
    const before = await spot('other');
    const pool = await balanceOf(earnAccount('usdt-small'));
    const refused = async (path: string, body: unknown, code: string) => {
      const answer = await post('other', path, body);
      expect(answer.code, JSON.stringify(body)).toBe(code);
    };
    await refused('/v1/earn/subscribe', { productId: 'usdt-small', amount: '1' }, '19002');
    await refused('/v1/earn/subscribe', { productId: 'usdt-small', amount: '101' }, '19003');
    await refused('/v1/earn/subscribe', { productId: 'nope', amount: '10' }, '19001');
    await refused('/v1/earn/subscribe', { productId: 'usdt-small', amount: '-1' }, '10006');
    await refused('/v1/earn/subscribe', { productId: 'usdt-small', amount: 'abc' }, '10006');
    await refused('/v1/earn/subscribe', { productId: 'usdt-small' }, '10002');
    await refused('/v1/earn/subscribe', { productId: 'btc-flexible', amount: '1' }, '13005');
    await refused('/v1/earn/redeem', { productId: 'usdt-small', amount: '1' }, '19005');
    await refused('/v1/earn/redeem', { holdingId: 'x1' }, '19006');
    expect(await spot('other')).toBe(before);
    expect(await balanceOf(earnAccount('usdt-small'))).toBe(pool);
    // The product cap: 100 by one user, then only 50 more for anyone.
    expect(
      (await post('other', '/v1/earn/subscribe', { productId: 'usdt-small', amount: '100' })).code,
    ).toBe('0');
    const capped = await post('saver', '/v1/earn/subscribe', {
      productId: 'usdt-small',
      amount: '60',
    });
    expect(capped.code).toBe('19004');
    expect(capped.msg).toContain('50');
    // Locked fixed-term product: no early redemption.
    const locked = await post<EarnHolding>('other', '/v1/earn/subscribe', {
      productId: 'usdt-90d',
      amount: '100',
    });
    expect(locked.code).toBe('0');
    expect((await post('other', '/v1/earn/redeem', { holdingId: locked.data.id })).code).toBe(
      '19007',
    );
    // Without a session.
    const anonymous = await call(t.app, 'GET', `/v1/earn/holdings${Q}`);
    expect(anonymous.code).not.toBe('0');
    await expectLedgerBalanced(t.store);
  });
});
