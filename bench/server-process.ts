/**
 * The real server as a child process for the benches that load it: a free
 * loopback port, a throwaway data directory on the embedded store, accounts
 * registered through the public API (codes read from the mail outbox) and
 * funded by the operator's deposit command.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
export const Q = '?languageType=0';

export async function freePort(): Promise<number> {
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

export async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`process exited with ${child.exitCode}`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not up yet
    }
    if (Date.now() > deadline) throw new Error(`${url} not healthy in 60 s`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

export function stop(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    // A server that does not stop in time is killed: a bench must end by itself.
    const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
    child.once('exit', () => {
      clearTimeout(timer);
      ok();
    });
    child.kill('SIGTERM');
  });
}

export interface RunningServer {
  base: string;
  dataDir: string;
  child: ChildProcess;
  close(): Promise<void>;
}

/** Starts the server on SQLite in a fresh data directory; `env` adds or overrides variables. */
export async function startServer(env: NodeJS.ProcessEnv = {}): Promise<RunningServer> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-bench-'));
  const port = await freePort();
  const childEnv: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
    SIMULATOR: 'off',
    // Registration of many accounts from one address would hit the per-IP limits.
    RATE_LIMIT_LOGIN_PER_MIN: '1000000',
    RATE_LIMIT_CODE_PER_10MIN: '1000000',
    // The bench client is not a browser: no request signing, login encryption or device token.
    SIGN_CLIENT_OPEN: 'off',
    DEVICE_TOKEN_REQUIRED: 'off',
    ...env,
  };
  delete childEnv.DATABASE_URL;
  // BENCH_SERVER_FLAGS passes node flags to the server, e.g. to profile it under load.
  const flags = (process.env.BENCH_SERVER_FLAGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...flags, '--import', 'tsx', 'apps/server/src/main.ts'], {
    cwd: repoRoot,
    env: childEnv,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${port}`;
  try {
    await waitHealthy(`${base}/health`, child);
  } catch (err) {
    child.kill('SIGKILL');
    rmSync(dataDir, { recursive: true, force: true });
    throw err;
  }
  return {
    base,
    dataDir,
    child,
    async close() {
      await stop(child);
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

interface Envelope<T> {
  code: string;
  msg: string;
  data: T;
}

export async function post<T>(
  base: string,
  path: string,
  body: unknown,
  token?: string,
): Promise<Envelope<T>> {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (token) headers.authorization = `Bearer ${token}`;
  const res = await fetch(`${base}${path}${Q}`, {
    method: 'POST',
    headers,
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
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

/** Registers one account by email through the API; resolves with its session token. */
export async function register(server: RunningServer, email: string): Promise<string> {
  const sent = await post(server.base, '/v1/msg/verify-code/send', { bizType: 'register', email });
  if (sent.code !== '0') throw new Error(`no code for ${email}: ${sent.msg}`);
  let code: string | null = null;
  for (let i = 0; i < 50 && code === null; i += 1) {
    code = codeFromOutbox(server.dataDir, email);
    if (code === null) await new Promise((r) => setTimeout(r, 50));
  }
  if (code === null) throw new Error(`no code for ${email} in the outbox`);
  const password = 'Quay2026pass';
  const answer = await post<{ token: string }>(server.base, '/v1/user/register/email', {
    email,
    pwd: password,
    rePwd: password,
    verifyCode: code,
  });
  if (answer.code !== '0') throw new Error(`${email} not registered: ${answer.msg}`);
  return answer.data.token;
}

type RunCli = (
  argv: string[],
  io: { out(line: string): void; err(line: string): void },
  env: NodeJS.ProcessEnv,
) => Promise<number>;

/**
 * Credits deposits with the operator's command, run in this process (one
 * process start per deposit would dominate the set-up) on the server's store.
 */
export async function deposit(
  server: RunningServer,
  email: string,
  coin: string,
  amount: string,
): Promise<void> {
  const cli = (await import(pathToFileURL(join(repoRoot, 'apps/server/src/cli.ts')).href)) as {
    runCli: RunCli;
  };
  const errors: string[] = [];
  const status = await cli.runCli(
    ['deposit', email, coin, amount],
    { out: () => undefined, err: (line) => errors.push(line) },
    { ...process.env, DATA_DIR: server.dataDir, DATABASE_URL: '' },
  );
  if (status !== 0) throw new Error(`deposit to ${email} failed: ${errors.join(' ')}`);
}

export interface Trader {
  email: string;
  token: string;
}

/** Registers `count` accounts, a few at a time, and funds each with `funds` (coin → amount). */
export async function traders(
  server: RunningServer,
  count: number,
  funds: Record<string, string>,
): Promise<Trader[]> {
  const out: Trader[] = [];
  const PARALLEL = 8;
  for (let i = 0; i < count; i += PARALLEL) {
    const emails = Array.from(
      { length: Math.min(PARALLEL, count - i) },
      (_, k) => `trader${i + k}@bench.example`,
    );
    const tokens = await Promise.all(emails.map((email) => register(server, email)));
    emails.forEach((email, k) => out.push({ email, token: tokens[k] ?? '' }));
  }
  for (const { email } of out) {
    for (const [coin, amount] of Object.entries(funds)) await deposit(server, email, coin, amount);
  }
  return out;
}

/** A small seeded generator: the same seed gives the same order flow. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
