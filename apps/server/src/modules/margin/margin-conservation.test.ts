/**
 * Random runs of borrowing, trading on margin, repaying, price moves,
 * hours passing and liquidation, through the services and the spot book:
 * after each run every coin is conserved (the ledger balanced and audited),
 * no margin, pool or fund balance is negative, no loan is negative, and the
 * pool moved by exactly what the records say it lent and got back.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../kernel/app-error';
import { toMinor } from '../../kernel/money';
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
import { MARGIN_FUND, MARGIN_POOL, crossKey } from './margin-accounts';

const BTC = 'BTCUSDT';
const HOUR = 3_600_000;

type Step =
  | { op: 'borrow'; coin: 'USDT' | 'BTC'; percent: number }
  | { op: 'buy'; quote: number; autoBorrow: boolean; autoRepay: boolean }
  | { op: 'sell'; percent: number; autoRepay: boolean }
  | { op: 'repay'; coin: 'USDT' | 'BTC'; all: boolean; percent: number }
  | { op: 'price'; mid: number }
  | { op: 'tick'; hours: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({
    op: fc.constant('borrow' as const),
    coin: fc.constantFrom('USDT' as const, 'BTC' as const),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({
    op: fc.constant('buy' as const),
    quote: fc.integer({ min: 10, max: 400 }),
    autoBorrow: fc.boolean(),
    autoRepay: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('sell' as const),
    percent: fc.integer({ min: 1, max: 100 }),
    autoRepay: fc.boolean(),
  }),
  fc.record({
    op: fc.constant('repay' as const),
    coin: fc.constantFrom('USDT' as const, 'BTC' as const),
    all: fc.boolean(),
    percent: fc.integer({ min: 1, max: 100 }),
  }),
  fc.record({ op: fc.constant('price' as const), mid: fc.integer({ min: 30000, max: 60000 }) }),
  fc.record({ op: fc.constant('tick' as const), hours: fc.integer({ min: 0, max: 3 }) }),
);

const minor = (text: string) => toMinor(text) as bigint;
const decimal = (units: bigint) => {
  const whole = units / 100_000_000n;
  const fraction = (units % 100_000_000n).toString().padStart(8, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : `${whole}`;
};

describe.each(STORES)('margin conserves every coin on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let makerToken = '';
  let runs = 0;
  /** Every run's user: a tick liquidates any of them, so the pool's books span them all. */
  const users: string[] = [];
  let poolStart: Record<'USDT' | 'BTC', bigint> = { USDT: 0n, BTC: 0n };

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      MARK_INTERVAL_MS: '60000',
      MARKET_PRICE_BAND_BPS: '5000',
      PROTECTION_FUND_SEED: '1000',
    });
    const answer = await registerByEmail<{ token: string }>(t, mail, 'maker@example.com');
    makerToken = answer.data.token;
    const maker = await t.app.services.sessions.authenticate(makerToken);
    await t.app.services.ledger.deposit(maker.userRowId, 'USDT', '10000000', 'test');
    await t.app.services.ledger.deposit(maker.userRowId, 'BTC', '200', 'test');
    poolStart = {
      USDT: await balance(MARGIN_POOL, 'USDT'),
      BTC: await balance(MARGIN_POOL, 'BTC'),
    };
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  const quote = async (mid: number) => {
    const headers = bearer(makerToken);
    await call(t.app, 'POST', '/v1/spot/order/cancel-all?languageType=0', { symbol: BTC }, headers);
    for (const [side, price] of [
      ['buy', mid - 5],
      ['sell', mid + 5],
    ] as const) {
      const placed = await call(
        t.app,
        'POST',
        '/v1/spot/order/place?languageType=0',
        { symbol: BTC, side, type: 'limit', price: String(price), quantity: '5' },
        headers,
      );
      expect(placed.code, placed.msg).toBe('0');
    }
  };
  const balance = async (account: string, coin: string) =>
    (await t.store.repos.ledger.balancesOf([account])).find((b) => b.coin === coin)?.available ??
    0n;

  it('across borrow, trade, repay, interest and liquidation', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 8 }), async (steps) => {
        runs += 1;
        const { margin, marginOrders, marginRisk, accounts, ledger } = t.app.services;
        const userId = await accounts.ensureSystemUser(`run${runs}@example.com`);
        users.push(userId);
        await ledger.deposit(userId, 'USDT', '1000', 'test');
        await quote(50000);
        await margin.transfer(userId, { from: 'spot', to: 'cross', coin: 'USDT', amount: '100' });
        const cross = { mode: 'cross' as const };
        const attempt = async (run: () => Promise<unknown>) => {
          try {
            await run();
          } catch (err) {
            // A refusal is fine; it must change nothing, which the sums below would show.
            if (!(err instanceof AppError)) throw err;
          }
        };
        for (const s of steps) {
          const account = await margin.account(userId, cross);
          const held = (coin: string) => account.assets.find((a) => a.coin === coin);
          switch (s.op) {
            case 'borrow': {
              const max = minor((await margin.maxBorrowable(userId, cross, s.coin)).amount);
              const amount = (max * BigInt(s.percent)) / 100n;
              if (amount > 0n) {
                await attempt(() =>
                  margin.borrow(userId, { ...cross, coin: s.coin, amount: decimal(amount) }),
                );
              }
              break;
            }
            case 'buy':
              await attempt(() =>
                marginOrders.place(userId, {
                  ...cross,
                  symbol: BTC,
                  side: 'buy',
                  type: 'market',
                  quoteAmount: String(s.quote),
                  autoBorrow: s.autoBorrow,
                  autoRepay: s.autoRepay,
                }),
              );
              break;
            case 'sell': {
              const lots =
                (minor(held('BTC')?.available ?? '0') * BigInt(s.percent)) / 100n / 1000n;
              if (lots > 0n) {
                await attempt(() =>
                  marginOrders.place(userId, {
                    ...cross,
                    symbol: BTC,
                    side: 'sell',
                    type: 'market',
                    quantity: decimal(lots * 1000n),
                    autoRepay: s.autoRepay,
                  }),
                );
              }
              break;
            }
            case 'repay': {
              const available = minor(held(s.coin)?.available ?? '0');
              const amount = (available * BigInt(s.percent)) / 100n;
              await attempt(() =>
                margin.repay(userId, {
                  ...cross,
                  coin: s.coin,
                  ...(s.all ? { all: true } : { amount: decimal(amount > 0n ? amount : 1n) }),
                }),
              );
              break;
            }
            case 'price':
              await quote(s.mid);
              break;
            case 'tick':
              t.clock.ms += s.hours * HOUR;
              await marginRisk.tickNow();
              break;
          }
        }
        await marginRisk.tickNow();
        await t.app.services.spotHost.idle();
        // Auto-repay follows an order's commit: give it its batch.
        await new Promise((resolve) => setTimeout(resolve, 30));
        await t.app.services.spotHost.idle();

        await expectLedgerBalanced(t.store);
        const key = crossKey(userId);
        for (const id of [key.id, MARGIN_POOL, MARGIN_FUND]) {
          for (const row of await t.store.repos.ledger.balancesOf([id])) {
            expect(row.available, `${id} ${row.coin}`).toBeGreaterThanOrEqual(0n);
            expect(row.frozen, `${id} ${row.coin}`).toBeGreaterThanOrEqual(0n);
          }
        }
        for (const loan of await t.store.repos.margin.loansOf([key.id])) {
          expect(BigInt(loan.principal)).toBeGreaterThanOrEqual(0n);
          expect(BigInt(loan.interest)).toBeGreaterThanOrEqual(0n);
        }
        const rows = [];
        for (const id of users) {
          const page = await t.store.repos.margin.records({
            userId: id,
            kind: null,
            kinds: ['borrow', 'repay', 'liquidation'],
            accounts: null,
            coin: null,
            begin: null,
            end: null,
            offset: 0,
            limit: 10_000,
          });
          rows.push(...page.rows);
        }
        for (const coin of ['USDT', 'BTC'] as const) {
          let moved = 0n;
          for (const row of rows.filter((r) => r.coin === coin)) {
            const data = JSON.parse(row.data) as Record<string, string>;
            const amount = minor(data.amount ?? '0');
            if (row.kind === 'borrow') moved -= amount;
            else moved += amount + minor(data.fundCovered ?? '0');
          }
          expect((await balance(MARGIN_POOL, coin)) - poolStart[coin], coin).toBe(moved);
        }
      }),
      {
        numRuns: 8,
        // Always among the runs: one that borrows to the limit, buys, and is liquidated by a fall.
        examples: [
          [
            [
              { op: 'borrow', coin: 'USDT', percent: 100 },
              { op: 'buy', quote: 290, autoBorrow: true, autoRepay: false },
              { op: 'tick', hours: 2 },
              { op: 'price', mid: 31000 },
              { op: 'tick', hours: 0 },
            ],
          ],
        ],
      },
    );
    // The runs did reach a liquidation and an hourly charge.
    const kinds = new Set<string>();
    for (const userId of users) {
      const page = await t.app.services.margin.records(
        userId,
        { kind: null, mode: null, symbol: null, coin: null, begin: null, end: null },
        { pageNo: 1, pageSize: 50, offset: 0, limit: 50 },
      );
      for (const r of page.items) kinds.add(r.kind);
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining(['borrow', 'interest', 'liquidation']),
    );
  }, 120_000);
});
