/**
 * The simulated basis of a perpetual: how far above (or below) its index it
 * trades, as a fraction. A slow wave of a few basis points, different for
 * each perpetual and the same for everyone at a given time, so the
 * perpetual follows its spot market's walk and funding stays small.
 */
const HOUR_MS = 3_600_000;
/** The middle of the wave: perpetuals usually trade a little above their index. */
const MEAN = 0.0002;
/** How far either side of the middle it swings. */
const SWING = 0.0003;
/** One swing up and down takes this long. */
const PERIOD_MS = 7 * HOUR_MS;

/** The basis of `symbol` at `now`: between -0.01 % and +0.05 %. */
export function basisOf(symbol: string, now: number): number {
  let phase = 0;
  for (let i = 0; i < symbol.length; i += 1) phase = (phase * 31 + symbol.charCodeAt(i)) % 997;
  return MEAN + SWING * Math.sin((2 * Math.PI * now) / PERIOD_MS + phase);
}
