/**
 * Market data fan-out: many WebSocket subscribers of one market's trades on
 * the real server while trades happen (a maker's resting sell and a taker's
 * crossing buy, paced, through the API). Latency is the receive time minus
 * the trade's time (the server's clock at the fill; same machine), per
 * message per client.
 */
import { createRequire } from 'node:module';
import { join } from 'node:path';
import type WebSocketType from 'ws';
import { round, type Figure } from './figure';
import { post, repoRoot, startServer, traders, type RunningServer } from './server-process';

const SUBSCRIBERS = Number(process.env.BENCH_WS_SUBSCRIBERS ?? 1000);
const TRADING_S = Number(process.env.BENCH_WS_TRADING_S ?? 8);
/** Trades a second the bench asks for. */
const TRADES_PER_S = 20;
const CHANNEL = 'trades:BTCUSDT';

// The client is the server's own WebSocket library; the bench only connects through it.
const WebSocket = createRequire(join(repoRoot, 'apps/server/package.json'))(
  'ws',
) as typeof WebSocketType;

interface TradePush {
  op: string;
  channel?: string;
  data?: Array<{ id: string; time: number }>;
}

function percentile(sorted: number[], p: number): number {
  if (sorted.length === 0) return 0;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
}

/** Opens one subscriber; resolves once the subscription is confirmed. */
function subscriber(
  server: RunningServer,
  onTrades: (trades: Array<{ id: string; time: number }>, at: number) => void,
): Promise<WebSocketType> {
  return new Promise((ok, fail) => {
    const socket = new WebSocket(`${server.base.replace('http', 'ws')}/v1/ws`);
    const timer = setTimeout(() => fail(new Error('subscription not confirmed in 30 s')), 30_000);
    socket.once('error', fail);
    socket.once('open', () => socket.send(JSON.stringify({ op: 'subscribe', args: [CHANNEL] })));
    socket.on('message', (raw: Buffer) => {
      const at = Date.now();
      const message = JSON.parse(raw.toString()) as TradePush;
      if (message.op === 'subscribe') {
        clearTimeout(timer);
        ok(socket);
      } else if (message.op === 'push' && message.channel === CHANNEL && message.data) {
        onTrades(message.data, at);
      }
    });
  });
}

export async function wsBench(): Promise<Figure[]> {
  // Subscribers send nothing while they listen: the idle limit must outlast the run.
  const server = await startServer({ WS_IDLE_S: '600' });
  const sockets: WebSocketType[] = [];
  try {
    const [maker, taker] = await traders(server, 2, { USDT: '10000000', BTC: '1000' });
    if (!maker || !taker) throw new Error('no traders');
    const latencies: number[] = [];
    let tradingFrom = Number.POSITIVE_INFINITY;
    const onTrades = (trades: Array<{ id: string; time: number }>, at: number) => {
      for (const trade of trades) if (trade.time >= tradingFrom) latencies.push(at - trade.time);
    };
    // Opened a hundred at a time: a thousand handshakes at once would only measure the accept queue.
    for (let i = 0; i < SUBSCRIBERS; i += 100) {
      const count = Math.min(100, SUBSCRIBERS - i);
      sockets.push(
        ...(await Promise.all(Array.from({ length: count }, () => subscriber(server, onTrades)))),
      );
    }
    let trades = 0;
    const order = { symbol: 'BTCUSDT', type: 'limit', price: '50000.00', quantity: '0.00100' };
    // The first second warms the server's code paths up and is not counted.
    const warmUntil = Date.now() + 1000;
    const until = warmUntil + TRADING_S * 1000;
    while (Date.now() < until) {
      if (tradingFrom === Number.POSITIVE_INFINITY && Date.now() >= warmUntil) {
        tradingFrom = Date.now();
        trades = 0;
      }
      const tick = Date.now();
      const rest = await post(
        server.base,
        '/v1/spot/order/place',
        { ...order, side: 'sell' },
        maker.token,
      );
      const take = await post(
        server.base,
        '/v1/spot/order/place',
        { ...order, side: 'buy' },
        taker.token,
      );
      if (rest.code !== '0' || take.code !== '0')
        throw new Error(`order refused: ${rest.msg} ${take.msg}`);
      trades += 1;
      await new Promise((r) =>
        setTimeout(r, Math.max(0, 1000 / TRADES_PER_S - (Date.now() - tick))),
      );
    }
    // The last pushes are still on their way.
    await new Promise((r) => setTimeout(r, 1000));
    latencies.sort((a, b) => a - b);
    const expected = trades * sockets.length;
    return [
      { name: 'ws.subscribers', value: sockets.length, unit: 'count' },
      { name: 'ws.trades', value: trades, unit: 'count' },
      { name: 'ws.messages', value: latencies.length, unit: 'count' },
      { name: 'ws.missing', value: Math.max(0, expected - latencies.length), unit: 'count' },
      { name: 'ws.p50_ms', value: percentile(latencies, 50), unit: 'ms' },
      { name: 'ws.p99_ms', value: percentile(latencies, 99), unit: 'ms' },
      { name: 'ws.max_ms', value: latencies.at(-1) ?? 0, unit: 'ms' },
      {
        name: 'ws.mean_ms',
        value: round(latencies.reduce((a, b) => a + b, 0) / Math.max(latencies.length, 1), 1),
        unit: 'ms',
      },
    ];
  } finally {
    for (const socket of sockets) socket.terminate();
    await server.close();
  }
}
