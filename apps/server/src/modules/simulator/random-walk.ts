/**
 * The seeded random walk behind index prices and synthetic kline history.
 * Prices are whole ticks: each step draws a normal move (its size set once
 * from the start price) plus a slow pull back toward an anchor, so a walk of
 * any length stays in a believable band and never reaches zero.
 */
import { seededRandom } from '@quay/engine';

export type Random = () => number;

/** A generator for one market: the same seed and symbol give the same stream. */
export function randomFor(seed: number, symbol: string): Random {
  let h = seed >>> 0;
  for (let i = 0; i < symbol.length; i += 1) h = Math.imul(h ^ symbol.charCodeAt(i), 0x01000193);
  return seededRandom(h >>> 0);
}

/** A standard normal draw (Box-Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

export interface WalkShape {
  /** Standard deviation of one step, in ticks. */
  sigmaTicks: number;
  /** Share of the distance to the anchor closed per step. */
  pull: number;
  anchorTicks: number;
  /** Lowest price the walk may reach, in ticks. */
  floorTicks: number;
}

/** The next price in ticks: always a whole number, never below the floor. */
export function walkStep(ticks: number, shape: WalkShape, random: Random): number {
  const move = Math.round(
    gaussian(random) * shape.sigmaTicks + (shape.anchorTicks - ticks) * shape.pull,
  );
  return Math.max(shape.floorTicks, ticks + move);
}
