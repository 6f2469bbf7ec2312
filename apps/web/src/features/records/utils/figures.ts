/** A deposit address shortened in the middle for a table cell: `TQ7z1n…s2Zk9L`. */
export function shortAddress(address: string, keep = 6): string {
  return address.length <= keep * 2 + 1
    ? address
    : `${address.slice(0, keep)}…${address.slice(-keep)}`;
}
