import { Modal, type ButtonProps } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A dialog around one form: its title, the submit button (which submits the form) and cancel. */
export function FormDialog({
  title,
  okText,
  submit,
  onClose,
  busy,
  testId,
  children,
}: {
  title: string;
  okText: string;
  submit: () => void;
  onClose: () => void;
  busy: boolean;
  testId: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      open
      title={title}
      okText={okText}
      cancelText={t('common.cancel')}
      onOk={submit}
      onCancel={onClose}
      confirmLoading={busy}
      okButtonProps={{ 'data-testid': testId } as ButtonProps}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
