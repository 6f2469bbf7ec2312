/** Where a drawer slides in from, for a spec direction and the document's direction. */
import {
  DEFAULT_DRAWER_DIRECTION,
  DRAWER_DIRECTIONS,
  type DrawerDirection,
} from './widget-defaults';

export type DrawerPlacement = 'left' | 'right' | 'top' | 'bottom';

/**
 * ltr slides in from the left, rtl (the default) from the right, ttb from
 * the top, btt from the bottom. Under a right-to-left document the sides
 * mirror, so the default drawer opens from the left in Arabic (DESIGN.md
 * section 8). An unknown direction falls back to the default.
 */
export function drawerPlacement(
  direction: DrawerDirection | undefined,
  documentDirection: 'ltr' | 'rtl',
): DrawerPlacement {
  const d =
    direction && DRAWER_DIRECTIONS.includes(direction) ? direction : DEFAULT_DRAWER_DIRECTION;
  if (d === 'ttb') return 'top';
  if (d === 'btt') return 'bottom';
  const fromRight = d === 'rtl';
  return fromRight !== (documentDirection === 'rtl') ? 'right' : 'left';
}
