/**
 * One list of records (orders, fills, plans, positions, deposits ...) from
 * one set of columns: an antd table on a wide screen, cards on a narrow one
 * (under 768 px unless the list says otherwise). Every records page and the
 * trading panels' tabs draw their rows through it.
 */
import { Empty, Spin, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, type Key, type ReactNode } from 'react';
import {
  MOBILE_BREAKPOINT_PX,
  TABLE_COLUMN_MIN_WIDTH_PX,
} from '../platform/widgets/widget-defaults';
import { RecordCards, type CardLayout, type RecordColumn } from './record-cards';
import type { RecordPager } from './record-pager';
import { useMediaQuery } from './use-media';

const CardsPager = lazy(() => import('./record-pager'));
// lazy() drops the generic parameter; the table gets its generic signature back here.
const WideTable = lazy(() => import('./record-table-wide')) as unknown as <T extends object>(
  props: TableProps<T>,
) => ReactNode;

export interface RecordTableProps<T extends object> {
  columns: readonly RecordColumn<T>[];
  rows: readonly T[];
  rowKey: (row: T) => string;
  /** The first rows are on their way: the table spins, the cards wait. */
  loading?: boolean;
  /** What an empty list shows (the table's and the cards'); antd's own by default. */
  empty?: ReactNode;
  pager?: RecordPager;
  size?: 'small' | 'middle';
  /** The table's class. */
  className?: string;
  /** How wide the table scrolls: its content's width, or a minimum in px. */
  scrollX?: number | 'max-content';
  /** Attributes of a table row (a test id). */
  onRow?: (row: T) => object;
  /** The table's test id. */
  testId?: string;
  /** The cards' test id (by default the table's, else `record-rows`). */
  cardsTestId?: string;
  cardLayout?: CardLayout;
  /** Column keys in the order a card shows them, when not the table's. */
  cardOrder?: readonly string[];
  /** The media query under which the rows are cards; under 768 px by default. */
  narrowQuery?: string;
  /** A card layout of the list's own (built from the same columns), in place of the record cards. */
  renderCards?: (rows: readonly T[]) => ReactNode;
}

const MOBILE_QUERY = `(max-width: ${MOBILE_BREAKPOINT_PX - 1}px)`;

export function RecordTable<T extends object>({
  columns,
  rows,
  rowKey,
  loading = false,
  empty,
  pager,
  size = 'middle',
  className,
  scrollX = 'max-content',
  onRow,
  testId,
  cardsTestId,
  cardLayout = 'list',
  cardOrder,
  narrowQuery = MOBILE_QUERY,
  renderCards,
}: RecordTableProps<T>) {
  const narrow = useMediaQuery(narrowQuery);

  if (narrow) {
    if (renderCards) return <>{renderCards(rows)}</>;
    return (
      <>
        {rows.length > 0 ? (
          <RecordCards
            columns={columns}
            rows={rows}
            rowKey={rowKey}
            testId={cardsTestId ?? testId ?? 'record-rows'}
            layout={cardLayout}
            order={cardOrder}
          />
        ) : loading ? null : (
          (empty ?? <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />)
        )}
        {pager && pager.total > pager.pageSize ? (
          <Suspense fallback={null}>
            <CardsPager pager={pager} />
          </Suspense>
        ) : null}
      </>
    );
  }

  const tableColumns: ColumnsType<T> = columns.map((c) => ({
    key: c.key,
    title: c.title,
    align: c.align,
    minWidth: TABLE_COLUMN_MIN_WIDTH_PX,
    render: (_: unknown, row: T) => c.render(row),
  }));
  return (
    <Suspense fallback={<Spin className="record-table-loading" />}>
      <WideTable<T>
        data-testid={testId}
        className={className}
        rowKey={(row) => rowKey(row) as Key}
        size={size}
        loading={loading}
        columns={tableColumns}
        dataSource={[...rows]}
        scroll={{ x: scrollX }}
        locale={empty === undefined ? undefined : { emptyText: empty }}
        onRow={onRow}
        pagination={
          pager
            ? {
                current: pager.pageNo,
                pageSize: pager.pageSize,
                total: pager.total,
                showSizeChanger: false,
                hideOnSinglePage: true,
                onChange: pager.onPage,
              }
            : false
        }
      />
    </Suspense>
  );
}
