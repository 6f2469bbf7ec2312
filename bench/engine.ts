/**
 * Matching engine: seeded workloads through @quay/engine's fast book and
 * through the peer library nodejs-order-book, in the same process and run,
 * commands generated before the clock starts:
 * - `steady`: 70% limit orders near a fixed mid, 20% cancels of orders placed
 *   earlier (some already filled), 10% market orders;
 * - `drift`: the mid walks, cancels hit live orders anywhere in the book;
 * - `bursty`: sweeps across many levels and waves of cancels near the top.
 * The headline figures are the lowest over the workloads.
 */
import { FastOrderBook, liveWorkload, workload, type Command } from '@quay/engine';
import { OrderBook as PeerBook } from 'nodejs-order-book';
import { round, type Figure } from './figure';

const OPERATIONS = Number(process.env.BENCH_ENGINE_OPS ?? 1_000_000);
const SEED = 20_261_122;
const ROUNDS = 2;

const WORKLOADS: Array<[name: string, make: () => Command[]]> = [
  ['steady', () => [...workload({ seed: SEED, count: OPERATIONS })]],
  ['drift', () => liveWorkload({ shape: 'drift', seed: SEED, count: OPERATIONS })],
  ['bursty', () => liveWorkload({ shape: 'bursty', seed: SEED, count: OPERATIONS })],
];

function seconds(run: () => void): number {
  const started = process.hrtime.bigint();
  run();
  return Number(process.hrtime.bigint() - started) / 1e9;
}

/**
 * Best of a few rounds each (the first warms the JIT), the two books' rounds
 * taking turns, so that a machine shared with other work slows both alike.
 */
function race(list: Command[]): { ours: number; peer: number } {
  let ours = Number.POSITIVE_INFINITY;
  let peer = Number.POSITIVE_INFINITY;
  // Untimed, each book once through the first tenth of the workload: the timed
  // rounds then measure compiled code on a warmed heap, not the JIT's first pass.
  // Our pass also checks that the workload trades.
  const warm = Math.ceil(list.length / 10);
  if (fillsOf(list.slice(0, warm)) === 0) throw new Error('the workload produced no fills');
  runPeer(list.slice(0, warm), peerIdsOf(list.slice(0, warm)));
  for (let i = 0; i < ROUNDS; i += 1) {
    ours = Math.min(
      ours,
      seconds(() => runOurs(list)),
    );
    // Made before the clock starts, and garbage before our next round: a
    // million strings kept alive would slow the other book's collections.
    const ids = peerIdsOf(list);
    peer = Math.min(
      peer,
      seconds(() => runPeer(list, ids)),
    );
  }
  return { ours, peer };
}

/**
 * Each book's timed loop does the same: a call per command, its answer
 * dropped (the peer answers with objects too). Reading our events here cost
 * the loop about a sixth of its time, a consumer's work the peer's loop did
 * not do.
 */
function runOurs(list: Command[]): void {
  const book = new FastOrderBook();
  for (const c of list) book.execute(c);
}

function fillsOf(list: Command[]): number {
  const book = new FastOrderBook();
  let fills = 0;
  for (const c of list) {
    for (const e of book.execute(c)) if (e.type === 'fill') fills += 1;
  }
  return fills;
}

function peerIdsOf(list: Command[]): string[] {
  return list.map((c) => ('orderId' in c ? String(c.orderId) : ''));
}

/** The peer takes string ids (made before the clock starts) and sizes; its errors come back as values. */
function runPeer(list: Command[], ids: string[]): void {
  const book = new PeerBook();
  for (let i = 0; i < list.length; i += 1) {
    const c = list[i] as Command;
    const id = ids[i] as string;
    if (c.type === 'limit')
      book.limit({ side: c.side as never, id, size: c.quantity, price: c.price });
    else if (c.type === 'market') book.market({ side: c.side as never, size: c.quantity });
    else if (c.type === 'cancel') book.cancel(id);
  }
}

export async function engineBench(): Promise<Figure[]> {
  const figures: Figure[] = [];
  let lowestOps = Number.POSITIVE_INFINITY;
  let lowestRatio = Number.POSITIVE_INFINITY;
  for (const [name, make] of WORKLOADS) {
    const list = make();
    const { ours, peer } = race(list);
    const oursOps = list.length / ours;
    const peerOps = list.length / peer;
    const ratio = oursOps / peerOps;
    lowestOps = Math.min(lowestOps, oursOps);
    lowestRatio = Math.min(lowestRatio, ratio);
    figures.push(
      { name: `engine.${name}.ops_per_s`, value: Math.round(oursOps), unit: 'ops/s' },
      { name: `engine.${name}.peer_ops_per_s`, value: Math.round(peerOps), unit: 'ops/s' },
      { name: `engine.${name}.ratio_vs_peer`, value: round(ratio, 2), unit: 'x' },
    );
  }
  return [
    { name: 'engine.ops_per_s', value: Math.round(lowestOps), unit: 'ops/s' },
    { name: 'engine.ratio_vs_peer', value: round(lowestRatio, 2), unit: 'x' },
    ...figures,
  ];
}
