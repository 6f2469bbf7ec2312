/** antd's Tooltip with the spec section 9 timing and width. */
import { Tooltip, type TooltipProps } from 'antd';
import {
  TOOLTIP_CLOSE_DEBOUNCE_MS,
  TOOLTIP_MAX_WIDTH_PX,
  TOOLTIP_OPEN_DELAY_MS,
  toSeconds,
} from './widget-defaults';

/**
 * Opens at once on hover or focus and closes 200 ms after the pointer
 * leaves, so moving onto the tooltip itself does not lose it; never wider
 * than 300 px.
 */
export function AppTooltip({ styles, ...rest }: TooltipProps) {
  const given = typeof styles === 'object' ? styles : {};
  return (
    <Tooltip
      mouseEnterDelay={toSeconds(TOOLTIP_OPEN_DELAY_MS)}
      mouseLeaveDelay={toSeconds(TOOLTIP_CLOSE_DEBOUNCE_MS)}
      trigger={['hover', 'focus']}
      {...rest}
      styles={{ ...given, container: { maxWidth: TOOLTIP_MAX_WIDTH_PX, ...given.container } }}
    />
  );
}
