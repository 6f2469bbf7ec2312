/**
 * The swap through its routes on SQLite and PostgreSQL: quotes match the
 * pools, a signed intent is carried out once, a stale, replayed, foreign or
 * forged intent and one that would fall below its minimum are refused and
 * change nothing, k never falls, and every coin is conserved; the
 * withdrawal to an external wallet needs the second factor and is frozen.
 */
import { ERRORS, type Page } from '@quay/core';
import { type SwapIntent, type SwapQuote, type SwapRecord } from '@quay/core/swap-api';
import { generate } from 'otplib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  STORES,
  bearer,
  call,
  expectLedgerBalanced,
  MailCatcher,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { poolAccount } from './swap-settings';

const Q = '?languageType=0';

describe.each(STORES)('web3 swap on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let token = '';
  let userId = '';
  let otherToken = '';

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      PROTECTION_FUND_SEED: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
    });
    token = (await registerByEmail<{ token: string }>(t, mail, 'swapper@example.com')).data.token;
    otherToken = (await registerByEmail<{ token: string }>(t, mail, 'other@example.com')).data
      .token;
    userId = (await t.app.services.sessions.authenticate(token)).userRowId;
    await t.app.services.ledger.deposit(userId, 'USDT', '100000', 'test');
    await t.app.services.ledger.deposit(userId, 'BTC', '1', 'test');
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  const post = <T>(path: string, body: unknown, who = token) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(who));
  const held = async (account: string) => {
    const rows = await t.store.repos.ledger.balancesOf([account]);
    return Object.fromEntries(rows.map((r) => [r.coin, BigInt(r.available)]));
  };
  const k = async (pair: string, a: string, b: string) => {
    const h = await held(poolAccount(pair));
    return (h[a] ?? 0n) * (h[b] ?? 0n);
  };

  it('seeds the pools from outside and answers a quote by the pool maths', async () => {
    const pools = await call<Array<{ pair: string; baseReserve: string }>>(
      t.app,
      'GET',
      `/v1/web3/swap/pools${Q}`,
    );
    expect(pools.code, pools.msg).toBe('0');
    expect(pools.data.find((p) => p.pair === 'BTC-USDT')?.baseReserve).toBe('100.00000000');
    const quote = await post<SwapQuote>('/v1/web3/swap/quote', {
      from: 'USDT',
      to: 'BTC',
      amountIn: '6500',
      slippage_bps: 50,
    });
    expect(quote.code, quote.msg).toBe('0');
    // 6500·0.997·100 / (6500000 + 6500·0.997), to 8 places, rounded down.
    expect(quote.data.amountOut).toBe('0.09960069');
    expect(quote.data.route).toEqual(['USDT', 'BTC']);
    expect(quote.data.minimumReceived).toBe('0.09910268');
    expect(quote.data.fee).toBe('19.50000000');
    await expectLedgerBalanced(t.store);
  });

  it('carries out a signed intent once, moving the coins with the pool; k never falls', async () => {
    const kBefore = await k('BTC-USDT', 'BTC', 'USDT');
    const before = await held(userId);
    const intent = await post<SwapIntent>('/v1/web3/swap/get-sign', {
      from: 'USDT',
      to: 'BTC',
      amountIn: '6500',
      slippage_bps: 50,
    });
    expect(intent.code, intent.msg).toBe('0');
    const done = await post<SwapRecord>('/v1/web3/swap/submit', {
      intentId: intent.data.intentId,
      signature: intent.data.signature,
    });
    expect(done.code, done.msg).toBe('0');
    expect(done.data.amountOut).toBe(intent.data.amountOut);
    const after = await held(userId);
    expect(after.USDT).toBe((before.USDT ?? 0n) - 650_000_000_000n);
    expect(after.BTC).toBe((before.BTC ?? 0n) + 9_960_069n);
    expect(await k('BTC-USDT', 'BTC', 'USDT')).toBeGreaterThan(kBefore);
    const replay = await post('/v1/web3/swap/submit', {
      intentId: intent.data.intentId,
      signature: intent.data.signature,
    });
    expect(replay.code).toBe(ERRORS.SWAP_INTENT_USED.code);
    expect(await held(userId)).toEqual(after);
    const history = await call<Page<SwapRecord>>(
      t.app,
      'GET',
      `/v1/web3/swap/history${Q}&pageSize=1`,
      undefined,
      bearer(token),
    );
    expect(history.data.total).toBe(1);
    expect(history.data.items[0]?.id).toBe(done.data.id);
    await expectLedgerBalanced(t.store);
  });

  it('routes BTC to ETH through USDT and keeps every coin', async () => {
    const quote = await post<SwapIntent>('/v1/web3/swap/get-sign', {
      from: 'BTC',
      to: 'ETH',
      amountIn: '0.05',
      slippage_bps: 100,
    });
    expect(quote.data.route).toEqual(['BTC', 'USDT', 'ETH']);
    const done = await post<SwapRecord>('/v1/web3/swap/submit', {
      intentId: quote.data.intentId,
      signature: quote.data.signature,
    });
    expect(done.code, done.msg).toBe('0');
    await expectLedgerBalanced(t.store);
  });

  it('refuses stale, foreign, forged and below-minimum intents, changing nothing', async () => {
    const ask = () =>
      post<SwapIntent>('/v1/web3/swap/get-sign', {
        from: 'USDT',
        to: 'BTC',
        amountIn: '1000',
        slippage_bps: 1,
      });
    const before = await held(userId);
    const poolBefore = await held(poolAccount('BTC-USDT'));

    const stale = await ask();
    t.clock.advance(31);
    const late = await post('/v1/web3/swap/submit', {
      intentId: stale.data.intentId,
      signature: stale.data.signature,
    });
    expect(late.code).toBe(ERRORS.SWAP_INTENT_EXPIRED.code);

    const mine = await ask();
    const foreign = await post(
      '/v1/web3/swap/submit',
      { intentId: mine.data.intentId, signature: mine.data.signature },
      otherToken,
    );
    expect(foreign.code).toBe(ERRORS.SWAP_INTENT_NOT_FOUND.code);
    const forged = await post('/v1/web3/swap/submit', {
      intentId: mine.data.intentId,
      signature: `${mine.data.signature.slice(0, -2)}AA`,
    });
    expect(forged.code).toBe(ERRORS.SWAP_INTENT_NOT_FOUND.code);

    // Someone else's swap moves the price first: the intent would now fall below its minimum.
    const other = await post<SwapIntent>('/v1/web3/swap/get-sign', {
      from: 'USDT',
      to: 'BTC',
      amountIn: '5000',
      slippage_bps: 50,
    });
    expect(
      (
        await post('/v1/web3/swap/submit', {
          intentId: other.data.intentId,
          signature: other.data.signature,
        })
      ).code,
    ).toBe('0');
    const mid = await held(userId);
    const midPool = await held(poolAccount('BTC-USDT'));
    const below = await post('/v1/web3/swap/submit', {
      intentId: mine.data.intentId,
      signature: mine.data.signature,
    });
    expect(below.code).toBe(ERRORS.SWAP_BELOW_MINIMUM.code);
    expect(await held(userId)).toEqual(mid);
    expect(await held(poolAccount('BTC-USDT'))).toEqual(midPool);
    expect(before).not.toEqual(mid);
    expect(poolBefore).not.toEqual(midPool);
    await expectLedgerBalanced(t.store);
  });

  it('refuses bad input with a clear code', async () => {
    const before = await held(userId);
    const cases: Array<[unknown, string]> = [
      [
        { from: 'USDT', to: 'BTC', amountIn: '0', slippage_bps: 50 },
        ERRORS.SWAP_AMOUNT_INVALID.code,
      ],
      [
        { from: 'USDT', to: 'USDT', amountIn: '1', slippage_bps: 50 },
        ERRORS.SWAP_PAIR_UNKNOWN.code,
      ],
      [
        { from: 'USDT', to: 'BTC', amountOut: '100', slippage_bps: 50 },
        ERRORS.SWAP_POOL_TOO_SMALL.code,
      ],
      [{ from: 'USDT', to: 'BTC', amountIn: '1', slippage_bps: 0 }, 'schema'],
      [{ from: 'USDT', to: 'BTC', amountIn: '-1', slippage_bps: 50 }, 'schema'],
    ];
    for (const [body, code] of cases) {
      const answer = await post('/v1/web3/swap/get-sign', body);
      // What the schema refuses answers one of the 100xx field codes.
      if (code === 'schema') expect(answer.code, JSON.stringify(body)).toMatch(/^100\d\d$/);
      else expect(answer.code, JSON.stringify(body)).toBe(code);
    }
    const tooMuch = await post<SwapIntent>('/v1/web3/swap/get-sign', {
      from: 'USDT',
      to: 'BTC',
      amountIn: '1000000',
      slippage_bps: 50,
    });
    const refused = await post('/v1/web3/swap/submit', {
      intentId: tooMuch.data.intentId,
      signature: tooMuch.data.signature,
    });
    expect(refused.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    expect(await held(userId)).toEqual(before);
    await expectLedgerBalanced(t.store);
  });

  it("refuses every private path in simulation mode, in the caller's language", async () => {
    const before = await held(userId);
    const pools = await held(poolAccount('BTC-USDT'));
    const simulated = (path: string, body: unknown, languageType: number) =>
      call(
        t.app,
        body === undefined ? 'GET' : 'POST',
        `${path}?languageType=${languageType}`,
        body,
        { ...bearer(token), 'x-simulated': '1' },
      );
    const ask = { from: 'USDT', to: 'BTC', amountIn: '10', slippage_bps: 50 };
    const real = await post<SwapIntent>('/v1/web3/swap/get-sign', ask);
    const calls: Array<[string, unknown]> = [
      ['/v1/web3/swap/get-sign', ask],
      ['/v1/web3/swap/submit', { intentId: real.data.intentId, signature: real.data.signature }],
      ['/v1/web3/swap/history', undefined],
      ['/v1/web3/swap/withdraw', { coin: 'USDT', address: 'T' + 'a'.repeat(33), amount: '1' }],
    ];
    for (const [path, body] of calls) {
      const en = await simulated(path, body, 0);
      expect([path, en.code, en.msg]).toEqual([
        path,
        ERRORS.SWAP_DEMO_UNAVAILABLE.code,
        'Swap is not available in simulation mode',
      ]);
      const ar = await simulated(path, body, 39);
      expect([path, ar.code, ar.msg]).toEqual([
        path,
        ERRORS.SWAP_DEMO_UNAVAILABLE.code,
        'المبادلة غير متاحة في وضع المحاكاة',
      ]);
    }
    // Pools and quotes are public reading, the same in either mode.
    const quote = await simulated('/v1/web3/swap/quote', ask, 0);
    expect(quote.code, quote.msg).toBe('0');
    // No real coin moved (the first simulated call opened the demo grant, SUSDT, as always),
    // and the intent refused in simulation is still good for the real account.
    const { SUSDT, ...realAfter } = await held(userId);
    expect(SUSDT).toBeGreaterThan(0n);
    expect(realAfter).toEqual(before);
    expect(await held(poolAccount('BTC-USDT'))).toEqual(pools);
    const done = await post('/v1/web3/swap/submit', {
      intentId: real.data.intentId,
      signature: real.data.signature,
    });
    expect(done.code, done.msg).toBe('0');
    await expectLedgerBalanced(t.store);
  });

  it('withdraws only with a second factor, frozen until the operator acts', async () => {
    const refused = await post('/v1/web3/swap/withdraw', {
      coin: 'USDT',
      address: '0x' + 'a'.repeat(40),
      amount: '100',
    });
    expect(refused.code).toBe(ERRORS.SWAP_NEEDS_SECOND_FACTOR.code);
    const before = await held(userId);
    // With the authenticator on, the withdrawal is asked for and its amount frozen.
    const totp = (secret: string) => {
      t.clock.advance(31);
      return generate({ secret, epoch: Math.floor(t.clock.ms / 1000) });
    };
    const setup = await post<{ secret: string }>('/v1/user/security/google/setup', {});
    const on = await post('/v1/user/security/modify', {
      factor: 'google',
      enable: true,
      newGoogleCode: await totp(setup.data.secret),
    });
    expect(on.code, on.msg).toBe('0');
    const asked = await post<{ status: string; amount: string }>('/v1/web3/swap/withdraw', {
      coin: 'USDT',
      address: 'T' + 'a'.repeat(33),
      amount: '100',
      googleCode: await totp(setup.data.secret),
    });
    expect(asked.code, asked.msg).toBe('0');
    expect(asked.data.status).toBe('pending');
    const after = await t.store.repos.ledger.balancesOf([userId]);
    const usdt = after.find((b) => b.coin === 'USDT');
    expect(BigInt(usdt?.available ?? 0n)).toBe((before.USDT ?? 0n) - 10_000_000_000n);
    expect(BigInt(usdt?.frozen ?? 0n)).toBe(10_000_000_000n);
    await expectLedgerBalanced(t.store);
  });
});
