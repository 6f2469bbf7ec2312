import { Decimal } from '@quay/core';
import { describe, expect, it } from 'vitest';
import {
  amountIn,
  amountOut,
  bestRoute,
  minimumReceived,
  priceImpactPpm,
  routesOf,
  type PoolLookup,
} from './swap-math';

/** A small deterministic generator, so a failure reproduces from its seed. */
function lcg(seed: number) {
  let state = BigInt(seed);
  return (max: bigint) => {
    state = (state * 6364136223846793005n + 1442695040888963407n) % 2n ** 64n;
    return (state % max) + 1n;
  };
}

describe('constant-product maths', () => {
  it('gives the exact x·y=k output with the fee taken from the input', () => {
    // 1000 in at 0.3 %: 997000·2000000 / (1000000·10000 + 997000) rounded down.
    expect(amountOut({ in: 1_000_000n, out: 2_000_000n }, 1000n, 30n)).toBe(1992n);
    expect(amountOut({ in: 100n, out: 100n }, 0n, 30n)).toBe(0n);
  });

  it('never lets k fall, and the exact-output input always buys at least the output', () => {
    const next = lcg(7);
    for (let i = 0; i < 2000; i++) {
      const x = next(10n ** 18n);
      const y = next(10n ** 18n);
      const a = next(x);
      const out = amountOut({ in: x, out: y }, a, 30n);
      expect((x + a) * (y - out) >= x * y).toBe(true);
      const wanted = next(y - 1n);
      const needed = amountIn({ in: x, out: y }, wanted, 30n);
      if (needed === null) continue;
      expect(amountOut({ in: x, out: y }, needed, 30n) >= wanted).toBe(true);
      if (needed > 1n) expect(amountOut({ in: x, out: y }, needed - 1n, 30n) < wanted).toBe(true);
    }
  });

  it('refuses an output the pool cannot give', () => {
    expect(amountIn({ in: 10n, out: 10n }, 10n, 30n)).toBeNull();
  });

  it('answers price impact by its formula, a′/(x + a′) for one hop', () => {
    const pools: PoolLookup = (from, to) =>
      from === 'A' && to === 'B' ? { in: 10n ** 12n, out: 3n * 10n ** 12n } : null;
    const input = 5n * 10n ** 10n;
    const out = amountOut({ in: 10n ** 12n, out: 3n * 10n ** 12n }, input, 30n);
    const impact = priceImpactPpm(['A', 'B'], [input, out], pools, 30n);
    const after = new Decimal(input.toString()).mul('0.997');
    const expected = after.div(after.plus(10 ** 12)).mul(1e6);
    expect(Math.abs(Number(impact) - expected.toNumber())).toBeLessThanOrEqual(1);
  });

  it('routes through a middle coin when that gives more', () => {
    const reserves: Record<string, [bigint, bigint]> = {
      'A-U': [10n ** 12n, 10n ** 12n],
      'B-U': [10n ** 12n, 10n ** 12n],
      'A-B': [10n ** 6n, 10n ** 6n],
    };
    const pools: PoolLookup = (from, to) => {
      const direct = reserves[`${from}-${to}`];
      if (direct) return { in: direct[0], out: direct[1] };
      const back = reserves[`${to}-${from}`];
      return back ? { in: back[1], out: back[0] } : null;
    };
    const routes = routesOf('A', 'B', ['A', 'B', 'U'], pools);
    expect(routes).toEqual([
      ['A', 'B'],
      ['A', 'U', 'B'],
    ]);
    expect(bestRoute(routes, { in: 10n ** 6n }, pools, 30n)?.route).toEqual(['A', 'U', 'B']);
  });

  it('takes the slippage off the output, rounded down', () => {
    expect(minimumReceived(10_000n, 50n)).toBe(9950n);
    expect(minimumReceived(999n, 1n)).toBe(998n);
  });
});
