import { Alert, Modal } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';

/** The frame of the subscribe and redeem dialogs: confirm runs `submit`; a refusal shows in the server's words. */
export function EarnDialog({
  title,
  testId,
  pending,
  submit,
  onClose,
  children,
}: {
  title: string;
  testId: string;
  pending: boolean;
  submit: () => Promise<unknown>;
  onClose: () => void;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [refusal, setRefusal] = useState<string | null>(null);
  const confirm = () => {
    setRefusal(null);
    submit().then(onClose, (error: unknown) =>
      setRefusal(error instanceof ApiError && error.msg ? error.msg : t('earn.failed')),
    );
  };
  return (
    <Modal
      open
      title={title}
      okText={t('earn.confirm')}
      cancelText={t('earn.cancel')}
      onOk={confirm}
      onCancel={onClose}
      confirmLoading={pending}
      okButtonProps={{ id: `${testId}-confirm` }}
      destroyOnHidden
    >
      <div className="earn-dialog" data-testid={`${testId}-dialog`}>
        {children}
        {refusal ? (
          <Alert type="error" showIcon message={refusal} data-testid="earn-refusal" />
        ) : null}
      </div>
    </Modal>
  );
}
