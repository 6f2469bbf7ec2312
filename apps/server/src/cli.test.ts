/**
 * The operator command line as an operator runs it: a child process on the
 * same DATA_DIR or DATABASE_URL as the server, read back through the app.
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Announcement, AnnouncementSummary, Banner, Page } from '@quay/core';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from './app';
import { loadConfig } from './config';
import { STORES, call, startApp, type StoreKind, type TestApp } from './test/harness';

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const CLI = 'apps/server/src/cli.ts';

interface Run {
  code: number;
  stdout: string;
  stderr: string;
}

/** Runs `node --import tsx apps/server/src/cli.ts ...args` (what `npm run quay --` runs). */
function quay(args: string[], env: Record<string, string>): Promise<Run> {
  const base = { ...process.env };
  // The child reads only the store it is pointed at.
  delete base.DATABASE_URL;
  delete base.DATA_DIR;
  return new Promise((done) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', CLI, ...args],
      { cwd: REPO_ROOT, env: { ...base, ...env }, timeout: 30_000 },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : -1) : 0;
        done({ code, stdout, stderr });
      },
    );
  });
}

/** DATA_DIR and, on PostgreSQL, DATABASE_URL of a store the server also uses. */
function storeEnv(t: { dataDir: string; databaseUrl: string | undefined }): Record<string, string> {
  return { DATA_DIR: t.dataDir, ...(t.databaseUrl ? { DATABASE_URL: t.databaseUrl } : {}) };
}

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

describe.each(STORES)('operator command line on %s', (store) => {
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
});
