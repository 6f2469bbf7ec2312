/** Names shared by the module's parts. */
export { Decimal } from '@quay/core';
export type { DecimalValue } from '@quay/core';
export type { CopySizeMode as CopySizeModeLike } from '@quay/core/copy-trading';
import type { CopyFollowRow } from './copy-trading-repository';

/** The futures owner of a copy relationship: its positions and wallet (`f:copy:<id>`) are the copy account. */
export function copyOwnerOf(followId: string): string {
  return `copy:${followId}`;
}

/** A follow's per-symbol leverages, from their stored JSON. */
export function symbolLeverageOf(f: CopyFollowRow): Record<string, number> {
  return f.symbol_leverage === null
    ? {}
    : (JSON.parse(f.symbol_leverage) as Record<string, number>);
}
