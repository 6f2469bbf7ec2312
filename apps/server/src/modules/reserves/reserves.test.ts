/**
 * Proof of reserves through the app on SQLite and PostgreSQL: a snapshot of
 * what users are owed (spot, earn and open red packets) against the holdings
 * that back them (never the platform's own pools and funds), its root recomputed from the stored
 * leaves, each user's own path verifying to the published root, a tampered
 * proof failing, the totals, the ratio and the history; no proof of another
 * user, and clear refusals before a snapshot and for a user not in it.
 */
import { type Page } from '@quay/core';
import { buildTree, verifyProof, type ReservesProof, type ReservesSnapshot } from '@quay/core/earn';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';
import { sha256Hex } from './reserves-service';

const Q = '?languageType=0';

describe.each(STORES)('proof of reserves on %s', (store) => {
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
      PROTECTION_FUND_SEED: '1000',
    });
    const deposits: Array<[string, Record<string, string>]> = [
      ['ann', { USDT: '1000', BTC: '0.5' }],
      ['bob', { USDT: '250.25' }],
      ['cy', { ETH: '3' }],
      ['dee', {}],
    ];
    for (const [who, coins] of deposits) {
      const answer = await registerByEmail<{ token: string }>(t, mail, `${who}@example.com`);
      tokens[who] = answer.data.token;
      const session = await t.app.services.sessions.authenticate(answer.data.token);
      for (const [coin, amount] of Object.entries(coins)) {
        await t.app.services.ledger.deposit(session.userRowId, coin, amount, 'test');
      }
    }
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  const get = <T>(who: string | null, path: string, query = '') =>
    call<T>(
      t.app,
      'GET',
      `${path}${Q}${query}`,
      undefined,
      who ? bearer(tokens[who] as string) : {},
    );

  it('says so before the first snapshot', async () => {
    expect((await get('ann', '/v1/reserves/proof')).code).toBe('19101');
    expect((await get<ReservesSnapshot | null>(null, '/v1/reserves/latest')).data).toBeNull();
  });

  it('publishes a root that the stored leaves rebuild, with totals and ratio', async () => {
    // Coins in earn are still owed to their owner.
    const sub = await call(
      t.app,
      'POST',
      `/v1/earn/subscribe${Q}`,
      { productId: 'usdt-flexible', amount: '400' },
      bearer(tokens.ann as string),
    );
    expect(sub.code, sub.msg).toBe('0');
    // So are the coins an open red packet still holds: to its creator until claimed.
    const packet = await call<{ code: string }>(
      t.app,
      'POST',
      `/v1/red-packet/create${Q}`,
      { coin: 'USDT', amount: '20', count: 2, split: 'identical' },
      bearer(tokens.ann as string),
    );
    expect(packet.code, packet.msg).toBe('0');
    const claimed = await call(
      t.app,
      'POST',
      `/v1/red-packet/claim${Q}`,
      { code: packet.data.code },
      bearer(tokens.bob as string),
    );
    expect(claimed.code, claimed.msg).toBe('0');
    const snapshot = await t.app.services.reserves.snapshot();
    const latest = await get<ReservesSnapshot>(null, '/v1/reserves/latest');
    expect(latest.data).toEqual(snapshot);
    expect(snapshot.users).toBe(3);
    const usdt = snapshot.coins.find((c) => c.coin === 'USDT');
    // ann: 580 spot + 400 in earn + 10 left in her packet; bob: 250.25 + the 10 he claimed.
    expect(usdt?.liabilities).toBe('1250.25');
    // The holdings are what backs users: their accounts and the escrows (earn, red packets),
    // never the platform's own funds, though the swap pools and the earn interest fund hold
    // far more USDT than every user together.
    const platform = await t.store.repos.ledger.balancesOf([
      '@swap-pool:BTC-USDT',
      '@earn-interest',
    ]);
    expect(
      platform.filter((b) => b.coin === 'USDT' && b.available > 10_000n * 10n ** 8n),
    ).toHaveLength(2);
    expect(usdt?.reserves).toBe('1250.25');
    expect(usdt?.ratio).toBe('1.0000');
    const btc = snapshot.coins.find((c) => c.coin === 'BTC');
    expect([btc?.liabilities, btc?.reserves, btc?.ratio]).toEqual(['0.5', '0.5', '1.0000']);

    const leaves = await t.store.repos.reserves.nodesAt(
      snapshot.id,
      [0, 1, 2].map((position) => ({ level: 0, position })),
    );
    const levels = await buildTree(
      sha256Hex,
      leaves.map((l) => ({ hash: l.hash, balances: JSON.parse(l.balances) })),
    );
    expect(levels[levels.length - 1]?.[0]?.hash).toBe(snapshot.root);
  });

  it('gives each user their own path, which verifies; a tampered one does not', async () => {
    const uids = new Set<string>();
    for (const who of ['ann', 'bob', 'cy']) {
      const answer = await get<ReservesProof>(who, '/v1/reserves/proof');
      expect(answer.code, answer.msg).toBe('0');
      const proof = answer.data;
      uids.add(proof.uid);
      const check = await verifyProof(sha256Hex, proof);
      expect(check.valid).toBe(true);
      expect(check.root).toBe(proof.root);
      // ann's leaf: 580 spot + 400 earn + the 10 her packet still holds.
      if (who === 'ann') expect(proof.balances).toEqual({ BTC: '0.5', ETH: '0', USDT: '990' });
      if (who === 'bob') expect(proof.balances).toEqual({ BTC: '0', ETH: '0', USDT: '260.25' });
      const tampered = await verifyProof(sha256Hex, {
        ...proof,
        balances: { ...proof.balances, USDT: '1000000' },
      });
      expect(tampered.valid).toBe(false);
    }
    expect(uids.size).toBe(3);
    // A user with nothing owed is not in the tree; without a session there is no proof.
    expect((await get('dee', '/v1/reserves/proof')).code).toBe('19102');
    expect((await get(null, '/v1/reserves/proof')).code).not.toBe('0');
    // Another user's snapshot id still answers with the caller's own leaf only.
    const mine = await get<ReservesProof>('bob', '/v1/reserves/proof');
    const again = await get<ReservesProof>(
      'bob',
      '/v1/reserves/proof',
      `&snapshotId=${mine.data.snapshotId}`,
    );
    expect(again.data.uid).toBe(mine.data.uid);
    expect((await get('bob', '/v1/reserves/proof', '&snapshotId=../x')).code).toBe('10006');
  });

  it('keeps the history, newest first', async () => {
    t.clock.ms += 1000;
    await t.app.services.reserves.snapshot();
    const history = await get<Page<ReservesSnapshot>>(null, '/v1/reserves/history', '&pageSize=1');
    expect(history.data.total).toBe(2);
    expect(history.data.items).toHaveLength(1);
    const page2 = await get<Page<ReservesSnapshot>>(
      null,
      '/v1/reserves/history',
      '&pageSize=1&pageNo=2',
    );
    expect(page2.data.items[0]?.time).toBeLessThan(history.data.items[0]?.time as number);
  });

  it('takes the daily snapshot at the first check after a UTC midnight', async () => {
    const before = await get<Page<ReservesSnapshot>>(null, '/v1/reserves/history');
    const day = 86_400_000;
    t.clock.ms = (Math.floor(t.clock.ms / day) + 1) * day + 1000;
    await expect
      .poll(
        async () => (await get<Page<ReservesSnapshot>>(null, '/v1/reserves/history')).data.total,
        { timeout: 15_000, interval: 250 },
      )
      .toBe(before.data.total + 1);
    const latest = await get<ReservesSnapshot>(null, '/v1/reserves/latest');
    expect(latest.data.time).toBe(t.clock.ms);
  }, 20_000);
});
