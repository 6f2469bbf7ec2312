import type { MarginAccountRef, MarginOrder, SpotMarketInfo } from '@quay/core';
import { Button, Empty, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useMarginOpenOrders, useMarginOrderHistory } from '../../../entities/margin/margin-orders';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { formatCoinAmount } from '../../../platform/numbers/number-format';
import { useSettings } from '../../../platform/settings/settings-store';
import { ButtonLink } from '../../../ui/button-link';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordTable } from '../../../ui/record-table';
import { TextTabs } from '../../../ui/text-tabs';
import { useCancelAllMarginOrders, useCancelMarginOrder } from '../api/margin';
import { useApp } from '../../../platform/widgets/app-widgets';

type Tab = 'open' | 'history';
const PAGE_SIZE = 10;

/**
 * The margin account's open orders and order history on this market, apart
 * from spot's: cancel, cancel all, and each order's page with its fills.
 */
export function MarginOrdersPanel({
  market,
  accountRef,
}: {
  market: SpotMarketInfo;
  accountRef: MarginAccountRef;
}) {
  const { t } = useTranslation();
  const { message } = useApp();
  const localePath = useLocalePath();
  const loggedIn = useSettings((s) => s.loginFlag);
  const [tab, setTab] = useState<Tab>('open');
  const [pageNo, setPageNo] = useState(1);
  const open = useMarginOpenOrders(accountRef);
  const history = useMarginOrderHistory(accountRef, pageNo, PAGE_SIZE, tab === 'history');
  const cancel = useCancelMarginOrder();
  const cancelAll = useCancelAllMarginOrders();
  const fig = marketFigures([market]);
  const openOrders = open.data ?? [];

  const details = (o: MarginOrder) => (
    <ButtonLink
      type="link"
      size="small"
      to={localePath(`/order/marginOrderInfo/${o.orderId}`)}
      data-testid="margin-order-details"
    >
      {t('margin.details')}
    </ButtonLink>
  );
  const common: RecordColumn<MarginOrder>[] = [
    {
      key: 'time',
      title: t('spot.time'),
      render: (o) => <DateTime value={o.createdAt} />,
      card: 'end',
    },
    {
      key: 'side',
      title: t('spot.side'),
      render: (o) => (
        <span className={`tone-${o.side === 'buy' ? 'up' : 'down'}`}>{t(`spot.${o.side}`)}</span>
      ),
      card: 'title',
    },
    {
      key: 'type',
      title: t('spot.type'),
      render: (o) => t(`spot.${o.type}`),
      card: 'title',
    },
    {
      key: 'price',
      title: t('spot.price'),
      align: 'end',
      render: (o) => (o.price ? fig.price(o.price, o.symbol) : t('spot.marketPrice')),
    },
    {
      key: 'filled',
      title: t('spot.filled'),
      align: 'end',
      render: (o) => (
        <bdi dir="ltr">
          {fig.quantity(o.filledQuantity, o.symbol)} /{' '}
          {o.quantity ? fig.quantity(o.quantity, o.symbol) : '--'}
        </bdi>
      ),
    },
    {
      key: 'borrowed',
      title: t('margin.autoBorrowed'),
      align: 'end',
      render: (o) =>
        o.borrowCoin ? (
          <bdi dir="ltr">
            {formatCoinAmount(o.borrowed, o.borrowCoin)} {o.borrowCoin}
          </bdi>
        ) : (
          '--'
        ),
    },
  ];
  const openColumns: RecordColumn<MarginOrder>[] = [
    ...common,
    {
      key: 'action',
      title: '',
      align: 'end',
      render: (o) => (
        <Button
          size="small"
          type="link"
          loading={cancel.isPending && cancel.variables?.orderId === o.orderId}
          onClick={() =>
            cancel.mutate(
              { mode: accountRef.mode, symbol: o.symbol, orderId: o.orderId },
              { onSuccess: () => void message.success(t('spot.orderCancelled')) },
            )
          }
          data-testid="margin-cancel-order"
        >
          {t('spot.cancel')}
        </Button>
      ),
      card: 'action',
    },
  ];
  const historyColumns: RecordColumn<MarginOrder>[] = [
    ...common,
    {
      key: 'status',
      title: t('spot.statusTitle'),
      render: (o) => (o.liquidation ? t('margin.liquidationOrder') : t(`spot.status.${o.status}`)),
      card: 'title',
    },
    { key: 'action', title: '', align: 'end', render: details, card: 'action' },
  ];

  const listProps = {
    empty: <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spot.noOrders')} />,
    size: 'small' as const,
    scrollX: 720,
    cardLayout: 'compact' as const,
    cardsTestId: 'margin-orders-cards',
    rowKey: (o: MarginOrder) => o.orderId,
  };

  return (
    <div className="orders-panel" data-testid="margin-orders-panel">
      <div className="orders-head">
        <TextTabs
          className="orders-tabs"
          tabs={[
            {
              key: 'open' as const,
              label: loggedIn
                ? t('margin.openOrdersCount', { count: openOrders.length })
                : t('margin.openOrders'),
            },
            { key: 'history' as const, label: t('margin.orderHistory') },
          ]}
          active={tab}
          onSelect={setTab}
          testId={(key) => `margin-orders-tab-${key}`}
        />
        {loggedIn && tab === 'open' && openOrders.length > 0 ? (
          <div className="orders-tools">
            <Popconfirm
              title={t('spot.cancelAllConfirm')}
              okText={t('spot.cancelAll')}
              cancelText={t('spot.keep')}
              onConfirm={() =>
                cancelAll.mutate(
                  { mode: accountRef.mode, symbol: market.symbol },
                  {
                    onSuccess: (answer) =>
                      void message.success(t('spot.ordersCancelled', { count: answer.cancelled })),
                  },
                )
              }
            >
              <Button size="small" loading={cancelAll.isPending} data-testid="margin-cancel-all">
                {t('spot.cancelAll')}
              </Button>
            </Popconfirm>
          </div>
        ) : null}
      </div>
      <div className="orders-body">
        {!loggedIn ? (
          <div className="orders-logged-out">
            <span className="muted">{t('spot.loginToSeeOrders')}</span>
          </div>
        ) : tab === 'open' ? (
          <RecordTable
            {...listProps}
            columns={openColumns}
            rows={openOrders}
            loading={open.isLoading}
            testId="margin-open-orders"
          />
        ) : (
          <RecordTable
            {...listProps}
            columns={historyColumns}
            rows={history.data?.items ?? []}
            loading={history.isLoading}
            testId="margin-order-history"
            pager={{
              pageNo,
              pageSize: PAGE_SIZE,
              total: history.data?.total ?? 0,
              onPage: setPageNo,
            }}
          />
        )}
      </div>
    </div>
  );
}
