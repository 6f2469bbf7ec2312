/**
 * Price protection of market orders: the worst price, in ticks, a market
 * order may fill at, a band of basis points around a reference price the
 * host chooses (the last trade, the mark). Rounded inward so the band is
 * never wider than asked: a buy's limit down, a sell's up.
 */
import type { Side } from './types';

const BPS = 10_000n;

export function marketPriceLimit(side: Side, reference: number, band_bps: number): number {
  if (!Number.isSafeInteger(reference) || reference <= 0) {
    throw new Error(`reference price must be a positive whole number of ticks, got ${reference}`);
  }
  if (!Number.isSafeInteger(band_bps) || band_bps < 0 || band_bps >= 10_000) {
    throw new Error(`price band must be 0 to 9999 basis points, got ${band_bps}`);
  }
  const ref = BigInt(reference);
  const band = BigInt(band_bps);
  if (side === 'buy') {
    const limit = (ref * (BPS + band)) / BPS;
    return limit > BigInt(Number.MAX_SAFE_INTEGER) ? Number.MAX_SAFE_INTEGER : Number(limit);
  }
  const floor = ref * (BPS - band);
  const limit = (floor + BPS - 1n) / BPS;
  return limit < 1n ? 1 : Number(limit);
}
