/**
 * VIP tiers and trading fees on the wire. A tier is reached by any one of
 * three criteria: 30-day spot volume, 30-day futures volume (both the quote
 * value of the user's fills in USDT) or assets held valued in USDT. Each tier
 * has a maker and a taker rate for spot and for futures.
 *
 * Rates are exact integers in parts per million of the traded amount
 * (`1000` = 0.1 %, `-50` = -0.005 %, a rebate). A charge rounds up to the
 * coin's minor unit, a rebate rounds down: the exchange never charges less
 * nor pays more than the rate says.
 */

export const FEE_PATHS = {
  /** The fee schedule, every tier (public). */
  schedule: '/v1/fee/schedule',
  /** The caller's tier, its 30-day figures and the way to the next tier. */
  myVip: '/v1/fee/vip',
} as const;

/** Parts per million: the unit of every fee rate. */
export const FEE_RATE_SCALE = 1_000_000;

export interface VipTierConfig {
  level: number;
  /** Thresholds in USDT, decimal strings: reaching any one of them qualifies. */
  spotVolume: string;
  futuresVolume: string;
  assets: string;
  spotMaker_ppm: number;
  spotTaker_ppm: number;
  futuresMaker_ppm: number;
  futuresTaker_ppm: number;
}

/**
 * The default tiers, modelled on the large exchanges' schedules. VIP0 is
 * the default markets' own fees (spot 0.1 % / 0.1 %, perpetuals 0.02 % /
 * 0.05 %); the top tier's makers earn a rebate.
 */
export const DEFAULT_VIP_TIERS: readonly VipTierConfig[] = [
  tier(0, '0', '0', '0', [1000, 1000], [200, 500]),
  tier(1, '1000000', '15000000', '25000', [900, 1000], [160, 400]),
  tier(2, '5000000', '50000000', '100000', [800, 1000], [140, 350]),
  tier(3, '20000000', '100000000', '250000', [420, 600], [120, 320]),
  tier(4, '100000000', '600000000', '500000', [420, 540], [100, 300]),
  tier(5, '150000000', '1000000000', '1000000', [360, 480], [80, 270]),
  tier(6, '400000000', '2500000000', '2000000', [-50, 400], [-50, 250]),
];

function tier(
  level: number,
  spotVolume: string,
  futuresVolume: string,
  assets: string,
  [spotMaker_ppm, spotTaker_ppm]: [number, number],
  [futuresMaker_ppm, futuresTaker_ppm]: [number, number],
): VipTierConfig {
  return {
    level,
    spotVolume,
    futuresVolume,
    assets,
    spotMaker_ppm,
    spotTaker_ppm,
    futuresMaker_ppm,
    futuresTaker_ppm,
  };
}

/** A rate in parts per million as an exact decimal fraction: 420 -> '0.00042', -50 -> '-0.00005'. */
export function ppmAsFraction(ppm: number): string {
  const negative = ppm < 0;
  const digits = String(Math.abs(ppm)).padStart(7, '0');
  const fraction = `${digits.slice(0, -6)}.${digits.slice(-6)}`.replace(/\.?0+$/, '');
  return `${negative ? '-' : ''}${fraction === '' ? '0' : fraction}`;
}

/**
 * The fee of a rate on an amount in minor units: a charge (rate >= 0)
 * rounded up, a rebate (rate < 0, returned negative) rounded down in size.
 */
export function feeAtPpm(amount: bigint, ppm: number): bigint {
  const scale = BigInt(FEE_RATE_SCALE);
  if (ppm >= 0) return (amount * BigInt(ppm) + scale - 1n) / scale;
  return -((amount * BigInt(-ppm)) / scale);
}

/** One tier of the schedule on the wire: thresholds in USDT, rates as decimal fractions. */
export interface VipTier {
  level: number;
  spotVolume: string;
  futuresVolume: string;
  assets: string;
  spotMakerRate: string;
  spotTakerRate: string;
  futuresMakerRate: string;
  futuresTakerRate: string;
}

export interface FeeSchedule {
  tiers: VipTier[];
}

/** The caller's standing: its tier, what it was computed from, and the next tier's thresholds. */
export interface MyVip {
  level: number;
  /** Whether an operator set the tier (market makers); it then stays until cleared. */
  assigned: boolean;
  /** 30-day volumes and assets in USDT at the last recompute. */
  spotVolume: string;
  futuresVolume: string;
  assets: string;
  /** When the figures were computed; null before the first recompute. */
  computedAt: number | null;
  rates: VipTier;
  /** The next tier, or null at the top. */
  next: VipTier | null;
}
