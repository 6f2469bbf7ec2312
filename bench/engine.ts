/**
 * Matching engine: the same seeded workload (70% limit orders near the mid,
 * 20% cancels of orders placed earlier, 10% market orders) through
 * @quay/engine's fast book and through the peer library nodejs-order-book,
 * in the same process and run, commands generated before the clock starts.
 */
import { FastOrderBook, workload, type Command } from '@quay/engine';
import { OrderBook as PeerBook } from 'nodejs-order-book';
import { round, type Figure } from './figure';

const OPERATIONS = Number(process.env.BENCH_ENGINE_OPS ?? 1_000_000);
const SEED = 20_261_122;
const ROUNDS = 2;

function commands(): Command[] {
  return [...workload({ seed: SEED, count: OPERATIONS })];
}

/** Best of a few rounds: the first warms the JIT. */
function timed(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = process.hrtime.bigint();
    run();
    best = Math.min(best, Number(process.hrtime.bigint() - started) / 1e9);
  }
  return best;
}

function runOurs(list: Command[]): number {
  let fills = 0;
  const seconds = timed(() => {
    const book = new FastOrderBook();
    fills = 0;
    for (const c of list) {
      for (const e of book.execute(c)) if (e.type === 'fill') fills += 1;
    }
  });
  if (fills === 0) throw new Error('the workload produced no fills');
  return seconds;
}

function runPeer(list: Command[]): number {
  // The peer takes string ids and sizes; its errors come back as values.
  const ids = list.map((c) => ('orderId' in c ? String(c.orderId) : ''));
  return timed(() => {
    const book = new PeerBook();
    for (let i = 0; i < list.length; i += 1) {
      const c = list[i] as Command;
      const id = ids[i] as string;
      if (c.type === 'limit')
        book.limit({ side: c.side as never, id, size: c.quantity, price: c.price });
      else if (c.type === 'market') book.market({ side: c.side as never, size: c.quantity });
      else if (c.type === 'cancel') book.cancel(id);
    }
  });
}

export async function engineBench(): Promise<Figure[]> {
  const list = commands();
  const ours = runOurs(list);
  const peer = runPeer(list);
  const oursOps = list.length / ours;
  const peerOps = list.length / peer;
  return [
    { name: 'engine.ops_per_s', value: Math.round(oursOps), unit: 'ops/s' },
    { name: 'engine.peer_ops_per_s', value: Math.round(peerOps), unit: 'ops/s' },
    { name: 'engine.ratio_vs_peer', value: round(oursOps / peerOps, 2), unit: 'x' },
  ];
}
