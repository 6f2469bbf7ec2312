/**
 * The parts of a process that is one of several (ROLE=gateway or
 * ROLE=engine): the spot and futures hosts' links to the bus, and what
 * /metrics tells of them. ROLE=all has none of this. An engine holds one
 * lease (the lock) for both writers; each writer has its own epoch and
 * commit sequence in the store (its fence).
 */
import type { FastifyBaseLogger } from 'fastify';
import type { Bus } from './kernel/cluster/bus';
import { checkEngineMarkets } from './kernel/cluster/cluster-config';
import { WriterFence } from './kernel/cluster/writer-fence';
import { WriterLease } from './kernel/db/writer-lease';
import type { AppConfig } from './kernel/config';
import { SpotEngineLink, SpotGatewayLink, type SpotHost, type SpotMarkets } from './modules/spot';
import {
  FUTURES_TOPIC,
  FuturesEngineLink,
  FuturesGatewayLink,
  type FuturesHost,
  type PerpMarkets,
} from './modules/futures';
import type { AppStore as Store } from './store';

export interface ClusterParts {
  spotLink: SpotEngineLink | SpotGatewayLink | undefined;
  futuresLink: FuturesEngineLink | FuturesGatewayLink | undefined;
  /** The hosts the links serve, once built. */
  attach(host: SpotHost): void;
  attachFutures(host: FuturesHost): void;
  metrics(): Record<string, number>;
  close(): Promise<void>;
}

/** The writer's lease name of the spot host (and of every ledger move it makes). */
export const SPOT_WRITER = 'spot';
/** How often a standby engine tries the lease: takeover within about this. */
const LEASE_POLL_MS = 500;

export function clusterPartsOf(
  store: Store,
  config: AppConfig,
  log: FastifyBaseLogger,
  bus: Bus | null,
  spotMarkets: SpotMarkets,
  perpMarkets: PerpMarkets,
): ClusterParts {
  const { role } = config.cluster;
  const none: ClusterParts = {
    spotLink: undefined,
    futuresLink: undefined,
    attach: () => undefined,
    attachFutures: () => undefined,
    metrics: () => ({ role_all: 1 }),
    close: async () => undefined,
  };
  if (role === 'all' || !bus) return none;
  if (role === 'engine') {
    checkEngineMarkets(
      config.cluster.markets,
      spotMarkets.all().map((m) => m.config.symbol),
    );
    // A writer that lost its lease stops at once: the new holder writes now.
    const lost = (err: unknown) => {
      log.fatal({ err }, 'the writer lost its lease; stopping');
      process.exit(75);
    };
    const fence = new WriterFence(SPOT_WRITER, config.now, lost);
    const futuresFence = new WriterFence(FUTURES_TOPIC, config.now, lost);
    const lease = new WriterLease({
      databaseUrl: config.databaseUrl ?? '',
      name: `${config.cluster.name}:${SPOT_WRITER}`,
      poll_ms: LEASE_POLL_MS,
      onLost: lost,
    });
    // The app is built while the engine waits as standby; the host starts once the lease is held.
    // Both writers wait for the one lock; the first to ask takes it.
    let held: Promise<void> | null = null;
    const acquire = () => (held ??= lease.acquire());
    const link = new SpotEngineLink(store, bus, fence, log, acquire);
    const futures = new FuturesEngineLink(store, bus, futuresFence, log, acquire);
    return {
      spotLink: link,
      futuresLink: futures,
      attach: (host) => link.attach(host),
      attachFutures: (host) => futures.attach(host),
      metrics: () => ({
        role_engine: 1,
        writer_epoch: link.epoch,
        writer_seq: fence.seq,
        commands_executed: link.executed,
        futures_writer_epoch: futures.epoch,
        futures_writer_seq: futuresFence.seq,
        futures_commands_executed: futures.executed,
      }),
      close: async () => {
        await link.close();
        await futures.close();
        await bus.close();
        await lease.stop();
      },
    };
  }
  const link = new SpotGatewayLink(store, bus, spotMarkets, log);
  const futures = new FuturesGatewayLink(store, bus, perpMarkets, log);
  return {
    spotLink: link,
    futuresLink: futures,
    attach: () => undefined,
    attachFutures: () => undefined,
    metrics: () => ({
      role_gateway: 1,
      events_seq: link.lastSeq,
      commands_answered: link.sent,
      commands_resent: link.resent,
      futures_events_seq: futures.lastSeq,
      futures_commands_answered: futures.sent,
      futures_commands_resent: futures.resent,
    }),
    close: async () => {
      await link.close();
      await futures.close();
      await bus.close();
    },
  };
}
