/**
 * The spot page in a real browser against the real server: the JavaScript it
 * loads at /spot/BTCUSDT (gzip, from the built files it fetched): its first
 * load, what it asked for before the chart began to load (the page marks
 * that moment, `quay:chart-load`, once the book, trades and order form are
 * drawn and the browser is idle), and everything by network idle; then, while
 * the server's book changes about 30 times a second from the bench's own
 * orders, the page's long tasks (PerformanceObserver 'longtask'): the longest
 * and how many went over 50 ms.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from 'playwright-core';
import { round, type Figure } from './figure';
import { post, repoRoot, seeded, startServer, traders } from './server-process';
import { priceOf } from './gateway';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
const BOOK_S = Number(process.env.BENCH_BOOK_S ?? 10);
const BOOK_CHANGES_PER_S = 30;
const LONG_TASK_MS = 50;
const MID_TICKS = 5_000_000;
/** The mark the spot page sets when its chart starts to load (apps/web ui/market/chart-panel.tsx). */
const CHART_LOAD_MARK = 'quay:chart-load';

/**
 * Runs in the page before its own scripts (kept as text: the bench is not
 * compiled for the DOM). The browser reports only tasks over 50 ms as long
 * tasks; a 10 ms timer's lateness shows the longest block below that too.
 */
const OBSERVE_LONG_TASKS = `
  window.benchLongTasks = [];
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) window.benchLongTasks.push(entry.duration);
  }).observe({ type: 'longtask', buffered: true });
  window.benchMaxLag = 0;
  let last = performance.now();
  setInterval(() => {
    const now = performance.now();
    window.benchMaxLag = Math.max(window.benchMaxLag, now - last - 10);
    last = now;
  }, 10);
`;

export async function webSpotBench(): Promise<Figure[]> {
  // The build the server sends (WEB_DIST, as the server reads it; else this checkout's).
  const dist = resolve(repoRoot, process.env.WEB_DIST ?? 'apps/web/dist');
  const server = await startServer();
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  try {
    const [maker] = await traders(server, 1, { USDT: '100000000', BTC: '10000' });
    if (!maker) throw new Error('no trader');
    const page = await browser.newPage();
    // Registered before any script of the page runs, so nothing escapes it.
    await page.addInitScript({ content: OBSERVE_LONG_TASKS });
    const scripts = new Set<string>();
    page.on('response', (response) => {
      const path = new URL(response.url()).pathname;
      if (path.startsWith('/assets/') && path.endsWith('.js')) scripts.add(path);
    });
    await page.goto(`${server.base}/spot/BTCUSDT`, { waitUntil: 'load' });
    // The screen drawn and its chart started, then quiet: on a busy machine the network
    // can be idle for half a second while the first scripts still run.
    await page.locator('#spot-order-form').waitFor({ timeout: 120_000 });
    // A function, not text: the page's CSP refuses to evaluate text.
    await page.waitForFunction(
      (mark) => performance.getEntriesByName(mark).length > 0,
      CHART_LOAD_MARK,
      { timeout: 120_000 },
    );
    await page.waitForLoadState('networkidle');
    // The scripts asked for before the chart's mark (all of them if the page set none).
    const before = new Set(
      (await page.evaluate(`(() => {
        const mark = performance.getEntriesByName('${CHART_LOAD_MARK}')[0];
        return performance
          .getEntriesByType('resource')
          .filter((e) => !mark || e.startTime < mark.startTime)
          .map((e) => new URL(e.name).pathname);
      })()`)) as string[],
    );
    const gzipKb = (paths: Iterable<string>) => {
      let bytes = 0;
      for (const path of paths) bytes += gzipSync(readFileSync(join(dist, path))).length;
      return round(bytes / 1024, 1);
    };
    const loaded = [...scripts];
    const initial = loaded.filter((path) => before.has(path));
    const deferred = loaded.filter((path) => !before.has(path));

    // Only what the book's updates cost: the tasks of loading are set aside.
    await page.evaluate('window.benchLongTasks = []; window.benchMaxLag = 0');
    const random = seeded(3);
    let changes = 0;
    const until = Date.now() + BOOK_S * 1000;
    while (Date.now() < until) {
      const tick = Date.now();
      // Resting orders on both sides, off the touch so that none fills: each one moves a level.
      const side = random() < 0.5 ? 'buy' : 'sell';
      const offset = 100 + Math.floor(random() * 20_000);
      const ticks = side === 'buy' ? MID_TICKS - offset : MID_TICKS + offset;
      const answer = await post(
        server.base,
        '/v1/spot/order/place',
        { symbol: 'BTCUSDT', side, type: 'limit', price: priceOf(ticks), quantity: '0.00100' },
        maker.token,
      );
      if (answer.code !== '0') throw new Error(`order refused: ${answer.msg}`);
      changes += 1;
      const wait = 1000 / BOOK_CHANGES_PER_S - (Date.now() - tick);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    }
    // A last frame's worth for the final updates to be drawn.
    await page.waitForTimeout(500);
    const tasks = (await page.evaluate('window.benchLongTasks')) as number[];
    const maxLag = (await page.evaluate('window.benchMaxLag')) as number;
    return [
      { name: 'web.spot_initial_js_gzip_kb', value: gzipKb(initial), unit: 'KiB' },
      { name: 'web.spot_initial_js_files', value: initial.length, unit: 'count' },
      { name: 'web.spot_deferred_js_gzip_kb', value: gzipKb(deferred), unit: 'KiB' },
      { name: 'web.spot_total_js_gzip_kb', value: gzipKb(loaded), unit: 'KiB' },
      { name: 'web.book_changes_per_s', value: round(changes / BOOK_S, 1), unit: '/s' },
      {
        name: 'web.book_longest_task_ms',
        value: round(Math.max(0, ...tasks), 0),
        unit: 'ms',
      },
      { name: 'web.book_max_timer_lag_ms', value: round(maxLag, 0), unit: 'ms' },
      {
        name: 'web.book_long_tasks_over_50ms',
        value: tasks.filter((d) => d > LONG_TASK_MS).length,
        unit: 'count',
      },
    ];
  } finally {
    await browser.close();
    await server.close();
  }
}
