/** Dialogs with the spec section 9 sizes, placement and narrow-screen bounds. */
import { Modal, type ModalProps } from 'antd';
import type { ReactNode } from 'react';
import { useIsMobile } from '../../ui/use-media';
import { dialogLayout } from './dialog-layout';
import type { DialogSize } from './widget-defaults';

export interface AppDialogProps extends Omit<ModalProps, 'width' | 'centered'> {
  /** small 396, medium 480 (default), large 640, xlarge 720 px. */
  size?: DialogSize;
  testId?: string;
  children?: ReactNode;
}

/** Shared by AppDialog (15vh from the top) and the message box (30vh). */
export function DialogFrame({
  kind,
  size,
  testId,
  style,
  styles,
  ...rest
}: AppDialogProps & { kind: 'dialog' | 'message-box' }) {
  const isMobile = useIsMobile();
  const layout = dialogLayout(kind, size, isMobile);
  const given = typeof styles === 'object' ? styles : {};
  return (
    <Modal
      {...rest}
      width={layout.width}
      style={{ ...layout.style, ...style }}
      styles={{
        ...given,
        container: { ...layout.containerStyle, ...given.container },
        body: { ...layout.bodyStyle, ...given.body },
      }}
      data-testid={testId}
    />
  );
}

/**
 * antd's Modal at the dialog widths of the spec: `size` picks 396 / 480 /
 * 640 / 720 px, 15vh from the top; under 768 px it keeps between 30vh and
 * 80vh of height and its body scrolls.
 */
export function AppDialog(props: AppDialogProps) {
  return <DialogFrame {...props} kind="dialog" />;
}
