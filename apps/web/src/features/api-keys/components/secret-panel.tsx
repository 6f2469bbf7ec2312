import { WarningOutlined } from '@ant-design/icons';
import type { CreatedApiKey } from '@quay/core';
import { Alert, Button, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** A new key's id and secret, the one time the secret is ever shown, with copy buttons. */
export function SecretPanel({ created, onDone }: { created: CreatedApiKey; onDone(): void }) {
  const { t } = useTranslation();
  return (
    <div className="api-key-secret" data-testid="api-key-secret-panel">
      <Alert
        type="warning"
        showIcon
        icon={<WarningOutlined />}
        message={t('apiKeys.secretWarning')}
      />
      <div className="api-key-secret-row">
        <span className="api-key-field-name">{t('apiKeys.key')}</span>
        <Typography.Text
          code
          copyable={{ text: created.key.apiKey }}
          data-testid="api-key-created-key"
        >
          <bdi dir="ltr">{created.key.apiKey}</bdi>
        </Typography.Text>
      </div>
      <div className="api-key-secret-row">
        <span className="api-key-field-name">{t('apiKeys.secretKey')}</span>
        <Typography.Text code copyable={{ text: created.secret }} data-testid="api-key-secret">
          <bdi dir="ltr">{created.secret}</bdi>
        </Typography.Text>
      </div>
      <Button type="primary" block size="large" onClick={onDone} data-testid="api-key-secret-done">
        {t('apiKeys.done')}
      </Button>
    </div>
  );
}
