/**
 * Gateway load: authenticated limit orders through the whole /v1 stack of the
 * real server on the embedded store (session, schema validation, the engine
 * host's batches, group commit), against three peers in the same run — a
 * bare node:http server answering the same size of JSON; the framework's
 * floor: Fastify with the same body and answer schemas and nothing else; and
 * the durable floor: that Fastify storing each order durably before it
 * answers — each in a process of its own, driven by wrk (bench/wrk.ts) on
 * loopback. Beside each throughput, the CPU time its process spent per
 * answer (all threads), and the load generator's own. Then durability: the server is killed
 * (SIGKILL) and every order answered with code "0" must be in the store.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import type BetterSqlite3 from 'better-sqlite3';
import { round, type Figure } from './figure';
import { profileDirOf, profileFigures } from './gateway-profile';
import { cpuMsAt } from './proc-stat';
import { wrkLoad, type LoadResult } from './wrk';
import {
  Q,
  freePort,
  repoRoot,
  seeded,
  startServer,
  stop,
  traders,
  type Trader,
} from './server-process';

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 128);
const USERS = Number(process.env.BENCH_USERS ?? 64);
/** The server runs under node's CPU profiler (`BENCH_SERVER_FLAGS`, server-process.ts). */
const SERVER_FLAGS = process.env.BENCH_SERVER_FLAGS ?? '';
const PROFILED = SERVER_FLAGS.includes('--cpu-prof');
/** A lighter load after the full one: the latency a trader sees when the gateway is not saturated. */
const LIGHT_CONNECTIONS = Number(process.env.BENCH_LIGHT_CONNECTIONS ?? 16);
/** Mid price in ticks of 0.01 USDT; orders land within ±0.2% of it, so many cross. */
const MID_TICKS = 5_000_000;
const SPREAD_TICKS = 10_000;

const PEER_SOURCE = `
const http = require('node:http');
http.createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    const body = JSON.stringify({ code: '0', msg: 'Success', data: { orderId: '1', status: 'NEW', symbol: 'BTCUSDT', side: 'buy', price: '50000.00', quantity: '0.00100', createdAt: Date.now() }, status: 'ok' });
    res.writeHead(200, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
}).listen(Number(process.env.PORT), '127.0.0.1');
`;

/** The order route's body and answer schemas, as both Fastify peers declare them. */
const ORDER_ROUTE_SCHEMA = `{
    body: { type: 'object', required: ['symbol', 'side', 'type'], additionalProperties: false,
      properties: { symbol: { type: 'string' }, side: { enum: ['buy', 'sell'] }, type: { enum: ['limit', 'market'] },
        price: { type: 'string' }, quantity: { type: 'string' } } },
    response: { 200: { type: 'object', properties: { code: { type: 'string' }, msg: { type: 'string' }, status: { type: 'string' },
      data: { type: 'object', properties: { orderId: { type: 'string' }, status: { type: 'string' }, symbol: { type: 'string' },
        side: { type: 'string' }, price: { type: 'string' }, quantity: { type: 'string' }, createdAt: { type: 'integer' } } } } } },
  }`;

/**
 * The framework's floor: Fastify (the server's own copy) parsing and checking
 * the same order body and serialising the same answer by schema, with no
 * hooks, session, matching or store.
 */
const FASTIFY_PEER_SOURCE = `
const fastify = require(process.env.FASTIFY_PATH)({ logger: false });
fastify.post('/v1/spot/order/place', {
  schema: ${ORDER_ROUTE_SCHEMA},
}, async (request) => ({ code: '0', msg: 'Success', status: 'ok', data: { orderId: '1', status: 'NEW', symbol: request.body.symbol, side: request.body.side, price: request.body.price, quantity: request.body.quantity, createdAt: Date.now() } }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

/**
 * The durable floor: the framework's floor that also writes each order to
 * the embedded store before it answers, the least a durable gateway does.
 * Orders that arrive together are inserted by a worker thread on its own
 * connection in one transaction and one sync (WAL, synchronous = FULL, as
 * the server's writer), and answered once committed; no session, no
 * matching, no balances.
 */
const DURABLE_PEER_SOURCE = `
const { Worker } = require('node:worker_threads');
const fastify = require(process.env.FASTIFY_PATH)({ logger: false });
const writer = new Worker(\`
const { parentPort, receiveMessageOnPort, workerData } = require('node:worker_threads');
const db = new (require(workerData.driver))(workerData.file);
db.pragma('journal_mode = WAL');
db.pragma('synchronous = FULL');
db.exec('create table if not exists orders (id integer primary key, symbol text, side text, type text, price text, quantity text, created_at integer)');
const insert = db.prepare('insert into orders (id, symbol, side, type, price, quantity, created_at) values (?, ?, ?, ?, ?, ?, ?)');
const commit = db.transaction((batches) => { for (const rows of batches) for (let i = 0; i < rows.length; i += 7) insert.run(rows[i], rows[i + 1], rows[i + 2], rows[i + 3], rows[i + 4], rows[i + 5], rows[i + 6]); });
parentPort.on('message', (first) => {
  const batches = [first];
  for (let m = receiveMessageOnPort(parentPort); m; m = receiveMessageOnPort(parentPort)) batches.push(m.message);
  commit.immediate(batches.map((b) => b.rows));
  for (const b of batches) parentPort.postMessage(b.id);
});
\`, { eval: true, workerData: { file: process.env.DB_FILE, driver: process.env.SQLITE_PATH } });
const waiting = new Map();
writer.on('message', (id) => { const done = waiting.get(id); waiting.delete(id); done(); });
let rows = [], answers = [], nextOrder = 1, nextBatch = 1;
function flush() {
  const id = nextBatch++, these = answers;
  waiting.set(id, () => { for (const a of these) a(); });
  writer.postMessage({ id, rows });
  rows = []; answers = [];
}
fastify.post('/v1/spot/order/place', {
  schema: ${ORDER_ROUTE_SCHEMA},
}, (request) => new Promise((done) => {
  const b = request.body, id = nextOrder++, now = Date.now();
  rows.push(id, b.symbol, b.side, b.type, b.price ?? null, b.quantity ?? null, now);
  if (answers.length === 0) setImmediate(flush);
  answers.push(() => done({ code: '0', msg: 'Success', status: 'ok', data: { orderId: String(id), status: 'NEW', symbol: b.symbol, side: b.side, price: b.price, quantity: b.quantity, createdAt: now } }));
}));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export function priceOf(ticks: number): string {
  return `${Math.floor(ticks / 100)}.${String(ticks % 100).padStart(2, '0')}`;
}

/**
 * What a process has written so far (Linux: /proc/<pid>/io): bytes sent to
 * the disk, and write calls of every kind (files and sockets); null where
 * there is none.
 */
function writesAt(pid: number | undefined): { bytes: number; calls: number } | null {
  try {
    const io = readFileSync(`/proc/${pid}/io`, 'utf8');
    const field = (name: string) => Number(new RegExp(`^${name}: (\\d+)$`, 'm').exec(io)?.[1]);
    const bytes = field('write_bytes');
    const calls = field('syscw');
    return Number.isFinite(bytes) && Number.isFinite(calls) ? { bytes, calls } : null;
  } catch {
    return null;
  }
}

interface Measured {
  cpuPerAnswer_us: number | null;
  mainCpuPerAnswer_us: number | null;
  /** KiB the process sent to the disk per answer: its store's log and checkpoints. */
  diskPerAnswer_kib: number | null;
  /** Write calls per answer, files and sockets (one of them is the answer's). */
  writeCallsPerAnswer: number | null;
}

/**
 * Runs a load and measures what `child` spent per answer: CPU time in µs,
 * all its threads and its main thread alone (the event loop; the rest is
 * worker threads, such as the store's writer, and node's own), and its writes.
 */
async function measured<T extends { total: number }>(
  child: ChildProcess,
  load: () => Promise<T>,
): Promise<T & Measured> {
  const all = `/proc/${child.pid}/stat`;
  const main = `/proc/${child.pid}/task/${child.pid}/stat`;
  const [allBefore, mainBefore, writesBefore] = [cpuMsAt(all), cpuMsAt(main), writesAt(child.pid)];
  const result = await load();
  const perAnswer = (before: number | null, after: number | null, scale: number, digits: number) =>
    before === null || after === null || result.total === 0
      ? null
      : round(((after - before) * scale) / result.total, digits);
  const writesAfter = writesAt(child.pid);
  return {
    ...result,
    cpuPerAnswer_us: perAnswer(allBefore, cpuMsAt(all), 1000, 0),
    mainCpuPerAnswer_us: perAnswer(mainBefore, cpuMsAt(main), 1000, 0),
    diskPerAnswer_kib: perAnswer(
      writesBefore?.bytes ?? null,
      writesAfter?.bytes ?? null,
      1 / 1024,
      1,
    ),
    writeCallsPerAnswer: perAnswer(writesBefore?.calls ?? null, writesAfter?.calls ?? null, 1, 1),
  };
}

/** Requests built ahead, in the flow's order; the load cycles through them. */
const FLOW_LENGTH = 16_384;

/** Limit orders from random traders, buy or sell within the spread around the mid. */
export async function orderLoad(
  base: string,
  accounts: Trader[],
  duration_s: number,
  seed: number,
  connections = CONNECTIONS,
): Promise<LoadResult> {
  const random = seeded(seed);
  const requests = Array.from({ length: FLOW_LENGTH }, () => {
    const trader = accounts[Math.floor(random() * accounts.length)] as Trader;
    const ticks = MID_TICKS + Math.round((random() * 2 - 1) * SPREAD_TICKS);
    return {
      authorization: `Bearer ${trader.token}`,
      body: JSON.stringify({
        symbol: 'BTCUSDT',
        side: random() < 0.5 ? 'buy' : 'sell',
        type: 'limit',
        price: priceOf(ticks),
        quantity: '0.00100',
      }),
    };
  });
  return wrkLoad({
    url: `${base}/v1/spot/order/place${Q}`,
    connections,
    duration_s,
    requests,
    readAnswers: true,
  });
}

/** A peer in a process of its own on a free port, once it answers. */
async function startPeer(source: string, env: NodeJS.ProcessEnv = {}) {
  const port = await freePort();
  const child = spawn(process.execPath, ['-e', source], {
    env: { ...process.env, ...env, PORT: String(port) },
    stdio: 'ignore',
  });
  const url = `http://127.0.0.1:${port}/v1/spot/order/place`;
  // Any answer means it listens (GET on a POST route is a 404).
  await waitAnswering(url, child);
  return { url, child };
}

async function waitAnswering(url: string, child: ReturnType<typeof spawn>): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`peer exited with ${child.exitCode}`);
    try {
      await fetch(url);
      return;
    } catch {
      if (Date.now() > deadline) throw new Error(`${url} did not answer in 30 s`);
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

async function peerLoad(url: string, duration_s: number): Promise<LoadResult> {
  const body = JSON.stringify({
    symbol: 'BTCUSDT',
    side: 'buy',
    type: 'limit',
    price: '50000.00',
    quantity: '0.00100',
  });
  return wrkLoad({
    url,
    connections: CONNECTIONS,
    duration_s,
    requests: [{ authorization: 'Bearer x', body }],
    readAnswers: false,
  });
}

function openStoreFile(file: string): BetterSqlite3.Database {
  // The driver is the server's own; the bench only reads through it.
  const require = createRequire(join(repoRoot, 'apps/server/package.json'));
  const SQLite = require('better-sqlite3') as typeof BetterSqlite3;
  // Not read-only: the killed process left its log of writes, which opening replays.
  return new SQLite(file, { fileMustExist: true });
}

/** How many rows a table of a killed process's store holds. */
function storedRows(file: string, table: string): number {
  const db = openStoreFile(file);
  try {
    return Number(db.prepare(`select count(*) from ${table}`).pluck().get());
  } finally {
    db.close();
  }
}

/** The ids of every order in the store, read from the database file without writing to it. */
function storedOrderIds(dataDir: string): Set<number> {
  const db = openStoreFile(join(dataDir, 'quay.db'));
  try {
    const rows = db.prepare('select id from spot_orders').raw().all() as Array<[number]>;
    return new Set(rows.map(([id]) => Number(id)));
  } finally {
    db.close();
  }
}

function kill(child: ReturnType<typeof spawn>): Promise<void> {
  return new Promise((ok) => {
    if (child.exitCode !== null || child.signalCode !== null) return ok();
    child.once('exit', () => ok());
    child.kill('SIGKILL');
  });
}

/** A figure read from /proc, where the platform lets it be read. */
function procFigure(name: string, value: number | null, unit = 'µs CPU (all threads)'): Figure[] {
  return value === null ? [] : [{ name, value, unit }];
}

export async function gatewayBench(): Promise<Figure[]> {
  const server = await startServer();
  const serverRequire = createRequire(join(repoRoot, 'apps/server/package.json'));
  const fastifyPath = serverRequire.resolve('fastify');
  const sqlitePath = serverRequire.resolve('better-sqlite3');
  const peers: Array<ReturnType<typeof spawn>> = [];
  const durableDir = mkdtempSync(join(tmpdir(), 'quay-bench-durable-'));
  const durableFile = join(durableDir, 'orders.db');
  try {
    const bare = await startPeer(PEER_SOURCE);
    peers.push(bare.child);
    const floor = await startPeer(FASTIFY_PEER_SOURCE, { FASTIFY_PATH: fastifyPath });
    peers.push(floor.child);
    const durable = await startPeer(DURABLE_PEER_SOURCE, {
      FASTIFY_PATH: fastifyPath,
      SQLITE_PATH: sqlitePath,
      DB_FILE: durableFile,
    });
    peers.push(durable.child);
    const accounts = await traders(server, USERS, { USDT: '100000000', BTC: '10000' });
    await orderLoad(server.base, accounts, 2, 1); // warm-up
    const loadFrom = process.hrtime.bigint();
    const ours = await measured(server.child, () =>
      orderLoad(server.base, accounts, DURATION_S, 2),
    );
    const loadTo = process.hrtime.bigint();
    const light = await orderLoad(server.base, accounts, DURATION_S, 3, LIGHT_CONNECTIONS);
    const theirs = await measured(bare.child, () => peerLoad(bare.url, DURATION_S));
    const framework = await measured(floor.child, () => peerLoad(floor.url, DURATION_S));
    const durableFloor = await measured(durable.child, () => peerLoad(durable.url, DURATION_S));
    // The floor is held to what it claims: killed, its file holds at least every order it answered.
    await kill(durable.child);
    const durableMissing = Math.max(0, durableFloor.total - storedRows(durableFile, 'orders'));
    // Killed, not stopped: what it acknowledged must be in the file as a crash leaves it.
    // A profiled server (BENCH_SERVER_FLAGS=--cpu-prof) is stopped instead, or node would
    // never write its profile; the durability figures are then not measured, the profile read.
    const afterStop: Figure[] = [];
    if (PROFILED) {
      await stop(server.child);
      const dir = profileDirOf(SERVER_FLAGS);
      if (dir) afterStop.push(...profileFigures(dir, server.child.pid ?? 0, loadFrom, loadTo));
    } else {
      await kill(server.child);
      const stored = storedOrderIds(server.dataDir);
      let missing = 0;
      for (const acked of [ours.acked, light.acked]) {
        for (const id of acked) if (!stored.has(id)) missing += 1;
      }
      afterStop.push(
        { name: 'gateway.acked_orders', value: ours.acked.size + light.acked.size, unit: 'count' },
        { name: 'gateway.acked_missing', value: missing, unit: 'count' },
      );
    }
    return [
      { name: 'gateway.orders_per_s', value: round(ours.perSecond, 0), unit: 'orders/s' },
      { name: 'gateway.p50_ms', value: ours.p50, unit: 'ms' },
      { name: 'gateway.p99_ms', value: ours.p99, unit: 'ms' },
      ...procFigure('gateway.cpu_us_per_order', ours.cpuPerAnswer_us),
      ...procFigure(
        'gateway.main_thread_cpu_us_per_order',
        ours.mainCpuPerAnswer_us,
        'µs CPU (main thread)',
      ),
      ...procFigure('gateway.disk_kib_per_order', ours.diskPerAnswer_kib, 'KiB written to disk'),
      ...procFigure(
        'gateway.write_calls_per_order',
        ours.writeCallsPerAnswer,
        'write calls (disk and socket)',
      ),
      ...procFigure(
        'gateway.client_cpu_us_per_order',
        ours.clientCpuPerRequest_us,
        'µs CPU of the load generator',
      ),
      { name: 'gateway.errors', value: ours.errors + light.errors, unit: 'count' },
      { name: 'gateway.non_2xx', value: ours.non2xx + light.non2xx, unit: 'count' },
      {
        name: 'gateway.business_errors',
        value: ours.refused + light.refused,
        unit: 'count',
      },
      {
        name: 'gateway.light.orders_per_s',
        value: round(light.perSecond, 0),
        unit: `orders/s (${LIGHT_CONNECTIONS} connections)`,
      },
      { name: 'gateway.light.p50_ms', value: light.p50, unit: 'ms' },
      { name: 'gateway.light.p99_ms', value: light.p99, unit: 'ms' },
      ...afterStop,
      { name: 'gateway.peer_req_per_s', value: round(theirs.perSecond, 0), unit: 'req/s' },
      { name: 'gateway.peer_p99_ms', value: theirs.p99, unit: 'ms' },
      ...procFigure('gateway.peer_cpu_us_per_req', theirs.cpuPerAnswer_us),
      ...procFigure(
        'gateway.peer_client_cpu_us_per_req',
        theirs.clientCpuPerRequest_us,
        'µs CPU of the load generator',
      ),
      {
        name: 'gateway.ratio_vs_peer',
        value: round(ours.perSecond / Math.max(theirs.perSecond, 1), 3),
        unit: 'x',
      },
      {
        name: 'gateway.fastify_floor_req_per_s',
        value: round(framework.perSecond, 0),
        unit: 'req/s',
      },
      { name: 'gateway.fastify_floor_p99_ms', value: framework.p99, unit: 'ms' },
      ...procFigure('gateway.fastify_floor_cpu_us_per_req', framework.cpuPerAnswer_us),
      {
        name: 'gateway.ratio_vs_fastify_floor',
        value: round(ours.perSecond / Math.max(framework.perSecond, 1), 3),
        unit: 'x',
      },
      {
        name: 'gateway.durable_floor_req_per_s',
        value: round(durableFloor.perSecond, 0),
        unit: 'req/s',
      },
      { name: 'gateway.durable_floor_p99_ms', value: durableFloor.p99, unit: 'ms' },
      ...procFigure('gateway.durable_floor_cpu_us_per_req', durableFloor.cpuPerAnswer_us),
      ...procFigure(
        'gateway.durable_floor_disk_kib_per_req',
        durableFloor.diskPerAnswer_kib,
        'KiB written to disk',
      ),
      { name: 'gateway.durable_floor_missing', value: durableMissing, unit: 'count' },
      {
        name: 'gateway.durable_floor_ratio_vs_peer',
        value: round(durableFloor.perSecond / Math.max(theirs.perSecond, 1), 3),
        unit: 'x',
      },
    ];
  } finally {
    await server.close();
    for (const peer of peers) await stop(peer);
    rmSync(durableDir, { recursive: true, force: true });
  }
}
