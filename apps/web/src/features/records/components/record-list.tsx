import type { Page } from '@quay/core';
import { Empty, Pagination, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { Key, ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useIsMobile } from '../../../ui/use-media';

/** A column of a record list, and where it goes on the card that stands for a row under 768 px. */
export interface RecordColumn<T> {
  key: string;
  title: string;
  render: (row: T) => ReactNode;
  align?: 'start' | 'end';
  /** title: the card's first line; end: that line's far end; grid (default); wide: a full row; action: below; none. */
  card?: 'title' | 'end' | 'grid' | 'wide' | 'action' | 'none';
}

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
    const on = (where: RecordColumn<T>['card']) =>
      columns.filter((c) => (c.card ?? 'grid') === where);
    return (
      <>
        {page && page.items.length > 0 ? (
          <ul className="record-cards" data-testid="record-rows">
            {page.items.map((row) => (
              <li key={rowKey(row)}>
                <div className="record-card-top">
                  <span className="record-card-pair">
                    {on('title').map((c) => (
                      <span key={c.key}>{c.render(row)}</span>
                    ))}
                  </span>
                  {on('end').map((c) => (
                    <span key={c.key}>{c.render(row)}</span>
                  ))}
                </div>
                <dl className="record-card-grid">
                  {[...on('grid'), ...on('wide')].map((c) => (
                    <div key={c.key} className={c.card === 'wide' ? 'record-card-wide' : undefined}>
                      <dt>{c.title}</dt>
                      <dd>{c.render(row)}</dd>
                    </div>
                  ))}
                </dl>
                {on('action').map((c) => (
                  <span key={c.key} className="record-card-action">
                    {c.render(row)}
                  </span>
                ))}
              </li>
            ))}
          </ul>
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
