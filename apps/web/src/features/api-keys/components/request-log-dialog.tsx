import type { ApiKeyRequest, ApiKeySummary } from '@quay/core';
import { API_KEY_REQUEST_LOG_DAYS, API_KEY_REQUEST_LOG_MAX } from '@quay/core';
import { Empty, Modal, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordTable } from '../../../ui/record-table';
import { useApiKeyRequests } from '../api/api-keys';

const PAGE_SIZE = 20;

/** The public API calls made with one key, newest first, a page at a time. */
export function RequestLogDialog({ apiKey, onClose }: { apiKey: ApiKeySummary; onClose(): void }) {
  const { t } = useTranslation();
  const [pageNo, setPageNo] = useState(1);
  const page = useApiKeyRequests(apiKey.apiKey, pageNo, PAGE_SIZE);

  const columns: RecordColumn<ApiKeyRequest>[] = [
    {
      key: 'time',
      title: t('apiKeys.log.time'),
      render: (r) => <DateTime value={r.time} />,
      card: 'title',
    },
    {
      key: 'call',
      title: t('apiKeys.log.call'),
      render: (r) => (
        <bdi dir="ltr" className="api-key-log-call">
          {r.method} {r.path}
        </bdi>
      ),
      card: 'wide',
    },
    {
      key: 'result',
      title: t('apiKeys.log.result'),
      render: (r) => (
        <Tag color={r.code === '00000' || r.code === '0' ? 'success' : 'error'}>
          <bdi dir="ltr">
            {r.status} · {r.code || '-'}
          </bdi>
        </Tag>
      ),
      card: 'end',
    },
    {
      key: 'ip',
      title: t('apiKeys.log.ip'),
      render: (r) => <bdi dir="ltr">{r.ip}</bdi>,
    },
  ];

  return (
    <Modal
      open
      title={t('apiKeys.log.title', { label: apiKey.label })}
      onCancel={onClose}
      footer={null}
      width={880}
      destroyOnHidden
    >
      <p className="api-key-hint" data-testid="api-key-log-hint">
        {t('apiKeys.log.hint', { max: API_KEY_REQUEST_LOG_MAX, days: API_KEY_REQUEST_LOG_DAYS })}
      </p>
      <RecordTable
        columns={columns}
        rows={page.data?.items ?? []}
        rowKey={(r) => r.id}
        loading={page.isLoading}
        size="small"
        empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('apiKeys.log.empty')} />}
        testId="api-key-log"
        pager={{ pageNo, pageSize: PAGE_SIZE, total: page.data?.total ?? 0, onPage: setPageNo }}
      />
    </Modal>
  );
}
