import type { Page, SpotFill, SpotOrder } from '@quay/core';
import { Empty, Pagination, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';
import { useIsMobile } from '../../../ui/use-media';
import type { MarketPrecision } from '../hooks/use-market-precisions';
import { formatFigure } from '../utils/figures';
import { OrderStatusTag, SideText } from './side-text';

const TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

interface ListProps<T> {
  page: Page<T> | undefined;
  loading: boolean;
  markets: readonly MarketPrecision[];
  pageNo: number;
  pageSize: number;
  onPage: (pageNo: number) => void;
}

function pairOf(symbol: string, markets: readonly MarketPrecision[]) {
  const m = markets.find((x) => x.symbol === symbol);
  return { label: m ? `${m.base}/${m.quote}` : symbol, market: m };
}

function Pager({
  total,
  pageNo,
  pageSize,
  onPage,
}: { total: number } & Omit<ListProps<never>, 'page' | 'loading' | 'markets'>) {
  return total > pageSize ? (
    <Pagination
      className="record-pager"
      simple
      current={pageNo}
      pageSize={pageSize}
      total={total}
      showSizeChanger={false}
      onChange={onPage}
    />
  ) : null;
}

/** Finished spot orders: a table on wide screens, cards under 768 px. */
export function OrderHistoryList(props: ListProps<SpotOrder>) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { page, markets } = props;
  const price = (v: string, symbol: string) =>
    formatFigure(v, pairOf(symbol, markets).market?.pricePrecision);
  const quantity = (v: string, symbol: string) =>
    formatFigure(v, pairOf(symbol, markets).market?.quantityPrecision);
  const orderPrice = (o: SpotOrder) =>
    o.type === 'market' ? t('record.market') : price(o.price, o.symbol);
  const turnover = (v: string, symbol: string) =>
    formatFigure(v, pairOf(symbol, markets).market?.pricePrecision);
  const orderAmount = (o: SpotOrder) =>
    o.quantity ? (
      quantity(o.quantity, o.symbol)
    ) : (
      <bdi dir="ltr">
        {turnover(o.quoteAmount, o.symbol)} {pairOf(o.symbol, markets).market?.quote}
      </bdi>
    );

  if (isMobile) {
    return (
      <>
        {page && page.items.length > 0 ? (
          <ul className="record-cards" data-testid="record-rows">
            {page.items.map((o) => (
              <li key={o.orderId}>
                <div className="record-card-top">
                  <span className="record-card-pair">
                    <strong>{pairOf(o.symbol, markets).label}</strong>
                    <SideText side={o.side} />
                    <span className="record-muted">{t(`record.orderType.${o.type}`)}</span>
                  </span>
                  <OrderStatusTag status={o.status} />
                </div>
                <dl className="record-card-grid">
                  <div>
                    <dt>{t('record.price')}</dt>
                    <dd>{orderPrice(o)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.avgPrice')}</dt>
                    <dd>{price(o.avgPrice, o.symbol)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.quantity')}</dt>
                    <dd>{orderAmount(o)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.filled')}</dt>
                    <dd>{quantity(o.filledQuantity, o.symbol)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.turnover')}</dt>
                    <dd>{turnover(o.filledQuote, o.symbol)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.time')}</dt>
                    <dd>
                      <DateTime value={o.createdAt} format={TIME_FORMAT} />
                    </dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )}
        <Pager total={page?.total ?? 0} {...props} />
      </>
    );
  }

  const columns: ColumnsType<SpotOrder> = [
    {
      title: t('record.time'),
      dataIndex: 'createdAt',
      render: (v: number) => <DateTime value={v} format={TIME_FORMAT} />,
    },
    {
      title: t('record.pair'),
      dataIndex: 'symbol',
      render: (v: string) => pairOf(v, markets).label,
    },
    {
      title: t('record.type'),
      dataIndex: 'type',
      render: (v: string) => t(`record.orderType.${v}`),
    },
    {
      title: t('record.side'),
      dataIndex: 'side',
      render: (v: SpotOrder['side']) => <SideText side={v} />,
    },
    {
      title: t('record.avgPrice'),
      key: 'avg',
      align: 'end',
      render: (_, o) => price(o.avgPrice, o.symbol),
    },
    { title: t('record.price'), key: 'price', align: 'end', render: (_, o) => orderPrice(o) },
    {
      title: t('record.filled'),
      key: 'filled',
      align: 'end',
      render: (_, o) => quantity(o.filledQuantity, o.symbol),
    },
    { title: t('record.quantity'), key: 'qty', align: 'end', render: (_, o) => orderAmount(o) },
    {
      title: t('record.turnover'),
      key: 'turnover',
      align: 'end',
      render: (_, o) => turnover(o.filledQuote, o.symbol),
    },
    {
      title: t('record.status'),
      dataIndex: 'status',
      align: 'end',
      render: (v: SpotOrder['status']) => <OrderStatusTag status={v} />,
    },
  ];
  return (
    <Table<SpotOrder>
      data-testid="record-rows"
      className="record-table"
      rowKey="orderId"
      size="middle"
      loading={props.loading && !page}
      columns={columns}
      dataSource={page?.items ?? []}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />,
      }}
      pagination={{
        current: props.pageNo,
        pageSize: props.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: props.onPage,
      }}
    />
  );
}

/** The user's fills: a table on wide screens, cards under 768 px. */
export function FillHistoryList(props: ListProps<SpotFill>) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const { page, markets } = props;
  const price = (f: SpotFill) =>
    formatFigure(f.price, pairOf(f.symbol, markets).market?.pricePrecision);
  const quantity = (f: SpotFill) =>
    formatFigure(f.quantity, pairOf(f.symbol, markets).market?.quantityPrecision);
  const fee = (f: SpotFill) => (
    <bdi dir="ltr">
      {formatFigure(f.fee)} {f.feeCoin}
    </bdi>
  );
  const turnover = (f: SpotFill) =>
    formatFigure(f.quoteQuantity, pairOf(f.symbol, markets).market?.pricePrecision);
  const role = (f: SpotFill) => t(`record.roles.${f.role}`);

  if (isMobile) {
    return (
      <>
        {page && page.items.length > 0 ? (
          <ul className="record-cards" data-testid="record-rows">
            {page.items.map((f) => (
              <li key={f.fillId}>
                <div className="record-card-top">
                  <span className="record-card-pair">
                    <strong>{pairOf(f.symbol, markets).label}</strong>
                    <SideText side={f.side} />
                    <span className="record-muted">{role(f)}</span>
                  </span>
                  <DateTime value={f.time} format={TIME_FORMAT} className="record-muted" />
                </div>
                <dl className="record-card-grid">
                  <div>
                    <dt>{t('record.price')}</dt>
                    <dd>{price(f)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.quantity')}</dt>
                    <dd>{quantity(f)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.turnover')}</dt>
                    <dd>{turnover(f)}</dd>
                  </div>
                  <div>
                    <dt>{t('record.fee')}</dt>
                    <dd>{fee(f)}</dd>
                  </div>
                </dl>
              </li>
            ))}
          </ul>
        ) : (
          <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />
        )}
        <Pager total={page?.total ?? 0} {...props} />
      </>
    );
  }

  const columns: ColumnsType<SpotFill> = [
    {
      title: t('record.time'),
      dataIndex: 'time',
      render: (v: number) => <DateTime value={v} format={TIME_FORMAT} />,
    },
    {
      title: t('record.pair'),
      dataIndex: 'symbol',
      render: (v: string) => pairOf(v, markets).label,
    },
    {
      title: t('record.side'),
      dataIndex: 'side',
      render: (v: SpotFill['side']) => <SideText side={v} />,
    },
    { title: t('record.role'), key: 'role', render: (_, f) => role(f) },
    { title: t('record.price'), key: 'price', align: 'end', render: (_, f) => price(f) },
    { title: t('record.quantity'), key: 'qty', align: 'end', render: (_, f) => quantity(f) },
    {
      title: t('record.turnover'),
      key: 'turnover',
      align: 'end',
      render: (_, f) => turnover(f),
    },
    { title: t('record.fee'), key: 'fee', align: 'end', render: (_, f) => fee(f) },
  ];
  return (
    <Table<SpotFill>
      data-testid="record-rows"
      className="record-table"
      rowKey="fillId"
      size="middle"
      loading={props.loading && !page}
      columns={columns}
      dataSource={page?.items ?? []}
      scroll={{ x: 'max-content' }}
      locale={{
        emptyText: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('common.empty')} />,
      }}
      pagination={{
        current: props.pageNo,
        pageSize: props.pageSize,
        total: page?.total ?? 0,
        showSizeChanger: false,
        hideOnSinglePage: true,
        onChange: props.onPage,
      }}
    />
  );
}
