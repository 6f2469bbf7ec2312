/**
 * Order-book rows at a chosen price grouping: raw levels are merged into
 * buckets of `step` (bids rounded down, asks rounded up, so a bucket never
 * promises a better price than its orders), with the running total that the
 * depth bars draw.
 */
import { Decimal, decimalsOfStep, type DecimalValue, type DepthLevel } from '@quay/core';

export interface BookRow {
  /** The bucket's price, at the step's decimals. */
  price: string;
  quantity: DecimalValue;
  /** Quantity from the best price down to this row. */
  cumulative: DecimalValue;
}

export function groupPrice(price: string, step: string, side: 'bids' | 'asks'): DecimalValue {
  const steps = new Decimal(price).div(step);
  return (side === 'bids' ? steps.floor() : steps.ceil()).times(step);
}

/** The best `limit` buckets of one side, best first. Levels come best first. */
export function groupLevels(
  levels: readonly DepthLevel[],
  step: string,
  side: 'bids' | 'asks',
  limit: number,
): BookRow[] {
  const places = decimalsOfStep(step);
  const rows: BookRow[] = [];
  let cumulative = new Decimal(0);
  let last: { key: string; quantity: DecimalValue } | null = null;
  const flush = () => {
    if (!last) return;
    cumulative = cumulative.plus(last.quantity);
    rows.push({ price: last.key, quantity: last.quantity, cumulative });
  };
  for (const [price, quantity] of levels) {
    const key = groupPrice(price, step, side).toFixed(places);
    if (last && last.key === key) {
      last.quantity = last.quantity.plus(quantity);
      continue;
    }
    flush();
    if (rows.length >= limit) return rows;
    last = { key, quantity: new Decimal(quantity) };
  }
  flush();
  return rows.slice(0, limit);
}

/** A depth bar's share of the widest bar, 0..1 (a width on screen, not money). */
export function depthShare(cumulative: DecimalValue, widest: DecimalValue): number {
  if (widest.lte(0)) return 0;
  return Math.min(1, cumulative.div(widest).toNumber());
}
