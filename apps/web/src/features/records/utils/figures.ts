import { EMPTY_TEXT, formatAmount, groupThousands, toDecimal } from '@quay/core';

/**
 * A figure of a record: to the market's precision when it is known, else as
 * the server wrote it (grouped, every decimal kept); empty as `--`.
 */
export function formatFigure(value: string, places?: number): string {
  const d = toDecimal(value);
  if (!d) return EMPTY_TEXT;
  if (places !== undefined) return formatAmount(d, places);
  return groupThousands(d.toFixed());
}

/** A deposit address shortened in the middle for a table cell: `TQ7z1n…s2Zk9L`. */
export function shortAddress(address: string, keep = 6): string {
  return address.length <= keep * 2 + 1
    ? address
    : `${address.slice(0, keep)}…${address.slice(-keep)}`;
}
