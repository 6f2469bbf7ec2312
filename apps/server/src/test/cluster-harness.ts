/**
 * An exchange of several real processes for the cluster suite and bench:
 * engines and gateways (`node --import tsx apps/server/src/main.ts` with
 * ROLE=engine / ROLE=gateway) on free loopback ports, one fresh PostgreSQL
 * schema and one fresh CLUSTER_NAME (NATS streams and Redis keys of their own). Accounts are
 * registered through the first gateway (codes from its mail outbox) and
 * funded with the operator's deposit command on the shared store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { connect as netConnect, createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { runCli } from '../cli';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../../..');
export const NATS_URL = process.env.NATS_URL ?? 'nats://127.0.0.1:4222';
export const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Whether a NATS server answers at NATS_URL (the cluster suite needs one). */
export function natsAnswers(): Promise<boolean> {
  return answers(NATS_URL, 4222);
}

/** Whether a Redis server answers at REDIS_URL (gateways count rate limits there). */
export function redisAnswers(): Promise<boolean> {
  return answers(REDIS_URL, 6379);
}

function answers(serviceUrl: string, defaultPort: number): Promise<boolean> {
  const url = new URL(serviceUrl.replace(/^[a-z]+:/, 'http:'));
  return new Promise((ok) => {
    const socket = netConnect(Number(url.port || defaultPort), url.hostname);
    const done = (up: boolean) => {
      socket.destroy();
      ok(up);
    };
    socket.setTimeout(1_000, () => done(false));
    socket.once('connect', () => done(true));
    socket.once('error', () => done(false));
  });
}

async function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const a = probe.address();
      const port = typeof a === 'object' && a ? a.port : 0;
      probe.close(() => ok(port));
    });
  });
}

export interface ClusterProcess {
  role: 'engine' | 'gateway' | 'all';
  base: string;
  dataDir: string;
  child: ChildProcess;
}

/**
 * `promise`, or an error naming `what` once `ms` have passed without it: a
 * step that never answers fails by its name, not as the whole test's timeout.
 */
export function within<T>(what: string, ms: number, promise: Promise<T>): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, fail) => {
    timer = setTimeout(() => fail(new Error(`${what}: no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, late]).finally(() => clearTimeout(timer));
}

/** Polls until `check` holds or the deadline passes (no sleeps in the suite: conditions). */
export async function waitFor(
  what: string,
  check: () => Promise<boolean> | boolean,
  timeout_ms = 60_000,
): Promise<void> {
  const deadline = Date.now() + timeout_ms;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeout_ms} ms`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function healthOf(p: ClusterProcess): Promise<string> {
  try {
    const res = await fetch(`${p.base}/health`);
    return ((await res.json()) as { status: string }).status;
  } catch {
    return 'down';
  }
}

/** The value of `quay_cluster{what="..."}` in the process's /metrics, or null. */
export async function clusterMetric(p: ClusterProcess, what: string): Promise<number | null> {
  try {
    const text = await (await fetch(`${p.base}/metrics`)).text();
    const m = new RegExp(`quay_cluster\\{what="${what}"\\} (\\S+)`).exec(text);
    return m ? Number(m[1]) : null;
  } catch {
    return null;
  }
}

export class Cluster {
  readonly processes: ClusterProcess[] = [];
  readonly name = `c${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
  readonly schema = `cl_${this.name}`;
  readonly databaseUrl: string;
  readonly sharedDir = mkdtempSync(join(tmpdir(), 'quay-cluster-'));

  constructor(
    private readonly baseUrl = process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/test',
  ) {
    const url = new URL(baseUrl);
    url.searchParams.set('schema', this.schema);
    this.databaseUrl = url.toString();
  }

  /** Starts a process; resolves once it answers /health (a standby engine: 'standby'). */
  async start(
    role: 'engine' | 'gateway' | 'all',
    env: NodeJS.ProcessEnv = {},
  ): Promise<ClusterProcess> {
    // Gateways and engines share one folder, as the documented layout does: the server's keys
    // (login encryption, device tokens) are the same on every gateway.
    const dataDir = role === 'all' ? mkdtempSync(join(tmpdir(), 'quay-all-')) : this.sharedDir;
    const port = await freePort();
    const childEnv: NodeJS.ProcessEnv = {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      SIMULATOR: 'off',
      PROTECTION_FUND_SEED: '0',
      RATE_LIMIT_LOGIN_PER_MIN: '1000000',
      RATE_LIMIT_CODE_PER_10MIN: '1000000',
      SIGN_CLIENT_OPEN: 'off',
      DEVICE_TOKEN_REQUIRED: 'off',
      WS_IDLE_S: '600',
      ...(role === 'all'
        ? { DATABASE_URL: '' }
        : {
            ROLE: role,
            DATABASE_URL: this.databaseUrl,
            NATS_URL,
            REDIS_URL,
            CLUSTER_NAME: this.name,
          }),
      ...env,
    };
    const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
      cwd: repoRoot,
      env: childEnv,
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    const p: ClusterProcess = { role, base: `http://127.0.0.1:${port}`, dataDir, child };
    this.processes.push(p);
    await waitFor(`${role} on ${port} up`, async () => {
      if (child.exitCode !== null) throw new Error(`${role} exited with ${child.exitCode}`);
      const status = await healthOf(p);
      return status === 'ok' || status === 'standby';
    });
    return p;
  }

  /** Stops every process, forgets the schema and the data directories. */
  async close(): Promise<void> {
    await Promise.all(
      this.processes.map(
        ({ child }) =>
          new Promise<void>((ok) => {
            if (child.exitCode !== null || child.signalCode !== null) return ok();
            const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
            child.once('exit', () => {
              clearTimeout(timer);
              ok();
            });
            child.kill('SIGTERM');
          }),
      ),
    );
    for (const p of this.processes) rmSync(p.dataDir, { recursive: true, force: true });
    rmSync(this.sharedDir, { recursive: true, force: true });
    const client = new pg.Client({ connectionString: this.baseUrl });
    await client.connect().catch(() => undefined);
    await client.query(`drop schema if exists "${this.schema}" cascade`).catch(() => undefined);
    await client.end().catch(() => undefined);
  }

  /** Runs SQL in the cluster's schema. */
  async query<T extends pg.QueryResultRow>(text: string): Promise<T[]> {
    const client = new pg.Client({ connectionString: this.baseUrl });
    await client.connect();
    try {
      await client.query(`set search_path to "${this.schema}"`);
      return (await client.query<T>(text)).rows;
    } finally {
      await client.end();
    }
  }
}

export const Q = '?languageType=0';

export async function post<T>(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<{ code: string; msg: string; data: T }> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}${Q}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return (await res.json()) as { code: string; msg: string; data: T };
}

function codeFromOutbox(dataDir: string, email: string): string | null {
  let content: string;
  try {
    content = readFileSync(join(dataDir, 'outbox', 'mail.log'), 'utf8');
  } catch {
    return null;
  }
  let code: string | null = null;
  for (const line of content.split('\n')) {
    if (!line) continue;
    const mail = JSON.parse(line) as { to: string; text: string };
    if (mail.to === email) code = /\b(\d{6})\b/.exec(mail.text)?.[1] ?? code;
  }
  return code;
}

/** Registers an account through `via`; resolves with its session token. */
export async function register(via: ClusterProcess, email: string): Promise<string> {
  return (await registerUser(via, email)).token;
}

/** Registers an account through `via`; resolves with its session token and public user id. */
export async function registerUser(
  via: ClusterProcess,
  email: string,
): Promise<{ token: string; userId: string }> {
  const sent = await post(via.base, '/v1/msg/verify-code/send', { bizType: 'register', email });
  if (sent.code !== '0') throw new Error(`no code for ${email}: ${sent.msg}`);
  let code: string | null = null;
  await waitFor(`code for ${email}`, () => (code = codeFromOutbox(via.dataDir, email)) !== null);
  const password = 'Quay2026pass';
  const answer = await post<{ token: string; userInfo: { userId: string } }>(
    via.base,
    '/v1/user/register/email',
    {
      email,
      pwd: password,
      rePwd: password,
      verifyCode: code,
    },
  );
  if (answer.code !== '0') throw new Error(`${email} not registered: ${answer.msg}`);
  return { token: answer.data.token, userId: answer.data.userInfo.userId };
}

/** Credits a deposit with the operator's command on the store of `databaseUrl` ('' : SQLite of dataDir). */
export async function deposit(
  store: { databaseUrl: string; dataDir: string },
  email: string,
  coin: string,
  amount: string,
): Promise<void> {
  const errors: string[] = [];
  const status = await runCli(
    ['deposit', email, coin, amount],
    { out: () => undefined, err: (line) => errors.push(line) },
    { ...process.env, DATA_DIR: store.dataDir, DATABASE_URL: store.databaseUrl },
  );
  if (status !== 0) throw new Error(`deposit to ${email} failed: ${errors.join(' ')}`);
}

/**
 * What a cluster suite needs and this machine lacks (PostgreSQL, NATS with
 * JetStream, Redis), said once as the reason the suite is skipped; empty when
 * all answer.
 */
export async function clusterServicesMissing(suite: string): Promise<string[]> {
  const missing = [
    process.env.DATABASE_URL ? null : 'PostgreSQL (DATABASE_URL)',
    (await natsAnswers()) ? null : 'NATS with JetStream (NATS_URL, default nats://127.0.0.1:4222)',
    (await redisAnswers()) ? null : 'Redis (REDIS_URL, default redis://127.0.0.1:6379)',
  ].filter((m): m is string => m !== null);
  if (missing.length > 0) console.warn(`${suite} skipped: it needs ${missing.join(' and ')}`);
  return missing;
}
