import { Pagination } from 'antd';

/** A list shown a page at a time: the table's pager, or a simple one under the cards. */
export interface RecordPager {
  pageNo: number;
  pageSize: number;
  total: number;
  onPage: (pageNo: number) => void;
}

/** The simple pager under record cards; its own chunk, loaded only when a list has a second page. */
export default function CardsPager({ pager }: { pager: RecordPager }) {
  return (
    <Pagination
      className="record-pager"
      simple
      current={pager.pageNo}
      pageSize={pager.pageSize}
      total={pager.total}
      showSizeChanger={false}
      onChange={pager.onPage}
    />
  );
}
