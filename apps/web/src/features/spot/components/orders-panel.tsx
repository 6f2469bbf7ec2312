import type { SpotFill, SpotMarketInfo, SpotOrder } from '@quay/core';
import { formatAmount, toDecimal } from '@quay/core';
import { Button, Checkbox, Empty, Popconfirm, Spin, type TableProps } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { lazy, Suspense, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ButtonLink } from '../../../ui/button-link';
import { DateTime } from '../../../ui/date-time';
import { useIsMobile } from '../../../ui/use-media';
import { useSpotOrders } from '../../../entities/orders/spot-orders';
import { useCancelAllOrders, useCancelOrder } from '../api/orders';
import { formatPrice, quoteDecimals } from '../../../ui/market/format';

type OrdersTab = 'open' | 'history' | 'fills';

// lazy() drops the generic parameter; the table gets its generic signature back here.
const Table = lazy(() => import('./orders-table')) as unknown as <T extends object>(
  props: TableProps<T>,
) => ReactNode;

interface Precision {
  price: number;
  quantity: number;
  quote: number;
}

function precisionOf(markets: readonly SpotMarketInfo[], symbol: string): Precision {
  const m = markets.find((x) => x.symbol === symbol);
  return {
    price: m?.pricePrecision ?? 2,
    quantity: m?.quantityPrecision ?? 6,
    quote: quoteDecimals(m?.pricePrecision ?? 2),
  };
}

function pairOf(markets: readonly SpotMarketInfo[], symbol: string): string {
  const m = markets.find((x) => x.symbol === symbol);
  return m ? `${m.base}/${m.quote}` : symbol;
}

function SideText({ side }: { side: 'buy' | 'sell' }) {
  const { t } = useTranslation();
  return <span className={`tone-${side === 'buy' ? 'up' : 'down'}`}>{t(`spot.${side}`)}</span>;
}

/** One order or fill as a card: the narrow screen's row. */
function Card({
  title,
  time,
  fields,
  action,
}: {
  title: ReactNode;
  time: number;
  fields: Array<[string, ReactNode]>;
  action?: ReactNode;
}) {
  return (
    <div className="order-card">
      <div className="order-card-head">
        <span className="order-card-title">{title}</span>
        <DateTime value={time} format="MM-DD HH:mm:ss" className="muted" />
      </div>
      <dl className="order-card-fields">
        {fields.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>
              <bdi dir="ltr">{value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
      {action ? <div className="order-card-action">{action}</div> : null}
    </div>
  );
}

/** Open orders, order history and trade history, live, with cancel and cancel all. */
export function OrdersPanel({
  market,
  markets,
}: {
  market: SpotMarketInfo;
  markets: readonly SpotMarketInfo[];
}) {
  const { t } = useTranslation();
  const isMobile = useIsMobile();
  const localePath = useLocalePath();
  const location = useLocation();
  const { loggedIn, open, history, fills } = useSpotOrders();
  const cancel = useCancelOrder();
  const cancelAll = useCancelAllOrders();
  const [tab, setTab] = useState<OrdersTab>('open');
  const [onlyThis, setOnlyThis] = useState(false);

  const mine = <T extends { symbol: string }>(list: T[] | undefined) =>
    (list ?? []).filter((x) => !onlyThis || x.symbol === market.symbol);
  const openOrders = mine(open.data);
  const pastOrders = mine(history.data);
  const myFills = mine(fills.data);

  const statusText = (o: SpotOrder) => t(`spot.status.${o.status}`);
  const typeText = (o: SpotOrder) => t(`spot.${o.type}`);

  const openColumns = useMemo<ColumnsType<SpotOrder>>(
    () => [
      {
        title: t('spot.time'),
        dataIndex: 'createdAt',
        render: (v: number) => <DateTime value={v} format="MM-DD HH:mm:ss" />,
      },
      { title: t('spot.pair'), dataIndex: 'symbol', render: (s: string) => pairOf(markets, s) },
      { title: t('spot.type'), key: 'type', render: (_, o) => t(`spot.${o.type}`) },
      {
        title: t('spot.side'),
        dataIndex: 'side',
        render: (s: 'buy' | 'sell') => <SideText side={s} />,
      },
      {
        title: t('spot.price'),
        key: 'price',
        align: 'end',
        render: (_, o) => formatPrice(o.price, precisionOf(markets, o.symbol).price),
      },
      {
        title: t('spot.amount'),
        key: 'quantity',
        align: 'end',
        render: (_, o) => formatAmount(o.quantity, precisionOf(markets, o.symbol).quantity),
      },
      {
        title: t('spot.filled'),
        key: 'filled',
        align: 'end',
        render: (_, o) => formatAmount(o.filledQuantity, precisionOf(markets, o.symbol).quantity),
      },
      {
        title: t('spot.total'),
        key: 'total',
        align: 'end',
        render: (_, o) => {
          const p = toDecimal(o.price);
          const q = toDecimal(o.quantity);
          return p && q ? formatAmount(p.times(q), precisionOf(markets, o.symbol).quote) : '--';
        },
      },
      {
        title: '',
        key: 'action',
        align: 'end',
        render: (_, o) => (
          <Button
            size="small"
            type="link"
            loading={cancel.isPending && cancel.variables?.orderId === o.orderId}
            onClick={() => cancel.mutate({ symbol: o.symbol, orderId: o.orderId })}
            data-testid="cancel-order"
          >
            {t('spot.cancel')}
          </Button>
        ),
      },
    ],
    [t, markets, cancel],
  );

  const historyColumns = useMemo<ColumnsType<SpotOrder>>(
    () => [
      {
        title: t('spot.time'),
        dataIndex: 'updatedAt',
        render: (v: number) => <DateTime value={v} format="MM-DD HH:mm:ss" />,
      },
      { title: t('spot.pair'), dataIndex: 'symbol', render: (s: string) => pairOf(markets, s) },
      { title: t('spot.type'), key: 'type', render: (_, o) => t(`spot.${o.type}`) },
      {
        title: t('spot.side'),
        dataIndex: 'side',
        render: (s: 'buy' | 'sell') => <SideText side={s} />,
      },
      {
        title: t('spot.avgPrice'),
        key: 'avg',
        align: 'end',
        render: (_, o) => formatPrice(o.avgPrice, precisionOf(markets, o.symbol).price),
      },
      {
        title: t('spot.price'),
        key: 'price',
        align: 'end',
        render: (_, o) =>
          o.price
            ? formatPrice(o.price, precisionOf(markets, o.symbol).price)
            : t('spot.marketPrice'),
      },
      {
        title: t('spot.filled'),
        key: 'filled',
        align: 'end',
        render: (_, o) => formatAmount(o.filledQuantity, precisionOf(markets, o.symbol).quantity),
      },
      {
        title: t('spot.total'),
        key: 'filledQuote',
        align: 'end',
        render: (_, o) => formatAmount(o.filledQuote, precisionOf(markets, o.symbol).quote),
      },
      {
        title: t('spot.statusTitle'),
        key: 'status',
        align: 'end',
        render: (_, o) => t(`spot.status.${o.status}`),
      },
    ],
    [t, markets],
  );

  const fillColumns = useMemo<ColumnsType<SpotFill>>(
    () => [
      {
        title: t('spot.time'),
        dataIndex: 'time',
        render: (v: number) => <DateTime value={v} format="MM-DD HH:mm:ss" />,
      },
      { title: t('spot.pair'), dataIndex: 'symbol', render: (s: string) => pairOf(markets, s) },
      {
        title: t('spot.side'),
        dataIndex: 'side',
        render: (s: 'buy' | 'sell') => <SideText side={s} />,
      },
      {
        title: t('spot.price'),
        key: 'price',
        align: 'end',
        render: (_, f) => formatPrice(f.price, precisionOf(markets, f.symbol).price),
      },
      {
        title: t('spot.amount'),
        key: 'quantity',
        align: 'end',
        render: (_, f) => formatAmount(f.quantity, precisionOf(markets, f.symbol).quantity),
      },
      {
        title: t('spot.total'),
        key: 'quote',
        align: 'end',
        render: (_, f) => formatAmount(f.quoteQuantity, precisionOf(markets, f.symbol).quote),
      },
      {
        title: t('spot.fee'),
        key: 'fee',
        align: 'end',
        render: (_, f) => `${formatAmount(f.fee, 8).replace(/\.?0+$/, '') || '0'} ${f.feeCoin}`,
      },
      { title: t('spot.role'), key: 'role', align: 'end', render: (_, f) => t(`spot.${f.role}`) },
    ],
    [t, markets],
  );

  const tabs: Array<{ key: OrdersTab; label: string }> = [
    {
      key: 'open',
      label: loggedIn
        ? t('spot.openOrdersCount', { count: openOrders.length })
        : t('spot.openOrders'),
    },
    { key: 'history', label: t('spot.orderHistory') },
    { key: 'fills', label: t('spot.tradeHistory') },
  ];

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spot.noOrders')} />;

  let body: ReactNode;
  if (!loggedIn) {
    body = (
      <div className="orders-logged-out">
        <span className="muted">{t('spot.loginToSeeOrders')}</span>
        <ButtonLink
          type="primary"
          size="small"
          to={`${localePath('/login')}?redirect=${encodeURIComponent(location.pathname)}`}
        >
          {t('spot.logIn')}
        </ButtonLink>
      </div>
    );
  } else if (isMobile) {
    const list =
      tab === 'open'
        ? openOrders.map((o) => (
            <Card
              key={o.orderId}
              title={
                <>
                  {pairOf(markets, o.symbol)} <SideText side={o.side} /> · {typeText(o)}
                </>
              }
              time={o.createdAt}
              fields={[
                [t('spot.price'), formatPrice(o.price, precisionOf(markets, o.symbol).price)],
                [
                  t('spot.amount'),
                  formatAmount(o.quantity, precisionOf(markets, o.symbol).quantity),
                ],
                [
                  t('spot.filled'),
                  formatAmount(o.filledQuantity, precisionOf(markets, o.symbol).quantity),
                ],
              ]}
              action={
                <Button
                  size="small"
                  onClick={() => cancel.mutate({ symbol: o.symbol, orderId: o.orderId })}
                  data-testid="cancel-order"
                >
                  {t('spot.cancel')}
                </Button>
              }
            />
          ))
        : tab === 'history'
          ? pastOrders.map((o) => (
              <Card
                key={o.orderId}
                title={
                  <>
                    {pairOf(markets, o.symbol)} <SideText side={o.side} /> · {statusText(o)}
                  </>
                }
                time={o.updatedAt}
                fields={[
                  [
                    t('spot.avgPrice'),
                    formatPrice(o.avgPrice, precisionOf(markets, o.symbol).price),
                  ],
                  [
                    t('spot.filled'),
                    formatAmount(o.filledQuantity, precisionOf(markets, o.symbol).quantity),
                  ],
                  [
                    t('spot.total'),
                    formatAmount(o.filledQuote, precisionOf(markets, o.symbol).quote),
                  ],
                ]}
              />
            ))
          : myFills.map((f) => (
              <Card
                key={f.fillId}
                title={
                  <>
                    {pairOf(markets, f.symbol)} <SideText side={f.side} />
                  </>
                }
                time={f.time}
                fields={[
                  [t('spot.price'), formatPrice(f.price, precisionOf(markets, f.symbol).price)],
                  [
                    t('spot.amount'),
                    formatAmount(f.quantity, precisionOf(markets, f.symbol).quantity),
                  ],
                  [
                    t('spot.fee'),
                    `${formatAmount(f.fee, 8).replace(/\.?0+$/, '') || '0'} ${f.feeCoin}`,
                  ],
                ]}
              />
            ));
    body = list.length > 0 ? <div className="order-cards">{list}</div> : empty;
  } else if (tab === 'open') {
    body = (
      <Table<SpotOrder>
        size="small"
        rowKey="orderId"
        columns={openColumns}
        dataSource={openOrders}
        loading={open.isLoading}
        pagination={false}
        locale={{ emptyText: empty }}
        scroll={{ x: 760 }}
      />
    );
  } else if (tab === 'history') {
    body = (
      <Table<SpotOrder>
        size="small"
        rowKey="orderId"
        columns={historyColumns}
        dataSource={pastOrders}
        loading={history.isLoading}
        pagination={false}
        locale={{ emptyText: empty }}
        scroll={{ x: 760 }}
      />
    );
  } else {
    body = (
      <Table<SpotFill>
        size="small"
        rowKey="fillId"
        columns={fillColumns}
        dataSource={myFills}
        loading={fills.isLoading}
        pagination={false}
        locale={{ emptyText: empty }}
        scroll={{ x: 760 }}
      />
    );
  }

  return (
    <div className="orders-panel" data-testid="orders-panel">
      <div className="orders-head">
        <div className="orders-tabs" role="tablist">
          {tabs.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`text-tab ${tab === key ? 'active' : ''}`}
              onClick={() => setTab(key)}
              data-testid={`orders-tab-${key === 'fills' ? 'trades' : key}`}
            >
              {label}
            </button>
          ))}
        </div>
        {loggedIn ? (
          <div className="orders-tools">
            <Checkbox checked={onlyThis} onChange={(e) => setOnlyThis(e.target.checked)}>
              {t('spot.hideOtherPairs')}
            </Checkbox>
            {tab === 'open' && openOrders.length > 0 ? (
              <Popconfirm
                title={t('spot.cancelAllConfirm')}
                okText={t('spot.cancelAll')}
                cancelText={t('spot.keep')}
                onConfirm={() => cancelAll.mutate({ symbols: openOrders.map((o) => o.symbol) })}
              >
                <Button size="small" loading={cancelAll.isPending} data-testid="cancel-all">
                  {t('spot.cancelAll')}
                </Button>
              </Popconfirm>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="orders-body">
        <Suspense fallback={<Spin className="orders-loading" />}>{body}</Suspense>
      </div>
    </div>
  );
}
