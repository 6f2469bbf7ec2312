/**
 * Lighthouse on the real server: home, spot and futures pages, mobile (the
 * default profile: simulated slow 4G and a 4x slower CPU) and desktop, the
 * median of `BENCH_LH_RUNS` (3) runs each (Lighthouse clears the storage
 * before each), on a server with its market simulator on. Prints performance
 * and accessibility scores, LCP, TBT and CLS per page and profile; the spot
 * page's mobile figures are the headline `web.spot_lcp_ms`, `web.spot_tbt_ms`
 * and `web.spot_cls`.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { round, type Figure } from './figure';
import { startServer } from './server-process';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const RUNS = Math.max(1, Number(process.env.BENCH_LH_RUNS ?? 3));
const PAGES: ReadonlyArray<[string, string]> = [
  ['home', '/'],
  ['spot', '/spot/BTCUSDT'],
  ['futures', '/futures/usdt/BTCUSDT'],
];
const PROFILES = ['mobile', 'desktop'] as const;

interface Scores {
  benchmarkIndex: number;
  performance: number;
  accessibility: number;
  lcp: number;
  tbt: number;
  cls: number;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[mid] ?? 0)
    : ((sorted[mid - 1] ?? 0) + (sorted[mid] ?? 0)) / 2;
}

async function audit(
  url: string,
  port: number,
  profile: (typeof PROFILES)[number],
): Promise<Scores> {
  const result = await lighthouse(
    url,
    { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'] },
    profile === 'desktop' ? desktopConfig : undefined,
  );
  const lhr = result?.lhr;
  if (!lhr) throw new Error(`lighthouse gave no result for ${url}`);
  if (lhr.runtimeError) throw new Error(`lighthouse ${url}: ${lhr.runtimeError.message}`);
  const numeric = (id: string): number => lhr.audits[id]?.numericValue ?? Number.NaN;
  return {
    benchmarkIndex: lhr.environment.benchmarkIndex,
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    lcp: numeric('largest-contentful-paint'),
    tbt: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
  };
}

/** Tries a run that Lighthouse gave up on (a page that stopped answering on a busy machine) twice more. */
async function auditWithRetry(
  url: string,
  port: number,
  profile: (typeof PROFILES)[number],
): Promise<Scores> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await audit(url, port, profile);
    } catch (error) {
      if (attempt >= 3) throw error;
      console.error(`${String(error)}: running it again`);
    }
  }
}

export async function webLighthouseBench(): Promise<Figure[]> {
  // As a fresh install runs: the market simulator fills the book, trades and chart
  // (BENCH_LH_SIMULATOR=off for quiet pages, which move only with the bench's own orders).
  const server = await startServer({ SIMULATOR: process.env.BENCH_LH_SIMULATOR ?? 'on' });
  const chrome = await chromeLauncher.launch({
    chromePath: CHROMIUM,
    chromeFlags: CHROMIUM_FLAGS,
    logLevel: 'silent',
  });
  const figures: Figure[] = [];
  const benchmarks: number[] = [];
  try {
    for (const [name, path] of PAGES) {
      for (const profile of PROFILES) {
        const runs: Scores[] = [];
        for (let i = 0; i < RUNS; i += 1)
          runs.push(await auditWithRetry(server.base + path, chrome.port, profile));
        benchmarks.push(...runs.map((r) => r.benchmarkIndex));
        const of = (key: keyof Scores) => median(runs.map((r) => r[key]));
        const prefix = `web.lh.${name}.${profile}`;
        figures.push(
          { name: `${prefix}.performance`, value: of('performance'), unit: 'score' },
          { name: `${prefix}.accessibility`, value: of('accessibility'), unit: 'score' },
          { name: `${prefix}.lcp_ms`, value: round(of('lcp'), 0), unit: 'ms' },
          { name: `${prefix}.tbt_ms`, value: round(of('tbt'), 0), unit: 'ms' },
          { name: `${prefix}.cls`, value: round(of('cls'), 3), unit: 'score' },
        );
        if (name === 'spot' && profile === 'mobile') {
          figures.push(
            { name: 'web.spot_lcp_ms', value: round(of('lcp'), 0), unit: 'ms' },
            { name: 'web.spot_tbt_ms', value: round(of('tbt'), 0), unit: 'ms' },
            { name: 'web.spot_cls', value: round(of('cls'), 3), unit: 'score' },
          );
        }
      }
    }
    figures.push({
      name: 'web.lh.benchmark_index',
      value: round(median(benchmarks), 0),
      unit: 'score',
    });
    return figures;
  } finally {
    chrome.kill();
    await server.close();
  }
}
