/**
 * Margin trading through the app on SQLite and PostgreSQL: transfers,
 * borrowing and hourly interest, refusals that change nothing, auto-borrow
 * and auto-repay orders, and a price fall through the call line (notice and
 * mail) and the liquidation line (orders cancelled, collateral sold through
 * the book, debt repaid, fee to the fund; a shortfall taken by the fund).
 */
import type { MarginAccount, MarginNotice, MarginOrder, MarginRecord, Page } from '@quay/core';
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
import {
  ACCOUNT_INDEX_EVERY_MS,
  ACCOUNT_INDEX_LEFT_BEHIND_MS,
} from '../../kernel/db/ledger-account-index';
import { MARGIN_FUND, MARGIN_POOL } from './margin-accounts';

const Q = '?languageType=0';
const BTC = 'BTCUSDT';
const HOUR = 3_600_000;

describe.each(STORES)('margin trading on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      MARK_INTERVAL_MS: '60000',
      MARKET_PRICE_BAND_BPS: '5000',
      // Funds the lending pool and the margin fund (and the futures fund, unused here).
      PROTECTION_FUND_SEED: '1000',
      // XRP has no isolated accounts here, so that one can be asked for and refused.
      MARGIN_SETTINGS: JSON.stringify({
        markets: { XRPUSDT: { isolated: false, maxLeverage: 5 } },
      }),
    });
    const users: Array<[string, Record<string, string>]> = [
      ['maker', { USDT: '1000000', BTC: '20' }],
      ['trader', { USDT: '1000' }],
      ['saver', { USDT: '1000' }],
      ['gambler', { USDT: '1000' }],
    ];
    for (const [who, deposits] of users) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `${who}@example.com`);
      tokens[who] = answer.data.token;
      const session = await t.app.services.sessions.authenticate(answer.data.token);
      for (const [coin, amount] of Object.entries(deposits)) {
        await t.app.services.ledger.deposit(session.userRowId, coin, amount, 'test');
      }
    }
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  const post = <T>(who: string, path: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string, query = '') =>
    call<T>(t.app, 'GET', `${path}${Q}${query}`, undefined, bearer(tokens[who] as string));
  const okPost = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await post<T>(who, path, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const cross = async (who: string) =>
    (await get<MarginAccount>(who, '/v1/margin/account', '&mode=cross')).data;
  const asset = (account: MarginAccount, coin: string) =>
    account.assets.find((a) => a.coin === coin);
  const balanceOf = async (account: string, coin: string) =>
    (await t.store.repos.ledger.balancesOf([account])).find((b) => b.coin === coin)?.available ??
    0n;
  /** The book around `mid`: the maker's bid 5 below and ask 5 above, deep enough for every test. */
  const quote = async (mid: number) => {
    await post('maker', '/v1/spot/order/cancel-all', { symbol: BTC });
    await okPost('maker', '/v1/spot/order/place', {
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: String(mid - 5),
      quantity: '1',
    });
    await okPost('maker', '/v1/spot/order/place', {
      symbol: BTC,
      side: 'sell',
      type: 'limit',
      price: String(mid + 5),
      quantity: '1',
    });
  };

  it('shows the terms on a public route: rates, hourly rates, caps and the funded pool', async () => {
    await quote(50000);
    const config = await call<{ coins: Array<Record<string, string>> }>(
      t.app,
      'GET',
      `/v1/margin/config${Q}`,
    );
    expect(config.code).toBe('0');
    const usdt = config.data.coins.find((c) => c.coin === 'USDT');
    expect(usdt).toMatchObject({
      dailyRate: '0.00025',
      borrowCap: '1000000',
      poolAvailable: '50000000',
    });
    expect(usdt?.hourlyRate).toMatch(/^0\.0000104166/);
  });

  it('moves coins spot -> cross and borrows, with the first hour charged at once', async () => {
    await okPost('trader', '/v1/margin/transfer', {
      from: 'spot',
      to: 'cross',
      coin: 'USDT',
      amount: '100',
    });
    const max = await get<{ amount: string }>(
      'trader',
      '/v1/margin/max-borrowable',
      '&mode=cross&coin=USDT',
    );
    // 3x cross: twice the net asset of 100.
    expect(max.data.amount).toBe('200');
    const account = await okPost<MarginAccount>('trader', '/v1/margin/borrow', {
      mode: 'cross',
      coin: 'USDT',
      amount: '150',
    });
    // 150 x 0.00025 / 24 = 0.0015625 for the first hour.
    expect(asset(account, 'USDT')).toMatchObject({
      available: '250',
      borrowed: '150',
      interest: '0.0015625',
    });
    expect(await balanceOf(MARGIN_POOL, 'USDT')).toBe(50_000_000n * 10n ** 8n - 150n * 10n ** 8n);
  });

  it('refuses bad input with a clear error and changes nothing', async () => {
    const before = await cross('trader');
    const records = await t.count('margin_records');
    const refusals: Array<[string, unknown, string]> = [
      ['/v1/margin/borrow', { mode: 'cross', coin: 'USDT', amount: '-1' }, '10006'],
      ['/v1/margin/borrow', { mode: 'cross', coin: 'USDT', amount: '0' }, '13013'],
      ['/v1/margin/borrow', { mode: 'cross', coin: 'USDT', amount: '1000' }, '18003'],
      ['/v1/margin/borrow', { mode: 'cross', coin: 'DOGE', amount: '1' }, '18002'],
      [
        '/v1/margin/borrow',
        { mode: 'isolated', symbol: 'XRPUSDT', coin: 'USDT', amount: '1' },
        '18001',
      ],
      ['/v1/margin/borrow', { mode: 'isolated', coin: 'USDT', amount: '1' }, '18001'],
      ['/v1/margin/repay', { mode: 'cross', coin: 'USDT', amount: '500' }, '18004'],
      ['/v1/margin/repay', { mode: 'cross', coin: 'BTC', amount: '1' }, '18007'],
      ['/v1/margin/transfer', { from: 'cross', to: 'spot', coin: 'USDT', amount: '200' }, '18005'],
      ['/v1/margin/transfer', { from: 'spot', to: 'spot', coin: 'USDT', amount: '1' }, '18006'],
      ['/v1/margin/transfer', { from: 'spot', to: 'cross', coin: 'USDT', amount: '5000' }, '13005'],
    ];
    for (const [path, body, code] of refusals) {
      const answer = await post('trader', path, body);
      expect(answer.code, `${path} ${JSON.stringify(body)}: ${answer.msg}`).toBe(code);
      expect(answer.msg.length).toBeGreaterThan(0);
    }
    const demo = await call(
      t.app,
      'POST',
      `/v1/margin/borrow${Q}`,
      { mode: 'cross', coin: 'USDT', amount: '1' },
      { ...bearer(tokens.trader as string), 'x-simulated': '1' },
    );
    expect(demo.code).toBe('18008');
    expect(await cross('trader')).toEqual(before);
    expect(await t.count('margin_records')).toBe(records);
    await expectLedgerBalanced(t.store);
  });

  it('buys on margin with auto-borrow: the order borrows what the account lacks', async () => {
    const order = await okPost<MarginOrder>('trader', '/v1/margin/order/place', {
      mode: 'cross',
      symbol: BTC,
      side: 'buy',
      type: 'market',
      quoteAmount: '290',
      autoBorrow: true,
    });
    expect(order).toMatchObject({
      mode: 'cross',
      autoBorrow: true,
      borrowed: '40',
      borrowCoin: 'USDT',
      status: 'FILLED',
    });
    const account = await cross('trader');
    expect(asset(account, 'USDT')?.borrowed).toBe('190');
    expect(Number(asset(account, 'BTC')?.available)).toBeGreaterThan(0.0057);
    // The order is the margin account's, not spot's.
    const spotOpen = await get<unknown[]>('trader', '/v1/spot/orders/history');
    expect(JSON.stringify(spotOpen.data)).not.toContain(order.orderId);
    const info = await get<{ order: MarginOrder; fills: unknown[] }>(
      'trader',
      '/v1/margin/order',
      `&orderId=${order.orderId}`,
    );
    expect(info.data.order.orderId).toBe(order.orderId);
    expect(info.data.fills.length).toBeGreaterThan(0);
    // Another user cannot read it.
    expect((await get('saver', '/v1/margin/order', `&orderId=${order.orderId}`)).code).toBe(
      '13006',
    );
  });

  it('charges interest at each hour boundary: 60 USDT at 0.025 % a day for 5 hours is 0.003125, and repay all clears it', async () => {
    await okPost('saver', '/v1/margin/transfer', {
      from: 'spot',
      to: 'cross',
      coin: 'USDT',
      amount: '100',
    });
    await okPost('saver', '/v1/margin/borrow', { mode: 'cross', coin: 'USDT', amount: '60' });
    t.clock.ms += 4 * HOUR + 1000;
    await t.app.services.marginRisk.tickNow();
    expect(asset(await cross('saver'), 'USDT')?.interest).toBe('0.003125');
    const interest = await get<Page<MarginRecord>>('saver', '/v1/margin/records', '&kind=interest');
    expect(interest.data.items[0]).toMatchObject({
      kind: 'interest',
      coin: 'USDT',
      amount: '0.0025',
      principal: '60',
    });
    const poolBefore = await balanceOf(MARGIN_POOL, 'USDT');
    const after = await okPost<MarginAccount>('saver', '/v1/margin/repay', {
      mode: 'cross',
      coin: 'USDT',
      all: true,
    });
    expect(asset(after, 'USDT')).toMatchObject({
      borrowed: '0',
      interest: '0',
      available: '99.996875',
    });
    expect((await balanceOf(MARGIN_POOL, 'USDT')) - poolBefore).toBe(6_000_312_500n);
    const repaid = await get<Page<MarginRecord>>('saver', '/v1/margin/records', '&kind=repay');
    expect(repaid.data.items[0]).toMatchObject({
      amount: '60.003125',
      interest: '0.003125',
      principal: '60',
    });
    await expectLedgerBalanced(t.store);
  });

  it('repays from the proceeds of an auto-repay order once it is done', async () => {
    await okPost('saver', '/v1/margin/borrow', { mode: 'cross', coin: 'BTC', amount: '0.001' });
    await okPost('saver', '/v1/margin/order/place', {
      mode: 'cross',
      symbol: BTC,
      side: 'buy',
      type: 'limit',
      price: '50005',
      quantity: '0.0015',
      autoRepay: true,
    });
    for (let i = 0; i < 50 && asset(await cross('saver'), 'BTC')?.borrowed !== '0'; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    const account = await cross('saver');
    expect(asset(account, 'BTC')).toMatchObject({ borrowed: '0', interest: '0' });
    await expectLedgerBalanced(t.store);
  });

  it('gives a margin call at the call line, then liquidates through the book at the liquidation line', async () => {
    const resting = await okPost<MarginOrder>('trader', '/v1/margin/order/place', {
      mode: 'cross',
      symbol: BTC,
      side: 'sell',
      type: 'limit',
      price: '60000',
      quantity: '0.001',
    });
    // 0.0058 BTC against 190 owed: the call line (1.3) is near 42,600, liquidation (1.1) near 36,000.
    await quote(41000);
    await t.app.services.marginRisk.tickNow();
    expect((await cross('trader')).status).toBe('call');
    const notices = await get<MarginNotice[]>('trader', '/v1/margin/notices');
    expect(notices.data[0]).toMatchObject({ kind: 'call', mode: 'cross', callLevel: '1.3' });
    for (let i = 0; i < 50 && mail.mailsTo('trader@example.com').length < 2; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(mail.mailsTo('trader@example.com').at(-1)?.subject).toContain('Margin call');
    const fundBefore = await balanceOf(MARGIN_FUND, 'USDT');
    await quote(35000);
    t.clock.ms += 1000;
    await t.app.services.marginRisk.tickNow();
    const account = await cross('trader');
    expect(asset(account, 'USDT')).toMatchObject({ borrowed: '0', interest: '0' });
    expect(account.status).toBe('normal');
    expect(
      (await get<MarginOrder[]>('trader', '/v1/margin/orders/open', '&mode=cross')).data,
    ).toEqual([]);
    const history = await get<Page<MarginOrder>>(
      'trader',
      '/v1/margin/orders/history',
      '&mode=cross',
    );
    expect(history.data.items.find((o) => o.orderId === resting.orderId)?.status).toBe('CANCELED');
    expect(history.data.items[0]).toMatchObject({
      liquidation: true,
      side: 'sell',
      status: 'FILLED',
      avgPrice: '34995',
    });
    const records = await get<Page<MarginRecord>>(
      'trader',
      '/v1/margin/records',
      '&kind=liquidation',
    );
    const fee = records.data.items.find((r) => r.fee !== '0');
    expect(fee).toBeDefined();
    expect((await balanceOf(MARGIN_FUND, 'USDT')) - fundBefore).toBe(
      BigInt(Math.round(Number(fee?.fee) * 1e8)),
    );
    const last = await get<MarginNotice[]>('trader', '/v1/margin/notices');
    expect(last.data[0]?.kind).toBe('liquidation');
    await expectLedgerBalanced(t.store);
  });

  it('has the fund take the debt an isolated account cannot cover, leaving no negative balance', async () => {
    const symbol = '&mode=isolated&symbol=BTCUSDT';
    await okPost('gambler', '/v1/margin/transfer', {
      from: 'spot',
      to: 'isolated',
      symbol: BTC,
      coin: 'USDT',
      amount: '100',
    });
    await okPost('gambler', '/v1/margin/order/place', {
      mode: 'isolated',
      symbol: BTC,
      side: 'buy',
      type: 'market',
      quoteAmount: '500',
      autoBorrow: true,
    });
    const fundBefore = await balanceOf(MARGIN_FUND, 'USDT');
    await quote(20000);
    await t.app.services.marginRisk.tickNow();
    const account = (await get<MarginAccount>('gambler', '/v1/margin/account', symbol)).data;
    expect(asset(account, 'USDT')).toMatchObject({ borrowed: '0', interest: '0', available: '0' });
    expect(Number(asset(account, 'BTC')?.available)).toBeLessThan(0.00001);
    const records = await get<Page<MarginRecord>>(
      'gambler',
      '/v1/margin/records',
      '&kind=liquidation',
    );
    const covered = records.data.items.find((r) => r.coin === 'USDT');
    expect(Number(covered?.fundCovered)).toBeGreaterThan(100);
    expect(fundBefore - (await balanceOf(MARGIN_FUND, 'USDT'))).toBe(
      BigInt(Math.round(Number(covered?.fundCovered) * 1e8)),
    );
    for (const row of await t.store.repos.ledger.balancesOf([`mi:BTCUSDT:${account.symbol}`])) {
      expect(row.available).toBeGreaterThanOrEqual(0n);
    }
    await expectLedgerBalanced(t.store);
  });

  it("leaves its jobs' journal keys to the spot writer thread while that writes, and moves them once it is idle", async () => {
    // Spot orders go through the embedded store's writer thread; transfers are jobs, written in
    // a transaction on the engine's thread.
    await quote(50000);
    const transfer = (from: string, to: string) =>
      okPost('trader', '/v1/margin/transfer', { from, to, coin: 'USDT', amount: '1' });
    t.clock.advance(ACCOUNT_INDEX_EVERY_MS / 1000);
    await transfer('spot', 'cross');
    // A move is due: on the embedded store the writer thread, busy a moment ago, makes it; on
    // PostgreSQL the job's transaction moves every key.
    if (store === 'sqlite') expect(await t.count('ledger_unindexed')).toBeGreaterThan(0);
    else expect(await t.count('ledger_unindexed')).toBe(0);
    t.clock.advance(ACCOUNT_INDEX_LEFT_BEHIND_MS / 1000);
    await transfer('cross', 'spot');
    expect(await t.count('ledger_unindexed')).toBe(0);
    expect(await t.count('spot_orders_unindexed')).toBe(0);
    await expectLedgerBalanced(t.store);
  });
});
