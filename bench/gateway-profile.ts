/**
 * Where the gateway's main thread spends its time under load, read from the
 * CPU profile node writes when the server runs with `--cpu-prof`
 * (`BENCH_SERVER_FLAGS`): each sample taken during the timed load is given to
 * the innermost frame on its stack that belongs to a known part (the socket
 * write, node's HTTP, Fastify, our hooks, the session, the order check, the
 * engine host, the writer queue...), and the shares of the busy time are
 * printed. The profiler's clock and `process.hrtime` are both the machine's
 * monotonic clock, so the bench's own timestamps pick the window.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { round, type Figure } from './figure';

interface CallFrame {
  functionName: string;
  url: string;
}

interface ProfileNode {
  id: number;
  callFrame: CallFrame;
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

type Rule = readonly [part: string, test: (frame: CallFrame) => boolean];

const inUrl =
  (...parts: string[]) =>
  ({ url }: CallFrame) =>
    parts.some((part) => url.includes(part));

/** The parts, tried in this order on each frame from the leaf up; the first that matches owns the sample. */
const RULES: readonly Rule[] = [
  ['gc', ({ functionName }) => functionName === '(garbage collector)'],
  ['socket_write', ({ functionName, url }) => url === '' && functionName === 'writev'],
  ['metrics', inUrl('/ops-routes.', '/prom-client/')],
  ['logging', inUrl('/pino/', '/pino-std-serializers/', '/logger-factory.')],
  ['session', inUrl('/kernel/http/auth.', '/kernel/sessions.', '/kernel/ids.')],
  ['order_check_answer', inUrl('/modules/spot/spot-service.', '/modules/spot/spot-markets.')],
  ['writer_queue_handoff', inUrl('/spot/sqlite-batch-writer.', 'node:internal/worker')],
  ['market_data', inUrl('/modules/market-data/')],
  [
    'engine_host',
    inUrl(
      '/modules/spot/',
      '/packages/engine/',
      '/packages/core/',
      '/kernel/journal.',
      '/kernel/writer-queue.',
      '/kernel/market-events.',
      '/kernel/http/ws',
    ),
  ],
  [
    'schema_validation',
    ({ functionName, url }) => /^validate\d*$/.test(functionName) || url.includes('/ajv/'),
  ],
  ['json_parse', inUrl('/secure-json-parse/')],
  ['json_serialize', inUrl('/fast-json-stringify/')],
  [
    'our_hooks',
    inUrl('/kernel/gateway/', '/kernel/http/', '/src/app.', '/@fastify/cookie/', '/kernel/config.'),
  ],
  ['fastify', inUrl('/fastify/', '/find-my-way/', '/light-my-request/', '/avvio/')],
  ['node_http', ({ url }) => url.startsWith('node:')],
];

/** The newest main-thread profile of process `pid` in `dir` (node names it CPU.<date>.<time>.<pid>.0.<n>.cpuprofile). */
function mainThreadProfile(dir: string, pid: number): CpuProfile | null {
  const names = readdirSync(dir)
    .filter((name) => name.endsWith('.cpuprofile') && name.includes(`.${pid}.0.`))
    .sort();
  const newest = names.at(-1);
  return newest ? (JSON.parse(readFileSync(join(dir, newest), 'utf8')) as CpuProfile) : null;
}

/** The directory `--cpu-prof-dir` names in node flags, or null. */
export function profileDirOf(flags: string): string | null {
  return /--cpu-prof-dir[= ](\S+)/.exec(flags)?.[1] ?? null;
}

/**
 * The shares of the main thread's busy time per part, between two readings
 * of `process.hrtime.bigint()`, and its idle share of the whole window.
 */
export function profileFigures(dir: string, pid: number, from: bigint, to: bigint): Figure[] {
  const profile = mainThreadProfile(dir, pid);
  if (!profile) return [];
  const parent = new Map<number, number>();
  const byId = new Map<number, ProfileNode>();
  for (const node of profile.nodes) {
    byId.set(node.id, node);
    for (const child of node.children ?? []) parent.set(child, node.id);
  }
  const partOf = new Map<number, string>();
  const part = (id: number): string => {
    const known = partOf.get(id);
    if (known !== undefined) return known;
    let found = 'other';
    for (let at: number | undefined = id; at !== undefined; at = parent.get(at)) {
      const frame = (byId.get(at) as ProfileNode).callFrame;
      const rule = RULES.find(([, test]) => test(frame));
      if (rule) {
        found = rule[0];
        break;
      }
    }
    partOf.set(id, found);
    return found;
  };
  // Profile times are microseconds of the monotonic clock.
  const start = Number(from / 1000n);
  const end = Number(to / 1000n);
  const spent = new Map<string, number>();
  let time = profile.startTime;
  let idle = 0;
  let busy = 0;
  profile.samples.forEach((id, i) => {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (time < start || time >= end) return;
    if ((byId.get(id) as ProfileNode).callFrame.functionName === '(idle)') {
      idle += delta;
      return;
    }
    busy += delta;
    const name = part(id);
    spent.set(name, (spent.get(name) ?? 0) + delta);
  });
  if (busy === 0) return [];
  const figures: Figure[] = [
    {
      name: 'gateway.profile.main_idle_pct',
      value: round((100 * idle) / (idle + busy), 1),
      unit: '% of the load',
    },
  ];
  for (const [name, value] of [...spent].sort((a, b) => b[1] - a[1])) {
    figures.push({
      name: `gateway.profile.${name}_pct`,
      value: round((100 * value) / busy, 1),
      unit: '% of main thread busy',
    });
  }
  return figures;
}
