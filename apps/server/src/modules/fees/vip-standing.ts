/**
 * The pure part of VIP standing: the quote value of fills, the tier a
 * user's figures reach, the rates the hosts charge at a tier, and the wire
 * shapes. Money is bigint minor units (10^-8 USDT); rates parts per million.
 */
import { ppmAsFraction, type SpotMarketConfig, type VipTier } from '@quay/core';
import type { OwnerRates } from '../../kernel/fee-rates';
import { fromMinor, scaleOf } from '../../kernel/money';
import type { TierRow, VolumeFill } from './fees-repository';

/** The quote coin volumes are counted in. */
export const VOLUME_COIN = 'USDT';
export const VOLUME_WINDOW_MS = 30 * 24 * 3600 * 1000;

/** What a standing is computed from, in USDT minor units. */
export interface Figures {
  spotVolume: bigint;
  futuresVolume: bigint;
  assets: bigint;
}

/** Minor units of the quote coin per tick x lot of each USDT market (spot and perpetual). */
export function volumeScales(markets: readonly SpotMarketConfig[]): Map<string, bigint> {
  const scales = new Map<string, bigint>();
  for (const market of markets) {
    if (market.quote === VOLUME_COIN) scales.set(market.symbol, scaleOf(market).quotePerTickLot);
  }
  return scales;
}

/** The quote value of fills in USDT markets; fills of other markets (the demo ones) count nothing. */
export function volumeOf(
  fills: readonly VolumeFill[],
  scales: ReadonlyMap<string, bigint>,
): bigint {
  let sum = 0n;
  for (const f of fills) {
    const scale = scales.get(f.symbol);
    if (scale !== undefined) sum += BigInt(f.price_ticks) * BigInt(f.lots) * scale;
  }
  return sum;
}

/** The highest tier any one of the figures reaches (tiers sorted by level; the first needs nothing). */
export function tierReached(tiers: readonly TierRow[], figures: Figures): number {
  let level = tiers[0]?.level ?? 0;
  for (const t of tiers) {
    if (
      figures.spotVolume >= t.spot_volume ||
      figures.futuresVolume >= t.futures_volume ||
      figures.assets >= t.assets
    )
      level = t.level;
  }
  return level;
}

/** The tier that applies at `level`: the highest one not above it (a tier taken off the table falls back). */
export function tierAt(tiers: readonly TierRow[], level: number): TierRow | undefined {
  let found: TierRow | undefined;
  for (const t of tiers) if (t.level <= level) found = t;
  return found ?? tiers[0];
}

export function ratesOf(t: TierRow): OwnerRates {
  return {
    spot: { maker: t.spot_maker_ppm, taker: t.spot_taker_ppm },
    futures: { maker: t.futures_maker_ppm, taker: t.futures_taker_ppm },
  };
}

/** Whole USDT without trailing decimals ('1000000'), the way thresholds read. */
function usdtText(minor: bigint): string {
  return fromMinor(minor).replace(/\.?0+$/, '');
}

export function tierWire(t: TierRow): VipTier {
  return {
    level: t.level,
    spotVolume: usdtText(t.spot_volume),
    futuresVolume: usdtText(t.futures_volume),
    assets: usdtText(t.assets),
    spotMakerRate: ppmAsFraction(t.spot_maker_ppm),
    spotTakerRate: ppmAsFraction(t.spot_taker_ppm),
    futuresMakerRate: ppmAsFraction(t.futures_maker_ppm),
    futuresTakerRate: ppmAsFraction(t.futures_taker_ppm),
  };
}
