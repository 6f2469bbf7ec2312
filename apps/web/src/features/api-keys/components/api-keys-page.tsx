import { ApiOutlined, PlusOutlined } from '@ant-design/icons';
import { API_KEY_MAX_PER_USER, type ApiKeySummary } from '@quay/core';
import { Alert, Button, Empty, Skeleton } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ApiError } from '../../../platform/request/client';
import { messageBox } from '../../../platform/widgets/message-box';
import { ButtonLink } from '../../../ui/button-link';
import { useApiKeys, useApiKeyStatus, useDeleteApiKey } from '../api/api-keys';
import { useKeyFactors } from '../api/second-factor';
import { EnableDialog } from './enable-dialog';
import { KeyCard } from './key-card';
import { KeyFormDialog } from './key-form-dialog';
import { RequestLogDialog } from './request-log-dialog';
import './api-keys-page.css';
import { useApp } from '../../../platform/widgets/app-widgets';

type Dialog = { kind: 'create' } | { kind: 'edit' | 'enable' | 'log'; key: ApiKeySummary } | null;

/** /account/newapi: the user's API keys for the public trading API. */
export function ApiKeysPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const localePath = useLocalePath();
  const keys = useApiKeys();
  const factors = useKeyFactors();
  const status = useApiKeyStatus();
  const remove = useDeleteApiKey();
  const [dialog, setDialog] = useState<Dialog>(null);

  if (keys.isPending || factors.isPending || !factors.data) {
    return (
      <div className="api-keys-page">
        <Skeleton active paragraph={{ rows: 6 }} />
      </div>
    );
  }
  const list = keys.data ?? [];
  const hasFactor = factors.data.google || factors.data.email || factors.data.mobile;
  const full = list.length >= API_KEY_MAX_PER_USER;

  const fail = (err: unknown) => {
    if (err instanceof ApiError) void message.error(err.msg);
  };
  async function toggle(key: ApiKeySummary) {
    if (key.status !== 'active') return setDialog({ kind: 'enable', key });
    try {
      await status.mutateAsync({ apiKey: key.apiKey, status: 'disabled' });
      void message.success(t('apiKeys.saved'));
    } catch (err) {
      fail(err);
    }
  }
  async function askDelete(key: ApiKeySummary) {
    const action = await messageBox({
      title: t('apiKeys.deleteTitle'),
      content: t('apiKeys.deleteText', { label: key.label }),
      confirmText: t('apiKeys.delete'),
      cancelText: t('common.cancel'),
      testId: 'api-key-delete-box',
    });
    if (action !== 'confirm') return;
    try {
      await remove.mutateAsync({ apiKey: key.apiKey });
      void message.success(t('apiKeys.deleted'));
    } catch (err) {
      fail(err);
    }
  }

  return (
    <div className="api-keys-page" data-testid="api-keys-page">
      <div className="api-keys-head">
        <div>
          <h1>
            <ApiOutlined /> {t('apiKeys.title')}
          </h1>
          <p className="api-key-hint">{t('apiKeys.intro')}</p>
        </div>
        <div className="api-keys-head-actions">
          <span className="api-key-count" data-testid="api-key-count">
            {t('apiKeys.keyCount', { count: list.length, max: API_KEY_MAX_PER_USER })}
          </span>
          <Button
            type="primary"
            icon={<PlusOutlined />}
            disabled={!hasFactor || full}
            onClick={() => setDialog({ kind: 'create' })}
            data-testid="api-key-create"
          >
            {t('apiKeys.create')}
          </Button>
        </div>
      </div>
      {hasFactor ? null : (
        <Alert
          type="info"
          showIcon
          message={t('apiKeys.needsFactor')}
          action={
            <ButtonLink to={localePath('/modifyverification')}>
              {t('apiKeys.setUpFactor')}
            </ButtonLink>
          }
          data-testid="api-key-needs-factor"
        />
      )}
      {list.length === 0 ? (
        <Empty description={t('apiKeys.empty')} />
      ) : (
        <ul className="api-key-list">
          {list.map((key) => (
            <KeyCard
              key={key.apiKey}
              apiKey={key}
              busy={status.isPending && status.variables?.apiKey === key.apiKey}
              onEdit={() => setDialog({ kind: 'edit', key })}
              onToggle={() => void toggle(key)}
              onDelete={() => void askDelete(key)}
              onLog={() => setDialog({ kind: 'log', key })}
            />
          ))}
        </ul>
      )}
      {dialog?.kind === 'create' || dialog?.kind === 'edit' ? (
        <KeyFormDialog
          editing={dialog.kind === 'edit' ? dialog.key : null}
          factors={factors.data}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog?.kind === 'log' ? (
        <RequestLogDialog apiKey={dialog.key} onClose={() => setDialog(null)} />
      ) : null}
      {dialog?.kind === 'enable' ? (
        <EnableDialog apiKey={dialog.key} factors={factors.data} onClose={() => setDialog(null)} />
      ) : null}
    </div>
  );
}
