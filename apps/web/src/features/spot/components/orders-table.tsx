/** antd's Table for the wide screen's order lists, in its own chunk: visitors and phones never load it. */
import { Table, type TableProps } from 'antd';

export default function OrdersTable<T extends object>(props: TableProps<T>) {
  return <Table<T> {...props} />;
}
