import type { EarnRecord } from '@quay/core/earn';
import { Button, Empty, Pagination, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DateTime, formatEventTime } from '../../../ui/date-time';
import { useIsMobile } from '../../../ui/use-media';
import { fetchEarnRecords, useEarnRecords } from '../api/earn';
import { recordRow, recordsCsv } from '../utils/earn-figures';

const PAGE_SIZE = 10;
/** The CSV holds at most this many records (the newest), read a page of 50 at a time. */
const CSV_PAGES = 20;

/** The earn records, newest first, a page at a time, and as a CSV file. */
export function InterestHistory() {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const [pageNo, setPageNo] = useState(1);
  const records = useEarnRecords(pageNo, PAGE_SIZE, true);
  const items = records.data?.items ?? [];
  const kind = (r: EarnRecord) => (
    <Tag bordered={false} color={r.kind === 'interest' ? 'success' : 'default'}>
      {t(`earn.kinds.${r.kind}`)}
    </Tag>
  );

  const exportCsv = async () => {
    const all: EarnRecord[] = [];
    for (let page = 1; page <= CSV_PAGES; page += 1) {
      const answer = await fetchEarnRecords(page, 50);
      all.push(...answer.items);
      if (all.length >= answer.total) break;
    }
    const csv = recordsCsv(
      [t('earn.time'), t('earn.kind'), t('earn.product'), t('earn.coin'), t('earn.amount')],
      all.map((r) => recordRow(r, formatEventTime(r.time), t(`earn.kinds.${r.kind}`))),
    );
    const url = URL.createObjectURL(new Blob(['\uFEFF', csv], { type: 'text/csv;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'earn-history.csv';
    document.body.appendChild(link);
    link.click();
    link.remove();
    setTimeout(() => URL.revokeObjectURL(url), 0);
  };

  const columns: ColumnsType<EarnRecord> = [
    { title: t('earn.time'), dataIndex: 'time', render: (v: number) => <DateTime value={v} /> },
    { title: t('earn.kind'), key: 'kind', render: (_, r) => kind(r) },
    { title: t('earn.product'), dataIndex: 'productId' },
    {
      title: t('earn.amount'),
      key: 'amount',
      align: 'end',
      render: (_, r) => <bdi dir="ltr">{`${r.amount} ${r.coin}`}</bdi>,
    },
  ];

  return (
    <div data-testid="earn-history">
      <div className="earn-section-tools">
        <Button size="small" onClick={() => void exportCsv()} data-testid="earn-csv">
          {t('earn.exportCsv')}
        </Button>
      </div>
      {isMobile ? (
        items.length > 0 ? (
          <ul className="earn-records">
            {items.map((r) => (
              <li key={r.id}>
                <span>
                  {kind(r)} {r.productId}
                </span>
                <bdi dir="ltr">{`${r.amount} ${r.coin}`}</bdi>
                <DateTime value={r.time} className="earn-muted" />
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )
      ) : (
        <Table
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items}
          loading={records.isPending}
          pagination={false}
        />
      )}
      {(records.data?.total ?? 0) > PAGE_SIZE ? (
        <Pagination
          className="earn-pager"
          simple={isMobile}
          current={pageNo}
          pageSize={PAGE_SIZE}
          total={records.data?.total ?? 0}
          showSizeChanger={false}
          onChange={setPageNo}
        />
      ) : null}
    </div>
  );
}
