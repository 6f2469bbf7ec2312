import { describe, expect, it } from 'vitest';
import { marketPriceLimit } from './price-band';

describe('market price limit', () => {
  it('is the reference moved by the band, away from the order, rounded inward', () => {
    expect(marketPriceLimit('buy', 95_000, 500)).toBe(99_750);
    expect(marketPriceLimit('sell', 95_000, 500)).toBe(90_250);
    // 101 x 0.95 = 95.95: a sell accepts no less than 96; 101 x 1.05 = 106.05: a buy pays at most 106.
    expect(marketPriceLimit('sell', 101, 500)).toBe(96);
    expect(marketPriceLimit('buy', 101, 500)).toBe(106);
    expect(marketPriceLimit('sell', 1, 500)).toBe(1);
    expect(marketPriceLimit('buy', 7, 0)).toBe(7);
  });

  it('stays exact for prices far beyond a float product', () => {
    const reference = Number.MAX_SAFE_INTEGER - 1;
    expect(marketPriceLimit('sell', reference, 1)).toBe(
      Number((BigInt(reference) * 9_999n + 9_999n) / 10_000n),
    );
    expect(marketPriceLimit('buy', reference, 1)).toBe(Number.MAX_SAFE_INTEGER);
  });

  it('refuses a reference or band it cannot use', () => {
    expect(() => marketPriceLimit('buy', 0, 500)).toThrow(/reference/);
    expect(() => marketPriceLimit('buy', 1.5, 500)).toThrow(/reference/);
    expect(() => marketPriceLimit('sell', 100, 10_000)).toThrow(/band/);
    expect(() => marketPriceLimit('sell', 100, -1)).toThrow(/band/);
  });
});
