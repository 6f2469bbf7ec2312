import type { FeeSchedule, FuturesOrder, MyVip, Page, SpotFill, SpotOrder } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FEE_ACCOUNT } from '../../kernel/journal';
import { fromMinor } from '../../kernel/money';
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
import { DAY_MS, VipSchedule } from './vip-schedule';

const Q = '?languageType=0';
const PERP = 'BTCUSDT_PERP';

describe.each(STORES)('VIP tiers and the fees matching charges on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const get = <T>(who: string | null, path: string) =>
    call<T>(t.app, 'GET', `${path}${Q}`, undefined, who ? bearer(tokens[who] as string) : {});
  const post = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const spot = (who: string, body: Record<string, unknown>) =>
    post<SpotOrder>(who, '/v1/spot/order/place', { symbol: 'BTCUSDT', ...body });
  const perp = (who: string, body: Record<string, unknown>) =>
    post<FuturesOrder>(who, '/v1/futures/order/place', { symbol: PERP, ...body });
  const held = async (account: string) =>
    Object.fromEntries(
      (await t.store.repos.ledger.balancesOf([account])).map((b) => [
        b.coin,
        fromMinor(b.available),
      ]),
    );
  const spotFills = async (who: string) =>
    (await get<Page<SpotFill>>(who, '/v1/spot/fills')).data.items;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      MARK_INTERVAL_MS: '60000',
    });
    const users: Array<[string, string, string, string]> = [
      // name, spot USDT, spot BTC, USDT moved to the futures wallet
      ['vip3', '11000', '1', '10000'],
      ['vip6', '11000', '0', '10000'],
      ['plain', '20000', '1', '10000'],
      ['whaleBuyer', '1001000', '0', '0'],
      ['whaleSeller', '0', '20', '0'],
    ];
    for (const [name, usdt, btc, toFutures] of users) {
      const token = (
        await registerByEmail<{ token: string }>(t, mail, `${name.toLowerCase()}@example.com`)
      ).data.token;
      tokens[name] = token;
      ids[name] = (await t.app.services.sessions.authenticate(token)).userRowId;
      if (usdt !== '0') await t.app.services.ledger.deposit(ids[name], 'USDT', usdt, 'test');
      if (btc !== '0') await t.app.services.ledger.deposit(ids[name], 'BTC', btc, 'test');
      if (toFutures !== '0')
        await post(name, '/v1/futures/transfer', {
          coin: 'USDT',
          amount: toFutures,
          direction: 'toFutures',
        });
    }
    await t.app.services.fees.assign(ids.vip3 as string, 3);
    await t.app.services.fees.assign(ids.vip6 as string, 6);
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  it('publishes the schedule: seven tiers, exact rates, VIP0 the markets’ own fees, a rebate at the top', async () => {
    const answer = await get<FeeSchedule>(null, '/v1/fee/schedule');
    expect(answer.code, answer.msg).toBe('0');
    expect(answer.data.tiers.map((x) => x.level)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect(answer.data.tiers[0]).toEqual({
      level: 0,
      spotVolume: '0',
      futuresVolume: '0',
      assets: '0',
      spotMakerRate: '0.001',
      spotTakerRate: '0.001',
      futuresMakerRate: '0.0002',
      futuresTakerRate: '0.0005',
    });
    expect(answer.data.tiers[3]).toMatchObject({
      spotVolume: '20000000',
      spotMakerRate: '0.00042',
      futuresTakerRate: '0.00032',
    });
    expect(answer.data.tiers[6]).toMatchObject({
      spotMakerRate: '-0.00005',
      futuresMakerRate: '-0.00005',
    });
    const mine = await get<MyVip>(null, '/v1/fee/vip');
    expect(mine.code).not.toBe('0');
  });

  it('charges a VIP3 spot maker exactly the VIP3 rate, and the VIP0 taker the market’s', async () => {
    await spot('vip3', { side: 'sell', type: 'limit', price: '50000.37', quantity: '0.01234' });
    const buy = await spot('plain', { side: 'buy', type: 'market', quantity: '0.01234' });
    expect(buy.status).toBe('FILLED');
    // 0.01234 x 50,000.37 = 617.0045658 USDT; x 0.042 % = 0.2591419176, rounded up to 10^-8.
    const [sold] = await spotFills('vip3');
    expect(sold).toMatchObject({ role: 'maker', fee: '0.25914192', feeCoin: 'USDT' });
    // The VIP0 taker pays 0.1 % of 0.01234 BTC, as before.
    const [bought] = await spotFills('plain');
    expect(bought).toMatchObject({ role: 'taker', fee: '0.00001234', feeCoin: 'BTC' });
    expect(await held(FEE_ACCOUNT)).toEqual({ BTC: '0.00001234', USDT: '0.25914192' });
    await expectLedgerBalanced(t.store);
  });

  it('pays a VIP6 spot maker its rebate out of the fee account, every coin conserved', async () => {
    const before = await t.store.repos.ledger.coinTotals();
    await spot('vip6', { side: 'buy', type: 'limit', price: '50000', quantity: '0.0001' });
    await spot('plain', { side: 'sell', type: 'market', quantity: '0.0001' });
    // The maker receives 0.0001 BTC and 0.005 % of it on top: 0.000000005 BTC, rounded down to 0.
    // A larger fill pays a rebate that the minor unit can hold.
    await spot('vip6', { side: 'buy', type: 'limit', price: '50000', quantity: '0.01' });
    await spot('plain', { side: 'sell', type: 'market', quantity: '0.01' });
    const fills = await spotFills('vip6');
    expect(fills.map((f) => [f.role, f.quantity, f.fee, f.feeCoin])).toEqual([
      ['maker', '0.01000', '-0.0000005', 'BTC'],
      ['maker', '0.00010', '0', 'BTC'],
    ]);
    const vip6 = await held(ids.vip6 as string);
    expect(vip6.BTC).toBe('0.01010050');
    // The fee account paid 0.0000005 BTC and took the takers' 0.1 % in USDT (0.005 + 0.5).
    expect(await held(FEE_ACCOUNT)).toEqual({ BTC: '0.00001184', USDT: '0.76414192' });
    const legs = await t.store.repos.ledger.journalTotals([FEE_ACCOUNT]);
    expect(legs.get('BTC')).toBe(1184n);
    expect(await t.store.repos.ledger.coinTotals()).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it('pays a spot rebate no larger than the fee account holds in that coin', async () => {
    await t.app.services.ledger.deposit(ids.vip6 as string, 'USDT', '150000', 'test');
    await t.app.services.ledger.deposit(ids.plain as string, 'BTC', '3', 'test');
    const before = await t.store.repos.ledger.coinTotals();
    await spot('vip6', { side: 'buy', type: 'limit', price: '50000', quantity: '3' });
    await spot('plain', { side: 'sell', type: 'market', quantity: '3' });
    // 0.005 % of 3 BTC is 0.00015 BTC; the fee account holds 0.00001184 BTC, and pays that.
    const [fill] = await spotFills('vip6');
    expect(fill).toMatchObject({ role: 'maker', quantity: '3.00000', fee: '-0.00001184' });
    expect((await held(FEE_ACCOUNT)).BTC).toBe('0.00000000');
    expect(await t.store.repos.ledger.coinTotals()).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it('charges a VIP3 futures taker exactly the VIP3 rate, and the VIP0 maker the market’s', async () => {
    await perp('plain', { side: 'sell', type: 'limit', price: '50000.30', quantity: '0.123' });
    const buy = await perp('vip3', { side: 'buy', type: 'market', quantity: '0.123' });
    expect(buy.status).toBe('FILLED');
    // 0.123 x 50,000.30 = 6,150.0369 USDT; x 0.032 % = 1.968011808, rounded up.
    expect(buy.fee).toBe('1.96801181');
    const fills = await get<Page<{ role: string; fee: string }>>('plain', '/v1/futures/fills');
    // The VIP0 maker: 0.02 % = 1.23000738 exactly.
    expect(fills.data.items[0]).toMatchObject({ role: 'maker', fee: '1.23000738' });
    // Break-even at the VIP3 rate both ways: 50,000.30 x 1.00032 / 0.99968 = 50,032.3104...
    // (the market's 0.05 % would say 50,050.33).
    const positions = await get<Array<{ symbol: string; breakEvenPrice: string }>>(
      'vip3',
      '/v1/futures/positions',
    );
    expect(positions.data.find((p) => p.symbol === PERP)?.breakEvenPrice).toBe('50032.31');
    await expectLedgerBalanced(t.store);
  });

  it('pays a VIP6 futures maker its rebate from the fee account, out of the taker’s fee', async () => {
    const feesBefore = (await held(FEE_ACCOUNT)).USDT as string;
    const walletBefore = (await held(`f:${ids.vip6}`)).USDT as string;
    // Balances plus the clearing account (the counterpart of open positions) per coin.
    const conserved = async () => {
      const totals = await t.store.repos.ledger.coinTotals();
      const clearing = await t.store.repos.ledger.journalTotals(['@clearing']);
      return (totals.get('USDT') ?? 0n) + (clearing.get('USDT') ?? 0n);
    };
    const before = await conserved();
    await perp('vip6', { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' });
    await perp('plain', { side: 'buy', type: 'market', quantity: '0.1' });
    // 5,000 USDT: the maker gets 0.005 % = 0.25, the VIP0 taker pays 0.05 % = 2.5.
    const fills = await get<Page<{ role: string; fee: string }>>('vip6', '/v1/futures/fills');
    expect(fills.data.items[0]).toMatchObject({ role: 'maker', fee: '-0.25' });
    expect(
      BigInt((await t.store.repos.ledger.balancesOf([`f:${ids.vip6}`]))[0]?.available ?? 0),
    ).toBe(BigInt(walletBefore.replace('.', '')) + 25_000_000n);
    const feesAfter = (await held(FEE_ACCOUNT)).USDT as string;
    expect(BigInt(feesAfter.replace('.', '')) - BigInt(feesBefore.replace('.', ''))).toBe(
      225_000_000n,
    );
    expect(await conserved()).toBe(before);
    // And they are what came in from outside.
    const outside = await t.store.repos.ledger.externalTotals();
    expect(before).toBe(-(outside.get('USDT') ?? 0n));
  });

  it('recomputes tiers from real fills and assets: volume, assets, an assigned tier kept', async () => {
    // 20 BTC at 50,000: 1,000,000 USDT of 30-day spot volume on each side.
    await spot('whaleSeller', { side: 'sell', type: 'limit', price: '50000', quantity: '20' });
    await spot('whaleBuyer', { side: 'buy', type: 'market', quantity: '20' });
    const schedule = new VipSchedule(t.app.services.fees, {
      now: t.config.now,
      check_ms: 60_000,
      onError: (err) => {
        throw err;
      },
    });
    // Not due before midnight of the app's clock; due after it.
    await schedule.check();
    expect((await get<MyVip>('whaleBuyer', '/v1/fee/vip')).data.computedAt).toBeNull();
    t.clock.advance(DAY_MS / 1000);
    await schedule.check();
    const buyer = (await get<MyVip>('whaleBuyer', '/v1/fee/vip')).data;
    // The buyer reaches VIP1 by its spot volume (its 20 BTC have no bid to be valued at).
    expect(buyer).toMatchObject({
      level: 1,
      assigned: false,
      spotVolume: '1000000.00000000',
      futuresVolume: '0.00000000',
      assets: '1000.00000000',
      computedAt: t.clock.now(),
    });
    expect(buyer.next).toMatchObject({ level: 2, spotVolume: '5000000', assets: '100000' });
    // The seller holds 999,000 USDT after its 0.1 % fee: VIP4 by assets.
    const seller = (await get<MyVip>('whaleSeller', '/v1/fee/vip')).data;
    expect(seller).toMatchObject({ level: 4, assets: '999000.00000000' });
    // The VIP3 user's 0.123 BTC of futures volume reaches nothing, but its assigned tier stays.
    const vip3 = (await get<MyVip>('vip3', '/v1/fee/vip')).data;
    expect(vip3).toMatchObject({ level: 3, assigned: true, futuresVolume: '6150.03690000' });
    expect(vip3.rates.spotMakerRate).toBe('0.00042');
    // The hosts charge the new tiers at once: the seller now makes at VIP4 (0.042 %).
    await spot('whaleSeller', { side: 'buy', type: 'limit', price: '49000', quantity: '1' });
    await spot('whaleBuyer', { side: 'sell', type: 'market', quantity: '0.5' });
    const [made] = await spotFills('whaleSeller');
    expect(made).toMatchObject({ role: 'maker', quantity: '0.50000', fee: '0.00021' });
    const [took] = await spotFills('whaleBuyer');
    expect(took).toMatchObject({ role: 'taker', fee: '24.5', feeCoin: 'USDT' });
    // Clearing the assignment lets the computed tier apply again.
    await t.app.services.fees.assign(ids.vip3 as string, null);
    expect((await get<MyVip>('vip3', '/v1/fee/vip')).data).toMatchObject({
      level: 0,
      assigned: false,
    });
    await schedule.stop();
    // A server started after a midnight it missed recomputes at its first check.
    t.clock.advance(DAY_MS / 1000);
    const late = new VipSchedule(t.app.services.fees, {
      now: t.config.now,
      check_ms: 60_000,
      onError: (err) => {
        throw err;
      },
    });
    late.start(await t.app.services.fees.lastComputed());
    await late.check();
    expect((await get<MyVip>('whaleBuyer', '/v1/fee/vip')).data.computedAt).toBe(t.clock.now());
    await late.stop();
  });

  it('a check asked for during one covers the time it was asked at', async () => {
    const schedule = new VipSchedule(t.app.services.fees, {
      now: t.config.now,
      check_ms: 60_000,
      onError: (err) => {
        throw err;
      },
    });
    // Under way, on the clock before midnight (as the timer's own look may be).
    const first = schedule.check();
    t.clock.advance(DAY_MS / 1000);
    await schedule.check();
    expect(await t.app.services.fees.lastComputed()).toBe(t.clock.now());
    await first;
    await schedule.stop();
  });
  it('recomputes once after a midnight, whichever schedule comes to it first', async () => {
    const options = {
      now: t.config.now,
      check_ms: 60_000,
      onError: (err: unknown) => {
        throw err;
      },
    };
    const first = new VipSchedule(t.app.services.fees, options);
    const second = new VipSchedule(t.app.services.fees, options);
    t.clock.advance(DAY_MS / 1000);
    await first.check();
    const at = t.clock.now();
    expect(await t.app.services.fees.lastComputed()).toBe(at);
    // An hour on, the second schedule finds the day's recompute done.
    t.clock.advance(3600);
    await second.check();
    expect(await t.app.services.fees.lastComputed()).toBe(at);
    // The next midnight is its own again.
    t.clock.advance(DAY_MS / 1000);
    await second.check();
    expect(await t.app.services.fees.lastComputed()).toBe(t.clock.now());
    await first.stop();
    await second.stop();
  });
  it('counts the fills of a user’s margin accounts in its spot volume, and no one else’s', async () => {
    const since = t.clock.now();
    const fill = (id: number, maker: string, taker: string, created_at = since) =>
      fillRow(id, maker, taker, created_at);
    // Written as the spot host writes them: each with a key per account on a side of it.
    await t.store.transaction((repos) =>
      repos.spot.insertFills([
        fill(9_000_001, 'mc:margin-user', 'someone'),
        fill(9_000_002, 'someone', 'mi:ETHUSDT:margin-user'),
        fill(9_000_003, 'mi:BTCUSDT:other-margin-user', 'someone'),
        fill(9_000_004, 'margin-user', 'someone', since - 1),
      ]),
    );
    const owners = [
      'margin-user',
      'mc:margin-user',
      'mi:BTCUSDT:margin-user',
      'mi:ETHUSDT:margin-user',
    ];
    const fills = await t.store.repos.fees.spotFillsSince(owners, since);
    expect(fills).toHaveLength(2);
    expect(fills.every((f) => f.symbol === 'BTCUSDT' && f.lots === 100_000)).toBe(true);
  });
  it('seeks the first fill of the window by id, an hour early, and reads no key before it', async () => {
    // Later than every fill of the cases before: ids and times grow together, as the host writes them.
    const window = t.clock.now() + 10 * DAY_MS;
    const HOUR = 3_600_000;
    const fill = (id: number, created_at: number) =>
      fillRow(id, 'window-user', 'someone', created_at);
    await t.store.transaction((repos) =>
      repos.spot.insertFills([
        fill(9_100_010, window - 3 * HOUR),
        fill(9_100_020, window - 2 * HOUR),
        fill(9_100_030, window - HOUR / 2),
        fill(9_100_040, window + 60_000),
      ]),
    );
    const fees = t.store.repos.fees;
    expect(await fees.spotFillIdFrom(window)).toBe(9_100_030);
    expect(await fees.spotFillIdFrom(window - HOUR)).toBe(9_100_020);
    expect(await fees.spotFillIdFrom(window + 2 * HOUR)).toBeNull();
    // The window itself is kept to the time: the fill half an hour before it is not counted.
    expect(await fees.spotFillsSince(['window-user'], window)).toHaveLength(1);
    expect(await fees.spotFillsSince(['window-user'], window - 3 * HOUR)).toHaveLength(4);
    // A bound given is the one used: keys below it are not read.
    expect(await fees.spotFillsSince(['window-user'], window - 3 * HOUR, 9_100_021)).toHaveLength(
      2,
    );
    expect(await fees.spotFillsSince(['window-user'], window - 3 * HOUR, null)).toHaveLength(0);
  });
});

/** A spot fill of 1 BTC at 50,000 as the spot host writes it, the taker buying. */
function fillRow(id: number, maker: string, taker: string, created_at: number) {
  return {
    id,
    symbol: 'BTCUSDT',
    price_ticks: 5_000_000,
    lots: 100_000,
    taker_side: 'buy',
    maker_order_id: id,
    maker_user_id: maker,
    maker_fee: 0n,
    taker_order_id: id + 1,
    taker_user_id: taker,
    taker_fee: 0n,
    created_at,
  };
}
