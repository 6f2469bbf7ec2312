/** antd's Table for the wide screens' record lists, in its own chunk: phones and visitors of the trading screens never load it. */
import { Table, type TableProps } from 'antd';

export default function RecordTableWide<T extends object>(props: TableProps<T>) {
  return <Table<T> {...props} />;
}
