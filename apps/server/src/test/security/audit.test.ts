/**
 * The ledger audit an operator runs (`npm run quay -- audit`): after real
 * trading, withdrawals and futures it finds the books whole; on a copy of
 * the store where someone changed a balance, deleted a journal leg or made a
 * frozen amount disagree, it fails and names each difference.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ASSET_PATHS, FUTURES_PATHS, SPOT_PATHS } from '@quay/core';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parsePostgresUrl } from '../../kernel/db/db';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type StoreKind,
  type TestApp,
} from '../harness';
import { quay, storeEnv } from '../operator-cli';

const Q = '?languageType=0';
const DEMO = { 'x-simulated': '1' };

/** A copy of the app's store at this moment, to corrupt without touching the app's. */
async function copyStore(
  kind: StoreKind,
  t: TestApp,
): Promise<{
  env: Record<string, string>;
  sql(text: string): Promise<void>;
  drop(): Promise<void>;
}> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-audit-copy-'));
  if (kind === 'sqlite') {
    const source = new SQLite(join(t.dataDir, 'quay.db'), { readonly: true });
    try {
      source.prepare('vacuum into ?').run(join(dataDir, 'quay.db'));
    } finally {
      source.close();
    }
    return {
      env: storeEnv({ dataDir, databaseUrl: undefined }),
      async sql(text) {
        const db = new SQLite(join(dataDir, 'quay.db'));
        try {
          db.exec(text);
        } finally {
          db.close();
        }
      },
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const from = parsePostgresUrl(t.config.databaseUrl ?? '').schema ?? '';
  const to = `${from}_copy`;
  const url = new URL(t.config.databaseUrl ?? '');
  url.searchParams.set('schema', to);
  const run = async (text: string) => {
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(text);
    } finally {
      await client.end();
    }
  };
  // Tables, their rows and the migration records, in one transaction: one moment of the store.
  await run(`do $$ declare r record; begin
    create schema "${to}";
    for r in select table_name from information_schema.tables
      where table_schema = '${from}' and table_type = 'BASE TABLE' loop
      execute format('create table %I.%I (like %I.%I including all)', '${to}', r.table_name, '${from}', r.table_name);
      execute format('insert into %I.%I select * from %I.%I', '${to}', r.table_name, '${from}', r.table_name);
    end loop; end $$`);
  return {
    env: storeEnv({ dataDir, databaseUrl: url.toString() }),
    sql: (text) => run(`set search_path to "${to}"; ${text}`),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      await run(`drop schema if exists "${to}" cascade`);
    },
  };
}

describe.each(STORES)('ledger audit on %s', (store) => {
  let t: TestApp;
  let mail: MailCatcher;
  const tokens: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const post = async (who: string, path: string, body: unknown, headers = {}) => {
    const answer = await call(t.app, 'POST', `${path}${Q}`, body, {
      ...bearer(tokens[who] ?? ''),
      ...headers,
    });
    expect(answer.code, `${who} ${path}: ${answer.msg}`).toBe('0');
    return answer.data;
  };

  beforeAll(async () => {
    mail = new MailCatcher();
    await mail.start();
    t = await startApp(store, {
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      RATE_LIMIT_LOGIN_PER_MIN: '1000',
      RATE_LIMIT_CODE_PER_10MIN: '1000',
      MARK_INTERVAL_MS: '60000',
      PROTECTION_FUND_SEED: '1000',
      // The sums below count the futures fund's seed only: margin's pool and
      // fund, the swap pools and earn's interest fund stay unfunded.
      MARGIN_SETTINGS: '{"seed":false}',
      SWAP_SETTINGS: '{"seed":false}',
      EARN_SETTINGS: '{"seed":false}',
    });
    for (const who of ['alice', 'bob']) {
      tokens[who] = (
        await registerByEmail<{ token: string }>(t, mail, `audit-${who}@example.com`)
      ).data.token;
      ids[who] = (await t.app.services.sessions.authenticate(tokens[who])).userRowId;
    }
    const deposit = (who: string, coin: string, amount: string) =>
      t.app.services.ledger.deposit(ids[who] ?? '', coin, amount, 'test');
    await deposit('alice', 'USDT', '100000');
    await deposit('bob', 'BTC', '2');
    await deposit('bob', 'USDT', '20000');

    // Spot: bob's sell rests, alice's buy fills part of it and another buy of hers rests.
    const spot = (who: string, side: string, price: string, quantity: string, headers = {}) =>
      post(
        who,
        SPOT_PATHS.placeOrder,
        { symbol: 'BTCUSDT', side, type: 'limit', price, quantity },
        headers,
      );
    await spot('bob', 'sell', '50000', '0.5');
    await spot('alice', 'buy', '50100', '0.2');
    await spot('alice', 'buy', '49000', '0.1');
    // A demo order on alice's demo ledger, opened by her first simulated call.
    await spot('alice', 'buy', '10000', '0.01', DEMO);
    // A withdrawal waits for the operator.
    await post('alice', ASSET_PATHS.withdraw, {
      coin: 'USDT',
      address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7',
      amount: '200',
    });

    // Futures: an isolated long for alice against bob's offer, the rest of which stays open.
    for (const who of ['alice', 'bob']) {
      await post(who, FUTURES_PATHS.transfer, {
        coin: 'USDT',
        amount: '5000',
        direction: 'toFutures',
      });
    }
    await post('alice', FUTURES_PATHS.marginMode, { symbol: 'BTCUSDT_PERP', marginMode: 1 });
    const perp = (who: string, body: Record<string, unknown>) =>
      post(who, FUTURES_PATHS.placeOrder, { symbol: 'BTCUSDT_PERP', ...body });
    await perp('bob', { side: 'sell', type: 'limit', price: '50000', quantity: '0.2' });
    await perp('alice', { side: 'buy', type: 'market', quantity: '0.05' });
  });
  afterAll(async () => {
    await t?.close();
    await mail?.stop();
  });

  it('finds the books whole after trading, a pending withdrawal and a futures position', async () => {
    const run = await quay(
      ['audit'],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );
    expect(run.stderr).toBe('');
    expect(run.code, run.stdout).toBe(0);
    const lines = run.stdout.split('\n');
    expect(lines[0]).toMatch(/^coin\s+held\s+external\s+difference\s+rows\s+entries$/);
    // alice, bob, the fees, the protection fund and two futures wallets hold USDT; nothing is missing.
    expect(run.stdout).toMatch(
      /^USDT\s+121000\.00000000\s+121000\.00000000\s+0\.00000000\s+6\s+\d+$/m,
    );
    expect(run.stdout).toMatch(/^BTC\s+2\.00000000\s+2\.00000000\s+0\.00000000\s+3\s+\d+$/m);
    expect(run.stdout).toMatch(/^SUSDT\s+\S+\s+\S+\s+0\.00000000\s+\d+\s+\d+$/m);
    expect(run.stdout).toMatch(
      /Frozen by: spot orders 3, pending withdrawals 1, isolated positions 1\./,
    );
    expect(run.stdout).toMatch(/^No differences/m);
  });

  it('fails on a corrupted copy and names each difference', async () => {
    const copy = await copyStore(store, t);
    try {
      const bob = ids.bob ?? '';
      const alice = ids.alice ?? '';
      // A balance changed by hand, a journal leg deleted, a withdrawal's amount changed.
      await copy.sql(`
        update balances set available = available + 100000000
          where user_id = '${bob}' and coin = 'BTC';
        delete from ledger_entries where user_id = '@fees' and coin = 'BTC';
        update asset_records set amount = 15000000000
          where user_id = '${alice}' and type = 'withdraw';
      `);
      const run = await quay(['audit'], copy.env);
      expect(run.stderr).toBe('');
      expect(run.code).toBe(1);
      const differences = run.stdout.split('\n');
      expect(differences).toContain('4 difference(s):');
      expect(run.stdout).toMatch(/^BTC\s+3\.00000000\s+2\.00000000\s+1\.00000000\s+3\s+6$/m);
      // bob's BTC: 2 deposited, 0.2 sold, 0.3 frozen for the rest of his order, 1 added by hand.
      expect(differences).toContain(
        `  balance != journal: ${bob} BTC available: is 2.50000000, expected 1.50000000 (balance against its journal)`,
      );
      // The buyer's fee of 0.2 BTC at 0.1 % went to the fee account, whose journal leg is gone.
      expect(differences).toContain(
        '  balance != journal: @fees BTC available: is 0.00020000, expected 0.00000000 (balance against its journal)',
      );
      expect(differences).toContain(
        '  journal not zero: * BTC: is -0.00020000, expected 0.00000000 (the journal of the coin does not sum to zero)',
      );
      // alice's USDT frozen: 0.1 at 49,000 for her resting buy and 200 for the withdrawal; the record says 150.
      expect(differences).toContain(
        `  frozen != held: ${alice} USDT frozen: is 5100.00000000, expected 5050.00000000 (frozen against what holds it)`,
      );
    } finally {
      await copy.drop();
    }
  });
});
