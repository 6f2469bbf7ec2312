/**
 * `cluster`: authenticated limit orders on PostgreSQL through one process
 * (ROLE=all), then through one and two gateways in front of one engine
 * (ROLE=gateway, ROLE=engine, NATS JetStream between them), in the same run,
 * each on a fresh schema. The load is the gateway group's (wrk,
 * buys and sells within ±0.2% of a mid), split evenly over the gateways;
 * orders/s is their sum, p99 the worst gateway's. Then durability: every
 * order answered "0" is in the store. Needs PostgreSQL (DATABASE_URL, or
 * the local default) and NATS (NATS_URL, or the local default).
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { round, type Figure } from './figure';
import { orderLoad } from './gateway';
import { repoRoot, type Trader } from './server-process';

/** What the bench uses of the server's cluster harness (loaded at run time, as the operator CLI is). */
interface ClusterProcess {
  base: string;
  dataDir: string;
}
interface Cluster {
  readonly databaseUrl: string;
  start(role: 'engine' | 'gateway' | 'all', env?: NodeJS.ProcessEnv): Promise<ClusterProcess>;
  query<T>(text: string): Promise<T[]>;
  close(): Promise<void>;
}
interface Harness {
  Cluster: new () => Cluster;
  natsAnswers(): Promise<boolean>;
  register(via: ClusterProcess, email: string): Promise<string>;
  deposit(
    store: { databaseUrl: string; dataDir: string },
    email: string,
    coin: string,
    amount: string,
  ): Promise<void>;
}

const harness = (): Promise<Harness> =>
  import(
    pathToFileURL(join(repoRoot, 'apps/server/src/test/cluster-harness.ts')).href
  ) as Promise<Harness>;

const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 10);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 64);
const USERS = Number(process.env.BENCH_USERS ?? 16);

async function tradersOn(cluster: Cluster, via: ClusterProcess): Promise<Trader[]> {
  const { register, deposit } = await harness();
  const out: Trader[] = [];
  for (let i = 0; i < USERS; i += 1) {
    const email = `trader${i}@bench.example`;
    out.push({ email, token: await register(via, email) });
    const store = { databaseUrl: cluster.databaseUrl, dataDir: via.dataDir };
    await deposit(store, email, 'USDT', '100000000');
    await deposit(store, email, 'BTC', '10000');
  }
  return out;
}

interface Measured {
  ordersPerSecond: number;
  p99: number;
  failed: number;
  missing: number;
}

/** The load split over `entries`, side by side; then the acknowledged orders checked in the store. */
async function measure(cluster: Cluster, entries: ClusterProcess[]): Promise<Measured> {
  const accounts = await tradersOn(cluster, entries[0] as ClusterProcess);
  const per = Math.max(1, Math.floor(CONNECTIONS / entries.length));
  // Warm-up, then the measured run.
  await Promise.all(entries.map((e, i) => orderLoad(e.base, accounts, 2, 100 + i, per)));
  const results = await Promise.all(
    entries.map((e, i) => orderLoad(e.base, accounts, DURATION_S, 7 + i, per)),
  );
  const stored = new Set(
    (await cluster.query<{ id: string }>('select id from spot_orders')).map((r) => Number(r.id)),
  );
  let missing = 0;
  for (const r of results) for (const id of r.acked) if (!stored.has(id)) missing += 1;
  return {
    ordersPerSecond: results.reduce((sum, r) => sum + r.perSecond, 0),
    p99: Math.max(...results.map((r) => r.p99)),
    failed: results.reduce((sum, r) => sum + r.errors + r.non2xx + r.refused, 0),
    missing,
  };
}

async function scenario(
  name: string,
  build: (cluster: Cluster) => Promise<ClusterProcess[]>,
): Promise<Figure[]> {
  const cluster = new (await harness()).Cluster();
  try {
    const m = await measure(cluster, await build(cluster));
    return [
      {
        name: `cluster.${name}.orders_per_s`,
        value: round(m.ordersPerSecond, 0),
        unit: 'orders/s',
      },
      { name: `cluster.${name}.p99_ms`, value: m.p99, unit: 'ms' },
      { name: `cluster.${name}.failed`, value: m.failed, unit: 'count' },
      { name: `cluster.${name}.acked_missing`, value: m.missing, unit: 'count' },
    ];
  } finally {
    await cluster.close();
  }
}

export async function clusterBench(): Promise<Figure[]> {
  if (!(await (await harness()).natsAnswers())) {
    console.error('cluster bench skipped: it needs NATS with JetStream (NATS_URL) and PostgreSQL');
    return [];
  }
  const single = await scenario('single_process', async (c) => [
    await c.start('all', { DATABASE_URL: c.databaseUrl }),
  ]);
  const one = await scenario('one_gateway', async (c) => {
    await c.start('engine');
    return [await c.start('gateway')];
  });
  const two = await scenario('two_gateways', async (c) => {
    await c.start('engine');
    return [await c.start('gateway'), await c.start('gateway')];
  });
  const rate = (figures: Figure[]) => figures[0]?.value ?? 0;
  return [
    ...single,
    ...one,
    ...two,
    {
      name: 'cluster.two_gateways_vs_single',
      value: round(rate(two) / Math.max(1, rate(single)), 2),
      unit: 'ratio',
    },
  ];
}
