import type { Page } from '@quay/core';
import { Empty, Pagination, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key } from 'react';
import { useTranslation } from 'react-i18next';
import { RecordCards, type RecordColumn } from '../../../ui/record-cards';
import { useIsMobile } from '../../../ui/use-media';

/**
 * One page of records: a table on wide screens, cards under 768 px, with the
 * pager of the other records pages. The columns say how both read.
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
}: {
  columns: readonly RecordColumn<T>[];
  page: Page<T> | undefined;
  loading: boolean;
  rowKey: (row: T) => string;
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
  emptyText?: string;
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={emptyText ?? t('common.empty')} />
  );
  const total = page?.total ?? 0;

  if (isMobile) {
    return (
      <>
        {page && page.items.length > 0 ? (
          <RecordCards columns={columns} rows={page.items} rowKey={rowKey} />
        ) : loading && !page ? null : (
          empty
        )}
        {total > pageSize ? (
          <Pagination
            className="record-pager"
            simple
            current={pageNo}
            pageSize={pageSize}
            total={total}
            showSizeChanger={false}
            onChange={onPage}
          />
        ) : null}
      </>
    );
  }

  const tableColumns: ColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    render: (_: unknown, row: T) => c.render(row),
  }));
  return (
    <Table<T>
      data-testid="record-rows"
      className="record-table"
      rowKey={(row) => rowKey(row) as Key}
      size="middle"
      loading={loading && !page}
      columns={tableColumns}
      dataSource={page?.items ?? []}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: empty }}
      pagination={{
        current: pageNo,
        pageSize,
        total,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: onPage,
      }}
    />
  );
}
