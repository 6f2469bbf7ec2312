import type { Page, SpotFill, SpotOrder } from '@quay/core';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import type { MarketPrecision } from '../hooks/use-market-precisions';
import { marketFigures, type MarketFigures } from '../../../platform/numbers/market-figures';
import { RecordList } from './record-list';
import { OrderStatusTag, SideText } from './side-text';

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

/** A card reads pair, side and type on top, then the prices and amounts, the time last. */
const ORDER_CARD_ORDER = ['pair', 'side', 'type', 'price', 'avg', 'qty', 'filled', 'turnover'];

/** Finished spot orders: a table on wide screens, cards under 768 px. */
export function OrderHistoryList({ markets, ...props }: ListProps<SpotOrder>) {
  const { t } = useTranslation();
  const fig = marketFigures(markets);
  const price = fig.price;
  const quantity = fig.quantity;
  const orderPrice = (o: SpotOrder) =>
    o.type === 'market' ? t('record.market') : price(o.price, o.symbol);
  const turnover = fig.quote;
  const orderAmount = (o: SpotOrder) =>
    o.quantity ? (
      quantity(o.quantity, o.symbol)
    ) : (
      <bdi dir="ltr">
        {turnover(o.quoteAmount, o.symbol)} {pairOf(o.symbol, markets).market?.quote}
      </bdi>
    );

  const columns: RecordColumn<SpotOrder>[] = [
    {
      key: 'created',
      title: t('common.createdAt'),
      render: (o) => (
        <span data-testid={`record-created-${o.orderId}`}>
          <DateTime value={o.createdAt} />
        </span>
      ),
    },
    {
      key: 'updated',
      title: t('common.updatedAt'),
      render: (o) => (
        <span data-testid={`record-updated-${o.orderId}`}>
          <DateTime value={o.updatedAt} />
        </span>
      ),
    },
    {
      key: 'pair',
      title: t('record.pair'),
      render: (o) => pairOf(o.symbol, markets).label,
      card: 'title',
      cardRender: (o) => <strong>{pairOf(o.symbol, markets).label}</strong>,
    },
    {
      key: 'type',
      title: t('record.type'),
      render: (o) => t(`record.orderType.${o.type}`),
      card: 'title',
      cardRender: (o) => <span className="record-muted">{t(`record.orderType.${o.type}`)}</span>,
    },
    {
      key: 'side',
      title: t('record.side'),
      render: (o) => <SideText side={o.side} />,
      card: 'title',
    },
    {
      key: 'avg',
      title: t('record.avgPrice'),
      align: 'end',
      render: (o) => price(o.avgPrice, o.symbol),
    },
    { key: 'price', title: t('record.price'), align: 'end', render: orderPrice },
    {
      key: 'filled',
      title: t('record.filled'),
      align: 'end',
      render: (o) => quantity(o.filledQuantity, o.symbol),
    },
    { key: 'qty', title: t('record.quantity'), align: 'end', render: orderAmount },
    {
      key: 'turnover',
      title: t('record.turnover'),
      align: 'end',
      render: (o) => turnover(o.filledQuote, o.symbol),
    },
    {
      key: 'status',
      title: t('record.status'),
      align: 'end',
      render: (o) => <OrderStatusTag status={o.status} reason={o.cancelReason} />,
      card: 'end',
    },
  ];
  return (
    <RecordList
      {...props}
      columns={columns}
      rowKey={(o) => o.orderId}
      cardOrder={ORDER_CARD_ORDER}
    />
  );
}

/** A fill's price at its market's tick. */
export function fillPriceColumn<T extends { price: string; symbol: string }>(
  title: string,
  fig: MarketFigures,
): RecordColumn<T> {
  return { key: 'price', title, align: 'end', render: (f) => fig.price(f.price, f.symbol) };
}

/** The user's fills: a table on wide screens, cards under 768 px. */
export function FillHistoryList({ markets, ...props }: ListProps<SpotFill>) {
  const { t } = useTranslation();
  const fig = marketFigures(markets);
  const role = (f: SpotFill) => t(`record.roles.${f.role}`);

  const columns: RecordColumn<SpotFill>[] = [
    {
      key: 'time',
      title: t('record.time'),
      render: (f) => <DateTime value={f.time} />,
      card: 'end',
      cardRender: (f) => <DateTime value={f.time} className="record-muted" />,
    },
    {
      key: 'pair',
      title: t('record.pair'),
      render: (f) => pairOf(f.symbol, markets).label,
      card: 'title',
      cardRender: (f) => <strong>{pairOf(f.symbol, markets).label}</strong>,
    },
    {
      key: 'side',
      title: t('record.side'),
      render: (f) => <SideText side={f.side} />,
      card: 'title',
    },
    {
      key: 'role',
      title: t('record.role'),
      render: role,
      card: 'title',
      cardRender: (f) => <span className="record-muted">{role(f)}</span>,
    },
    fillPriceColumn(t('record.price'), fig),
    {
      key: 'qty',
      title: t('record.quantity'),
      align: 'end',
      render: (f) => fig.quantity(f.quantity, f.symbol),
    },
    {
      key: 'turnover',
      title: t('record.turnover'),
      align: 'end',
      render: (f) => fig.quote(f.quoteQuantity, f.symbol),
    },
    {
      key: 'fee',
      title: t('record.fee'),
      align: 'end',
      render: (f) => (
        <bdi dir="ltr" data-testid={`record-spot-fee-${f.fillId}`}>
          {fig.coin(f.fee, f.feeCoin)} {f.feeCoin}
        </bdi>
      ),
    },
  ];
  return <RecordList {...props} columns={columns} rowKey={(f) => f.fillId} />;
}
