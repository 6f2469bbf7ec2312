import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { SHARE_FLOOR, identicalShare, randomShare } from './red-packet-split';

describe('red packet splits', () => {
  it('random shares always sum to the total, each positive and within twice the mean left', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 18n }),
        fc.integer({ min: 1, max: 200 }),
        fc.array(fc.bigInt({ min: 0n, max: 2n ** 64n }), { minLength: 200, maxLength: 200 }),
        (total, countNumber, randoms) => {
          const count = BigInt(countNumber);
          fc.pre(total >= count);
          let remaining = total;
          const shares: bigint[] = [];
          for (let left = count; left > 0n; left--) {
            const share = randomShare(remaining, left, randoms[Number(left) - 1] as bigint);
            expect(share).toBeGreaterThanOrEqual(SHARE_FLOOR);
            if (left > 1n) expect(share).toBeLessThanOrEqual((2n * remaining) / left);
            shares.push(share);
            remaining -= share;
          }
          expect(remaining).toBe(0n);
          expect(shares.reduce((a, b) => a + b, 0n)).toBe(total);
          expect(shares).toHaveLength(countNumber);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('gives every share the smallest unit when the total is one unit per share', () => {
    let remaining = 10n;
    for (let left = 10n; left > 0n; left--) {
      const share = randomShare(remaining, left, 123456789n);
      expect(share).toBe(1n);
      remaining -= share;
    }
  });

  it('splits identically only when the count divides the total', () => {
    expect(identicalShare(100n, 4n)).toBe(25n);
    expect(identicalShare(100n, 3n)).toBeNull();
    expect(identicalShare(3n, 4n)).toBeNull();
  });
});
