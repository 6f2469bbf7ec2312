/**
 * How this process takes part in an exchange of several processes (ROLE,
 * MARKETS, NATS_URL, REDIS_URL, CLUSTER_NAME). The default, `all`, is one
 * process that does everything with no bus; the other roles need PostgreSQL
 * (the one store every process shares), NATS (the bus) and Redis (the rate
 * limits' counters, shared by every gateway), and bad combinations stop the
 * start with a message that says what to change.
 */
export type Role = 'all' | 'gateway' | 'engine';

export interface ClusterConfig {
  role: Role;
  /** ROLE=engine: the spot markets named by MARKETS (empty: every market). */
  markets: string[];
  natsUrl: string | undefined;
  /** Where the rate limits count, for every process at once (not ROLE=all, which counts itself). */
  redisUrl: string | undefined;
  /** Prefix of subjects and streams, and the writer lease's name. */
  name: string;
}

const ROLES: readonly Role[] = ['all', 'gateway', 'engine'];

export function clusterConfigOf(read: {
  role: string;
  markets: string;
  natsUrl: string | undefined;
  redisUrl: string | undefined;
  name: string;
  databaseUrl: string | undefined;
}): ClusterConfig {
  const role = read.role.toLowerCase() as Role;
  if (!ROLES.includes(role)) {
    throw new Error(`ROLE must be one of ${ROLES.join(', ')}, got "${read.role}"`);
  }
  if (!/^[a-z][a-z0-9_-]{0,39}$/i.test(read.name)) {
    throw new Error(
      `CLUSTER_NAME must be letters, digits, - or _ (at most 40), got "${read.name}"`,
    );
  }
  if (read.natsUrl && !/^(nats|tls):\/\//.test(read.natsUrl)) {
    throw new Error('NATS_URL must be a nats:// or tls:// URL');
  }
  if (read.redisUrl && !/^rediss?:\/\//.test(read.redisUrl)) {
    throw new Error('REDIS_URL must be a redis:// or rediss:// URL');
  }
  const markets = read.markets
    .split(',')
    .map((m) => m.trim().toUpperCase())
    .filter((m) => m !== '');
  if (role !== 'all') {
    if (!read.databaseUrl) {
      throw new Error(
        `ROLE=${role} needs DATABASE_URL (PostgreSQL): every process of an exchange shares one store, and the embedded SQLite file belongs to one process`,
      );
    }
    if (!read.natsUrl) {
      throw new Error(
        `ROLE=${role} needs NATS_URL (NATS with JetStream): commands go from the gateways to the engine, and events back, over it`,
      );
    }
    if (!read.redisUrl) {
      throw new Error(
        `ROLE=${role} needs REDIS_URL (Redis): the rate limits count the calls to every gateway together there`,
      );
    }
  } else if (read.natsUrl) {
    throw new Error(
      'NATS_URL is set but ROLE is all: one process needs no bus. Set ROLE=gateway or ROLE=engine to run several processes, or unset NATS_URL',
    );
  } else if (read.redisUrl) {
    throw new Error(
      'REDIS_URL is set but ROLE is all: one process counts its rate limits itself. Set ROLE=gateway or ROLE=engine to run several processes, or unset REDIS_URL',
    );
  }
  if (markets.length > 0 && role !== 'engine') {
    throw new Error(`MARKETS is read by ROLE=engine only; ROLE=${role} serves every market`);
  }
  return { role, markets, natsUrl: read.natsUrl, redisUrl: read.redisUrl, name: read.name };
}

/**
 * MARKETS must name every spot market, or none: balances are one ledger that
 * every market freezes and settles, so one engine group writes them all
 * (dividing markets between groups would need balances divided too).
 */
export function checkEngineMarkets(named: readonly string[], all: readonly string[]): void {
  if (named.length === 0) return;
  const unknown = named.filter((m) => !all.includes(m));
  if (unknown.length > 0) throw new Error(`MARKETS names unknown markets: ${unknown.join(', ')}`);
  const missing = all.filter((m) => !named.includes(m));
  if (missing.length > 0) {
    throw new Error(
      `MARKETS must list every spot market or be empty: balances are one ledger shared by all markets, so one engine group owns them all (missing: ${missing.join(', ')})`,
    );
  }
}
