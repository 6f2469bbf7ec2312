/**
 * Red packets through their routes on SQLite and PostgreSQL: the total is
 * frozen into escrow at once, claims pay shares that sum to the total,
 * 100 concurrent claims on a 10-share packet give exactly 10 shares, one
 * claim per user, the creator cannot claim, a wrong password, an expired or
 * empty packet and bad input are refused and change nothing, expiry pays
 * the rest back to the creator, and every coin is conserved.
 */
import { ERRORS, type Page } from '@quay/core';
import type { RedPacketInfo, RedPacketReceived, RedPacketSent } from '@quay/core/swap-api';
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
import { RED_PACKET_ESCROW } from './red-packet-settings';

const Q = '?languageType=0';
const DAY = 24 * 3_600_000;

describe.each(STORES)('red packets on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let creatorToken = '';
  let creatorId = '';
  let users = 0;

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) });
    creatorToken = (await registerByEmail<{ token: string }>(t, mail, 'sender@example.com')).data
      .token;
    creatorId = (await t.app.services.sessions.authenticate(creatorToken)).userRowId;
    await t.app.services.ledger.deposit(creatorId, 'USDT', '5000', 'test');
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  /** A fresh user with a session of its own. */
  const newUser = async () => {
    users += 1;
    const id = await t.app.services.accounts.ensureSystemUser(`claimer${users}@example.com`);
    const issued = await t.store.transaction((repos) =>
      t.app.services.sessions.issue(repos, id, { ip: null, userAgent: null }),
    );
    return { id, token: issued.token };
  };
  const post = <T>(path: string, body: unknown, token: string) =>
    call<T>(t.app, 'POST', `${path}${Q}`, body, bearer(token));
  const usdt = async (account: string) =>
    BigInt(
      (await t.store.repos.ledger.balancesOf([account])).find((b) => b.coin === 'USDT')
        ?.available ?? 0n,
    );
  const create = (body: Record<string, unknown>) =>
    post<RedPacketSent>('/v1/red-packet/create', body, creatorToken);

  it('freezes the total at once and shares it exactly over concurrent claims', async () => {
    const before = await usdt(creatorId);
    const escrowBefore = await usdt(RED_PACKET_ESCROW);
    const made = await create({
      coin: 'USDT',
      amount: '100',
      count: 10,
      split: 'random',
      greeting: 'Happy new year',
    });
    expect(made.code, made.msg).toBe('0');
    expect(made.data.code).toMatch(/^[A-Z0-9]{10}$/);
    expect(await usdt(creatorId)).toBe(before - 10_000_000_000n);
    expect(await usdt(RED_PACKET_ESCROW)).toBe(escrowBefore + 10_000_000_000n);

    // Sessions are opened one by one (the test's own store); the claims then race.
    const claimers: Array<{ id: string; token: string }> = [];
    for (let i = 0; i < 100; i++) claimers.push(await newUser());
    const answers = await Promise.all(
      claimers.map((c) =>
        post<RedPacketReceived>('/v1/red-packet/claim', { code: made.data.code }, c.token),
      ),
    );
    const won = answers.filter((a) => a.code === '0');
    expect(won).toHaveLength(10);
    for (const a of answers.filter((x) => x.code !== '0')) {
      expect(a.code).toBe(ERRORS.RED_PACKET_EMPTY.code);
    }
    const shares = won.map((a) => BigInt(a.data.amount.replace('.', '')));
    expect(shares.every((s) => s > 0n)).toBe(true);
    expect(shares.reduce((a, b) => a + b, 0n)).toBe(10_000_000_000n);
    expect(await usdt(RED_PACKET_ESCROW)).toBe(escrowBefore);

    const info = await call<RedPacketInfo>(
      t.app,
      'GET',
      `/v1/red-packet/info${Q}&code=${made.data.code}`,
    );
    expect(info.data.status).toBe('finished');
    expect(info.data.claimedCount).toBe(10);
    await expectLedgerBalanced(t.store);
  });

  it('allows one claim per user, none by the creator, and checks the password', async () => {
    const made = await create({
      coin: 'USDT',
      amount: '30',
      count: 3,
      split: 'identical',
      password: 'open sesame',
    });
    expect(made.code, made.msg).toBe('0');
    const code = made.data.code;
    const user = await newUser();
    const wrong = await post('/v1/red-packet/claim', { code, password: 'nope' }, user.token);
    expect(wrong.code).toBe(ERRORS.RED_PACKET_PASSWORD_WRONG.code);
    expect(await usdt(user.id)).toBe(0n);
    const own = await post('/v1/red-packet/claim', { code, password: 'open sesame' }, creatorToken);
    expect(own.code).toBe(ERRORS.RED_PACKET_OWN.code);
    const first = await post<RedPacketReceived>(
      '/v1/red-packet/claim',
      { code, password: 'open sesame' },
      user.token,
    );
    expect(first.data.amount).toBe('10.00000000');
    const again = await post('/v1/red-packet/claim', { code, password: 'open sesame' }, user.token);
    expect(again.code).toBe(ERRORS.RED_PACKET_CLAIMED.code);
    expect(await usdt(user.id)).toBe(1_000_000_000n);
    const received = await call<Page<RedPacketReceived>>(
      t.app,
      'GET',
      `/v1/red-packet/received${Q}`,
      undefined,
      bearer(user.token),
    );
    expect(received.data.items.map((r) => r.code)).toEqual([code]);
    // The public info shows the caller's own share with a session, and none to anyone else.
    const infoAs = async (headers: Record<string, string>) =>
      (
        await call<RedPacketInfo>(
          t.app,
          'GET',
          `/v1/red-packet/info${Q}&code=${code}`,
          undefined,
          headers,
        )
      ).data;
    expect((await infoAs(bearer(user.token))).myShare).toBe('10.00000000');
    expect((await infoAs({})).myShare).toBeNull();
    expect((await infoAs(bearer(creatorToken))).myShare).toBeNull();
    expect((await infoAs(bearer((await newUser()).token))).myShare).toBeNull();
    // A dead token is a visitor here, not a refusal.
    const stale = await call<RedPacketInfo>(
      t.app,
      'GET',
      `/v1/red-packet/info${Q}&code=${code}`,
      undefined,
      bearer('x'.repeat(40)),
    );
    expect([stale.code, stale.data.myShare]).toEqual(['0', null]);
    await expectLedgerBalanced(t.store);
  });

  it('pays what is left back to the creator at expiry, and refuses claims after', async () => {
    const made = await create({ coin: 'USDT', amount: '50', count: 5, split: 'random' });
    const user = await newUser();
    const claimed = await post<RedPacketReceived>(
      '/v1/red-packet/claim',
      { code: made.data.code },
      user.token,
    );
    expect(claimed.code, claimed.msg).toBe('0');
    const share = BigInt(claimed.data.amount.replace('.', ''));
    const before = await usdt(creatorId);
    const escrowed = await usdt(RED_PACKET_ESCROW);
    t.clock.advance(DAY / 1000);
    expect(await t.app.services.redPackets.expireNow()).toBeGreaterThanOrEqual(1);
    // Every packet so far has expired: the creator gets back all that escrow held.
    expect(await usdt(creatorId)).toBe(before + escrowed);
    expect(await usdt(RED_PACKET_ESCROW)).toBe(0n);
    const late = await post(
      '/v1/red-packet/claim',
      { code: made.data.code },
      (await newUser()).token,
    );
    expect(late.code).toBe(ERRORS.RED_PACKET_EXPIRED.code);
    const sent = await call<Page<RedPacketSent>>(
      t.app,
      'GET',
      `/v1/red-packet/sent${Q}`,
      undefined,
      bearer(creatorToken),
    );
    const row = sent.data.items.find((p) => p.code === made.data.code);
    expect(row?.status).toBe('expired');
    expect(row?.remaining).toBe('0.00000000');
    expect(BigInt(row?.refunded.replace('.', '') ?? '0')).toBe(5_000_000_000n - share);
    expect(await t.app.services.redPackets.expireNow()).toBe(0);
    await expectLedgerBalanced(t.store);
  });

  it('refuses bad input with a clear code and changes nothing', async () => {
    const before = await usdt(creatorId);
    const cases: Array<[Record<string, unknown>, string]> = [
      [
        { coin: 'USDT', amount: '0', count: 1, split: 'random' },
        ERRORS.RED_PACKET_AMOUNT_INVALID.code,
      ],
      [
        { coin: 'USDT', amount: '0.00000005', count: 6, split: 'random' },
        ERRORS.RED_PACKET_COUNT_INVALID.code,
      ],
      [
        { coin: 'USDT', amount: '10', count: 3, split: 'identical' },
        ERRORS.RED_PACKET_SPLIT_UNEVEN.code,
      ],
      [
        { coin: 'USDT', amount: '5000', count: 2, split: 'random' },
        ERRORS.RED_PACKET_NEEDS_SECOND_FACTOR.code,
      ],
      [{ coin: 'DOGE', amount: '1', count: 1, split: 'random' }, ERRORS.COIN_UNKNOWN.code],
    ];
    for (const [body, code] of cases) {
      expect((await create(body)).code, JSON.stringify(body)).toBe(code);
    }
    for (const body of [
      { coin: 'USDT', amount: '-1', count: 1, split: 'random' },
      { coin: 'USDT', amount: '1', count: 0, split: 'random' },
      { coin: 'USDT', amount: '1', count: 1, split: 'even' },
    ]) {
      expect((await create(body)).code, JSON.stringify(body)).toMatch(/^100\d\d$/);
    }
    const poor = await newUser();
    const broke = await post(
      '/v1/red-packet/create',
      { coin: 'USDT', amount: '900', count: 2, split: 'random' },
      poor.token,
    );
    expect(broke.code).toBe(ERRORS.INSUFFICIENT_BALANCE.code);
    const simulated = await call(
      t.app,
      'POST',
      `/v1/red-packet/create${Q}`,
      { coin: 'USDT', amount: '1', count: 1, split: 'random' },
      { ...bearer(creatorToken), 'x-simulated': '1' },
    );
    expect(simulated.code).toBe(ERRORS.RED_PACKET_DEMO_UNAVAILABLE.code);
    const missing = await post('/v1/red-packet/claim', { code: 'NOSUCHCODE' }, creatorToken);
    expect(missing.code).toBe(ERRORS.RED_PACKET_NOT_FOUND.code);
    expect(await usdt(creatorId)).toBe(before);
    await expectLedgerBalanced(t.store);
  });
});
