/**
 * The load generator of the gateway benches: wrk, in a process of its own.
 * On a two-core machine the client shares the cores with the server it
 * loads, so it must spend as little of them as it can: wrk (C, epoll) costs
 * about 23 µs of CPU per request here, a JavaScript client about 50, and at
 * 10,000 orders/s that difference is a quarter of a core.
 *
 * The requests are built here, in order, from the bench's seeded flow, and
 * written to a file the script reads once per wrk thread; each thread cycles
 * through them from its own offset. When asked, the script reads every
 * answer: the orders acknowledged (code "0" with an order id) are listed for
 * the durability check, the other answers of status 200 counted as refused.
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cpuMsAt } from './proc-stat';

const SCRIPT = String.raw`
local requests = {}
local counter = 0
local threads = {}
acked = {}
refused = 0

function setup(thread)
  thread:set("offset", #threads * 7919)
  table.insert(threads, thread)
end

function init(args)
  for line in io.lines(os.getenv("WRK_REQUESTS")) do
    local auth, body = line:match("^([^\t]*)\t(.*)$")
    local headers = { ["content-type"] = "application/json" }
    if auth ~= "" then headers["authorization"] = auth end
    requests[#requests + 1] = wrk.format("POST", nil, headers, body)
  end
  counter = offset or 0
end

function request()
  counter = counter + 1
  return requests[counter % #requests + 1]
end

function response(status, headers, body)
  if status ~= 200 then return end
  local id = body:match('"orderId":"(%d+)"')
  if id and body:find('"code":"0"', 1, true) then acked[#acked + 1] = id else refused = refused + 1 end
end

function done(summary, latency, requests)
  local out = assert(io.open(os.getenv("WRK_RESULT"), "w"))
  local e = summary.errors
  out:write("requests ", summary.requests, "\n", "duration_us ", summary.duration, "\n")
  out:write("errors ", e.connect + e.read + e.write + e.timeout, "\n", "non2xx ", e.status, "\n")
  out:write("p50_us ", latency:percentile(50), "\n", "p99_us ", latency:percentile(99), "\n")
  local refusedAll = 0
  for _, thread in ipairs(threads) do
    refusedAll = refusedAll + (thread:get("refused") or 0)
    for _, id in ipairs(thread:get("acked") or {}) do out:write("acked ", id, "\n") end
  end
  out:write("refused ", refusedAll, "\n")
  out:close()
end

if os.getenv("WRK_READ_ANSWERS") ~= "1" then response = nil end
`;

export interface LoadRequest {
  /** The Authorization header, or '' for none. */
  authorization: string;
  /** A JSON body (one line). */
  body: string;
}

export interface LoadResult {
  /** Answers received in the timed window. */
  total: number;
  perSecond: number;
  p50: number;
  p99: number;
  /** Connection errors and timeouts. */
  errors: number;
  non2xx: number;
  /** Answers of status 200 that were not an acknowledged order (when answers are read). */
  refused: number;
  /** The order ids acknowledged (when answers are read). */
  acked: Set<number>;
  /** CPU the load generator spent per request, in µs (user and system), where /proc tells it. */
  clientCpuPerRequest_us: number | null;
}

let checked = false;

/** Fails with what to install when wrk is missing. */
function requireWrk(): void {
  if (checked) return;
  const probe = spawnSync('wrk', ['--version'], { encoding: 'utf8' });
  if (probe.error) throw new Error('the gateway benches need wrk: apt-get install -y wrk');
  checked = true;
}

/** Milliseconds, with one decimal, from wrk's microseconds. */
const ms = (us: number) => Math.round(us / 100) / 10;

/**
 * Loads `url` for `duration_s` seconds over `connections` connections with
 * `requests` (POST), cycled; reads every answer when `readAnswers`.
 */
export async function wrkLoad(options: {
  url: string;
  connections: number;
  duration_s: number;
  requests: readonly LoadRequest[];
  readAnswers: boolean;
  threads?: number;
}): Promise<LoadResult> {
  requireWrk();
  const dir = mkdtempSync(join(tmpdir(), 'quay-bench-wrk-'));
  try {
    const files = {
      script: join(dir, 'load.lua'),
      requests: join(dir, 'requests.tsv'),
      result: join(dir, 'result.txt'),
      cpu: join(dir, 'stat'),
    };
    writeFileSync(files.script, SCRIPT);
    writeFileSync(
      files.requests,
      options.requests.map((r) => `${r.authorization}\t${r.body}\n`).join(''),
    );
    const threads = Math.min(options.threads ?? 1, options.connections);
    const args = [
      `-t${threads}`,
      `-c${options.connections}`,
      `-d${options.duration_s}s`,
      '--timeout',
      '10s',
      '-s',
      files.script,
      options.url,
    ];
    // The shell reads its own stat once wrk has exited: the CPU of the children it waited for.
    const code = await new Promise<number | null>((ok, fail) => {
      const child = spawn(
        'sh',
        [
          '-c',
          'wrk "$@"; s=$?; cat /proc/$$/stat > "$WRK_CPU" 2>/dev/null; exit $s',
          'sh',
          ...args,
        ],
        {
          env: {
            ...process.env,
            WRK_REQUESTS: files.requests,
            WRK_RESULT: files.result,
            WRK_CPU: files.cpu,
            WRK_READ_ANSWERS: options.readAnswers ? '1' : '0',
          },
          stdio: ['ignore', 'ignore', 'inherit'],
        },
      );
      child.once('error', fail);
      child.once('exit', ok);
    });
    if (code !== 0) throw new Error(`wrk exited with ${code}`);
    const result = parseResult(readFileSync(files.result, 'utf8'));
    result.clientCpuPerRequest_us = clientCpu(files.cpu, result.total);
    return result;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

function parseResult(text: string): LoadResult {
  const values = new Map<string, number>();
  const acked = new Set<number>();
  for (const line of text.split('\n')) {
    const [key, value] = line.split(' ');
    if (key === undefined || value === undefined) continue;
    if (key === 'acked') acked.add(Number(value));
    else values.set(key, Number(value));
  }
  const get = (key: string) => values.get(key) ?? 0;
  const total = get('requests');
  return {
    total,
    perSecond: total / Math.max(get('duration_us') / 1e6, 1e-6),
    p50: ms(get('p50_us')),
    p99: ms(get('p99_us')),
    errors: get('errors'),
    non2xx: get('non2xx'),
    refused: get('refused'),
    acked,
    clientCpuPerRequest_us: null,
  };
}

/** µs of CPU per request of the children the shell waited for. */
function clientCpu(statFile: string, total: number): number | null {
  const spent = cpuMsAt(statFile, true);
  return total > 0 && spent !== null ? Math.round((spent * 1000) / total) : null;
}
