import type {
  FuturesAccount,
  FuturesOrder,
  FuturesPlan,
  FuturesPosition,
  FundingPayment,
  Page,
  ProtectionFund,
} from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import {
  ACCOUNT_INDEX_EVERY_MS,
  ACCOUNT_INDEX_LEFT_BEHIND_MS,
} from '../../kernel/db/ledger-account-index';
import { CLEARING_ACCOUNT, directionOfSide } from './futures-state';
import {
  clearOfFunding,
  MailCatcher,
  STORES,
  type StoreKind,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

interface SessionData {
  token: string;
}

const Q = '?languageType=0';
const BTC = 'BTCUSDT_PERP';

/** A user of a suite: spot USDT deposited by the operator, and how much of it goes to the futures wallet. */
type SuiteUser = [name: string, deposit: string, toFutures: string];

interface Suite {
  t: TestApp;
  tokens: Record<string, string>;
}

/** One app per suite, with funded users; `suite.t` is set once the hooks have run. */
function futuresSuite(store: StoreKind, env: Record<string, string>, users: SuiteUser[]): Suite {
  const suite = { tokens: {} } as Suite;
  let mail: MailCatcher;
  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    suite.t = await startApp(
      store,
      {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        RATE_LIMIT_LOGIN_PER_MIN: '1000',
        RATE_LIMIT_CODE_PER_10MIN: '1000',
        MARK_INTERVAL_MS: '60000',
        // The suites move the market by more than the default 5 % band in one step, with
        // market orders that print trades; price protection has its own suite.
        MARKET_PRICE_BAND_BPS: '5000',
        ...env,
      },
      { clockStart: clearOfFunding() },
    );
    for (const [who, deposit, toFutures] of users) {
      const token = (await registerByEmail<SessionData>(suite.t, mail, `${who}@example.com`)).data
        .token;
      suite.tokens[who] = token;
      const session = await suite.t.app.services.sessions.authenticate(token);
      await suite.t.app.services.ledger.deposit(session.userRowId, 'USDT', deposit, 'test');
      if (toFutures === '0') continue;
      const moved = await call(
        suite.t.app,
        'POST',
        `/v1/futures/transfer${Q}`,
        { coin: 'USDT', amount: toFutures, direction: 'toFutures' },
        bearer(token),
      );
      expect(moved.code, moved.msg).toBe('0');
    }
  });
  afterAll(async () => {
    await suite.t.close();
    await mail.stop();
  });
  return suite;
}

describe.each(STORES)('perpetual futures on %s', (store) => {
  const suite = futuresSuite(store, { PROTECTION_FUND_SEED: '1000' }, [
    ['long', '100000', '0'],
    ['maker', '100000', '0'],
    ['taker', '100000', '0'],
  ]);
  const { tokens } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
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
  const account = async (who: string) =>
    (await get<FuturesAccount>(who, '/v1/futures/account')).data;
  const positions = async (who: string) =>
    (await get<FuturesPosition[]>(who, '/v1/futures/positions')).data;
  const order = (who: string, body: Record<string, unknown>) =>
    post<FuturesOrder>(who, '/v1/futures/order/place', { symbol: BTC, ...body });
  const host = () => t.app.services.futuresHost;

  /** The clearing account holds minus the sum of side x entry value of every open position. */
  const expectClearingBacked = async () => {
    const clearing = await t.store.repos.ledger.journalTotals([CLEARING_ACCOUNT]);
    const open = new Map<string, bigint>();
    for (const p of host().allPositions()) {
      const coin = host().market(p.symbol).config.quote;
      open.set(coin, (open.get(coin) ?? 0n) + directionOfSide(p.side) * p.cost);
    }
    for (const coin of new Set([...clearing.keys(), ...open.keys()])) {
      expect((clearing.get(coin) ?? 0n) + (open.get(coin) ?? 0n), coin).toBe(0n);
    }
  };

  it('moves USDT between spot and futures through the ledger, and refuses more than there is', async () => {
    const before = await account('long');
    expect(before.walletBalance).toBe('0');
    const tooMuch = await post('long', '/v1/futures/transfer', {
      coin: 'USDT',
      amount: '200000',
      direction: 'toFutures',
    });
    expect(tooMuch.code).toBe('13005');
    for (const who of ['long', 'maker', 'taker']) {
      await okPost(who, '/v1/futures/transfer', {
        coin: 'USDT',
        amount: '1000',
        direction: 'toFutures',
      });
    }
    const back = await post('long', '/v1/futures/transfer', {
      coin: 'USDT',
      amount: '1001',
      direction: 'toSpot',
    });
    expect(back.code).toBe('17008');
    expect((await account('long')).walletBalance).toBe('1000');
    await expectLedgerBalanced(t.store);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const leverage = await post('long', '/v1/futures/leverage', { symbol: BTC, leverage: 126 });
    expect(leverage.code).toBe('17001');
    expect(leverage.msg).toContain('125');
    const reduce = await order('long', {
      side: 'sell',
      type: 'market',
      quantity: '0.01',
      reduceOnly: true,
    });
    expect(reduce.code).toBe('17002');
    const hedgeSide = await order('long', {
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '0.01',
      positionSide: 1,
    });
    expect(hedgeSide.code).toBe('17010');
    const offTick = await order('long', {
      side: 'buy',
      type: 'limit',
      price: '50000.001',
      quantity: '0.01',
    });
    expect(offTick.code).toBe('13002');
    const tooBig = await order('long', {
      side: 'buy',
      type: 'limit',
      price: '50000',
      quantity: '10',
    });
    expect(tooBig.code).toBe('17012');
    const unknown = await order('long', {
      symbol: 'DOGEUSDT_PERP',
      side: 'buy',
      type: 'market',
      quantity: '1',
    });
    expect(unknown.code).toBe('13001');
    expect(await t.count('futures_orders')).toBe(0);
    expect((await account('long')).walletBalance).toBe('1000');
  });

  it('opens an isolated long at 20x, pays funding to the short, and guards TP/SL and margin removal', async () => {
    await okPost('long', '/v1/futures/margin-mode', { symbol: BTC, marginMode: 1 });
    await okPost('long', '/v1/futures/leverage', { symbol: BTC, leverage: 20 });
    // The maker offers 0.1 BTC at 50,000; the long buys it at market.
    expect(
      (await order('maker', { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' })).code,
    ).toBe('0');
    const buy = await order('long', { side: 'buy', type: 'market', quantity: '0.1' });
    expect(buy.code, buy.msg).toBe('0');
    expect(buy.data.status).toBe('FILLED');
    expect(buy.data.fee).toBe('2.5');
    // A book around 50,000 gives the mark.
    await order('maker', { side: 'buy', type: 'limit', price: '49990', quantity: '0.01' });
    await order('maker', { side: 'sell', type: 'limit', price: '50010', quantity: '0.01' });
    await host().tickNow();
    const [long] = await positions('long');
    expect(long).toMatchObject({
      symbol: BTC,
      side: 1,
      marginMode: 1,
      count: '0.1',
      openLevel: '20',
      openMarginCount: '250',
    });
    expect(long?.openAvgPrice).toBe('50000');
    expect(long?.markPrice).toBe('50000.00');
    // Isolated 20x long at 50,000 with 250 margin, in the first row (0.4 %, no amount):
    // 250 + 0.1 x (P - 50,000) = 0.004 x 0.1 x P, so P = 4,750 / 0.0996 = 47,690.763...
    expect(long?.liquidationPrice).toBe('47690.76');
    const acct = await account('long');
    expect(acct.walletBalance).toBe('997.5');

    const wrongSide = await post('long', '/v1/futures/position/tpsl', {
      symbol: BTC,
      positionSide: 1,
      takeProfitPrice: '49000',
    });
    expect(wrongSide.code).toBe('17003');
    const belowLiq = await post('long', '/v1/futures/position/tpsl', {
      symbol: BTC,
      positionSide: 1,
      stopLossPrice: '40000',
    });
    expect(belowLiq.code).toBe('17003');
    const removal = await post('long', '/v1/futures/position/margin', {
      symbol: BTC,
      positionSide: 1,
      type: 'reduce',
      amount: '200',
    });
    expect(removal.code).toBe('17004');
    expect((await positions('long'))[0]?.openMarginCount).toBe('250');

    // Funding at the interest rate (0.01 %): the long pays 0.1 x 50,000 x 0.0001 = 0.5 from its margin.
    await host().submit({ kind: 'funding', symbols: [BTC] });
    const paid = await get<Page<FundingPayment>>('long', '/v1/futures/funding-history');
    expect(paid.data.items[0]).toMatchObject({ symbol: BTC, amount: '-0.5', positionSide: 1 });
    const received = await get<Page<FundingPayment>>('maker', '/v1/futures/funding-history');
    expect(received.data.items[0]?.amount).toBe('0.5');
    expect((await positions('long'))[0]?.openMarginCount).toBe('249.5');
    await expectClearingBacked();
  });

  it('liquidates the long when the mark falls to maintenance: the fund takes it over, covers the shortfall and closes it', async () => {
    const fundBefore = (await call<ProtectionFund>(t.app, 'GET', `/v1/futures/protection-fund${Q}`))
      .data;
    expect(fundBefore.balance).toBe('1000');
    // The market falls to 47,000: the maker requotes, and a trade prints there.
    await post('maker', '/v1/futures/order/cancel-all', { symbol: BTC });
    await order('maker', { side: 'buy', type: 'limit', price: '47000', quantity: '0.02' });
    await order('maker', { side: 'sell', type: 'limit', price: '47010', quantity: '0.02' });
    await order('taker', { side: 'sell', type: 'market', quantity: '0.01' });
    await host().tickNow();
    expect(await positions('long')).toEqual([]);
    const history = await get<Page<FuturesOrder>>('long', '/v1/futures/orders/history');
    // Taken over at the mark, the mid of the 47,000 / 47,010 book: 0.1 x (47,005 - 50,000) = -299.5.
    expect(history.data.items[0]).toMatchObject({
      source: 'liquidation',
      side: 'sell',
      quantity: '0.1',
      avgPrice: '47005',
      realisedPnl: '-299.5',
      status: 'FILLED',
    });
    // Margin 249.5 against a loss of 0.1 x (50,000 - mark): nothing is left, the wallet outside the position is untouched.
    const after = await account('long');
    expect(after.walletBalance).toBe('747.5');
    const fund = (await call<ProtectionFund>(t.app, 'GET', `/v1/futures/protection-fund${Q}`)).data;
    // The margin left, 249.5 - 299.5 = -50: the fund pays the 50 it lacks.
    expect(fund.events[0]).toMatchObject({
      kind: 'payout',
      symbol: BTC,
      amount: '-50',
      balanceAfter: '950',
    });
    expect(fund.balance).toBe('950');
    await expectClearingBacked();
    // The next tick the fund closes what it took in the book; the book cannot take it all, so the rest is deleveraged.
    await host().tickNow();
    expect(
      host()
        .allPositions()
        .filter((p) => p.owner === '@insurance'),
    ).toEqual([]);
    await expectClearingBacked();
  });

  it('sums every coin over all accounts, the fee account and the fund to deposits minus withdrawals once positions are closed', async () => {
    await order('maker', { side: 'buy', type: 'limit', price: '47005', quantity: '1' });
    await order('maker', { side: 'sell', type: 'limit', price: '47006', quantity: '1' });
    for (const who of ['maker', 'taker', 'long']) {
      await post(who, '/v1/futures/order/cancel-all', {});
      await okPost(who, '/v1/futures/position/close-all', {});
    }
    await expectClearingBacked();
    // The liquidation's close and deleveraging left nobody holding a position: the clearing account is back to zero.
    expect(host().allPositions()).toEqual([]);
    await expectLedgerBalanced(t.store);
    await expectLedgerBalancedWithClearing(t);
  });

  it("moves its journal's keys into the index by account itself, with spot idle", async () => {
    // A trade journals fees and margins; no spot batch runs meanwhile.
    await okPost('maker', '/v1/futures/order/place', {
      symbol: BTC,
      side: 'sell',
      type: 'limit',
      price: '47006',
      quantity: '0.001',
    });
    await okPost('long', '/v1/futures/order/place', {
      symbol: BTC,
      side: 'buy',
      type: 'market',
      quantity: '0.001',
    });
    // A move's interval later: on the embedded store the spot writer thread moves the keys while it
    // writes, so the futures host leaves them; on PostgreSQL it moves them.
    t.clock.advance(ACCOUNT_INDEX_EVERY_MS / 1000);
    await okPost('long', '/v1/futures/order/cancel-all', {});
    if (store === 'sqlite') expect(await t.count('ledger_unindexed')).toBeGreaterThan(0);
    else expect(await t.count('ledger_unindexed')).toBe(0);
    // Once the oldest has waited that long, the spot writer idle, the futures host moves them all.
    t.clock.advance(ACCOUNT_INDEX_LEFT_BEHIND_MS / 1000);
    await okPost('long', '/v1/futures/order/cancel-all', {});
    expect(await t.count('ledger_unindexed')).toBe(0);
    await expectLedgerBalanced(t.store);
  });
});

/** Balances plus what the clearing account and the sources outside hold sum to zero per coin. */
async function expectLedgerBalancedWithClearing(t: TestApp): Promise<void> {
  const outside = await t.store.repos.ledger.journalTotals([
    '@external',
    '@demo',
    CLEARING_ACCOUNT,
  ]);
  const held = await t.store.repos.ledger.coinTotals();
  for (const [coin, total] of held) expect(total + (outside.get(coin) ?? 0n), coin).toBe(0n);
}

describe.each(STORES)('demo perpetuals (simulation mode) on %s', (store) => {
  const suite = futuresSuite(store, {}, [
    ['trader', '5000', '2000'],
    ['maker', '5000', '2000'],
  ]);
  const { tokens } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });
  const DEMO = { 'x-simulated': '1' };

  const call2 = <T>(
    who: string,
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    demo = true,
  ) =>
    call<T>(t.app, method, `${path}${Q}`, body, {
      ...bearer(tokens[who] as string),
      ...(demo ? DEMO : {}),
    });

  it('trades demo perpetuals in SUSDT on the demo ledger only, and a reset starts it afresh', async () => {
    const real = (
      await call2<FuturesAccount>('trader', 'GET', '/v1/futures/account', undefined, false)
    ).data;
    expect(real).toMatchObject({ coin: 'USDT', walletBalance: '2000' });
    const demo = (await call2<FuturesAccount>('trader', 'GET', '/v1/futures/account')).data;
    expect(demo).toMatchObject({ coin: 'SUSDT', walletBalance: '0' });
    for (const who of ['trader', 'maker']) {
      const moved = await call2(who, 'POST', '/v1/futures/transfer', {
        coin: 'SUSDT',
        amount: '10000',
        direction: 'toFutures',
      });
      expect(moved.code, moved.msg).toBe('0');
    }
    // The path's real pair names the demo twin.
    const ask = await call2<FuturesOrder>('maker', 'POST', '/v1/futures/order/place', {
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'limit',
      price: '60000',
      quantity: '0.05',
    });
    expect(ask.code, ask.msg).toBe('0');
    expect(ask.data.symbol).toBe('SBTCSUSDT_PERP');
    const buy = await call2<FuturesOrder>('trader', 'POST', '/v1/futures/order/place', {
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'market',
      quantity: '0.05',
    });
    expect(buy.data.status).toBe('FILLED');
    const demoPositions = (await call2<FuturesPosition[]>('trader', 'GET', '/v1/futures/positions'))
      .data;
    expect(demoPositions.map((p) => [p.symbol, p.count])).toEqual([['SBTCSUSDT_PERP', '0.05']]);
    // The real side sees none of it, cannot name a demo market, and did not move.
    expect(
      (await call2<FuturesPosition[]>('trader', 'GET', '/v1/futures/positions', undefined, false))
        .data,
    ).toEqual([]);
    const named = await call2(
      'trader',
      'POST',
      '/v1/futures/order/place',
      { symbol: 'SBTCSUSDT_PERP', side: 'buy', type: 'market', quantity: '0.01' },
      false,
    );
    expect(named.code).toBe('13001');
    expect(
      (await call2<FuturesAccount>('trader', 'GET', '/v1/futures/account', undefined, false)).data
        .walletBalance,
    ).toBe('2000');
    // Nor can a demo call move real coins.
    const realCoin = await call2('trader', 'POST', '/v1/futures/transfer', {
      coin: 'USDT',
      amount: '1',
      direction: 'toFutures',
    });
    expect(realCoin.code).toBe('0');
    expect(
      (await call2<FuturesAccount>('trader', 'GET', '/v1/futures/account', undefined, false)).data
        .walletBalance,
    ).toBe('2000');

    await t.app.services.futuresHost.tickNow();
    const reset = await call2('trader', 'POST', '/v1/simulation/reset', {});
    expect(reset.code, reset.msg).toBe('0');
    expect((await call2<FuturesPosition[]>('trader', 'GET', '/v1/futures/positions')).data).toEqual(
      [],
    );
    expect(
      (await call2<FuturesAccount>('trader', 'GET', '/v1/futures/account')).data.walletBalance,
    ).toBe('0');
    expect(
      (await call2<FuturesAccount>('trader', 'GET', '/v1/futures/account', undefined, false)).data
        .walletBalance,
    ).toBe('2000');
    await expectLedgerBalancedWithClearing(t);
  });
});

describe.each(STORES)('hedge mode, trigger orders, TP/SL and cross liquidation on %s', (store) => {
  const suite = futuresSuite(store, { PROTECTION_FUND_SEED: '100000' }, [
    ['hedger', '5000', '5000'],
    ['maker', '50000', '50000'],
    ['taker', '5000', '5000'],
    ['printer', '5000', '5000'],
    ['cross', '200', '200'],
  ]);
  const { tokens } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });
  const post = <T>(who: string, path: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string) =>
    call<T>(t.app, 'GET', `${path}${Q}`, undefined, bearer(tokens[who] as string));
  const order = (who: string, body: Record<string, unknown>) =>
    post<FuturesOrder>(who, '/v1/futures/order/place', { symbol: BTC, ...body });
  const host = () => t.app.services.futuresHost;
  /** The maker quotes one bid and one ask, and a small trade prints at the bid: mark and last move there. */
  const marketAt = async (bid: number) => {
    await post('maker', '/v1/futures/order/cancel-all', {});
    await order('maker', { side: 'buy', type: 'limit', price: String(bid), quantity: '0.5' });
    await order('maker', { side: 'sell', type: 'limit', price: String(bid + 10), quantity: '0.5' });
    await order('printer', { side: 'sell', type: 'market', quantity: '0.001' });
    await order('printer', { side: 'buy', type: 'market', quantity: '0.001' });
    await order('printer', { side: 'sell', type: 'market', quantity: '0.001' });
    await host().tickNow();
  };
  beforeAll(() => marketAt(50000));

  it('holds a long and a short at once in hedge mode and closes each by its side', async () => {
    expect((await post('hedger', '/v1/futures/position-mode', { positionMode: 2 })).code).toBe('0');
    const noSide = await order('hedger', { side: 'buy', type: 'market', quantity: '0.01' });
    expect(noSide.code).toBe('17010');
    expect(
      (await order('hedger', { side: 'buy', positionSide: 1, type: 'market', quantity: '0.01' }))
        .code,
    ).toBe('0');
    expect(
      (await order('hedger', { side: 'sell', positionSide: 2, type: 'market', quantity: '0.02' }))
        .code,
    ).toBe('0');
    const held = (await get<FuturesPosition[]>('hedger', '/v1/futures/positions')).data;
    expect(held.map((p) => [p.side, p.count]).sort()).toEqual([
      [1, '0.01'],
      [2, '0.02'],
    ]);
    // Closing more than is held is refused; the mode cannot change while positions are open.
    expect(
      (await order('hedger', { side: 'sell', positionSide: 1, type: 'market', quantity: '0.02' }))
        .code,
    ).toBe('17002');
    expect((await post('hedger', '/v1/futures/position-mode', { positionMode: 1 })).code).toBe(
      '17006',
    );
    expect(
      (await post('hedger', '/v1/futures/margin-mode', { symbol: BTC, marginMode: 1 })).code,
    ).toBe('17007');
    const closed = await post<FuturesOrder>('hedger', '/v1/futures/position/close', {
      symbol: BTC,
      positionSide: 1,
      type: 'market',
    });
    expect(closed.code, closed.msg).toBe('0');
    const left = (await get<FuturesPosition[]>('hedger', '/v1/futures/positions')).data;
    expect(left.map((p) => [p.side, p.count])).toEqual([[2, '0.02']]);
    expect((await post('hedger', '/v1/futures/position/close-all', {})).code).toBe('0');
    expect((await get<FuturesPosition[]>('hedger', '/v1/futures/positions')).data).toEqual([]);
  });

  it('fires a trigger order when the last price crosses it, and a position TP at the mark', async () => {
    const plan = await post<{ planId: string; status: string }>('taker', '/v1/futures/plan/place', {
      symbol: BTC,
      side: 'buy',
      triggerPrice: '50500',
      triggerBy: 'last',
      type: 'market',
      quantity: '0.01',
    });
    expect(plan.code, plan.msg).toBe('0');
    expect(plan.data.status).toBe('WAITING');
    await marketAt(50400);
    expect((await get<unknown[]>('taker', '/v1/futures/plans/open')).data).toHaveLength(1);
    await marketAt(50600);
    expect((await get<unknown[]>('taker', '/v1/futures/plans/open')).data).toHaveLength(0);
    const fired = (
      await get<Page<{ status: string; orderId: string }>>('taker', '/v1/futures/plans/history')
    ).data.items[0];
    expect(fired?.status).toBe('TRIGGERED');
    const long = (await get<FuturesPosition[]>('taker', '/v1/futures/positions')).data.find(
      (p) => p.side === 1,
    );
    expect(long?.count).toBe('0.01');
    // Take profit at 51,000 on the mark.
    const tp = await post('taker', '/v1/futures/position/tpsl', {
      symbol: BTC,
      positionSide: 1,
      takeProfitPrice: '51000',
      tpSlTrigger: 'mark',
    });
    expect(tp.code, tp.msg).toBe('0');
    await marketAt(51200);
    expect((await get<FuturesPosition[]>('taker', '/v1/futures/positions')).data).toEqual([]);
    const history = (await get<Page<FuturesOrder>>('taker', '/v1/futures/orders/history')).data
      .items;
    expect(history.some((o) => o.source === 'tp' && o.status === 'FILLED')).toBe(true);
  });

  it('puts positions, open orders, plans and settings back after a restart', async () => {
    await order('hedger', { side: 'buy', positionSide: 1, type: 'market', quantity: '0.01' });
    await order('hedger', {
      side: 'buy',
      positionSide: 1,
      type: 'limit',
      price: '40000',
      quantity: '0.01',
    });
    await post('hedger', '/v1/futures/plan/place', {
      symbol: BTC,
      side: 'sell',
      positionSide: 1,
      triggerPrice: '30000',
      triggerBy: 'mark',
      type: 'market',
      quantity: '0.01',
    });
    const before = {
      positions: (await get<FuturesPosition[]>('hedger', '/v1/futures/positions')).data,
      orders: (await get<FuturesOrder[]>('hedger', '/v1/futures/orders/open')).data,
      plans: (await get<unknown[]>('hedger', '/v1/futures/plans/open')).data,
      account: (await get<FuturesAccount>('hedger', '/v1/futures/account')).data,
      book: host().book(BTC, 50),
      // A wallet with no position and no order behind it.
      idle: (await get<FuturesAccount>('cross', '/v1/futures/account')).data,
    };
    expect(before.positions).toHaveLength(1);
    expect(before.idle.walletBalance).not.toBe('0');
    await t.app.close();
    t.app = await buildApp(t.config);
    await host().tickNow();
    // The mark moves with the restart's first tick; the position itself is what must come back.
    const strip = (list: FuturesPosition[]) =>
      list.map((p) => ({
        ...p,
        markPrice: '',
        unrealisedPnl: '',
        marginRatio: '',
        liquidationPrice: '',
      }));
    expect(strip((await get<FuturesPosition[]>('hedger', '/v1/futures/positions')).data)).toEqual(
      strip(before.positions),
    );
    expect((await get<FuturesOrder[]>('hedger', '/v1/futures/orders/open')).data).toEqual(
      before.orders,
    );
    expect((await get<unknown[]>('hedger', '/v1/futures/plans/open')).data).toEqual(before.plans);
    expect((await get<FuturesAccount>('hedger', '/v1/futures/account')).data.positionMode).toBe(2);
    expect(host().book(BTC, 50).bids).toEqual(before.book.bids);
    expect((await get<FuturesAccount>('cross', '/v1/futures/account')).data).toEqual(before.idle);
    expect((await post('hedger', '/v1/futures/position/close-all', {})).code).toBe('0');
    await post('hedger', '/v1/futures/order/cancel-all', {});
  });

  it('liquidates a cross account as a whole when its wallet and PnL fall to the maintenance margin', async () => {
    await post('cross', '/v1/futures/leverage', { symbol: BTC, leverage: 100 });
    const open = await order('cross', { side: 'buy', type: 'market', quantity: '0.3' });
    expect(open.code, open.msg).toBe('0');
    const [position] = (await get<FuturesPosition[]>('cross', '/v1/futures/positions')).data;
    expect(position?.marginMode).toBe(2);
    // Bought at the ask the last test left, 51,210; the wallet pays the fee, 0.3 x 51,210 x 0.05 % = 7.6815,
    // and holds 192.3185. In the first row (0.4 %): 192.3185 + 0.3 x (P - 51,210) = 0.004 x 0.3 x P,
    // so P = 15,170.6815 / 0.2988 = 50,772.026...
    expect(position).toMatchObject({ openAvgPrice: '51210', liquidationPrice: '50772.03' });
    // Bid 50,742 and ask 50,752: the mark is their mid, 50,747, below the liquidation price.
    await marketAt(50742);
    expect((await get<FuturesPosition[]>('cross', '/v1/futures/positions')).data).toEqual([]);
    const account = (await get<FuturesAccount>('cross', '/v1/futures/account')).data;
    // What the account held at the mark, 192.3185 + 0.3 x (50,747 - 51,210) = 53.4185, goes to the fund.
    expect(account.walletBalance).toBe('0');
    const fund = (await call<ProtectionFund>(t.app, 'GET', `/v1/futures/protection-fund${Q}`)).data;
    expect(fund.events[0]).toMatchObject({
      kind: 'inflow',
      symbol: BTC,
      amount: '53.4185',
      balanceAfter: '100053.4185',
    });
    await host().tickNow();
    await expectLedgerBalancedWithClearing(t);
  });
});

describe.each(STORES)('trailing stops on %s', (store) => {
  const suite = futuresSuite(store, {}, [
    ['long', '5000', '5000'],
    ['maker', '50000', '50000'],
    ['printer', '5000', '5000'],
  ]);
  const { tokens } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });
  const post = <T>(who: string, path: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string) =>
    call<T>(t.app, 'GET', `${path}${Q}`, undefined, bearer(tokens[who] as string));
  const order = (who: string, body: Record<string, unknown>) =>
    post<FuturesOrder>(who, '/v1/futures/order/place', { symbol: BTC, ...body });
  const trailing = (body: Record<string, unknown>) =>
    post<FuturesPlan>('long', '/v1/futures/plan/place', {
      symbol: BTC,
      kind: 'trailing',
      side: 'sell',
      triggerBy: 'last',
      quantity: '0.01',
      reduceOnly: true,
      ...body,
    });
  const openPlans = async () => (await get<FuturesPlan[]>('long', '/v1/futures/plans/open')).data;
  /** The maker quotes one bid and one ask, and small trades print at the bid: the last price moves there. */
  const marketAt = async (bid: number) => {
    await post('maker', '/v1/futures/order/cancel-all', {});
    await order('maker', { side: 'buy', type: 'limit', price: String(bid), quantity: '0.5' });
    await order('maker', { side: 'sell', type: 'limit', price: String(bid + 10), quantity: '0.5' });
    await order('printer', { side: 'sell', type: 'market', quantity: '0.001' });
    await order('printer', { side: 'buy', type: 'market', quantity: '0.001' });
    await order('printer', { side: 'sell', type: 'market', quantity: '0.001' });
    await t.app.services.futuresHost.tickNow();
  };
  beforeAll(() => marketAt(50000));

  it('refuses a bad trailing stop with its code and stores nothing', async () => {
    expect((await order('long', { side: 'buy', type: 'market', quantity: '0.01' })).code).toBe('0');
    const refused: Array<[Record<string, unknown>, string]> = [
      [{ callbackRate: '0.09' }, '17014'],
      [{ callbackRate: '5.01' }, '17014'],
      [{ callbackRate: '1.255' }, '17014'],
      // Not a plain decimal at all: refused by the request schema.
      [{ callbackRate: '-1' }, '10006'],
      [{ callbackRate: '1e0' }, '10006'],
      // A sell stop activates above the last price (50,000), a buy stop below it.
      [{ callbackRate: '1', activationPrice: '49000' }, '17015'],
      [{ callbackRate: '1', activationPrice: '50000' }, '17015'],
      [{ callbackRate: '1', side: 'buy', activationPrice: '51000', reduceOnly: false }, '17015'],
      [{ callbackRate: '1', activationPrice: '51000.001' }, '17013'],
      [{ callbackRate: '1', quantity: '0' }, '13003'],
      [{ callbackRate: '1', type: 'limit' }, '13010'],
      [{ callbackRate: '1', triggerPrice: '51000' }, '10006'],
      [{}, '10002'],
      [{ callbackRate: '1', positionSide: 1 }, '17010'],
    ];
    for (const [body, code] of refused) {
      const answer = await trailing(body);
      expect(answer.code, `${JSON.stringify(body)}: ${answer.msg}`).toBe(code);
    }
    expect((await trailing({ callbackRate: '9' })).msg).toContain('0.1');
    // A trigger order takes no callback rate.
    const mixed = await post('long', '/v1/futures/plan/place', {
      symbol: BTC,
      side: 'sell',
      triggerPrice: '49000',
      triggerBy: 'last',
      type: 'market',
      quantity: '0.01',
      callbackRate: '1',
    });
    expect(mixed.code).toBe('10006');
    expect(await openPlans()).toEqual([]);
    expect(await t.count('futures_plans')).toBe(0);
  });

  it('activates at the activation price, follows the rise, keeps the high across a restart and closes the long on a 1 % pullback', async () => {
    const placed = await trailing({ callbackRate: '1', activationPrice: '51000' });
    expect(placed.code, placed.msg).toBe('0');
    expect(placed.data).toMatchObject({
      kind: 'trailing',
      side: 'sell',
      type: 'market',
      status: 'WAITING',
      callbackRate: '1',
      activationPrice: '51000.00',
      trailingPrice: '',
      triggerPrice: '',
      quantity: '0.01000',
      reduceOnly: true,
    });
    const planId = placed.data.planId;
    // Below the activation price nothing tracks, whatever the fall.
    await marketAt(50800);
    await marketAt(50100);
    expect(await openPlans()).toMatchObject([{ planId, trailingPrice: '', triggerPrice: '' }]);
    // At 51,200 it is active: the high is tracked and the stop sits 1 % below it.
    await marketAt(51200);
    expect(await openPlans()).toMatchObject([
      { planId, trailingPrice: '51200.00', triggerPrice: '50688.00' },
    ]);
    await marketAt(52000);
    expect(await openPlans()).toMatchObject([
      { planId, status: 'WAITING', trailingPrice: '52000.00', triggerPrice: '51480.00' },
    ]);
    expect((await get<FuturesPosition[]>('long', '/v1/futures/positions')).data).toHaveLength(1);

    const before = await openPlans();
    await t.app.close();
    t.app = await buildApp(t.config);
    await t.app.services.futuresHost.tickNow();
    expect(await openPlans()).toEqual(before);
    // A pullback short of 1 % from 52,000 (51,480) keeps it waiting, with the high from before the restart.
    await marketAt(51500);
    expect(await openPlans()).toMatchObject([
      { planId, trailingPrice: '52000.00', triggerPrice: '51480.00' },
    ]);

    await marketAt(51450);
    expect(await openPlans()).toEqual([]);
    const fired = (await get<Page<FuturesPlan>>('long', '/v1/futures/plans/history')).data.items[0];
    expect(fired).toMatchObject({ planId, kind: 'trailing', status: 'TRIGGERED' });
    expect(fired?.orderId).not.toBe('');
    expect((await get<FuturesPosition[]>('long', '/v1/futures/positions')).data).toEqual([]);
    const sent = (await get<Page<FuturesOrder>>('long', '/v1/futures/orders/history')).data.items;
    expect(sent.find((o) => o.orderId === fired?.orderId)).toMatchObject({
      source: 'plan',
      side: 'sell',
      type: 'market',
      status: 'FILLED',
      quantity: '0.01',
    });
    await expectLedgerBalancedWithClearing(t);
  });

  it('cancels a waiting trailing stop, which then shows in the history', async () => {
    const buy = await post<FuturesPlan>('printer', '/v1/futures/plan/place', {
      symbol: BTC,
      kind: 'trailing',
      side: 'buy',
      triggerBy: 'mark',
      callbackRate: '2.5',
      quantity: '0.01',
    });
    expect(buy.code, buy.msg).toBe('0');
    // No activation price: active at once, tracking the low from the mark.
    expect(buy.data.activationPrice).toBe('');
    expect(buy.data.callbackRate).toBe('2.5');
    expect(buy.data.trailingPrice).not.toBe('');
    const cancelled = await post<FuturesPlan>('printer', '/v1/futures/plan/cancel', {
      symbol: BTC,
      planId: buy.data.planId,
    });
    expect(cancelled.data).toMatchObject({ status: 'CANCELED', kind: 'trailing' });
    expect((await get<FuturesPlan[]>('printer', '/v1/futures/plans/open')).data).toEqual([]);
    const history = (await get<Page<FuturesPlan>>('printer', '/v1/futures/plans/history')).data;
    expect(history.items[0]).toMatchObject({ planId: buy.data.planId, callbackRate: '2.5' });
  });

  it('cancels the reduce-only plans of a position that is closed or flattened by an opposite fill, saying why', async () => {
    const plansOf = async (who: string) =>
      (await get<FuturesPlan[]>(who, '/v1/futures/plans/open')).data;
    const historyOf = async (who: string) =>
      (await get<Page<FuturesPlan>>(who, '/v1/futures/plans/history')).data.items;
    const ways: Array<[string, () => Promise<{ code: string; msg: string }>]> = [
      [
        'a close',
        () =>
          post('long', '/v1/futures/position/close', {
            symbol: BTC,
            positionSide: 1,
            type: 'market',
          }),
      ],
      ['an opposite fill', () => order('long', { side: 'sell', type: 'market', quantity: '0.01' })],
    ];
    for (const [how, flatten] of ways) {
      expect((await order('long', { side: 'buy', type: 'market', quantity: '0.01' })).code).toBe(
        '0',
      );
      const stop = await trailing({ callbackRate: '1', activationPrice: '53000' });
      expect(stop.code, stop.msg).toBe('0');
      const trigger = await post<FuturesPlan>('long', '/v1/futures/plan/place', {
        symbol: BTC,
        side: 'sell',
        triggerPrice: '45000',
        triggerBy: 'last',
        type: 'market',
        quantity: '0.01',
        reduceOnly: true,
      });
      expect(trigger.code, trigger.msg).toBe('0');
      // A plan that may open a position is the user's own bet: it stays.
      const entry = await post<FuturesPlan>('long', '/v1/futures/plan/place', {
        symbol: BTC,
        side: 'buy',
        triggerPrice: '44000',
        triggerBy: 'last',
        type: 'market',
        quantity: '0.01',
      });
      expect(entry.code, entry.msg).toBe('0');
      expect(await plansOf('long'), how).toHaveLength(3);

      const flattened = await flatten();
      expect(flattened.code, `${how}: ${flattened.msg}`).toBe('0');
      expect((await get<FuturesPosition[]>('long', '/v1/futures/positions')).data, how).toEqual([]);
      expect(
        (await plansOf('long')).map((p) => p.planId),
        how,
      ).toEqual([entry.data.planId]);
      const history = await historyOf('long');
      for (const planId of [stop.data.planId, trigger.data.planId]) {
        // The push and the history say it was cancelled because its position is gone.
        expect(
          history.find((p) => p.planId === planId),
          how,
        ).toMatchObject({ status: 'CANCELED', failCode: '17005' });
      }
      await post('long', '/v1/futures/plan/cancel', { symbol: BTC, planId: entry.data.planId });
    }
    await expectLedgerBalancedWithClearing(t);
  });
});

describe.each(STORES)('a shortfall the protection fund cannot pay, on %s', (store) => {
  const suite = futuresSuite(store, {}, [
    ['long', '20000', '20000'],
    ['maker', '20000', '20000'],
    ['printer', '20000', '20000'],
  ]);
  const { tokens } = suite;
  let t: TestApp;
  beforeAll(() => {
    t = suite.t;
  });
  const post = <T>(who: string, path: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(who: string, path: string) =>
    call<T>(t.app, 'GET', `${path}${Q}`, undefined, bearer(tokens[who] as string));
  const order = (who: string, body: Record<string, unknown>) =>
    post<FuturesOrder>(who, '/v1/futures/order/place', { symbol: BTC, ...body });

  it('deleverages the profitable short at the price that covers the bankrupt long, and the ledger still balances', async () => {
    await post('long', '/v1/futures/margin-mode', { symbol: BTC, marginMode: 1 });
    await post('long', '/v1/futures/leverage', { symbol: BTC, leverage: 20 });
    await order('maker', { side: 'sell', type: 'limit', price: '50000', quantity: '0.1' });
    expect(
      (await order('long', { side: 'buy', type: 'market', quantity: '0.1' })).data.status,
    ).toBe('FILLED');
    // The market gaps down to 47,000 (the long's margin of 250 covers 2,500 of the 3,000 move).
    await order('maker', { side: 'buy', type: 'limit', price: '47000', quantity: '0.01' });
    await order('maker', { side: 'sell', type: 'limit', price: '47010', quantity: '0.01' });
    await order('printer', { side: 'sell', type: 'market', quantity: '0.01' });
    await t.app.services.futuresHost.tickNow();
    expect((await get<FuturesPosition[]>('long', '/v1/futures/positions')).data).toEqual([]);
    // The long lost its margin and no more: the rest of its wallet is whole.
    expect((await get<FuturesAccount>('long', '/v1/futures/account')).data.walletBalance).toBe(
      '19747.5',
    );
    const maker = (await get<Page<FuturesOrder>>('maker', '/v1/futures/orders/history')).data.items;
    // The fund, empty, takes the long over at 47,000 and deleverages it at its bankruptcy price,
    // 50,000 - 250 / 0.1 = 47,500: against the maker's short (0.09 left of it) and the printer's 0.01.
    expect(maker[0]).toMatchObject({
      source: 'adl',
      side: 'buy',
      quantity: '0.09',
      avgPrice: '47500',
      realisedPnl: '225',
      status: 'FILLED',
    });
    // That brings the fund 0.1 x 500 = 50 (45 + 5), all of it paid out to cover the long.
    const fund = (await call<ProtectionFund>(t.app, 'GET', `/v1/futures/protection-fund${Q}`)).data;
    expect(fund.balance).toBe('0');
    expect(fund.events.map((e) => [e.kind, e.amount]).sort()).toEqual([
      ['inflow', '45'],
      ['inflow', '5'],
      ['payout', '-50'],
    ]);
    await t.app.services.futuresHost.tickNow();
    await expectLedgerBalancedWithClearing(t);
  });
});
