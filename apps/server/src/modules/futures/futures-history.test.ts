/**
 * The futures bills and the protection fund's history reach back to the
 * first movement, however many there are: more are written here than the
 * server once read (10,000 journal entries for the bills, 5,000 for the
 * fund), and the pages run to the oldest.
 */
import type { FuturesBill, Page, ProtectionFund } from '@quay/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTECTION_FUND, walletOf } from './futures-state';
import type { BalanceDelta } from '../../kernel/db/ledger-repository';
import { CLEARING_ACCOUNT, FEE_ACCOUNT, Journal } from '../../kernel/journal';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type TestApp,
} from '../../test/harness';

const Q = '?languageType=0';
const USDT = 100_000_000n;
/** 2020-09-13, long before the suite runs: the written history is older than anything the app does. */
const T0 = 1_600_000_000_000;
const MINUTE = 60_000;
const HOUR = 3_600_000;
/** Bills written, a minute apart: 2 in 3 a funding payment of 2 USDT received on BTC, 1 in 3 a fee of 1 USDT paid on ETH. */
const BILLS = 10_050;
const FUND_MOVES = 5_050;

describe.each(STORES)('futures history through all of it on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  let token = '';
  let owner = '';

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, { SMTP_HOST: '127.0.0.1', SMTP_PORT: String(mail.port) });
    token = (await registerByEmail<{ token: string }>(t, mail, 'old@example.com')).data.token;
    owner = (await t.app.services.sessions.authenticate(token)).userRowId;
    await t.app.services.ledger.deposit(owner, 'USDT', '100', 'test');
    const wallet = walletOf(owner);
    // One journal per moment (its time is the entries' time), written together.
    const journals: Journal[] = [];
    for (let i = 0; i < BILLS; i++) {
      const journal = new Journal(T0 + i * MINUTE);
      if (i % 3 === 2) {
        journal.post(`fee:ETHUSDT_PERP:${i}:taker`, 'fee', [
          { userId: wallet, coin: 'USDT', bucket: 'available', amount: -USDT },
          { userId: FEE_ACCOUNT, coin: 'USDT', bucket: 'available', amount: USDT },
        ]);
        // A margin move sums to zero in the wallet: never a bill.
        journal.post(`margin:ETHUSDT_PERP:${i}:${owner}`, 'margin', [
          { userId: wallet, coin: 'USDT', bucket: 'available', amount: -USDT },
          { userId: wallet, coin: 'USDT', bucket: 'frozen', amount: USDT },
        ]);
      } else {
        journal.post(`funding:BTCUSDT_PERP:${T0 + i * MINUTE}`, 'funding', [
          { userId: CLEARING_ACCOUNT, coin: 'USDT', bucket: 'available', amount: -2n * USDT },
          { userId: wallet, coin: 'USDT', bucket: 'available', amount: 2n * USDT },
        ]);
      }
      journals.push(journal);
    }
    for (let i = 0; i < FUND_MOVES; i++) {
      const journal = new Journal(T0 + i * HOUR);
      journal.post(`liq:BTCUSDT_PERP:${T0 + i * HOUR}:${i}`, 'fund_inflow', [
        { userId: CLEARING_ACCOUNT, coin: 'USDT', bucket: 'available', amount: -USDT },
        { userId: PROTECTION_FUND, coin: 'USDT', bucket: 'available', amount: USDT },
      ]);
      journals.push(journal);
    }
    const deltas = new Map<string, BalanceDelta>();
    for (const d of journals.flatMap((j) => j.balanceDeltas())) {
      const sum = deltas.get(d.userId) ?? { ...d, available: 0n, frozen: 0n };
      sum.available += d.available;
      sum.frozen += d.frozen;
      deltas.set(d.userId, sum);
    }
    await t.store.transaction(async (repos) => {
      await repos.ledger.insertEntries(journals.flatMap((j) => j.entries));
      await repos.ledger.applyDeltas([...deltas.values()], T0 + BILLS * MINUTE);
    });
    await t.app.services.futuresHost.submit({
      kind: 'notice',
      accounts: [
        { account: wallet, coin: 'USDT' },
        { account: PROTECTION_FUND, coin: 'USDT' },
      ],
    });
  });
  afterAll(async () => {
    await t.close();
    await mail.stop();
  });

  const bills = async (query: string) => {
    const answer = await call<Page<FuturesBill>>(
      t.app,
      'GET',
      `/v1/futures/bills${Q}${query}`,
      undefined,
      bearer(token),
    );
    expect(answer.code, answer.msg).toBe('0');
    return answer.data;
  };

  it('pages the bills from the newest to the oldest, each once', async () => {
    // The newest: a transfer made now, after the written history.
    const moved = await call(
      t.app,
      'POST',
      `/v1/futures/transfer${Q}`,
      { coin: 'USDT', amount: '100', direction: 'toFutures' },
      bearer(token),
    );
    expect(moved.code, moved.msg).toBe('0');
    const first = await bills('&pageSize=50');
    expect(first).toMatchObject({ total: BILLS + 1, pageNo: 1, pageSize: 50 });
    expect(first.items[0]).toMatchObject({ type: 'transfer_in', symbol: '', amount: '100' });
    // Then the last written: i = 10,049, a fee (10,049 = 3 x 3,349 + 2).
    expect(first.items[1]).toEqual({
      id: 'fee:ETHUSDT_PERP:10049:taker',
      type: 'fee',
      symbol: 'ETHUSDT_PERP',
      amount: '-1',
      coin: 'USDT',
      time: T0 + (BILLS - 1) * MINUTE,
    });

    // Every bill at once, as the service reads them from the store: each once, newest first.
    const all = await t.app.services.futures.records.bills(
      owner,
      'real',
      {},
      { pageNo: 1, pageSize: BILLS + 1, offset: 0, limit: BILLS + 1 },
    );
    expect(new Set(all.items.map((b) => b.id)).size).toBe(BILLS + 1);
    expect(all.items.every((b, i) => i === 0 || b.time <= (all.items[i - 1]?.time ?? 0))).toBe(
      true,
    );
    // The pages of 50 are those slices of it, to the last one (201 full pages and one of 1).
    const pages = Math.ceil((BILLS + 1) / 50);
    expect(pages).toBe(202);
    for (const pageNo of [1, 2, 101, 201, 202]) {
      const page = await bills(`&pageSize=50&pageNo=${pageNo}`);
      expect(page.items).toEqual(all.items.slice((pageNo - 1) * 50, pageNo * 50));
    }
    const last = (await bills(`&pageSize=50&pageNo=${pages}`)).items.at(-1);
    // The oldest, the funding of the first minute written.
    expect(last).toEqual({
      id: `funding:BTCUSDT_PERP:${T0}`,
      type: 'funding',
      symbol: 'BTCUSDT_PERP',
      amount: '2',
      coin: 'USDT',
      time: T0,
    });
    expect((await bills(`&pageSize=50&pageNo=${pages + 1}`)).items).toEqual([]);
  });

  it('filters the bills by type, perpetual and time in the store', async () => {
    // i = 2, 5, ... 10,049: 3,350 fees on ETH; the other 6,700 are funding on BTC.
    expect((await bills('&type=fee')).total).toBe(3_350);
    expect((await bills('&type=funding')).total).toBe(6_700);
    expect((await bills('&symbol=ETHUSDT_PERP')).total).toBe(3_350);
    expect((await bills('&symbol=BTCUSDT&type=fee')).total).toBe(0);
    expect((await bills('&type=transfer_in')).total).toBe(1);
    // From the first minute up to (not including) the eleventh: i = 0 ... 9, oldest last.
    const window = await bills(`&begin=${T0}&end=${T0 + 10 * MINUTE}`);
    expect(window.total).toBe(10);
    expect(window.items.map((b) => b.time)).toEqual(
      [9, 8, 7, 6, 5, 4, 3, 2, 1, 0].map((i) => T0 + i * MINUTE),
    );
    const oldestFees = await bills(`&type=fee&symbol=ETHUSDT_PERP&pageSize=2&pageNo=1675`);
    expect(oldestFees.items).toEqual([
      expect.objectContaining({
        id: 'fee:ETHUSDT_PERP:5:taker',
        amount: '-1',
        time: T0 + 5 * MINUTE,
      }),
      expect.objectContaining({
        id: 'fee:ETHUSDT_PERP:2:taker',
        amount: '-1',
        time: T0 + 2 * MINUTE,
      }),
    ]);
  });

  it("draws the protection fund's history from its first movement", async () => {
    const fund = (await call<ProtectionFund>(t.app, 'GET', `/v1/futures/protection-fund${Q}`)).data;
    expect(fund.balance).toBe(String(FUND_MOVES));
    // One movement an hour, 1 USDT each: one point an hour, the balance after it.
    expect(fund.history).toHaveLength(FUND_MOVES);
    expect(fund.history[0]).toEqual({ time: T0, balance: '1' });
    expect(fund.history[2_524]).toEqual({ time: T0 + 2_524 * HOUR, balance: '2525' });
    expect(fund.history.at(-1)).toEqual({
      time: T0 + (FUND_MOVES - 1) * HOUR,
      balance: String(FUND_MOVES),
    });
    expect(fund.events).toHaveLength(100);
    expect(fund.events[0]).toEqual({
      id: `liq:BTCUSDT_PERP:${T0 + (FUND_MOVES - 1) * HOUR}:${FUND_MOVES - 1}`,
      kind: 'inflow',
      symbol: 'BTCUSDT_PERP',
      amount: '1',
      balanceAfter: String(FUND_MOVES),
      time: T0 + (FUND_MOVES - 1) * HOUR,
    });
    expect(fund.events[99]?.balanceAfter).toBe(String(FUND_MOVES - 99));
  });
});
