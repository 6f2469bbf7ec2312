/**
 * The server as `npm start` runs it: its own process, configured by the
 * environment, stopped by SIGTERM.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { STORES, codeIn, outbox } from './test/harness';

const serverDir = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const probe = createServer();
    probe.once('error', fail);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => ok(port));
    });
  });
}

interface Running {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function start(env: Record<string, string>): Running {
  const childEnv: NodeJS.ProcessEnv = { ...process.env, LOG_LEVEL: 'info', ...env };
  if (!env.DATABASE_URL) delete childEnv.DATABASE_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: serverDir,
    env: childEnv,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)));
  return { child, output: () => output, exited };
}

async function waitHealthy(base: string, running: Running): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (running.child.exitCode !== null) throw new Error(`exited early:\n${running.output()}`);
    try {
      if ((await fetch(`${base}/health`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`not healthy in 30 s:\n${running.output()}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

describe.each(STORES)('the server process on %s', (store) => {
  it('starts from the environment, sends a code to the outbox, and stops cleanly on SIGTERM', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'quay-main-'));
    cleanups.push(() => rmSync(dataDir, { recursive: true, force: true }));
    const env: Record<string, string> = {
      PORT: String(await freePort()),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      WEB_DIST: join(dataDir, 'no-web'),
    };
    if (store === 'postgres') {
      const schema = `main_${Date.now().toString(36)}`;
      const url = new URL(process.env.DATABASE_URL ?? '');
      url.searchParams.set('schema', schema);
      env.DATABASE_URL = url.toString();
      cleanups.push(async () => {
        const client = new pg.Client({ connectionString: process.env.DATABASE_URL });
        await client.connect();
        await client.query(`drop schema if exists "${schema}" cascade`);
        await client.end();
      });
    }
    const running = start(env);
    cleanups.push(() => {
      if (running.child.exitCode === null) running.child.kill('SIGKILL');
    });
    const base = `http://127.0.0.1:${env.PORT}`;
    await waitHealthy(base, running);
    expect(existsSync(join(dataDir, 'quay.db'))).toBe(store === 'sqlite');

    // A device token first, as the web app fetches it: sending a code needs one.
    const deviceId = 'main-test-device-0001';
    const issued = (await (
      await fetch(`${base}/v1/constantid/udid/c1?appId=quay-web&deviceId=${deviceId}`)
    ).json()) as { data: string };
    expect(issued.data).toHaveLength(40);
    const sent = await fetch(`${base}/v1/msg/verify-code/send?languageType=0`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'device-token': issued.data,
        terminalcode: deviceId,
      },
      body: JSON.stringify({ bizType: 'register', email: 'outbox@example.com' }),
    });
    expect(await sent.json()).toMatchObject({ code: '0', status: 'ok' });
    const mailed = outbox(dataDir, 'mail.log').at(-1);
    expect(mailed?.to).toBe('outbox@example.com');
    // With no SMTP server the code is in the outbox file and in the log, for a person trying it out.
    const code = codeIn(mailed?.text);
    await expect.poll(() => running.output(), { timeout: 5000 }).toContain(code);

    // Passwords never reach the log.
    await fetch(`${base}/v1/user/login?languageType=0`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ loginName: 'outbox@example.com', pwd: 'SecretPass123' }),
    });

    running.child.kill('SIGTERM');
    expect(await running.exited).toBe(0);
    expect(running.output()).toContain('shutting down');
    expect(running.output()).not.toContain('SecretPass123');
  });
});

describe('a bad environment', () => {
  it('stops the start with a message naming the variable', async () => {
    const running = start({ PORT: 'eighty', DATA_DIR: join(tmpdir(), 'quay-never') });
    cleanups.push(() => {
      if (running.child.exitCode === null) running.child.kill('SIGKILL');
    });
    expect(await running.exited).not.toBe(0);
    expect(running.output()).toContain('PORT must be a whole number');
  });
});
