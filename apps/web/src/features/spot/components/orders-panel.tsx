import type { SpotFill, SpotMarketInfo, SpotOrder } from '@quay/core';
import { toDecimal } from '@quay/core';
import { Button, Checkbox, Empty, Popconfirm } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { ButtonLink } from '../../../ui/button-link';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordTable } from '../../../ui/record-table';
import { TextTabs } from '../../../ui/text-tabs';
import { useSpotOrders } from '../../../entities/orders/spot-orders';
import { useCancelAllOrders, useCancelOrder } from '../api/orders';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { useSpotPlans } from '../api/plans';
import { PlanRecords } from './plan-records';
import { useApp } from '../../../platform/widgets/app-widgets';

type OrdersTab = 'open' | 'plans' | 'history' | 'planHistory' | 'fills';

function pairOf(markets: readonly SpotMarketInfo[], symbol: string): string {
  const m = markets.find((x) => x.symbol === symbol);
  return m ? `${m.base}/${m.quote}` : symbol;
}

function SideText({ side }: { side: 'buy' | 'sell' }) {
  const { t } = useTranslation();
  return <span className={`tone-${side === 'buy' ? 'up' : 'down'}`}>{t(`spot.${side}`)}</span>;
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
  const localePath = useLocalePath();
  const location = useLocation();
  const { loggedIn, open, history, fills } = useSpotOrders();
  const plans = useSpotPlans();
  const cancel = useCancelOrder();
  const cancelAll = useCancelAllOrders();
  const [tab, setTab] = useState<OrdersTab>('open');
  const [onlyThis, setOnlyThis] = useState(false);
  const { message } = useApp();
  const fig = marketFigures(markets);
  const cancelOne = (o: SpotOrder) =>
    cancel.mutate(
      { symbol: o.symbol, orderId: o.orderId },
      { onSuccess: () => void message.success(t('spot.orderCancelled')) },
    );

  const mine = <T extends { symbol: string }>(list: T[] | undefined) =>
    (list ?? []).filter((x) => !onlyThis || x.symbol === market.symbol);
  const openOrders = mine(open.data);
  const pastOrders = mine(history.data);
  const myFills = mine(fills.data);
  const waitingPlans = mine(plans.current.data);
  const endedPlans = mine(plans.history.data);

  const time = (value: number, className?: string) => (
    <DateTime value={value} className={className} />
  );
  const pair: RecordColumn<SpotOrder | SpotFill> = {
    key: 'pair',
    title: t('spot.pair'),
    render: (x) => pairOf(markets, x.symbol),
    card: 'title',
  };
  const side: RecordColumn<SpotOrder | SpotFill> = {
    key: 'side',
    title: t('spot.side'),
    render: (x) => <SideText side={x.side} />,
    card: 'title',
  };

  // A card reads pair, side and type (or status) on top, the time at its end, three figures below.
  const openColumns: RecordColumn<SpotOrder>[] = [
    {
      key: 'time',
      title: t('spot.time'),
      render: (o) => time(o.createdAt),
      card: 'end',
      cardRender: (o) => time(o.createdAt, 'muted'),
    },
    pair,
    {
      key: 'type',
      title: t('spot.type'),
      render: (o) => t(`spot.${o.type}`),
      card: 'title',
      cardRender: (o) => `· ${t(`spot.${o.type}`)}`,
    },
    side,
    {
      key: 'price',
      title: t('spot.price'),
      align: 'end',
      render: (o) => fig.price(o.price, o.symbol),
    },
    {
      key: 'quantity',
      title: t('spot.amount'),
      align: 'end',
      render: (o) => fig.quantity(o.quantity, o.symbol),
    },
    {
      key: 'filled',
      title: t('spot.filled'),
      align: 'end',
      render: (o) => fig.quantity(o.filledQuantity, o.symbol),
    },
    {
      key: 'total',
      title: t('spot.total'),
      align: 'end',
      render: (o) => {
        const p = toDecimal(o.price);
        const q = toDecimal(o.quantity);
        return p && q ? fig.quote(p.times(q), o.symbol) : '--';
      },
      card: 'none',
    },
    {
      key: 'action',
      title: '',
      align: 'end',
      render: (o) => (
        <Button
          size="small"
          type="link"
          loading={cancel.isPending && cancel.variables?.orderId === o.orderId}
          onClick={() => cancelOne(o)}
          data-testid="cancel-order"
        >
          {t('spot.cancel')}
        </Button>
      ),
      card: 'action',
      cardRender: (o) => (
        <Button size="small" onClick={() => cancelOne(o)} data-testid="cancel-order">
          {t('spot.cancel')}
        </Button>
      ),
    },
  ];

  // An order the exchange cut short says why after its status.
  const statusText = (o: SpotOrder) =>
    o.cancelReason
      ? `${t(`spot.status.${o.status}`)} · ${t(`record.cancelReason.${o.cancelReason}`)}`
      : t(`spot.status.${o.status}`);

  const historyColumns: RecordColumn<SpotOrder>[] = [
    {
      key: 'created',
      title: t('common.createdAt'),
      render: (o) => <span data-testid={`spot-created-${o.orderId}`}>{time(o.createdAt)}</span>,
    },
    {
      key: 'updated',
      title: t('common.updatedAt'),
      render: (o) => <span data-testid={`spot-updated-${o.orderId}`}>{time(o.updatedAt)}</span>,
    },
    pair,
    { key: 'type', title: t('spot.type'), render: (o) => t(`spot.${o.type}`), card: 'none' },
    side,
    {
      key: 'avg',
      title: t('spot.avgPrice'),
      align: 'end',
      render: (o) => fig.price(o.avgPrice, o.symbol),
    },
    {
      key: 'price',
      title: t('spot.price'),
      align: 'end',
      render: (o) => (o.price ? fig.price(o.price, o.symbol) : t('spot.marketPrice')),
      card: 'none',
    },
    {
      key: 'filled',
      title: t('spot.filled'),
      align: 'end',
      render: (o) => fig.quantity(o.filledQuantity, o.symbol),
    },
    {
      key: 'filledQuote',
      title: t('spot.total'),
      align: 'end',
      render: (o) => fig.quote(o.filledQuote, o.symbol),
    },
    {
      key: 'status',
      title: t('spot.statusTitle'),
      align: 'end',
      render: (o) => statusText(o),
      card: 'title',
      cardRender: (o) => `· ${statusText(o)}`,
    },
  ];

  const fillColumns: RecordColumn<SpotFill>[] = [
    {
      key: 'time',
      title: t('spot.time'),
      render: (f) => time(f.time),
      card: 'end',
      cardRender: (f) => time(f.time, 'muted'),
    },
    pair,
    side,
    {
      key: 'price',
      title: t('spot.price'),
      align: 'end',
      render: (f) => fig.price(f.price, f.symbol),
    },
    {
      key: 'quantity',
      title: t('spot.amount'),
      align: 'end',
      render: (f) => fig.quantity(f.quantity, f.symbol),
    },
    {
      key: 'quote',
      title: t('spot.total'),
      align: 'end',
      render: (f) => fig.quote(f.quoteQuantity, f.symbol),
      card: 'none',
    },
    {
      key: 'fee',
      title: t('spot.fee'),
      align: 'end',
      render: (f) => (
        <span data-testid={`spot-fill-fee-${f.fillId}`}>
          {fig.coin(f.fee, f.feeCoin)} {f.feeCoin}
        </span>
      ),
    },
    {
      key: 'role',
      title: t('spot.role'),
      align: 'end',
      render: (f) => t(`spot.${f.role}`),
      card: 'none',
    },
  ];

  const tabs: Array<{ key: OrdersTab; label: string }> = [
    {
      key: 'open',
      label: loggedIn
        ? t('spot.openOrdersCount', { count: openOrders.length })
        : t('spot.openOrders'),
    },
    {
      key: 'plans',
      label: loggedIn
        ? t('spot.triggerOrdersCount', { count: waitingPlans.length })
        : t('spot.triggerOrders'),
    },
    { key: 'history', label: t('spot.orderHistory') },
    { key: 'planHistory', label: t('spot.triggerHistory') },
    { key: 'fills', label: t('spot.tradeHistory') },
  ];

  const empty = <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('spot.noOrders')} />;

  const listProps = {
    empty,
    size: 'small' as const,
    scrollX: 760,
    cardLayout: 'compact' as const,
    cardsTestId: 'orders-cards',
  };
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
  } else if (tab === 'open') {
    body = (
      <RecordTable
        {...listProps}
        columns={openColumns}
        rows={openOrders}
        rowKey={(o) => o.orderId}
        loading={open.isLoading}
        cardOrder={['pair', 'side', 'type']}
      />
    );
  } else if (tab === 'plans' || tab === 'planHistory') {
    const ended = tab === 'planHistory';
    body = (
      <PlanRecords
        plans={ended ? endedPlans : waitingPlans}
        loading={ended ? plans.history.isLoading : plans.current.isLoading}
        markets={markets}
        ended={ended}
      />
    );
  } else if (tab === 'history') {
    body = (
      <RecordTable
        {...listProps}
        columns={historyColumns}
        rows={pastOrders}
        rowKey={(o) => o.orderId}
        loading={history.isLoading}
        cardOrder={['pair', 'side', 'status']}
      />
    );
  } else {
    body = (
      <RecordTable
        {...listProps}
        columns={fillColumns}
        rows={myFills}
        rowKey={(f) => f.fillId}
        loading={fills.isLoading}
      />
    );
  }

  return (
    <div className="orders-panel" data-testid="orders-panel">
      <div className="orders-head">
        <TextTabs
          className="orders-tabs"
          tabs={tabs}
          active={tab}
          onSelect={setTab}
          testId={(key) => `orders-tab-${key === 'fills' ? 'trades' : key}`}
        />
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
                onConfirm={() =>
                  cancelAll.mutate(
                    { symbols: openOrders.map((o) => o.symbol) },
                    {
                      onSuccess: (answer) =>
                        void message.success(
                          t('spot.ordersCancelled', { count: answer.cancelled }),
                        ),
                    },
                  )
                }
              >
                <Button size="small" loading={cancelAll.isPending} data-testid="cancel-all">
                  {t('spot.cancelAll')}
                </Button>
              </Popconfirm>
            ) : null}
          </div>
        ) : null}
      </div>
      <div className="orders-body">{body}</div>
    </div>
  );
}
