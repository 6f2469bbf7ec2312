/**
 * Test support: the app on each store (SQLite in a fresh folder, and
 * PostgreSQL in a fresh schema when DATABASE_URL is set), a real SMTP server
 * capturing mail, and a movable clock.
 */
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { expect } from 'vitest';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../kernel/config';
import { auditReport } from '../kernel/ledger-audit';
import { auditFunds } from '../modules/assets';
import { openStore, type AppStore as Store } from '../store';

export type StoreKind = 'sqlite' | 'postgres';

/** Every suite runs on SQLite, and on PostgreSQL too when DATABASE_URL points at one. */
export const STORES: StoreKind[] = process.env.DATABASE_URL ? ['sqlite', 'postgres'] : ['sqlite'];

const HOUR = 3_600_000;
const FUNDING_GRID = 8 * HOUR;

/**
 * An hour past the last 8-hour mark (00:00, 08:00, 16:00 UTC), up to 8 hours back: a
 * start for the clock of a suite that trades perpetuals. The futures host settles funding
 * at those marks of its clock, and a suite moves its clock on (each registration waits out
 * the code's resend time, 61 s): started a few minutes before a mark, it would meet one
 * between two of its steps. Not the default: suites that sign with the wall clock (the
 * public API's) need the clock near it.
 */
export function clearOfFunding(now = Date.now()): number {
  return Math.floor((now - HOUR) / FUNDING_GRID) * FUNDING_GRID + HOUR;
}

export class Clock {
  constructor(public ms = Date.now()) {}
  now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export class MailCatcher {
  readonly mails: Mail[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        this.mails.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          ...parseMail(Buffer.concat(chunks).toString('utf8')),
        });
        callback();
      });
    },
  });
  port = 0;

  async start(): Promise<void> {
    await new Promise<void>((ok) => this.server.listen(0, '127.0.0.1', () => ok()));
    const address = this.server.server.address();
    this.port = typeof address === 'object' && address ? address.port : 0;
  }

  stop(): Promise<void> {
    return new Promise((ok) => this.server.close(() => ok()));
  }

  mailsTo(address: string): Mail[] {
    return this.mails.filter((m) => m.to.includes(address));
  }

  lastCodeFor(address: string): string {
    const code = this.mailsTo(address)
      .at(-1)
      ?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${address}`);
    return code;
  }
}

/** Bytes of a quoted-printable string (soft line breaks removed). */
function quotedPrintable(value: string, underscoreIsSpace = false): Buffer {
  const text = value.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < text.length; i += 1) {
    const char = text[i] ?? '';
    const hex = text.slice(i + 1, i + 3);
    if (char === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else if (char === '_' && underscoreIsSpace) {
      bytes.push(0x20);
    } else {
      bytes.push(...Buffer.from(char, 'utf8'));
    }
  }
  return Buffer.from(bytes);
}

/** A header value with its RFC 2047 encoded words decoded. */
function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(
      /=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g,
      (_, _charset: string, kind: string, data: string) =>
        kind.toUpperCase() === 'B'
          ? Buffer.from(data, 'base64').toString('utf8')
          : quotedPrintable(data, true).toString('utf8'),
    );
}

/** Subject and text of a single-part text mail as an SMTP server receives it. */
function parseMail(raw: string): { subject: string; text: string } {
  const split = /\r?\n\r?\n/.exec(raw);
  const head = split ? raw.slice(0, split.index) : raw;
  const body = split ? raw.slice(split.index + split[0].length) : '';
  const headers = new Map<string, string>();
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0)
      headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  const encoding = headers.get('content-transfer-encoding')?.toLowerCase();
  const text =
    encoding === 'base64'
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : encoding === 'quoted-printable'
        ? quotedPrintable(body).toString('utf8')
        : body;
  return { subject: decodeWords(headers.get('subject') ?? ''), text: text.trim() };
}

/** The entries of an outbox file (mail.log or sms.log), oldest first. */
export function outbox(
  dataDir: string,
  file: 'mail.log' | 'sms.log',
): Array<{ time: string; to: string; subject: string; text: string }> {
  let content: string;
  try {
    content = readFileSync(join(dataDir, 'outbox', file), 'utf8');
  } catch {
    return [];
  }
  return content
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as { time: string; to: string; subject: string; text: string });
}

export function codeIn(text: string | undefined): string {
  const code = text?.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in ${text}`);
  return code;
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: Clock;
  dataDir: string;
  /** The same database through a store of the test's own, to read rows via the repositories. */
  store: Store;
  /** Rows in a table, counted over a raw connection of the test's own. */
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

export interface StartOptions {
  /** Called before the app is ready, e.g. to add a route for a test. */
  beforeReady?: (app: FastifyInstance) => void;
  /** Settings that are no environment variable, e.g. a log stream to read. */
  config?: Partial<AppConfig>;
  /** Where the suite's clock starts (default: now), e.g. `clearOfFunding()`. */
  clockStart?: number;
}

export async function startApp(
  kind: StoreKind,
  env: Record<string, string> = {},
  options: StartOptions = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-test-'));
  const clock = new Clock(options.clockStart);
  let schema: string | null = null;
  let databaseUrl: string | undefined;
  if (kind === 'postgres') {
    schema = `t_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
    const url = new URL(process.env.DATABASE_URL ?? '');
    url.searchParams.set('schema', schema);
    databaseUrl = url.toString();
  }
  const config: AppConfig = {
    ...loadConfig({
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST: join(dataDir, 'web'),
      // Suites trade on their own; the simulator has its own tests.
      SIMULATOR: 'off',
      // Ledger sums in the suites count what they deposit; the futures suite seeds its own fund.
      PROTECTION_FUND_SEED: '0',
      // Signing, login encryption and device tokens have their own suite
      // (gateway.test.ts), which turns them on; elsewhere calls go as before.
      SIGN_CLIENT_OPEN: 'off',
      DEVICE_TOKEN_REQUIRED: 'off',
      ...env,
    }),
    databaseUrl,
    now: clock.now,
    ...options.config,
  };
  const dropSchema = async () => {
    if (!schema) return;
    const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
    await client.connect();
    try {
      await client.query(`drop schema if exists "${schema}" cascade`);
    } finally {
      await client.end();
    }
  };
  let app: FastifyInstance;
  let store: Store;
  try {
    app = await buildApp(config);
    options.beforeReady?.(app);
    await app.ready();
    store = await openStore({ dataDir, databaseUrl });
  } catch (err) {
    await dropSchema();
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  const handle: TestApp = {
    app,
    config,
    clock,
    dataDir,
    store,
    async count(table: string) {
      if (!/^[a-z_]+$/.test(table)) throw new Error(`bad table ${table}`);
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        try {
          const res = await client.query(`select count(*)::int as n from "${schema}".${table}`);
          return Number(res.rows[0]?.n);
        } finally {
          await client.end();
        }
      }
      const db = new SQLite(join(dataDir, 'quay.db'), { readonly: true });
      try {
        return Number((db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n);
      } finally {
        db.close();
      }
    },
    async close() {
      await store.close();
      // The app running now: a suite that restarts it puts the new one in `app`.
      await handle.app.close();
      await dropSchema();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
  return handle;
}

export interface Answer<T = unknown> {
  http: number;
  code: string;
  msg: string;
  status: string;
  data: T;
  /** The quay_session Set-Cookie line, if the answer set or cleared it. */
  cookie: string | undefined;
}

/** One call as a client makes it: JSON in, envelope out. */
export async function call<T = Record<string, unknown>>(
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer<T>> {
  const res = await app.inject({
    method,
    url,
    headers: body === undefined ? headers : { 'content-type': 'application/json', ...headers },
    payload:
      body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const json = res.json() as { code: string; msg: string; status: string; data: T };
  const setCookie = res.headers['set-cookie'];
  const cookie = (Array.isArray(setCookie) ? setCookie : setCookie ? [setCookie] : []).find((c) =>
    c.startsWith('quay_session='),
  );
  return { http: res.statusCode, ...json, cookie };
}

export function bearer(token: string): Record<string, string> {
  return { authorization: `Bearer ${token}` };
}

/** The Cookie request header a browser would send back for a Set-Cookie line. */
export function cookieFrom(setCookie: string | undefined): Record<string, string> {
  const pair = setCookie?.split(';')[0];
  if (!pair) throw new Error('no cookie was set');
  return { cookie: pair };
}

/**
 * A fresh account by email: the code by mail, then registration. Moves the
 * clock past the resend window first, so calls can follow each other.
 */
export async function registerByEmail<T = Record<string, unknown>>(
  t: TestApp,
  mail: MailCatcher,
  email: string,
  extra: Record<string, string> = {},
  password = 'Quay2026pass',
): Promise<Answer<T>> {
  t.clock.advance(t.config.codeResend_s + 1);
  const sent = await call(t.app, 'POST', '/v1/msg/verify-code/send?languageType=0', {
    bizType: 'register',
    email,
  });
  if (sent.code !== '0') throw new Error(`no code sent to ${email}: ${sent.msg}`);
  return call<T>(t.app, 'POST', '/v1/user/register/email?languageType=0', {
    email,
    pwd: password,
    rePwd: password,
    verifyCode: mail.lastCodeFor(email),
    ...extra,
  });
}

/**
 * The ledger balances: per coin, every account together (users, fees)
 * equals what came in from outside (real or demo) minus what went out; and
 * the full audit (`npm run quay -- audit`) finds no difference.
 */
export async function expectLedgerBalanced(store: Store): Promise<void> {
  const held = await store.repos.ledger.coinTotals();
  const outside = await store.repos.ledger.externalTotals();
  for (const [coin, total] of held) expect(total, coin).toBe(-(outside.get(coin) ?? 0n));
  for (const [coin, total] of outside) expect(-total, coin).toBe(held.get(coin) ?? 0n);
  const audit = await auditFunds(store);
  expect(audit.differences, auditReport(audit).join('\n')).toEqual([]);
}
