import type { ApiKeySummary } from '@quay/core';
import { Button, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';

/** One key as its owner sees it: never its secret. */
export function KeyCard({
  apiKey: key,
  busy,
  onEdit,
  onToggle,
  onDelete,
  onLog,
}: {
  apiKey: ApiKeySummary;
  busy: boolean;
  onEdit(): void;
  onToggle(): void;
  onDelete(): void;
  onLog(): void;
}) {
  const { t } = useTranslation();
  const active = key.status === 'active';
  return (
    <li className="api-key-card" data-testid={`api-key-${key.apiKey}`}>
      <div className="api-key-card-head">
        <strong className="api-key-label">{key.label}</strong>
        <Tag color={active ? 'success' : 'default'} data-testid="api-key-status">
          {t(active ? 'apiKeys.active' : 'apiKeys.disabled')}
        </Tag>
      </div>
      <dl className="api-key-fields">
        <div>
          <dt>{t('apiKeys.key')}</dt>
          <dd>
            <Typography.Text copyable={{ text: key.apiKey }} className="api-key-id">
              <bdi dir="ltr">{key.apiKey}</bdi>
            </Typography.Text>
          </dd>
        </div>
        <div>
          <dt>{t('apiKeys.permissions')}</dt>
          <dd className="api-key-scopes">
            {key.scopes.map((scope) => (
              <Tag key={scope}>{t(`apiKeys.scope.${scope}`)}</Tag>
            ))}
          </dd>
        </div>
        <div>
          <dt>{t('apiKeys.ips')}</dt>
          <dd className="api-key-ips">
            {key.ips.length === 0
              ? t('apiKeys.ipsAny')
              : key.ips.map((ip) => (
                  <bdi dir="ltr" key={ip}>
                    {ip}
                  </bdi>
                ))}
          </dd>
        </div>
        <div>
          <dt>{t('common.createdAt')}</dt>
          <dd>
            <DateTime value={key.createdAt} />
          </dd>
        </div>
        <div>
          <dt>{t('apiKeys.lastUsed')}</dt>
          <dd>
            {key.lastUsedAt === null ? t('apiKeys.never') : <DateTime value={key.lastUsedAt} />}
          </dd>
        </div>
      </dl>
      <div className="api-key-actions">
        <Button onClick={onLog} data-testid="api-key-log-open">
          {t('apiKeys.log.open')}
        </Button>
        <Button onClick={onEdit} data-testid="api-key-edit">
          {t('apiKeys.edit')}
        </Button>
        <Button onClick={onToggle} loading={busy} data-testid="api-key-toggle">
          {t(active ? 'apiKeys.disable' : 'apiKeys.enable')}
        </Button>
        <Button danger onClick={onDelete} data-testid="api-key-delete">
          {t('apiKeys.delete')}
        </Button>
      </div>
    </li>
  );
}
