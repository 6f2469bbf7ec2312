import { Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';

export const PAGE_SIZE = 10;

/** A page of the swap's records, newest first, with their time as the first column. */
export function PagedTable<T extends { id: string; createdAt: number }>(props: {
  testId: string;
  rows: T[];
  loading: boolean;
  pageNo: number;
  total: number;
  onPage: (pageNo: number) => void;
  columns: ColumnsType<T>;
}) {
  const { t } = useTranslation();
  return (
    <Table<T>
      rowKey="id"
      size="small"
      data-testid={props.testId}
      dataSource={props.rows}
      loading={props.loading}
      scroll={{ x: true }}
      pagination={{
        current: props.pageNo,
        pageSize: PAGE_SIZE,
        total: props.total,
        onChange: props.onPage,
        hideOnSinglePage: true,
      }}
      columns={[
        {
          title: t('swap.time'),
          dataIndex: 'createdAt',
          render: (v: number) => <DateTime value={v} />,
        },
        ...props.columns,
      ]}
    />
  );
}
