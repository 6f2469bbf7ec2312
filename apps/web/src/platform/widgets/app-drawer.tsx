/** antd's Drawer with the spec's size, directions and focus return. */
import { ConfigProvider, Drawer, type DrawerProps } from 'antd';
import { useContext } from 'react';
import { drawerPlacement } from './drawer-placement';
import { DRAWER_SIZE, type DrawerDirection } from './widget-defaults';

export interface AppDrawerProps extends Omit<DrawerProps, 'placement'> {
  /** ltr from the left, rtl (default) from the right, ttb from the top, btt from the bottom; mirrored in Arabic. */
  direction?: DrawerDirection;
  testId?: string;
}

/**
 * 30% of the viewport by default. Escape and a click on the backdrop close
 * it; on close antd puts focus back on the element that had it before
 * opening (focusable.focusTriggerAfterClose, on by default and set in the
 * ConfigProvider).
 */
export function AppDrawer({ direction, size, testId, ...rest }: AppDrawerProps) {
  const documentDirection = useContext(ConfigProvider.ConfigContext).direction ?? 'ltr';
  return (
    <Drawer
      keyboard
      {...rest}
      placement={drawerPlacement(direction, documentDirection)}
      size={size ?? DRAWER_SIZE}
      data-testid={testId}
    />
  );
}
