import type { MyVip, VipTier } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { progressToNext, ratesOf } from './vip-progress';

const tier = (level: number, spot: string, futures: string, assets: string): VipTier => ({
  level,
  spotVolume: spot,
  futuresVolume: futures,
  assets,
  spotMakerRate: '0.0009',
  spotTakerRate: '0.001',
  futuresMakerRate: '-0.00005',
  futuresTakerRate: '0.0004',
});

const vip = (next: VipTier | null): MyVip => ({
  level: 0,
  assigned: false,
  spotVolume: '999999.99999999',
  futuresVolume: '0.00000000',
  assets: '30000.00000000',
  computedAt: 1,
  rates: tier(0, '0', '0', '0'),
  next,
});

describe('progress to the next VIP tier', () => {
  it('measures each criterion in decimal, rounded down, capped at 100', () => {
    const progress = progressToNext(vip(tier(1, '1000000', '15000000', '25000')));
    expect(progress).toEqual([
      {
        criterion: 'spotVolume',
        current: '999999.99999999',
        target: '1000000',
        percent: 99,
        missing: '0.00000001',
      },
      {
        criterion: 'futuresVolume',
        current: '0.00000000',
        target: '15000000',
        percent: 0,
        missing: '15000000',
      },
      {
        criterion: 'assets',
        current: '30000.00000000',
        target: '25000',
        percent: 100,
        missing: '0',
      },
    ]);
  });

  it('has nothing to show at the top tier', () => {
    expect(progressToNext(vip(null))).toEqual([]);
  });

  it('reads a product’s maker and taker rates', () => {
    expect(ratesOf(tier(6, '0', '0', '0'), 'futures')).toEqual(['-0.00005', '0.0004']);
  });
});
