import { HistoryOutlined } from '@ant-design/icons';
import { describeUserAgent, type LoginRecord } from '@quay/core';
import { Button, Empty, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import dayjs, { type Dayjs } from 'dayjs';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppRangePicker } from '../../../platform/widgets/app-date-picker';
import { AppSelect } from '../../../platform/widgets/app-select';
import { useIsMobile } from '../../../ui/use-media';
import { useLoginHistory, type LoginResultFilter } from '../api/login-history';
import { DateTime } from '../../../ui/date-time';

const PAGE_SIZE = 10;

function ResultTag({ success }: { success: boolean }) {
  const { t } = useTranslation();
  return (
    <Tag color={success ? 'success' : 'error'} bordered={false}>
      {success ? t('security.success') : t('security.failure')}
    </Tag>
  );
}

/** Where and when the account was logged in, filtered by outcome and dates. */
export function LoginHistory() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [result, setResult] = useState<LoginResultFilter>('all');
  const [range, setRange] = useState<[Dayjs, Dayjs] | null>(null);
  const [pageNo, setPageNo] = useState(1);
  // Nothing can have happened after today: the range ends there.
  const [today] = useState(() => dayjs().endOf('day'));
  const filter = {
    result,
    begin: range ? range[0].startOf('day').valueOf() : null,
    end: range ? range[1].endOf('day').valueOf() : null,
    pageNo,
    pageSize: PAGE_SIZE,
  };
  const { data, isFetching } = useLoginHistory(filter);

  const columns = useMemo<ColumnsType<LoginRecord>>(
    () => [
      {
        title: t('security.time'),
        dataIndex: 'createdAt',
        render: (v: number) => <DateTime value={v} format="YYYY-MM-DD HH:mm:ss" />,
      },
      { title: t('security.ip'), dataIndex: 'ip', render: (v: string | null) => v ?? '--' },
      {
        title: t('security.device'),
        dataIndex: 'userAgent',
        render: (v: string | null) => describeUserAgent(v) ?? '--',
      },
      {
        title: t('security.result'),
        dataIndex: 'success',
        render: (ok: boolean) => <ResultTag success={ok} />,
      },
    ],
    [t],
  );

  const resultOptions: Array<{ label: string; value: LoginResultFilter }> = [
    { label: t('security.allResults'), value: 'all' },
    { label: t('security.success'), value: 'success' },
    { label: t('security.failure'), value: 'failure' },
  ];

  return (
    <section className="settings-card" data-testid="login-history">
      <h2>
        <HistoryOutlined /> {t('security.loginHistory')}
      </h2>
      <div className="history-filters">
        <AppSelect<LoginResultFilter>
          testId="login-result"
          className="history-result"
          title={t('security.result')}
          value={result}
          options={resultOptions}
          onChange={(v) => {
            setResult(v);
            setPageNo(1);
          }}
        />
        <AppRangePicker
          testId="login-range"
          max={today}
          value={range}
          onChange={(v) => {
            setRange(v);
            setPageNo(1);
          }}
        />
        <Button
          onClick={() => {
            setResult('all');
            setRange(null);
            setPageNo(1);
          }}
        >
          {t('security.reset')}
        </Button>
      </div>
      {isMobile ? (
        data && data.items.length > 0 ? (
          <ul className="history-cards" data-testid="login-history-rows">
            {data.items.map((r) => (
              <li key={r.id}>
                <div className="history-card-top">
                  <span>{describeUserAgent(r.userAgent) ?? '--'}</span>
                  <ResultTag success={r.success} />
                </div>
                <div className="history-card-meta">
                  <span>{r.ip ?? '--'}</span>
                  <DateTime value={r.createdAt} format="YYYY-MM-DD HH:mm:ss" />
                </div>
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )
      ) : (
        <Table<LoginRecord>
          data-testid="login-history-rows"
          rowKey="id"
          size="middle"
          loading={isFetching && !data}
          columns={columns}
          dataSource={data?.items ?? []}
          pagination={{
            current: pageNo,
            pageSize: PAGE_SIZE,
            total: data?.total ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPageNo,
          }}
        />
      )}
    </section>
  );
}
