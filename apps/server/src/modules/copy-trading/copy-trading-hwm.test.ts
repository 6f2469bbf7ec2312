/**
 * The daily profit share through the running app, on a high-water mark:
 * a follower copies a lead's long, the price moves day by day (trades
 * between a maker and another trader), and each 00:00 UTC+8 settlement
 * pays the lead only on a new high: a profit day pays, a loss day and a
 * recovery day below the mark pay nothing, a new high pays on what is above
 * the mark; every coin is conserved.
 */
import type { CopyFollow, CopyMine } from '@quay/core/copy-trading';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CLEARING_ACCOUNT } from '../../kernel/journal';
import { toMinor } from '../../kernel/money';
import {
  clearOfFunding,
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  startApp,
  type TestApp,
} from '../../test/harness';

const Q = '?languageType=0';
const BTC = 'BTCUSDT_PERP';
const DAY = 86_400_000;

describe.each(STORES)('copy trading profit share over days on %s', (store) => {
  let t: TestApp;
  let users = 0;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const post = async <T>(who: string, path: string, body: unknown): Promise<T> => {
    const answer = await call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(tokens[who]!));
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const newUser = async (name: string, spot: string, futures: string) => {
    users += 1;
    const id = await t.app.services.accounts.ensureSystemUser(`hwm${users}@example.com`);
    const issued = await t.store.transaction((repos) =>
      t.app.services.sessions.issue(repos, id, { ip: null, userAgent: null }),
    );
    tokens[name] = issued.token;
    ids[name] = id;
    await t.app.services.ledger.deposit(id, 'USDT', spot, 'test');
    if (futures !== '0') {
      await post(name, '/v1/futures/transfer', {
        coin: 'USDT',
        amount: futures,
        direction: 'toFutures',
      });
    }
  };
  const place = (who: string, body: Record<string, unknown>) =>
    post(who, '/v1/futures/order/place', { symbol: BTC, ...body });
  /** The last trade, and so the price positions are valued at, moves to `price`. */
  const priceAt = async (price: string) => {
    await post('maker', '/v1/futures/order/cancel-all', { symbol: BTC });
    await place('maker', { side: 'sell', type: 'limit', price, quantity: '0.001' });
    await place('mover', { side: 'buy', type: 'market', quantity: '0.001' });
  };
  const copy = async (): Promise<CopyFollow> =>
    (
      await call<CopyMine>(
        t.app,
        'GET',
        `/v1/copy-trading/mine${Q}`,
        undefined,
        bearer(tokens.follower!),
      )
    ).data.follows[0]!;
  const leadSpot = async () =>
    BigInt(
      (await t.store.repos.ledger.balancesOf([ids.lead!])).find((b) => b.coin === 'USDT')
        ?.available ?? 0n,
    );
  const minor = (text: string) => toMinor(text)!;
  /** Every account's USDT, the platform's included: balances plus the clearing account, which has no balance row. */
  const allCoins = async () => {
    const held = await t.store.repos.ledger.coinTotals();
    const clearing = await t.store.repos.ledger.journalTotals([CLEARING_ACCOUNT]);
    return (held.get('USDT') ?? 0n) + (clearing.get('USDT') ?? 0n);
  };

  beforeAll(async () => {
    t = await startApp(
      store,
      { MARK_INTERVAL_MS: '60000', MARKET_PRICE_BAND_BPS: '5000' },
      { clockStart: clearOfFunding() },
    );
    await newUser('maker', '10000000', '5000000');
    await newUser('mover', '100000', '100000');
    await newUser('lead', '20000', '10000');
    await newUser('follower', '1000', '0');
    await post('lead', '/v1/copy-trading/lead/apply', {
      nickname: 'Lead',
      shareRate: '0.1',
      symbols: [BTC],
    });
    await post('follower', '/v1/copy-trading/follow', {
      leadId: ids.lead,
      investment: '600',
      sizeMode: 'multiplier',
      size: '1',
      leverageMode: 'follow',
    });
    // The lead goes long 0.1 BTC at 50,000 and the follower with it.
    await place('maker', { side: 'sell', type: 'limit', price: '50000', quantity: '1' });
    await place('lead', { side: 'buy', type: 'market', quantity: '0.1' });
    await t.app.services.copyTrading.flushed();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('pays only on new highs across a profit, a loss, a recovery and a new-high day', async () => {
    const before = await allCoins();
    expect((await copy()).positions).toHaveLength(1);
    const service = t.app.services.copyTrading;
    let hwm = minor('600');
    let paid = 0n;
    const days: Array<[price: string, pays: boolean]> = [
      ['51000', true], // profit: 0.1 BTC x +1,000
      ['50500', false], // loss below the mark
      ['50900', false], // recovery, still below the mark
      ['51500', true], // a new high: only what is above the mark pays
    ];
    for (const [price, pays] of days) {
      await priceAt(price);
      const equity = minor((await copy()).equity);
      const leadBefore = await leadSpot();
      t.clock.ms += DAY;
      await service.check();
      const share = equity > hwm ? ((equity - hwm) * 10n) / 100n : 0n;
      expect(share > 0n, price).toBe(pays);
      paid += share;
      if (share > 0n) hwm = equity - share;
      const after = await copy();
      expect(minor(after.sharePaid), price).toBe(paid);
      expect(minor(after.highWaterMark), price).toBe(hwm);
      expect(minor(after.equity), price).toBe(equity - share);
      expect(await leadSpot(), price).toBe(leadBefore + share);
    }
    // The new-high day paid 10 % of what lay above the first day's mark, no more.
    expect(paid).toBeGreaterThan(0n);
    expect(await allCoins()).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it('stops keeping the positions, then closes them at market and returns the rest to spot', async () => {
    const before = await allCoins();
    const { followId } = await copy();
    const kept = await post<CopyFollow>('follower', '/v1/copy-trading/stop', {
      followId,
      close: false,
    });
    expect(kept.status).toBe('kept');
    expect(kept.positions).toHaveLength(1);
    // The lead closes: a kept copy no longer follows.
    await post('maker', '/v1/futures/order/cancel-all', { symbol: BTC });
    await place('maker', { side: 'buy', type: 'limit', price: '51000', quantity: '1' });
    await place('lead', { side: 'sell', type: 'market', quantity: '0.1' });
    await t.app.services.copyTrading.flushed();
    expect((await copy()).positions).toHaveLength(1);
    const stopped = await post<CopyFollow>('follower', '/v1/copy-trading/stop', {
      followId,
      close: true,
    });
    expect(stopped.status).toBe('stopped');
    expect(stopped.positions).toHaveLength(0);
    expect(stopped.equity).toBe('0');
    expect(await allCoins()).toEqual(before);
    // (Open positions of the maker and the mover remain: their PnL sits in the clearing account.)
  });
});
