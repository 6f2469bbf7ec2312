/** Names shared by the module's parts. */
export { Decimal } from '@quay/core';
export type { DecimalValue } from '@quay/core';
export type { CopySizeMode as CopySizeModeLike } from '@quay/core/copy-trading';

/** The futures owner of a copy relationship: its positions and wallet (`f:copy:<id>`) are the copy account. */
export function copyOwnerOf(followId: string): string {
  return `copy:${followId}`;
}
