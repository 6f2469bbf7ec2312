/**
 * Copy trading through its routes on SQLite and PostgreSQL: a lead applies
 * under the configured conditions; 50 followers copy in the three sizing
 * modes; one lead order is copied to all 50 within the lead's futures batch
 * (real orders on the book) and every follower's balance and position is
 * checked; a follower short of margin gets a skipped record and keeps its
 * balance; closing follows the lead; the day's settlement pays the profit
 * share on the high-water mark from each copy account to the lead; stopping
 * returns the copy account to spot; bad input changes nothing; every coin
 * is conserved (the sum over all accounts, platform accounts included).
 */
import { ERRORS } from '@quay/core';
import type {
  CopyFollow,
  CopyLeader,
  CopyLeaderProfile,
  CopyMine,
  CopyTrade,
  CopyTradingTerms,
} from '@quay/core/copy-trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEARING_ACCOUNT } from '../../kernel/journal';
import { walletOf } from '../futures';
import {
  clearOfFunding,
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  startApp,
  type TestApp,
} from '../../test/harness';
import { copyOwnerOf } from './copy-types';

const Q = '?languageType=0';
const BTC = 'BTCUSDT_PERP';
const DAY = 86_400_000;
const usdt = (n: string) => BigInt(Math.round(Number(n) * 10_000)) * 10_000n;

describe.each(STORES)('copy trading on %s', (store) => {
  let t: TestApp;
  let users = 0;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const follows: Array<{ name: string; followId: string; mode: string }> = [];

  const newUser = async (name: string, spot: string, futures = '0') => {
    users += 1;
    const id = await t.app.services.accounts.ensureSystemUser(`copy${users}@example.com`);
    const issued = await t.store.transaction((repos) =>
      t.app.services.sessions.issue(repos, id, { ip: null, userAgent: null }),
    );
    tokens[name] = issued.token;
    ids[name] = id;
    await t.app.services.ledger.deposit(id, 'USDT', spot, 'test');
    if (futures !== '0') {
      const moved = await post('/v1/futures/transfer', name, {
        coin: 'USDT',
        amount: futures,
        direction: 'toFutures',
      });
      expect(moved.code, moved.msg).toBe('0');
    }
  };
  const post = <T>(path: string, who: string, body: unknown) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who] as string));
  const get = <T>(path: string, who: string | null, query = '') =>
    call<T>(
      t.app,
      'GET',
      `${path}${Q}${query}`,
      undefined,
      who ? bearer(tokens[who] as string) : undefined,
    );
  const okPost = async <T>(path: string, who: string, body: unknown): Promise<T> => {
    const answer = await post<T>(path, who, body);
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const order = (who: string, body: Record<string, unknown>) =>
    okPost('/v1/futures/order/place', who, { symbol: BTC, ...body });
  const spot = async (account: string) =>
    BigInt(
      (await t.store.repos.ledger.balancesOf([account])).find((b) => b.coin === 'USDT')
        ?.available ?? 0n,
    );
  const copyWallet = (followId: string) =>
    t.app.services.futuresHost.walletBalance(copyOwnerOf(followId), 'USDT');
  /** Every account's USDT, the platform's included: balances plus the clearing account, which has no balance row. */
  const totals = async () => {
    const held = await t.store.repos.ledger.coinTotals();
    const clearing = await t.store.repos.ledger.journalTotals([CLEARING_ACCOUNT]);
    return (held.get('USDT') ?? 0n) + (clearing.get('USDT') ?? 0n);
  };
  const market = () => t.app.services.futuresHost.market(BTC);
  const lotsOf = (qty: string) => Math.round(Number(qty) / Number(market().config.lotSize));

  beforeAll(async () => {
    t = await startApp(
      store,
      {
        MARK_INTERVAL_MS: '60000',
        MARKET_PRICE_BAND_BPS: '5000',
        COPY_TRADING_SETTINGS: JSON.stringify({ minLeadEquity: '1000', check_ms: 3_600_000 }),
      },
      { clockStart: clearOfFunding() },
    );
    await newUser('maker', '10000000', '5000000');
    await newUser('lead', '20000', '10000');
    await newUser('poor', '20000', '500');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('shows its terms from configuration', async () => {
    const terms = (await get<CopyTradingTerms>('/v1/copy-trading/terms', null)).data;
    expect(terms.minLeadEquity).toBe('1000');
    expect(terms.minShareRate).toBe('0.1');
    expect(terms.maxShareRate).toBe('0.2');
    expect(terms.symbols).toContain(BTC);
  });

  it('lets a lead apply only under the conditions, with a rate of 10-20 %', async () => {
    const before = await totals();
    const low = await post('/v1/copy-trading/lead/apply', 'poor', {
      nickname: 'Poor',
      shareRate: '0.1',
      symbols: [BTC],
    });
    expect(low.code).toBe(ERRORS.COPY_LEAD_CONDITIONS.code);
    const rate = await post('/v1/copy-trading/lead/apply', 'lead', {
      nickname: 'Lead',
      shareRate: '0.25',
      symbols: [BTC],
    });
    expect(rate.code).toBe(ERRORS.COPY_SHARE_RATE_INVALID.code);
    const symbols = await post('/v1/copy-trading/lead/apply', 'lead', {
      nickname: 'Lead',
      shareRate: '0.1',
      symbols: ['NOPEUSDT'],
    });
    expect(symbols.code).toBe(ERRORS.COPY_SYMBOLS_INVALID.code);
    const bad = await post('/v1/copy-trading/lead/apply', 'lead', { nickname: 'L', shareRate: 1 });
    expect(bad.code).not.toBe('0');
    const leader = await okPost<CopyLeader>('/v1/copy-trading/lead/apply', 'lead', {
      nickname: 'Lead',
      shareRate: '0.1',
      symbols: [BTC],
    });
    expect(leader).toMatchObject({ nickname: 'Lead', shareRate: '0.1', followers: 0 });
    const again = await post('/v1/copy-trading/lead/apply', 'lead', {
      nickname: 'Lead',
      shareRate: '0.1',
      symbols: [BTC],
    });
    expect(again.code).toBe(ERRORS.COPY_ALREADY_LEAD.code);
    expect(await totals()).toEqual(before);
  });

  it('takes 50 followers in the three sizing modes and refuses bad input', async () => {
    const modes = [
      { sizeMode: 'multiplier', size: '0.5', leverageMode: 'follow' },
      { sizeMode: 'margin', size: '100', leverageMode: 'fixed', leverage: 10 },
      // Follows the lead's leverage, but for BTC a leverage of its own.
      { sizeMode: 'quantity', size: '0.03', leverageMode: 'follow', symbolLeverage: { [BTC]: 5 } },
    ];
    for (let i = 0; i < 50; i++) {
      const name = `f${i}`;
      await newUser(name, '1000');
      const mode = modes[i % 3]!;
      const made = await okPost<CopyFollow>('/v1/copy-trading/follow', name, {
        leadId: ids.lead,
        investment: '600',
        ...mode,
      });
      expect(made.status).toBe('active');
      expect(made.equity).toBe('600');
      expect(made.symbolLeverage).toEqual(mode.symbolLeverage ?? {});
      follows.push({ name, followId: made.followId, mode: mode.sizeMode });
      expect(await spot(ids[name]!)).toBe(usdt('400'));
    }
    // A follower with too little for one copy: 10 USDT, a whole lead size at 20x needs 250.
    await newUser('short', '1000');
    const short = await okPost<CopyFollow>('/v1/copy-trading/follow', 'short', {
      leadId: ids.lead,
      investment: '10',
      sizeMode: 'multiplier',
      size: '1',
      leverageMode: 'follow',
    });
    follows.push({ name: 'short', followId: short.followId, mode: 'multiplier' });
    await newUser('late', '1000');
    const before = await totals();
    const refusals: Array<[Record<string, unknown>, string]> = [
      [{ sizeMode: 'lots' }, ERRORS.INVALID_PARAMETER.code],
      [{ investment: '5' }, ERRORS.COPY_INVESTMENT_INVALID.code],
      [{ size: '0' }, ERRORS.COPY_SIZE_INVALID.code],
      [{ leverageMode: 'fixed' }, ERRORS.COPY_SIZE_INVALID.code],
      [{ symbolLeverage: { DOGEUSDT_PERP: 5 } }, ERRORS.COPY_SIZE_INVALID.code],
      [{ symbolLeverage: { [BTC]: 0 } }, ERRORS.INVALID_PARAMETER.code],
      [{ leadId: 'nobody' }, ERRORS.COPY_LEAD_NOT_FOUND.code],
    ];
    for (const [change, code] of refusals) {
      const answer = await post('/v1/copy-trading/follow', 'late', {
        leadId: ids.lead,
        investment: '100',
        sizeMode: 'multiplier',
        size: '1',
        leverageMode: 'follow',
        ...change,
      });
      expect(answer.code, JSON.stringify(change)).not.toBe('0');
      if (code !== ERRORS.INVALID_PARAMETER.code) expect(answer.code).toBe(code);
    }
    const self = await post('/v1/copy-trading/follow', 'lead', {
      leadId: ids.lead,
      investment: '100',
      sizeMode: 'multiplier',
      size: '1',
      leverageMode: 'follow',
    });
    expect(self.code).toBe(ERRORS.COPY_FOLLOW_SELF.code);
    expect(await spot(ids.late!)).toBe(usdt('1000'));
    expect(await totals()).toEqual(before);
  });

  it("copies one lead order to every follower in the lead's batch, skipping the one short of margin", async () => {
    const before = await totals();
    // Liquidity: asks at 50,000 for the lead and the 50 copies.
    await order('maker', { side: 'buy', type: 'limit', price: '49000', quantity: '5' });
    await order('maker', { side: 'sell', type: 'limit', price: '50000', quantity: '5' });
    const tradesBefore = t.app.services.futuresHost.market(BTC);
    expect(tradesBefore.config.symbol).toBe(BTC);
    await order('lead', { side: 'buy', type: 'market', quantity: '0.1' });
    await t.app.services.copyTrading.flushed();
    const takerBps = BigInt(market().config.takerFee_bps);
    const expected: Record<string, string> = {
      multiplier: '0.05',
      margin: '0.02',
      quantity: '0.03',
    };
    for (const f of follows.filter((x) => x.name !== 'short')) {
      const qty = expected[f.mode]!;
      const position = t.app.services.futuresHost.position(copyOwnerOf(f.followId), BTC, 1);
      expect(position?.lots, f.name).toBe(lotsOf(qty));
      // Every follower paid exactly the taker fee on its notional at 50,000; nothing else moved.
      const notional = usdt(String(Number(qty) * 50_000));
      const fee = (notional * takerBps) / 10_000n;
      const w = copyWallet(f.followId);
      expect(w.available + w.frozen, f.name).toBe(usdt('600') - fee);
      expect(position?.leverage).toBe(f.mode === 'margin' ? 10 : f.mode === 'quantity' ? 5 : 20);
      const trades = (
        await get<CopyTrade[]>('/v1/copy-trading/trades', f.name, `&followId=${f.followId}`)
      ).data;
      expect(trades).toHaveLength(1);
      expect(trades[0]).toMatchObject({
        action: 'open',
        status: 'filled',
        side: 'buy',
        price: '50000.00',
        quantity: Number(qty).toFixed(5),
      });
    }
    // The follower short of margin: a skipped record with the margin code, its balance untouched.
    const short = follows.find((f) => f.name === 'short')!;
    expect(t.app.services.futuresHost.position(copyOwnerOf(short.followId), BTC, 1)).toBe(
      undefined,
    );
    const w = copyWallet(short.followId);
    expect(w.available + w.frozen).toBe(usdt('10'));
    const skipped = (
      await get<CopyTrade[]>('/v1/copy-trading/trades', 'short', `&followId=${short.followId}`)
    ).data;
    expect(skipped).toMatchObject([
      { status: 'skipped', reason: ERRORS.MARGIN_INSUFFICIENT.code, action: 'open' },
    ]);
    // The copies were real orders on the book: the maker sold them all.
    const maker = t.app.services.futuresHost.position(ids.maker!, BTC, 2);
    const copied = follows
      .filter((x) => x.name !== 'short')
      .reduce((s, f) => s + lotsOf(expected[f.mode]!), 0);
    expect(maker?.lots).toBe(lotsOf('0.1') + copied);
    expect(await totals()).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it('follows the lead out of the position, with the PnL on each copied trade', async () => {
    const before = await totals();
    await call(
      t.app,
      'POST',
      `/v1/futures/order/cancel-all${Q}`,
      { symbol: BTC },
      bearer(tokens.maker as string),
    );
    await order('maker', { side: 'buy', type: 'limit', price: '51000', quantity: '5' });
    t.clock.ms += 60_000;
    await order('lead', { side: 'sell', type: 'market', quantity: '0.1' });
    await t.app.services.copyTrading.flushed();
    for (const f of follows.filter((x) => x.name !== 'short')) {
      expect(t.app.services.futuresHost.position(copyOwnerOf(f.followId), BTC, 1), f.name).toBe(
        undefined,
      );
      const trades = (
        await get<CopyTrade[]>('/v1/copy-trading/trades', f.name, `&followId=${f.followId}`)
      ).data;
      const qty = { multiplier: 0.05, margin: 0.02, quantity: 0.03 }[f.mode]!;
      expect(trades[0]).toMatchObject({ action: 'close', status: 'filled', side: 'sell' });
      expect(trades[0]!.realisedPnl).toBe(String(qty * 1000));
    }
    expect(await totals()).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it('settles the profit share at the day start on the high-water mark, lead paid through the ledger', async () => {
    const before = await totals();
    const leadSpot = await spot(ids.lead!);
    const service = t.app.services.copyTrading;
    const mine = async (who: string) => (await get<CopyMine>('/v1/copy-trading/mine', who)).data;
    const equities = new Map<string, bigint>();
    for (const f of follows) {
      const w = copyWallet(f.followId);
      equities.set(f.followId, w.available + w.frozen);
    }
    t.clock.ms += DAY;
    await service.check();
    let paid = 0n;
    for (const f of follows) {
      const equity = equities.get(f.followId)!;
      const profit = equity - usdt('600');
      const share = f.name === 'short' || profit <= 0n ? 0n : profit / 10n;
      paid += share;
      const w = copyWallet(f.followId);
      expect(w.available + w.frozen, f.name).toBe(equity - share);
      const copy = (await mine(f.name)).follows[0]!;
      expect(copy.sharePaid).toBe(fromMinorText(share));
      if (share > 0n) expect(copy.highWaterMark).toBe(fromMinorText(equity - share));
    }
    expect(paid).toBeGreaterThan(0n);
    expect(await spot(ids.lead!)).toBe(leadSpot + paid);
    // The same day again pays nothing more.
    await service.check();
    expect(await spot(ids.lead!)).toBe(leadSpot + paid);
    expect(await totals()).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it('shows the lead on the leaderboard and its profile', async () => {
    const answer = await get<CopyLeader[]>('/v1/copy-trading/leaders', null, '&period=7&sort=pnl');
    expect(answer.code, answer.msg).toBe('0');
    const leaders = answer.data;
    expect(leaders).toHaveLength(1);
    expect(leaders[0]).toMatchObject({ leadId: ids.lead, followers: 51, winRate: '100.00' });
    expect(Number(leaders[0]!.pnl)).toBeGreaterThan(0);
    const shown = await get<CopyLeaderProfile>(
      '/v1/copy-trading/leader',
      null,
      `&leadId=${ids.lead}`,
    );
    expect(shown.code, shown.msg).toBe('0');
    const profile = shown.data;
    expect(profile.stats.map((s) => s.period)).toEqual([7, 30, 90]);
    expect(profile.equity.length).toBeGreaterThanOrEqual(2);
    expect(profile.trades).toHaveLength(2);
    const bad = await get('/v1/copy-trading/leaders', null, '&period=8');
    expect(bad.code).not.toBe('0');
  });

  it('stops a copy: positions closed at market and the copy account back to spot', async () => {
    const before = await totals();
    const f = follows[0]!;
    const w = copyWallet(f.followId);
    const spotBefore = await spot(ids[f.name]!);
    const stopped = await okPost<CopyFollow>('/v1/copy-trading/stop', f.name, {
      followId: f.followId,
      close: true,
    });
    expect(stopped.status).toBe('stopped');
    expect(await spot(ids[f.name]!)).toBe(spotBefore + w.available + w.frozen);
    expect(await spot(walletOf(copyOwnerOf(f.followId)))).toBe(0n);
    const again = await post('/v1/copy-trading/stop', f.name, {
      followId: f.followId,
      close: true,
    });
    expect(again.code).toBe(ERRORS.COPY_FOLLOW_NOT_FOUND.code);
    expect(await totals()).toEqual(before);
    await expectLedgerBalanced(t.store);
  });
});

function fromMinorText(minor: bigint): string {
  const sign = minor < 0n ? '-' : '';
  const abs = minor < 0n ? -minor : minor;
  const whole = abs / 100_000_000n;
  const frac = (abs % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return `${sign}${whole}${frac ? `.${frac}` : ''}`;
}
