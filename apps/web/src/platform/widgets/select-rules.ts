/** Pure rules of the select and checkbox widgets (spec sections 3, 5 and 9). */
import type { ReactNode } from 'react';
import { SELECT_HEIGHT_PX, type SelectSize } from './widget-defaults';

export type OptionValue = string | number;

/**
 * The picker option of spec section 3 (label, value, disabled) joined with
 * the action-sheet entry (label, value, visible, image url), so one list
 * feeds the select on wide screens and its sheet on narrow ones.
 */
export interface SelectOption<V extends OptionValue = string> {
  label: ReactNode;
  value: V;
  disabled?: boolean;
  /** false hides the entry everywhere (the action-sheet entry's `visible`). */
  visible?: boolean;
  /** Shown before the label in the narrow-screen sheet. */
  imageUrl?: string;
  /** What a search matches; defaults to the label when it is text. */
  searchText?: string;
}

export const visibleOptions = <V extends OptionValue>(
  options: readonly SelectOption<V>[],
): SelectOption<V>[] => options.filter((o) => o.visible !== false);

const searchTextOf = (o: SelectOption<OptionValue>): string =>
  o.searchText ??
  (typeof o.label === 'string' || typeof o.label === 'number' ? String(o.label) : String(o.value));

/** Case-insensitive containment on an option's search text; an empty query keeps every option. */
export function filterOptions<V extends OptionValue>(
  options: readonly SelectOption<V>[],
  query: string,
): SelectOption<V>[] {
  const q = query.trim().toLowerCase();
  if (!q) return [...options];
  return options.filter((o) => searchTextOf(o).toLowerCase().includes(q));
}

/** A multi-select limit: 0 (or less, or not a number) means unlimited. */
export const normalizeLimit = (limit: number | undefined): number =>
  limit !== undefined && Number.isFinite(limit) && limit > 0 ? Math.floor(limit) : 0;

/** True when the selection may not grow any further. */
export const isAtLimit = (selectedCount: number, limit: number | undefined): boolean => {
  const n = normalizeLimit(limit);
  return n > 0 && selectedCount >= n;
};

/**
 * A toggle in a multi-select under a limit: removing always works, adding
 * past the limit is refused (the previous selection comes back unchanged).
 */
export function toggleWithinLimit<V extends OptionValue>(
  selected: readonly V[],
  value: V,
  limit: number | undefined,
): V[] {
  if (selected.includes(value)) return selected.filter((v) => v !== value);
  if (isAtLimit(selected.length, limit)) return [...selected];
  return [...selected, value];
}

/**
 * A checkbox group with bounds: a change that takes the count below `min`
 * or above `max` is blocked. Returns whether the change may go ahead.
 */
export function acceptsCheckedCount(
  count: number,
  bounds: { min?: number; max?: number },
): boolean {
  if (bounds.min !== undefined && count < bounds.min) return false;
  if (bounds.max !== undefined && count > bounds.max) return false;
  return true;
}

/** Four select heights on antd's three sizes: the height is set apart, the type scale follows antd's size. */
export function selectMetrics(size: SelectSize): {
  heightPx: number;
  antdSize: 'large' | 'middle' | 'small';
} {
  const antdSize = size === 'small' ? 'small' : size === 'standard' ? 'middle' : 'large';
  return { heightPx: SELECT_HEIGHT_PX[size], antdSize };
}

/** Without a size of its own a select follows the surrounding antd size (a large form has 40 px fields). */
export function selectSizeFor(
  size: SelectSize | undefined,
  contextSize: 'large' | 'medium' | 'middle' | 'small' | undefined,
): SelectSize {
  if (size) return size;
  // antd 6 calls its middle size "medium" too.
  if (contextSize === 'large') return 'medium';
  if (contextSize === 'small') return 'small';
  return 'standard';
}
