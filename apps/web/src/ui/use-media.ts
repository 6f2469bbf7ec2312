import { useSyncExternalStore } from 'react';
import { MOBILE_BREAKPOINT_PX } from '../platform/widgets/widget-defaults';

export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (notify) => {
      const list = window.matchMedia(query);
      list.addEventListener('change', notify);
      return () => list.removeEventListener('change', notify);
    },
    () => window.matchMedia(query).matches,
    () => false,
  );
}

/** Narrower than the spec section 9 breakpoint: selects become sheets, date pickers dialogs. */
export function useIsMobile(): boolean {
  return useMediaQuery(`(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`);
}
