/**
 * `npm run bench [-- group ...]`: runs benchmark groups and prints one line per
 * figure, `name value unit`, then writes all figures to bench/results.json.
 * Speed figures are measured side by side with a peer in the same run.
 */
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clusterBench } from './cluster';
import { engineBench } from './engine';
import { gatewayBench } from './gateway';
import { webBundleBench } from './web-bundle';
import { webLighthouseBench } from './web-lighthouse';
import { webSpotBench } from './web-spot';
import { wsBench } from './ws';
import type { Figure } from './figure';

const groups: Record<string, () => Promise<Figure[]>> = {
  engine: engineBench,
  gateway: gatewayBench,
  ws: wsBench,
  cluster: clusterBench,
  web: async () => [
    ...(await webBundleBench()),
    ...(await webSpotBench()),
    ...(await webLighthouseBench()),
  ],
  // Lighthouse alone (part of `web`).
  lighthouse: webLighthouseBench,
};

const wanted = process.argv.slice(2).filter((a) => !a.startsWith('-'));
const unknown = wanted.filter((g) => !(g in groups));
if (unknown.length > 0) {
  console.error(
    `unknown bench group(s): ${unknown.join(', ')}; known: ${Object.keys(groups).join(', ')}`,
  );
  process.exit(2);
}
// `lighthouse` is part of `web`: a whole run measures it once.
const selected = wanted.length > 0 ? wanted : Object.keys(groups).filter((g) => g !== 'lighthouse');
const results: Figure[] = [];
for (const name of selected) {
  const run = groups[name];
  if (!run) continue;
  const figures = await run();
  for (const f of figures) console.log(`${f.name} ${f.value} ${f.unit}`);
  results.push(...figures);
}
const out = join(dirname(fileURLToPath(import.meta.url)), 'results.json');
writeFileSync(
  out,
  `${JSON.stringify({ at: new Date().toISOString(), figures: results }, null, 2)}\n`,
);
