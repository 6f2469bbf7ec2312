/**
 * Gateway load: authenticated limit orders through the whole /v1 stack of the
 * real server on the embedded store (session, schema validation, the engine
 * host's batches, group commit), against two peers in the same run — a bare
 * node:http server answering the same size of JSON, and the framework's
 * floor: Fastify with the same body and answer schemas and nothing else —
 * each in a process of its own, driven by autocannon from this process on
 * loopback. Then durability: the server is killed (SIGKILL) and every order
 * answered with code "0" must be in the store.
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { createRequire } from 'node:module';
import autocannon from 'autocannon';
import type BetterSqlite3 from 'better-sqlite3';
import { round, type Figure } from './figure';
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
const PROFILED = (process.env.BENCH_SERVER_FLAGS ?? '').includes('--cpu-prof');
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

/**
 * The framework's floor: Fastify (the server's own copy) parsing and checking
 * the same order body and serialising the same answer by schema, with no
 * hooks, session, matching or store.
 */
const FASTIFY_PEER_SOURCE = `
const fastify = require(process.env.FASTIFY_PATH)({ logger: false });
const text = { type: 'string' };
fastify.post('/v1/spot/order/place', {
  schema: {
    body: { type: 'object', required: ['symbol', 'side', 'type'], additionalProperties: false,
      properties: { symbol: text, side: { enum: ['buy', 'sell'] }, type: { enum: ['limit', 'market'] }, price: text, quantity: text } },
    response: { 200: { type: 'object', properties: { code: text, msg: text, status: text,
      data: { type: 'object', properties: { orderId: text, status: text, symbol: text, side: text, price: text, quantity: text, createdAt: { type: 'integer' } } } } } },
  },
}, async (request) => ({ code: '0', msg: 'Success', status: 'ok', data: { orderId: '1', status: 'NEW', symbol: request.body.symbol, side: request.body.side, price: request.body.price, quantity: request.body.quantity, createdAt: Date.now() } }));
fastify.listen({ port: Number(process.env.PORT), host: '127.0.0.1' });
`;

export function priceOf(ticks: number): string {
  return `${Math.floor(ticks / 100)}.${String(ticks % 100).padStart(2, '0')}`;
}

interface LoadResult {
  ordersPerSecond: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  businessErrors: number;
  acked: Set<number>;
}

/** Limit orders from random traders, buy or sell within the spread around the mid. */
export async function orderLoad(
  base: string,
  accounts: Trader[],
  duration_s: number,
  seed: number,
  connections = CONNECTIONS,
) {
  const random = seeded(seed);
  const acked = new Set<number>();
  let businessErrors = 0;
  const result = await autocannon({
    url: base,
    connections,
    duration: duration_s,
    requests: [
      {
        method: 'POST',
        path: `/v1/spot/order/place${Q}`,
        setupRequest: (request) => {
          const trader = accounts[Math.floor(random() * accounts.length)] as Trader;
          const ticks = MID_TICKS + Math.round((random() * 2 - 1) * SPREAD_TICKS);
          return {
            ...request,
            headers: {
              'content-type': 'application/json',
              authorization: `Bearer ${trader.token}`,
            },
            body: JSON.stringify({
              symbol: 'BTCUSDT',
              side: random() < 0.5 ? 'buy' : 'sell',
              type: 'limit',
              price: priceOf(ticks),
              quantity: '0.00100',
            }),
          };
        },
        onResponse: (status, body) => {
          if (status !== 200) return;
          const answer = JSON.parse(body) as { code: string; data?: { orderId?: string } };
          if (answer.code === '0' && answer.data?.orderId) acked.add(Number(answer.data.orderId));
          else businessErrors += 1;
        },
      },
    ],
  });
  return {
    ordersPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    businessErrors,
    acked,
  } satisfies LoadResult;
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

async function peerLoad(url: string, duration_s: number) {
  const result = await autocannon({
    url,
    connections: CONNECTIONS,
    duration: duration_s,
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: 'Bearer x' },
    body: JSON.stringify({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      price: '50000.00',
      quantity: '0.00100',
    }),
  });
  return { rps: result.requests.average, p99: result.latency.p99 };
}

/** The ids of every order in the store, read from the database file without writing to it. */
function storedOrderIds(dataDir: string): Set<number> {
  // The driver is the server's own; the bench only reads through it.
  const require = createRequire(join(repoRoot, 'apps/server/package.json'));
  const SQLite = require('better-sqlite3') as typeof BetterSqlite3;
  // Not read-only: the killed server left its log of writes, which opening replays.
  const db = new SQLite(join(dataDir, 'quay.db'), { fileMustExist: true });
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

export async function gatewayBench(): Promise<Figure[]> {
  const server = await startServer();
  const fastifyPath = createRequire(join(repoRoot, 'apps/server/package.json')).resolve('fastify');
  const peers: Array<ReturnType<typeof spawn>> = [];
  try {
    const bare = await startPeer(PEER_SOURCE);
    peers.push(bare.child);
    const floor = await startPeer(FASTIFY_PEER_SOURCE, { FASTIFY_PATH: fastifyPath });
    peers.push(floor.child);
    const accounts = await traders(server, USERS, { USDT: '100000000', BTC: '10000' });
    await orderLoad(server.base, accounts, 2, 1); // warm-up
    const ours = await orderLoad(server.base, accounts, DURATION_S, 2);
    const light = await orderLoad(server.base, accounts, DURATION_S, 3, LIGHT_CONNECTIONS);
    const theirs = await peerLoad(bare.url, DURATION_S);
    const framework = await peerLoad(floor.url, DURATION_S);
    // Killed, not stopped: what it acknowledged must be in the file as a crash leaves it.
    // A profiled server (BENCH_SERVER_FLAGS=--cpu-prof) is stopped instead, or node would
    // never write its profile; the durability figures are then not measured.
    const durability: Figure[] = [];
    if (PROFILED) {
      await stop(server.child);
    } else {
      await kill(server.child);
      const stored = storedOrderIds(server.dataDir);
      let missing = 0;
      for (const acked of [ours.acked, light.acked]) {
        for (const id of acked) if (!stored.has(id)) missing += 1;
      }
      durability.push(
        { name: 'gateway.acked_orders', value: ours.acked.size + light.acked.size, unit: 'count' },
        { name: 'gateway.acked_missing', value: missing, unit: 'count' },
      );
    }
    return [
      { name: 'gateway.orders_per_s', value: round(ours.ordersPerSecond, 0), unit: 'orders/s' },
      { name: 'gateway.p50_ms', value: ours.p50, unit: 'ms' },
      { name: 'gateway.p99_ms', value: ours.p99, unit: 'ms' },
      { name: 'gateway.errors', value: ours.errors + light.errors, unit: 'count' },
      { name: 'gateway.non_2xx', value: ours.non2xx + light.non2xx, unit: 'count' },
      {
        name: 'gateway.business_errors',
        value: ours.businessErrors + light.businessErrors,
        unit: 'count',
      },
      {
        name: 'gateway.light.orders_per_s',
        value: round(light.ordersPerSecond, 0),
        unit: `orders/s (${LIGHT_CONNECTIONS} connections)`,
      },
      { name: 'gateway.light.p50_ms', value: light.p50, unit: 'ms' },
      { name: 'gateway.light.p99_ms', value: light.p99, unit: 'ms' },
      ...durability,
      { name: 'gateway.peer_req_per_s', value: round(theirs.rps, 0), unit: 'req/s' },
      { name: 'gateway.peer_p99_ms', value: theirs.p99, unit: 'ms' },
      {
        name: 'gateway.ratio_vs_peer',
        value: round(ours.ordersPerSecond / Math.max(theirs.rps, 1), 3),
        unit: 'x',
      },
      { name: 'gateway.fastify_floor_req_per_s', value: round(framework.rps, 0), unit: 'req/s' },
      { name: 'gateway.fastify_floor_p99_ms', value: framework.p99, unit: 'ms' },
      {
        name: 'gateway.ratio_vs_fastify_floor',
        value: round(ours.ordersPerSecond / Math.max(framework.rps, 1), 3),
        unit: 'x',
      },
    ];
  } finally {
    await server.close();
    for (const peer of peers) await stop(peer);
  }
}
