import { Decimal, type MyVip, type VipTier } from '@quay/core';

export type VipCriterion = 'spotVolume' | 'futuresVolume' | 'assets';

export const VIP_CRITERIA: readonly VipCriterion[] = ['spotVolume', 'futuresVolume', 'assets'];

export interface CriterionProgress {
  criterion: VipCriterion;
  current: string;
  target: string;
  /** 0 to 100, whole percent, rounded down: 100 only once reached. */
  percent: number;
  /** What is still missing, in USDT; '0' once reached. */
  missing: string;
}

/** How far the user is from the next tier on each criterion (decimal, never floats on the figures). */
export function progressToNext(vip: MyVip): CriterionProgress[] {
  const next: VipTier | null = vip.next;
  if (!next) return [];
  return VIP_CRITERIA.map((criterion) => {
    const current = new Decimal(vip[criterion]);
    const target = new Decimal(next[criterion]);
    const ratio = target.lte(0) ? new Decimal(1) : Decimal.min(current.div(target), 1);
    const missing = Decimal.max(target.minus(current), 0);
    return {
      criterion,
      current: vip[criterion],
      target: next[criterion],
      percent: ratio.times(100).floor().toNumber(),
      missing: missing.toFixed(),
    };
  });
}

/** The tier's maker and taker rates of one product. */
export function ratesOf(tier: VipTier, product: 'spot' | 'futures'): [string, string] {
  return product === 'spot'
    ? [tier.spotMakerRate, tier.spotTakerRate]
    : [tier.futuresMakerRate, tier.futuresTakerRate];
}
