/**
 * Gateway load: requests per second through the whole /v1 stack (locale
 * resolution, schema validation, envelope, metrics) against a peer — a bare
 * node:http server answering the same JSON — both as separate processes, both
 * driven by autocannon from this process on loopback, in the same run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { round, type Figure } from './figure';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 32;

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

async function waitHealthy(url: string, child: ChildProcess): Promise<void> {
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

const PEER_SOURCE = `
const http = require('node:http');
http.createServer((req, res) => {
  const body = JSON.stringify({ code: '0', msg: 'Success', data: { serverTime: Date.now() }, status: 'ok' });
  res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
  res.end(body);
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

async function load(url: string): Promise<{ rps: number; p99: number; errors: number }> {
  const result = await autocannon({ url, connections: CONNECTIONS, duration: DURATION_S });
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

function stop(child: ChildProcess): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill('SIGTERM');
  });
}

export async function gatewayBench(): Promise<Figure[]> {
  const dataDir = mkdtempSync(join(tmpdir(), 'quay-bench-'));
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    LOG_LEVEL: 'warn',
  };
  delete env.DATABASE_URL;
  const server = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: join(repoRoot, 'apps/server'),
    env,
    stdio: 'ignore',
  });
  const peerPort = await freePort();
  const peer = spawn(process.execPath, ['-e', PEER_SOURCE], {
    env: { ...process.env, PORT: String(peerPort) },
    stdio: 'ignore',
  });
  try {
    await waitHealthy(`http://127.0.0.1:${port}/health`, server);
    await waitHealthy(`http://127.0.0.1:${peerPort}/`, peer);
    const path = '/v1/public/time?languageType=0';
    await load(`http://127.0.0.1:${port}${path}`); // warm-up
    const ours = await load(`http://127.0.0.1:${port}${path}`);
    const theirs = await load(`http://127.0.0.1:${peerPort}${path}`);
    return [
      { name: 'gateway.req_per_s', value: round(ours.rps, 0), unit: 'req/s' },
      { name: 'gateway.p99_ms', value: ours.p99, unit: 'ms' },
      { name: 'gateway.errors', value: ours.errors, unit: 'count' },
      { name: 'gateway.peer_req_per_s', value: round(theirs.rps, 0), unit: 'req/s' },
      {
        name: 'gateway.ratio_vs_peer',
        value: round(ours.rps / Math.max(theirs.rps, 1), 2),
        unit: 'x',
      },
    ];
  } finally {
    await stop(server);
    await stop(peer);
    rmSync(dataDir, { recursive: true, force: true });
  }
}
