/**
 * Where the rate limits count. One process (ROLE=all) counts in its memory,
 * as @fastify/rate-limit does by default. Several processes count together
 * in Redis (REDIS_URL): one atomic increment with its expiry per call, keys
 * `<name>:rate:<route>-<client>`, so a limit of N is N across every gateway.
 * Redis out of reach lets calls through (logged once until it is back):
 * counters guard no money, trading must not stop with them, and password
 * guessing stays bounded by the account lockout kept in the store.
 */
import type { RateLimitPluginOptions } from '@fastify/rate-limit';
import type { FastifyBaseLogger } from 'fastify';
import { Redis } from 'ioredis';
import type { ClusterConfig } from './cluster-config';

export interface RateLimitCounters {
  /** What the rate-limit plugin takes for its store. */
  options: Pick<RateLimitPluginOptions, 'redis' | 'nameSpace' | 'skipOnError'>;
  close(): Promise<void>;
}

/** How long one count may take before the call goes through uncounted. */
const COMMAND_TIMEOUT_MS = 1_000;

export function rateLimitCounters(
  cluster: ClusterConfig,
  log: FastifyBaseLogger,
): RateLimitCounters | null {
  if (cluster.role === 'all' || !cluster.redisUrl) return null;
  const redis = new Redis(cluster.redisUrl, {
    commandTimeout: COMMAND_TIMEOUT_MS,
    maxRetriesPerRequest: 1,
    connectionName: `quay-${cluster.name}`,
  });
  let down = false;
  redis.on('error', (err: Error) => {
    if (down) return;
    down = true;
    log.error({ err }, 'Redis is out of reach: rate limits are not counted until it is back');
  });
  redis.on('ready', () => {
    if (down) log.warn('Redis is back: rate limits are counted again');
    down = false;
  });
  return {
    options: { redis, nameSpace: `${cluster.name}:rate:`, skipOnError: true },
    close: async () => {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
