/**
 * fast-check runs of random subscribe, redeem and settle steps (the clock
 * moved by random hours) on one app: after each run every coin is conserved
 * (the audit finds no difference), no balance is negative, and each
 * product's pool holds exactly the principal of its active holdings.
 */
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  bearer,
  call,
  expectLedgerBalanced,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { earnAccount } from './earn-jobs';

const Q = '?languageType=0';
const PRODUCTS = ['usdt-flexible', 'usdt-7d', 'eth-flexible'];

type Step =
  | { kind: 'subscribe'; who: number; product: number; amount: string }
  | { kind: 'redeem'; who: number; product: number; amount: string }
  | { kind: 'redeemHolding'; who: number; pick: number }
  | { kind: 'time'; hours: number };

const amount = fc
  .tuple(fc.integer({ min: 0, max: 6000 }), fc.integer({ min: 0, max: 99_999_999 }))
  .map(([whole, fraction]) => `${whole}.${String(fraction).padStart(8, '0')}`);
const who = fc.integer({ min: 0, max: 1 });
const product = fc.integer({ min: 0, max: PRODUCTS.length - 1 });
const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('subscribe' as const), who, product, amount }),
  fc.record({ kind: fc.constant('redeem' as const), who, product, amount }),
  fc.record({ kind: fc.constant('redeemHolding' as const), who, pick: fc.nat(5) }),
  fc.record({ kind: fc.constant('time' as const), hours: fc.integer({ min: 1, max: 24 * 9 }) }),
);

describe('earn conserves coins', () => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: string[] = [];

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp('sqlite', {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      PROTECTION_FUND_SEED: '1000',
      SESSION_TTL_S: String(10 * 365 * 24 * 3600),
    });
    for (const name of ['p', 'q']) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `${name}@example.com`);
      tokens.push(answer.data.token);
      const session = await t.app.services.sessions.authenticate(answer.data.token);
      await t.app.services.ledger.deposit(session.userRowId, 'USDT', '30000', 'test');
      await t.app.services.ledger.deposit(session.userRowId, 'ETH', '50', 'test');
    }
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  it('through random subscribe, redeem and settle steps', async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 1, maxLength: 10 }), async (steps) => {
        for (const s of steps) {
          if (s.kind === 'time') {
            t.clock.ms += s.hours * 3_600_000;
            await t.app.services.earn.settleDue();
            continue;
          }
          const auth = bearer(tokens[s.who] as string);
          if (s.kind === 'redeemHolding') {
            const holdings = await call<Array<{ id: string }>>(
              t.app,
              'GET',
              `/v1/earn/holdings${Q}`,
              undefined,
              auth,
            );
            const target = holdings.data[s.pick % Math.max(1, holdings.data.length)];
            if (target) {
              await call(t.app, 'POST', `/v1/earn/redeem${Q}`, { holdingId: target.id }, auth);
            }
            continue;
          }
          const path = s.kind === 'subscribe' ? '/v1/earn/subscribe' : '/v1/earn/redeem';
          const coin = PRODUCTS[s.product] === 'eth-flexible' ? 'ETH' : 'USDT';
          // ETH amounts are scaled down so both refusals and successes happen.
          const value = coin === 'ETH' ? (Number(s.amount) / 500).toFixed(8) : s.amount;
          await call(
            t.app,
            'POST',
            `${path}${Q}`,
            { productId: PRODUCTS[s.product], amount: value },
            auth,
          );
        }
        await expectLedgerBalanced(t.store);
        const balances = await t.store.repos.ledger.allBalances();
        for (const b of balances) {
          if (!b.user_id.startsWith('@external')) {
            expect(b.available >= 0n && b.frozen >= 0n, `${b.user_id} ${b.coin}`).toBe(true);
          }
        }
        const holdings = await t.store.repos.earn.activeHoldings();
        for (const id of PRODUCTS) {
          const pool = balances.find((b) => b.user_id === earnAccount(id))?.available ?? 0n;
          const principal = holdings
            .filter((h) => h.product_id === id)
            .reduce((sum, h) => sum + BigInt(h.principal), 0n);
          expect(pool, id).toBe(principal);
        }
      }),
      { numRuns: 12 },
    );
  });
});
