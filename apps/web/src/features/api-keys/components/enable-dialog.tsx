import type { ApiKeySummary, FactorCodes, SecondFactorStatus } from '@quay/core';
import { Button, Form } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { AppDialog } from '../../../platform/widgets/app-dialog';
import { useApiKeyStatus } from '../api/api-keys';
import { ChangeCodes } from './change-codes';
import { useApp } from '../../../platform/widgets/app-widgets';

/** Enabling a disabled key again gives access back: confirmed by the second factor. */
export function EnableDialog({
  apiKey,
  factors,
  onClose,
}: {
  apiKey: ApiKeySummary;
  factors: SecondFactorStatus;
  onClose(): void;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const status = useApiKeyStatus();
  async function submit(codes: FactorCodes) {
    try {
      await status.mutateAsync({ apiKey: apiKey.apiKey, status: 'active', ...codes });
      void message.success(t('apiKeys.saved'));
      onClose();
    } catch (err) {
      if (err instanceof ApiError) void message.error(err.msg);
    }
  }
  return (
    <AppDialog
      open
      title={t('apiKeys.enableTitle')}
      onCancel={onClose}
      footer={null}
      destroyOnHidden
      testId="api-key-enable-dialog"
    >
      <Form<FactorCodes> layout="vertical" requiredMark={false} onFinish={submit}>
        <ChangeCodes factors={factors} />
        <Button type="primary" htmlType="submit" block size="large" loading={status.isPending}>
          {t('apiKeys.enable')}
        </Button>
      </Form>
    </AppDialog>
  );
}
