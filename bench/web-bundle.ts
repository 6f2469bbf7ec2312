/**
 * Web bundle budget: gzip size of what the first page load fetches (the
 * scripts and styles index.html references), from the built app.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';
import { round, type Figure } from './figure';

/** The built app: WEB_DIST as the server reads it, else this checkout's apps/web/dist. */
const dist = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '..',
  process.env.WEB_DIST ?? join('apps', 'web', 'dist'),
);
/** The target for the first load of `/`. */
export const INITIAL_GZIP_BUDGET_KB = 300;

export async function webBundleBench(): Promise<Figure[]> {
  const index = join(dist, 'index.html');
  if (!existsSync(index)) throw new Error('apps/web/dist is missing: run `npm run build` first');
  const html = readFileSync(index, 'utf8');
  const assets = [...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.(?:js|css))"/g)].map(
    (m) => m[1] ?? '',
  );
  let raw = 0;
  let gz = 0;
  for (const asset of new Set(assets)) {
    const bytes = readFileSync(join(dist, asset));
    raw += bytes.length;
    gz += gzipSync(bytes).length;
  }
  return [
    { name: 'web.initial_bytes', value: raw, unit: 'B' },
    { name: 'web.initial_gzip_kb', value: round(gz / 1024, 1), unit: 'KiB' },
    {
      name: 'web.initial_gzip_budget_used',
      value: round((gz / 1024 / INITIAL_GZIP_BUDGET_KB) * 100, 1),
      unit: '%',
    },
  ];
}
