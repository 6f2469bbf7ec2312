/**
 * The terms of the swap: the fee, how long a quote and its signed intent
 * live, and the pools with what each is funded with once at start from
 * outside the exchange. SWAP_SETTINGS (JSON) overrides the defaults key by
 * key; what it says is checked at start.
 */
import { COIN_NAMES } from '../../kernel/coins';
import { toMinor } from '../../kernel/money';

export interface SwapPoolSettings {
  base: string;
  quote: string;
  baseSeed: string;
  quoteSeed: string;
}

export interface SwapSettings {
  /** Whether the pools are funded at start (false: left to the operator). */
  seed: boolean;
  fee_bps: number;
  quoteTtl_ms: number;
  /** Keyed by pair name, 'BTC-USDT'. */
  pools: Record<string, SwapPoolSettings>;
}

export const DEFAULT_SWAP_SETTINGS: SwapSettings = {
  seed: true,
  fee_bps: 30,
  quoteTtl_ms: 30_000,
  pools: {
    'BTC-USDT': { base: 'BTC', quote: 'USDT', baseSeed: '100', quoteSeed: '6500000' },
    'ETH-USDT': { base: 'ETH', quote: 'USDT', baseSeed: '2000', quoteSeed: '6400000' },
    'SOL-USDT': { base: 'SOL', quote: 'USDT', baseSeed: '40000', quoteSeed: '6000000' },
    'XRP-USDT': { base: 'XRP', quote: 'USDT', baseSeed: '10000000', quoteSeed: '6000000' },
  },
};

function fail(what: string): never {
  throw new Error(`SWAP_SETTINGS: ${what}`);
}

/** The defaults with what `json` overrides, checked; throws on anything it cannot use. */
export function swapSettingsOf(json: string): SwapSettings {
  const override = (json.trim() === '' ? {} : JSON.parse(json)) as Partial<SwapSettings>;
  const merged: SwapSettings = {
    ...DEFAULT_SWAP_SETTINGS,
    ...override,
    pools: { ...DEFAULT_SWAP_SETTINGS.pools, ...override.pools },
  };
  if (typeof merged.seed !== 'boolean') fail('seed must be true or false');
  if (!Number.isInteger(merged.fee_bps) || merged.fee_bps < 0 || merged.fee_bps >= 1000)
    fail('fee_bps must be a whole number from 0 to 999');
  if (!Number.isInteger(merged.quoteTtl_ms) || merged.quoteTtl_ms < 1000)
    fail('quoteTtl_ms must be a whole number of at least 1000');
  for (const [pair, pool] of Object.entries(merged.pools)) {
    if (pair !== `${pool.base}-${pool.quote}`) fail(`pool ${pair} must be named base-quote`);
    if (
      !COIN_NAMES.includes(pool.base) ||
      !COIN_NAMES.includes(pool.quote) ||
      pool.base === pool.quote
    )
      fail(`pool ${pair} must join two different known coins`);
    for (const seed of [pool.baseSeed, pool.quoteSeed]) {
      const minor = toMinor(seed);
      if (minor === null || minor <= 0n) fail(`pool ${pair} seeds must be positive amounts`);
    }
  }
  return merged;
}

/** The ledger account that holds a pool's two reserves. */
export function poolAccount(pair: string): string {
  return `@swap-pool:${pair}`;
}
