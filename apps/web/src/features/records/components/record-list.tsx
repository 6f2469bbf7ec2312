import type { Page } from '@quay/core';
import { Empty } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordTable } from '../../../ui/record-table';

/**
 * One page of records as every records page shows it: a table on wide
 * screens, cards under 768 px, with the pager and the empty state of the
 * records pages. The columns say how both read.
 */
export function RecordList<T extends object>({
  columns,
  page,
  loading,
  rowKey,
  pageNo,
  pageSize,
  onPage,
  emptyText,
  cardOrder,
}: {
  columns: readonly RecordColumn<T>[];
  page: Page<T> | undefined;
  loading: boolean;
  rowKey: (row: T) => string;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  emptyText?: string;
  /** Column keys in the order a card shows them, when not the table's. */
  cardOrder?: readonly string[];
}) {
  const { t } = useTranslation();
  return (
    <RecordTable
      columns={columns}
      rows={page?.items ?? []}
      rowKey={rowKey}
      loading={loading && !page}
      empty={
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('common.empty')} />
      }
      pager={{ pageNo, pageSize, total: page?.total ?? 0, onPage }}
      className="record-table"
      testId="record-rows"
      cardOrder={cardOrder}
    />
  );
}
