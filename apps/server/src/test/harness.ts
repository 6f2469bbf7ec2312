/**
 * Test support: the app on each store (SQLite in a fresh folder, and
 * PostgreSQL in a fresh schema when DATABASE_URL is set), a real SMTP server
 * capturing mail, and a movable clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import SQLite from 'better-sqlite3';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { buildApp } from '../app';
import { loadConfig, type AppConfig } from '../config';

export const STORES: Array<'sqlite' | 'postgres'> = process.env.DATABASE_URL
  ? ['sqlite', 'postgres']
  : ['sqlite'];

export class Clock {
  constructor(public ms = Date.now()) {}
  now = (): number => this.ms;
  advance(seconds: number): void {
    this.ms += seconds * 1000;
  }
}

export interface Mail {
  to: string[];
  text: string;
}

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
          text: decodeQuotedPrintable(Buffer.concat(chunks).toString('utf8')),
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

  lastCodeFor(address: string): string {
    const mail = [...this.mails].reverse().find((m) => m.to.includes(address));
    const code = mail?.text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code mailed to ${address}`);
    return code;
  }
}

function decodeQuotedPrintable(raw: string): string {
  return raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export interface TestApp {
  app: FastifyInstance;
  config: AppConfig;
  clock: Clock;
  dataDir: string;
  /** Rows in a table, read over a connection of its own. */
  count(table: string): Promise<number>;
  close(): Promise<void>;
}

export async function startApp(
  store: 'sqlite' | 'postgres',
  env: Record<string, string> = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-test-'));
  const clock = new Clock();
  let schema: string | null = null;
  let databaseUrl: string | undefined;
  if (store === 'postgres') {
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
      ...env,
    }),
    databaseUrl,
    now: clock.now,
  };
  const app = await buildApp(config);
  await app.ready();
  return {
    app,
    config,
    clock,
    dataDir,
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
      await app.close();
      if (schema) {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export interface Answer<T = unknown> {
  http: number;
  code: string;
  msg: string;
  status: string;
  data: T;
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
