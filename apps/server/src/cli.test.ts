/**
 * The operator command line as an operator runs it: a child process on the
 * same DATA_DIR or DATABASE_URL as the server, read back through the app.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type {
  Announcement,
  AnnouncementSummary,
  AssetRecord,
  Balance,
  Banner,
  Page,
} from '@quay/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './kernel/config';
import {
  MailCatcher,
  STORES,
  bearer,
  call,
  registerByEmail,
  startApp,
  type StoreKind,
  type TestApp,
} from './test/harness';
import { quay, storeEnv } from './test/operator-cli';

/** A store nobody has opened yet: a fresh folder, and a fresh schema on PostgreSQL. */
function freshStore(kind: StoreKind): {
  dataDir: string;
  databaseUrl: string | undefined;
  drop(): Promise<void>;
} {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-cli-store-'));
  if (kind === 'sqlite') {
    return {
      dataDir,
      databaseUrl: undefined,
      drop: async () => rmSync(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = `cli_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const url = new URL(process.env.DATABASE_URL ?? '');
  url.searchParams.set('schema', schema);
  return {
    dataDir,
    databaseUrl: url.toString(),
    async drop() {
      rmSync(dataDir, { recursive: true, force: true });
      const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await client.connect();
      try {
        await client.query(`drop schema if exists "${schema}" cascade`);
      } finally {
        await client.end();
      }
    },
  };
}

// Each test runs the command line as a new process several times: on a loaded two-core
// machine that takes longer than the suite's default allows for one test.
describe.each(STORES)('operator command line on %s', { timeout: 120_000 }, (store) => {
  let t: TestApp;
  let files: string;

  beforeAll(async () => {
    t = await startApp(store);
    files = mkdtempSync(join(tmpdir(), 'quay-cli-files-'));
  });
  afterAll(async () => {
    await t?.close();
    rmSync(files, { recursive: true, force: true });
  });

  it('publishes an announcement the running server shows at once, its HTML as written', async () => {
    const body = '<h2>Maintenance</h2><p onclick="steal()">Deposits pause at 02:00 UTC.</p>';
    const file = join(files, 'maintenance.html');
    writeFileSync(file, body);
    const run = await quay(
      [
        'announce',
        '--title',
        'Scheduled wallet maintenance',
        '--body-file',
        file,
        '--banner',
        'banners/security.svg',
      ],
      storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl }),
    );
    expect(run.stderr).toBe('');
    expect(run.code).toBe(0);
    const id = run.stdout.trim();
    expect(id).toMatch(/^[A-Za-z0-9-]{1,64}$/);

    const shown = await call<Announcement>(t.app, 'GET', `/v1/public/announcements/${id}`);
    expect(shown.data).toMatchObject({
      id,
      title: 'Scheduled wallet maintenance',
      bodyHtml: body,
      bannerUrl: '/static/banners/security.svg',
    });
    const list = await call<Page<AnnouncementSummary>>(t.app, 'GET', '/v1/public/announcements');
    expect(list.data.total).toBe(4);
    expect(list.data.items[0]?.id).toBe(id);
  });

  it('on a store no server has opened yet: migrates it, and the opening announcements stay', async () => {
    const fresh = freshStore(store);
    try {
      const file = join(files, 'early.html');
      writeFileSync(file, '<p>Trading opens on Monday.</p>');
      const run = await quay(
        ['announce', '--title', 'Opening soon', '--body-file', file],
        storeEnv(fresh),
      );
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      const id = run.stdout.trim();

      const config = {
        ...loadConfig({
          DATA_DIR: fresh.dataDir,
          LOG_LEVEL: 'silent',
          WEB_DIST: join(fresh.dataDir, 'web'),
        }),
        databaseUrl: fresh.databaseUrl,
      };
      const app = await buildApp(config);
      try {
        const list = await call<Page<AnnouncementSummary>>(app, 'GET', '/v1/public/announcements');
        expect(list.data.total).toBe(4);
        expect(list.data.items[0]).toMatchObject({ id, title: 'Opening soon', bannerUrl: null });
        // Banners still link to the opening announcements they are about.
        const banners = await call<Banner[]>(app, 'GET', '/v1/public/banners');
        expect(banners.data.map((b) => b.link)).toEqual([
          '/register',
          '/announcement/security-phishing-notice',
          '/announcement/fee-schedule',
        ]);
      } finally {
        await app.close();
      }
    } finally {
      await fresh.drop();
    }
  });

  it('explains itself, and refuses wrong uses with a non-zero exit and nothing written', async () => {
    const env = storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl });
    const before = await t.count('announcements');
    const body = join(files, 'body.html');
    writeFileSync(body, '<p>x</p>');

    const help = await quay(['--help'], env);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/Usage: npm run quay -- <command>/);
    expect(help.stdout).toMatch(/announce\s+Publish an announcement/);
    // Each command: its name and summary, then its usage under the summary, in one column.
    const listed = help.stdout.split('\n').slice(help.stdout.split('\n').indexOf('Commands:') + 1);
    const entries = listed.filter((line) => line.trim() !== '');
    // Thirteen commands: deposit, withdrawals, approve, reject, audit, api-key, vip, earn, reserves, user, agency, p2p, announce.
    expect(entries.length).toBe(26);
    const columns = new Set<number>();
    for (let i = 0; i < entries.length; i += 2) {
      const [summary = '', usage = ''] = entries.slice(i, i + 2);
      const name = /^ {2}(\S+) {2,}\S/.exec(summary)?.[1];
      expect(name, summary).toBeDefined();
      expect(usage.trimStart().startsWith(name ?? '?'), usage).toBe(true);
      columns.add(summary.length - summary.slice(2 + (name ?? '').length).trimStart().length);
      columns.add(usage.length - usage.trimStart().length);
    }
    expect([...columns]).toHaveLength(1);
    const announceHelp = await quay(['announce', '--help'], env);
    expect(announceHelp.code).toBe(0);
    expect(announceHelp.stdout).toMatch(/--body-file/);

    const refused: Array<[string[], Record<string, string>, number, RegExp]> = [
      [[], env, 2, /Usage: npm run quay/],
      [['launch-rockets'], env, 2, /Unknown command "launch-rockets"/],
      [['announce', '--title', 'No body'], env, 2, /--body-file is required/],
      [
        ['announce', '--title', 'x', '--body-file', body, '--banner', 'banners/launch.svg'],
        env,
        2,
        /banners\/fees\.svg, banners\/security\.svg, banners\/spot-launch\.svg/,
      ],
      [
        ['announce', '--title', 'x', '--body-file', body],
        { ...env, IMAGE_HOSTS: 'img.quay.example' },
        1,
        /Configuration refused: IMAGE_HOSTS/,
      ],
    ];
    for (const [args, runEnv, code, message] of refused) {
      const run = await quay(args, runEnv);
      expect(run.code, args.join(' ')).toBe(code);
      expect(`${run.stdout}${run.stderr}`, args.join(' ')).toMatch(message);
      expect(run.stderr, args.join(' ')).not.toMatch(/\n\s+at /);
    }
    expect(await t.count('announcements')).toBe(before);
  });

  describe('funds', () => {
    let mail: MailCatcher;
    let token: string;
    const email = 'operator-funds@example.com';
    const env = () => storeEnv({ dataDir: t.dataDir, databaseUrl: t.config.databaseUrl });
    const usdt = async () => {
      const answer = await call<Balance[]>(
        t.app,
        'GET',
        '/v1/asset/balances',
        undefined,
        bearer(token),
      );
      return answer.data.find((b) => b.coin === 'USDT');
    };

    beforeAll(async () => {
      mail = new MailCatcher();
      await mail.start();
      await t.close();
      t = await startApp(store, {
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(mail.port),
        SIMULATOR: 'off',
      });
      const session = await registerByEmail<{ token: string }>(t, mail, email);
      token = session.data.token;
    });
    afterAll(async () => {
      await mail.stop();
    });

    it('credits a deposit the user sees at once, journaled and listed in their records', async () => {
      const run = await quay(['deposit', email, 'usdt', '1250.5'], env());
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(await usdt()).toMatchObject({ available: '1250.50000000', frozen: '0.00000000' });
      const records = await call<Page<AssetRecord>>(
        t.app,
        'GET',
        '/v1/asset/records?type=deposit',
        undefined,
        bearer(token),
      );
      expect(records.data.items[0]).toMatchObject({
        id: run.stdout.trim(),
        coin: 'USDT',
        amount: '1250.50000000',
        status: 'completed',
      });
    });

    it('lists, approves and rejects pending withdrawals', async () => {
      const ask = (amount: string) =>
        call<AssetRecord>(
          t.app,
          'POST',
          '/v1/asset/withdraw',
          { coin: 'USDT', address: 'TLa2f6VPqDgRE67v1736s7bJ8Ray5wYjU7', amount },
          bearer(token),
        );
      const first = await ask('200');
      t.clock.advance(1);
      const second = await ask('50');
      expect(await usdt()).toMatchObject({ available: '1000.50000000', frozen: '250.00000000' });

      const list = await quay(['withdrawals'], env());
      expect(list.code).toBe(0);
      const lines = list.stdout.trim().split('\n');
      expect(lines.map((l) => l.split('\t')[0])).toEqual([first.data.id, second.data.id]);
      expect(lines[0]).toContain(email);

      const approve = await quay(['approve', first.data.id], env());
      expect(approve.code, approve.stderr).toBe(0);
      expect(approve.stdout).toMatch(/completed 200\.00000000 USDT/);
      const reject = await quay(['reject', second.data.id], env());
      expect(reject.code, reject.stderr).toBe(0);
      expect(await usdt()).toMatchObject({ available: '1050.50000000', frozen: '0.00000000' });
      // A settled withdrawal cannot be settled again.
      const twice = await quay(['approve', first.data.id], env());
      expect(twice.code).toBe(2);
      expect(twice.stderr).toMatch(/WITHDRAWAL_NOT_FOUND/);
      expect((await quay(['withdrawals'], env())).stdout).toMatch(/no pending withdrawals/);
    });

    it('refuses a deposit to nobody, of an unknown coin or a bad amount, and writes nothing', async () => {
      const before = await t.count('ledger_entries');
      for (const [args, message] of [
        [['deposit', 'nobody@example.com', 'USDT', '1'], /no account with the email/],
        [['deposit', email, 'DOGE', '1'], /COIN_UNKNOWN/],
        [['deposit', email, 'USDT', '-5'], /Unknown option '-5'/],
        [['deposit', email, 'USDT', '0'], /AMOUNT_INVALID/],
        [['deposit', email, 'USDT', '0.000000001'], /AMOUNT_INVALID/],
        [['deposit', email, 'USDT'], /email, coin and amount are required/],
      ] as const) {
        const run = await quay([...args], env());
        expect(run.code, args.join(' ')).toBe(2);
        expect(run.stderr, args.join(' ')).toMatch(message);
      }
      expect(await t.count('ledger_entries')).toBe(before);
    });
  });
});
