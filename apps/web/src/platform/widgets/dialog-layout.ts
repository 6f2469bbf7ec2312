/** Sizes and placement of dialogs and message boxes (spec section 9). */
import type { CSSProperties } from 'react';
import {
  DIALOG_MOBILE_MAX_HEIGHT,
  DIALOG_MOBILE_MIN_HEIGHT,
  DIALOG_TOP,
  DIALOG_WIDTH_PX,
  MESSAGE_BOX_TOP,
  type DialogSize,
} from './widget-defaults';

export const dialogWidth = (size: DialogSize | undefined): number =>
  DIALOG_WIDTH_PX[size ?? 'medium'] ?? DIALOG_WIDTH_PX.medium;

export interface DialogLayout {
  width: number;
  /** On the modal root: its distance from the top. */
  style: CSSProperties;
  /** On the dialog's panel: height bounds on narrow screens. */
  containerStyle: CSSProperties;
  /** On the body: it scrolls inside the bounds. */
  bodyStyle: CSSProperties;
}

/**
 * A dialog sits 15vh from the top, a message box 30vh. Under the breakpoint
 * the panel keeps between 30vh and 80vh of height and the body scrolls.
 */
export function dialogLayout(
  kind: 'dialog' | 'message-box',
  size: DialogSize | undefined,
  isMobile: boolean,
): DialogLayout {
  const top = kind === 'dialog' ? DIALOG_TOP : MESSAGE_BOX_TOP;
  return {
    width: dialogWidth(size),
    style: { top },
    containerStyle: isMobile
      ? {
          maxHeight: DIALOG_MOBILE_MAX_HEIGHT,
          minHeight: DIALOG_MOBILE_MIN_HEIGHT,
          display: 'flex',
          flexDirection: 'column',
        }
      : {},
    bodyStyle: isMobile ? { flex: '1 1 auto', minHeight: 0, overflowY: 'auto' } : {},
  };
}
