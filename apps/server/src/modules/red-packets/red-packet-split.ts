/**
 * How a red packet is shared, in minor units. Random: each share lies
 * between the floor (one minor unit) and twice the mean of what is left,
 * never so much that a later share would be zero; the last share takes the
 * remainder, so the shares always sum to the total. Identical: every share
 * is the total over the count, which must divide it exactly. The randomness
 * is given, never read, so a run reproduces from it.
 */

/** The least a share may be: one minor unit. */
export const SHARE_FLOOR = 1n;

/** The next random share of `remaining` with `left` shares still to give; `random` is any non-negative integer. */
export function randomShare(remaining: bigint, left: bigint, random: bigint): bigint {
  if (left <= 0n || remaining < left * SHARE_FLOOR)
    throw new Error('a red packet cannot be split so');
  if (left === 1n) return remaining;
  const twiceMean = (2n * remaining) / left;
  const ceiling = remaining - (left - 1n) * SHARE_FLOOR;
  const top = twiceMean < ceiling ? twiceMean : ceiling;
  const highest = top > SHARE_FLOOR ? top : SHARE_FLOOR;
  return SHARE_FLOOR + (random % (highest - SHARE_FLOOR + 1n));
}

/** Each share of an identical split; null when the count does not divide the total. */
export function identicalShare(total: bigint, count: bigint): bigint | null {
  if (count <= 0n || total % count !== 0n || total / count < SHARE_FLOOR) return null;
  return total / count;
}
