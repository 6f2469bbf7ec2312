/**
 * The spec section 9 defaults in the shapes antd's ConfigProvider and App
 * take; app/providers.tsx passes them on. Sizes that antd only knows as
 * tokens ride on the theme.
 */
import type { AppProps, ConfigProviderProps, ThemeConfig } from 'antd';
import {
  MESSAGE_DURATION_MS,
  MESSAGE_GAP_PX,
  MESSAGE_TOP_PX,
  MODAL_CLOSE_MS,
  MODAL_Z_INDEX,
  NOTIFICATION_DURATION_MS,
  NOTIFICATION_GAP_PX,
  NOTIFICATION_PLACEMENT,
  TABLE_SELECTION_COLUMN_WIDTH_PX,
  TOOLTIP_CLOSE_DEBOUNCE_MS,
  TOOLTIP_OPEN_DELAY_MS,
  TREE_INDENT_PX,
  toSeconds,
} from './widget-defaults';

export const MESSAGE_CONFIG = {
  duration: toSeconds(MESSAGE_DURATION_MS),
  top: MESSAGE_TOP_PX,
  maxCount: 3,
} satisfies AppProps['message'];

export const NOTIFICATION_CONFIG = {
  duration: toSeconds(NOTIFICATION_DURATION_MS),
  placement: NOTIFICATION_PLACEMENT,
} satisfies AppProps['notification'];

/** Component defaults that ConfigProvider takes as props. */
export const COMPONENT_DEFAULTS = {
  tooltip: {
    mouseEnterDelay: toSeconds(TOOLTIP_OPEN_DELAY_MS),
    mouseLeaveDelay: toSeconds(TOOLTIP_CLOSE_DEBOUNCE_MS),
  },
  // Focus goes back to what opened a modal or drawer (spec section 4).
  modal: { focusable: { focusTriggerAfterClose: true }, mask: { closable: true } },
  drawer: { focusable: { focusTriggerAfterClose: true }, mask: { closable: true } },
  // Element's "light" tag: tinted ground and border, which antd calls outlined.
  tag: { variant: 'outlined' },
} satisfies Pick<ConfigProviderProps, 'tooltip' | 'modal' | 'drawer' | 'tag'>;

const motion = `${toSeconds(MODAL_CLOSE_MS)}s`;

/** Adds the widget tokens of spec section 9 to a theme, keeping what it already sets. */
export function withWidgetTokens(theme: ThemeConfig): ThemeConfig {
  const components = theme.components ?? {};
  return {
    ...theme,
    token: { ...theme.token, zIndexPopupBase: MODAL_Z_INDEX },
    components: {
      ...components,
      // A modal animates out in 200 ms before it is removed.
      Modal: { ...components.Modal, motionDurationSlow: motion, motionDurationMid: motion },
      Message: { ...components.Message, margin: MESSAGE_GAP_PX },
      Notification: { ...components.Notification, margin: NOTIFICATION_GAP_PX },
      Table: { ...components.Table, selectionColumnWidth: TABLE_SELECTION_COLUMN_WIDTH_PX },
      Tree: { ...components.Tree, indentSize: TREE_INDENT_PX },
    },
  };
}
