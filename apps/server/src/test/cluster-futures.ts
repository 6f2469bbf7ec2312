/**
 * The perpetuals on an exchange of several processes, for the cluster
 * suite: two traders funded and moved into futures, one through each
 * gateway, each watching `futures.positions` on both gateways; the maker's
 * order through the first gateway filled by the taker's through the second.
 */
import type { FuturesOrder, FuturesPosition, MarkInfo } from '@quay/core';
import WebSocket from 'ws';
import {
  Q,
  deposit,
  post,
  register,
  waitFor,
  within,
  type Cluster,
  type ClusterProcess,
} from './cluster-harness';

export interface FuturesTrader {
  token: string;
  /** What `futures.positions` pushed, per gateway (the first's, then the second's). */
  pushed: Array<FuturesPosition[][]>;
  /** The trader's positions through a gateway, once it shows one. */
  positions(gateway: ClusterProcess): Promise<FuturesPosition[]>;
  close(): void;
}

/** How long one step of the perpetuals' case may take before it fails by its name. */
const STEP_MS = 30_000;

/** A private WebSocket on `gateway` signed in with `token`, subscribed to the positions channel. */
function watchPositions(
  gateway: ClusterProcess,
  token: string,
): Promise<{ pushed: FuturesPosition[][]; socket: WebSocket }> {
  return new Promise((ok, fail) => {
    const socket = new WebSocket(`${gateway.base.replace('http', 'ws')}/v1/ws`);
    const pushed: FuturesPosition[][] = [];
    socket.once('error', fail);
    socket.once('open', () => socket.send(JSON.stringify({ op: 'auth', token })));
    socket.on('message', (raw: Buffer) => {
      const m = JSON.parse(raw.toString()) as { op: string; code?: string; data?: unknown };
      if (m.op === 'auth') {
        if (m.code !== '0') fail(new Error(`not signed in on ${gateway.base}`));
        else socket.send(JSON.stringify({ op: 'subscribe', args: ['futures.positions'] }));
      }
      if (m.op === 'subscribe') ok({ pushed, socket });
      if (m.op === 'push') pushed.push(m.data as FuturesPosition[]);
    });
  });
}

async function trader(
  cluster: Cluster,
  via: ClusterProcess,
  gateways: readonly ClusterProcess[],
  email: string,
): Promise<FuturesTrader> {
  const token = await within(`${email}: register`, STEP_MS, register(via, email));
  await within(
    `${email}: deposit`,
    STEP_MS,
    deposit({ databaseUrl: cluster.databaseUrl, dataDir: via.dataDir }, email, 'USDT', '10000'),
  );
  const moved = await within(
    `${email}: transfer to futures on ${via.base}`,
    STEP_MS,
    post(
      via.base,
      '/v1/futures/transfer',
      { coin: 'USDT', amount: '2000', direction: 'toFutures' },
      token,
    ),
  );
  if (moved.code !== '0') throw new Error(`${email}: transfer refused: ${moved.msg}`);
  const watchers = await Promise.all(
    gateways.map((g) =>
      within(`${email}: futures.positions on ${g.base}`, STEP_MS, watchPositions(g, token)),
    ),
  );
  return {
    token,
    pushed: watchers.map((w) => w.pushed),
    positions: async (gateway) => {
      let list: FuturesPosition[] = [];
      await waitFor(
        `a position of ${email} on ${gateway.base}`,
        async () => {
          const res = await fetch(`${gateway.base}/v1/futures/positions${Q}`, {
            headers: { authorization: `Bearer ${token}` },
            signal: AbortSignal.timeout(STEP_MS),
          });
          list = ((await res.json()) as { data: FuturesPosition[] }).data;
          return list.length > 0;
        },
        STEP_MS,
      );
      return list;
    },
    close: () => watchers.forEach((w) => w.socket.close()),
  };
}

/** How much the two traders' orders are for: the count each position shows. */
export const PERP_QUANTITY = '0.5';

/**
 * The perpetual's mark price as `gateway` shows it, once it has one. The
 * index follows the spot book, which the case before traded near 100.
 */
async function markPrice(gateway: ClusterProcess): Promise<string> {
  let mark = '';
  await waitFor(
    `the mark price on ${gateway.base}`,
    async () => {
      const res = await fetch(`${gateway.base}/v1/futures/mark${Q}&symbol=BTCUSDT_PERP`, {
        signal: AbortSignal.timeout(STEP_MS),
      });
      mark = ((await res.json()) as { data: MarkInfo }).data.markPrice;
      return mark !== '';
    },
    STEP_MS,
  );
  return mark;
}

/**
 * The maker sells through `g1`, the taker buys through `g2`: one fill across
 * the gateways, at the mark price. Far from the mark, the position that
 * loses would be liquidated at the next mark tick, about a second later, and
 * the positions might be gone before they are read.
 */
export async function futuresOnTwoGateways(
  cluster: Cluster,
  g1: ClusterProcess,
  g2: ClusterProcess,
): Promise<{ maker: FuturesTrader; taker: FuturesTrader }> {
  const maker = await trader(cluster, g1, [g1, g2], 'perp-maker@cluster.example');
  const taker = await trader(cluster, g2, [g1, g2], 'perp-taker@cluster.example');
  const price = await markPrice(g1);
  const order = { symbol: 'BTCUSDT_PERP', type: 'limit', price, quantity: PERP_QUANTITY };
  const ask = await within(
    `the maker's order on ${g1.base}`,
    STEP_MS,
    post<FuturesOrder>(g1.base, '/v1/futures/order/place', { ...order, side: 'sell' }, maker.token),
  );
  if (ask.code !== '0') throw new Error(`the maker's order refused: ${ask.msg}`);
  const bid = await within(
    `the taker's order on ${g2.base}`,
    STEP_MS,
    post<FuturesOrder>(g2.base, '/v1/futures/order/place', { ...order, side: 'buy' }, taker.token),
  );
  if (bid.code !== '0' || bid.data.status !== 'FILLED') {
    throw new Error(`the taker's order not filled: ${bid.msg} ${bid.data?.status}`);
  }
  return { maker, taker };
}
