/**
 * Ledger jobs through a gateway (ROLE=gateway) on PostgreSQL and NATS: a
 * swap, a red packet sent and claimed, a margin transfer, borrow and repay,
 * a sub-account transfer and an earn subscription, each sent by name to the
 * engine's spot writer (its answer recorded there by its idempotency key)
 * and answered back through the gateway; coins are conserved over every
 * account, the platform's included.
 */
import { DEMO_GRANT, SIMULATION_PATHS } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  Cluster,
  clusterMetric,
  deposit,
  clusterServicesMissing,
  post,
  registerUser,
  type ClusterProcess,
} from './test/cluster-harness';

const missing = await clusterServicesMissing('cluster jobs suite');

interface Member {
  token: string;
  /** Public user id. */
  userId: string;
  /** The ledger's account (the users table's row id). */
  account: string;
}

describe.skipIf(missing.length > 0)('ledger jobs through a gateway', () => {
  const cluster = new Cluster();
  let gateway: ClusterProcess;
  let alice: Member;
  let bob: Member;
  let totals: Map<string, bigint>;

  const sums = async () => {
    const rows = await cluster.query<{ coin: string; total: string }>(
      'select coin, sum(available + frozen)::text as total from balances group by coin',
    );
    return new Map(rows.map((r) => [r.coin, BigInt(r.total)]));
  };
  const held = async (account: string, coin: string) => {
    const rows = await cluster.query<{ available: string }>(
      `select available::text from balances where user_id = '${account}' and coin = '${coin}'`,
    );
    return BigInt(rows[0]?.available ?? '0');
  };
  /** A call through the gateway that must succeed. */
  const ok = async <T>(who: Member, path: string, body: unknown): Promise<T> => {
    const answer = await post<T>(gateway.base, path, body, who.token);
    expect(answer.code, `${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };
  const member = async (email: string): Promise<Member> => {
    const { token, userId } = await registerUser(gateway, email);
    const [row] = await cluster.query<{ id: string }>(
      `select id from users where email = '${email}'`,
    );
    return { token, userId, account: String(row?.id) };
  };

  beforeAll(async () => {
    // The platform's pools and funds are seeded (swap pools, the margin pool, earn's interest).
    const seeded = { PROTECTION_FUND_SEED: '1000' };
    // Started together: a gateway loads the books from the engine once the engine answers.
    [, gateway] = await Promise.all([
      cluster.start('engine', seeded),
      cluster.start('gateway', seeded),
    ]);
    alice = await member('alice@jobs.example');
    bob = await member('bob@jobs.example');
    const store = { databaseUrl: cluster.databaseUrl, dataDir: cluster.sharedDir };
    await deposit(store, 'alice@jobs.example', 'USDT', '100000');
    await deposit(store, 'bob@jobs.example', 'USDT', '1000');
    totals = await sums();
    // Two processes start (each builds the whole app): slow on a loaded machine.
  }, 240_000);
  afterAll(() => cluster.close());

  it('swaps through the gateway: the engine re-prices and moves the coins', async () => {
    const intent = await ok<{ intentId: string; signature: string; amountOut: string }>(
      alice,
      '/v1/web3/swap/get-sign',
      { from: 'USDT', to: 'BTC', amountIn: '650', slippage_bps: 50 },
    );
    const done = await ok<{ amountOut: string }>(alice, '/v1/web3/swap/submit', {
      intentId: intent.intentId,
      signature: intent.signature,
    });
    expect(done.amountOut).toBe(intent.amountOut);
    expect(await held(alice.account, 'USDT')).toBe(99_350n * 10n ** 8n);
    expect(await held(alice.account, 'BTC')).toBeGreaterThan(0n);
    // Spent once: the engine's record of the intent refuses a second submit.
    const again = await post(gateway.base, '/v1/web3/swap/submit', intent, alice.token);
    expect(again.code).not.toBe('0');
  });

  it('sends a red packet and pays a claim through the gateway', async () => {
    const sent = await ok<{ code: string }>(alice, '/v1/red-packet/create', {
      coin: 'USDT',
      amount: '10',
      count: 2,
      split: 'identical',
      greeting: 'hello',
    });
    const claimed = await ok<{ amount: string; coin: string }>(bob, '/v1/red-packet/claim', {
      code: sent.code,
    });
    expect(claimed).toMatchObject({ amount: '5.00000000', coin: 'USDT' });
    expect(await held(bob.account, 'USDT')).toBe(1_005n * 10n ** 8n);
    const twice = await post(gateway.base, '/v1/red-packet/claim', sent, bob.token);
    expect(twice.code).not.toBe('0');
  });

  it('moves coins to margin, borrows and repays through the gateway', async () => {
    await ok(bob, '/v1/margin/transfer', {
      from: 'spot',
      to: 'cross',
      coin: 'USDT',
      amount: '100',
    });
    const borrowed = await ok<{ assets: Array<{ coin: string; borrowed: string }> }>(
      bob,
      '/v1/margin/borrow',
      { mode: 'cross', coin: 'USDT', amount: '50' },
    );
    expect(borrowed.assets.find((a) => a.coin === 'USDT')?.borrowed).toBe('50');
    const refused = await post(
      gateway.base,
      '/v1/margin/borrow',
      { mode: 'cross', coin: 'USDT', amount: '100000' },
      bob.token,
    );
    expect(refused.code).toBe('18003');
    const repaid = await ok<{ assets: Array<{ coin: string; borrowed: string }> }>(
      bob,
      '/v1/margin/repay',
      { mode: 'cross', coin: 'USDT', all: true },
    );
    expect(repaid.assets.find((a) => a.coin === 'USDT')?.borrowed ?? '0').toBe('0');
  });

  it('transfers to a sub-account and subscribes to earn through the gateway', async () => {
    const sub = await ok<{ userId: string }>(alice, '/v1/user/sub/create', { name: 'grid01' });
    await ok(alice, '/v1/user/sub/transfer', {
      fromUserId: alice.userId,
      toUserId: sub.userId,
      coin: 'USDT',
      amount: '40',
    });
    const [row] = await cluster.query<{ sub_user_id: string }>(
      `select sub_user_id from sub_accounts where main_user_id = '${alice.account}'`,
    );
    expect(await held(String(row?.sub_user_id), 'USDT')).toBe(40n * 10n ** 8n);

    const before = await held('@earn:usdt-flexible', 'USDT');
    const holding = await ok<{ principal: string }>(alice, '/v1/earn/subscribe', {
      productId: 'usdt-flexible',
      amount: '1000',
    });
    expect(holding.principal).toBe('1000');
    expect(await held('@earn:usdt-flexible', 'USDT')).toBe(before + 1_000n * 10n ** 8n);
  });

  it('ran every job on the engine and conserved every coin', async () => {
    // Each was a command of the gateway, answered by the engine and recorded with its effects.
    expect(await clusterMetric(gateway, 'commands_answered')).toBeGreaterThanOrEqual(9);
    const [{ count }] = (await cluster.query<{ count: string }>(
      'select count(*)::text as count from executed_commands',
    )) as [{ count: string }];
    expect(Number(count)).toBeGreaterThanOrEqual(9);
    expect(await sums()).toEqual(totals);
  });

  it('resets the demo ledger through the gateway (the demo futures account on the engine too)', async () => {
    // Last: the grant mints demo coins, which the conservation above leaves out.
    const balances = await ok<Array<{ coin: string; available: string }>>(
      bob,
      SIMULATION_PATHS.reset,
      {},
    );
    const grant = balances.find((b) => b.coin === DEMO_GRANT.coin);
    expect(Number(grant?.available)).toBe(Number(DEMO_GRANT.amount));
  });
});
