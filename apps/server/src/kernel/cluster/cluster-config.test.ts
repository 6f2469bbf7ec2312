import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { checkEngineMarkets } from './cluster-config';

const PG = 'postgres://postgres@127.0.0.1:5432/test';
const NATS = 'nats://127.0.0.1:4222';
const REDIS = 'redis://127.0.0.1:6379';

describe('roles of a process (ROLE, MARKETS, NATS_URL, REDIS_URL)', () => {
  it('is one process doing everything, with no bus, by default', () => {
    expect(loadConfig({}).cluster).toEqual({
      role: 'all',
      markets: [],
      natsUrl: undefined,
      redisUrl: undefined,
      name: 'quay',
    });
  });

  it('takes a gateway or an engine on PostgreSQL, NATS and Redis', () => {
    const engine = loadConfig({
      ROLE: 'engine',
      DATABASE_URL: PG,
      NATS_URL: NATS,
      REDIS_URL: REDIS,
      MARKETS: 'btcusdt, ETHUSDT',
      CLUSTER_NAME: 'eu1',
    });
    expect(engine.cluster).toEqual({
      role: 'engine',
      markets: ['BTCUSDT', 'ETHUSDT'],
      natsUrl: NATS,
      redisUrl: REDIS,
      name: 'eu1',
    });
    const gateway = loadConfig({
      ROLE: 'gateway',
      DATABASE_URL: PG,
      NATS_URL: NATS,
      REDIS_URL: REDIS,
    });
    expect(gateway.cluster.role).toBe('gateway');
    // A gateway places no orders of its own.
    expect(gateway.simulator).toBe(false);
  });

  it('refuses bad combinations at start, saying what to change', () => {
    expect(() => loadConfig({ ROLE: 'writer' })).toThrow(
      /ROLE must be one of all, gateway, engine/,
    );
    expect(() => loadConfig({ ROLE: 'gateway', NATS_URL: NATS })).toThrow(
      /ROLE=gateway needs DATABASE_URL \(PostgreSQL\)/,
    );
    expect(() => loadConfig({ ROLE: 'engine', DATABASE_URL: PG })).toThrow(
      /ROLE=engine needs NATS_URL/,
    );
    expect(() => loadConfig({ NATS_URL: NATS })).toThrow(/ROLE is all: one process needs no bus/);
    // Rate limits counted per gateway would let each client N times the limit.
    expect(() => loadConfig({ ROLE: 'gateway', DATABASE_URL: PG, NATS_URL: NATS })).toThrow(
      /ROLE=gateway needs REDIS_URL \(Redis\): the rate limits count/,
    );
    expect(() => loadConfig({ REDIS_URL: REDIS })).toThrow(
      /ROLE is all: one process counts its rate limits itself/,
    );
    expect(() =>
      loadConfig({ ROLE: 'gateway', DATABASE_URL: PG, NATS_URL: NATS, REDIS_URL: 'http://x' }),
    ).toThrow(/REDIS_URL must be a redis:\/\//);
    expect(() =>
      loadConfig({
        ROLE: 'gateway',
        DATABASE_URL: PG,
        NATS_URL: NATS,
        REDIS_URL: REDIS,
        MARKETS: 'BTCUSDT',
      }),
    ).toThrow(/MARKETS is read by ROLE=engine only/);
    expect(() => loadConfig({ ROLE: 'engine', DATABASE_URL: PG, NATS_URL: 'http://x' })).toThrow(
      /NATS_URL must be a nats:\/\//,
    );
    expect(() => loadConfig({ CLUSTER_NAME: 'a b' })).toThrow(/CLUSTER_NAME/);
  });

  it('takes MARKETS naming every market or none, never a part: balances are one ledger', () => {
    const all = ['BTCUSDT', 'ETHUSDT'];
    expect(() => checkEngineMarkets([], all)).not.toThrow();
    expect(() => checkEngineMarkets(['ETHUSDT', 'BTCUSDT'], all)).not.toThrow();
    expect(() => checkEngineMarkets(['BTCUSDT'], all)).toThrow(
      /every spot market or be empty: balances are one ledger.*missing: ETHUSDT/,
    );
    expect(() => checkEngineMarkets(['DOGEUSDT', 'BTCUSDT', 'ETHUSDT'], all)).toThrow(
      /unknown markets: DOGEUSDT/,
    );
  });
});
