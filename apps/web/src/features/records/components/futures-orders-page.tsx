import type { FuturesFill, FuturesOrder, FuturesPlan } from '@quay/core';
import { Button, Segmented, Tabs, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { messageBox } from '../../../platform/widgets/message-box';
import { DateTime } from '../../../ui/date-time';
import { WalletLayout } from '../../../ui/wallet-layout';
import { itemsOf } from '../../../entities/list-answer';
import { useFuturesOrderPushes } from '../../../entities/orders/futures-orders';
import {
  fetchFuturesFillPage,
  fetchFuturesOpenOrderPage,
  fetchFuturesOrderHistoryPage,
  fetchOpenPlanPage,
  fetchPlanHistoryPage,
  useFuturesFillPage,
  useFuturesOpenOrderPage,
  useFuturesOrderHistoryPage,
  useFuturesPlanPage,
  type PlanList,
} from '../../../entities/orders/futures-order-pages';
import { useCancelAllFuturesOrders, useCancelFuturesOrder } from '../api/futures-orders';
import { useCancelPlan } from '../api/futures-plans';
import { usePerpMarketPrecisions } from '../hooks/use-market-precisions';
import { buildCsv, downloadCsv, type CsvCell } from '../utils/csv';
import { EXPORT_MAX_ROWS, fetchAllPages } from '../utils/fetch-all';
import {
  futuresExportFileName,
  futuresFillExport,
  futuresOrderExport,
  futuresPlanExport,
  type FuturesExportKind,
} from '../utils/futures-export-rows';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { FuturesActionText, PerpSymbol, PlanStatusTag, SignedAmount } from './futures-cells';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordList } from './record-list';
import { OrderStatusTag, SideText } from './side-text';
import { fillPriceColumn } from './trade-history';
import { TradeFilters, useFilterPaging, usePerpPairLabel } from './trade-filters';
import './records.css';
import { useApp } from '../../../platform/widgets/app-widgets';

const PAGE_SIZE = 20;
const TABS = ['open', 'history', 'fills', 'plans'] as const;
type Tab = (typeof TABS)[number];

const isTab = (value: string | null): value is Tab =>
  (TABS as readonly (string | null)[]).includes(value);

/**
 * Perpetual orders: open orders (cancel one or all), order history, trade
 * history and plan orders (waiting or done), filtered by perpetual, side and
 * dates, each exportable as CSV.
 */
export function FuturesOrdersPage() {
  const { t } = useTranslation();
  const { message } = useApp();
  const [params, setParams] = useSearchParams();
  const tabParam = params.get('tab');
  const tab: Tab = isTab(tabParam) ? tabParam : 'open';
  const [planList, setPlanList] = useState<PlanList>('open');
  const { filter, setFilter, pageNo, setPageNo, refilter } = useFilterPaging();
  const perpPairLabel = usePerpPairLabel();
  const [exporting, setExporting] = useState(false);
  const markets = usePerpMarketPrecisions();
  const fig = marketFigures(markets);
  const fillFilter = { ...filter, side: null };
  const open = useFuturesOpenOrderPage(filter, pageNo, PAGE_SIZE, tab === 'open');
  const history = useFuturesOrderHistoryPage(filter, pageNo, PAGE_SIZE, tab === 'history');
  const fills = useFuturesFillPage(fillFilter, pageNo, PAGE_SIZE, tab === 'fills');
  const plans = useFuturesPlanPage(planList, filter, pageNo, PAGE_SIZE, tab === 'plans');
  useFuturesOrderPushes();
  const cancel = useCancelFuturesOrder();
  const cancelAll = useCancelAllFuturesOrders();
  const cancelPlan = useCancelPlan();

  const time = (ms: number) => <DateTime value={ms} />;
  const orderPrice = (o: FuturesOrder) =>
    o.type === 'market' || !o.price ? t('record.market') : fig.price(o.price, o.symbol);

  const askCancelAll = async () => {
    // Every open order the filter shows, whatever page is on screen.
    const all = await fetchAllPages((p, size) => fetchFuturesOpenOrderPage(filter, p, size));
    if (all.items.length === 0) return;
    const action = await messageBox({
      title: t('futuresRecords.cancelAllTitle'),
      content: t('futuresRecords.cancelAllText', { count: all.items.length }),
      confirmText: t('futuresRecords.cancelAll'),
      cancelText: t('futuresRecords.keepOrders'),
      testId: 'cancel-all-box',
    });
    if (action !== 'confirm') return;
    const exact = filter.side !== null || filter.begin !== null || filter.end !== null;
    await cancelAll.mutateAsync({ orders: all.items, exact });
    void message.success(t('futuresRecords.cancelledAll'));
  };

  const orderColumns = (withCancel: boolean): RecordColumn<FuturesOrder>[] => [
    {
      key: 'time',
      title: t('record.time'),
      render: (o) => (
        <span data-testid={`record-order-time-${o.orderId}`}>{time(o.createdAt)}</span>
      ),
      card: 'wide',
    },
    {
      key: 'symbol',
      title: t('futuresRecords.symbol'),
      render: (o) => <PerpSymbol symbol={o.symbol} />,
      card: 'title',
    },
    {
      key: 'type',
      title: t('record.type'),
      render: (o) => (
        <span className="record-type">
          {t(`record.orderType.${o.type}`)}
          {o.source !== 'user' ? (
            <Tag bordered={false} className="record-source">
              {t(`futuresRecords.sources.${o.source}`)}
            </Tag>
          ) : null}
        </span>
      ),
    },
    {
      key: 'action',
      title: t('futuresRecords.action'),
      render: (o) => <FuturesActionText side={o.side} reduceOnly={o.reduceOnly} />,
      card: 'title',
    },
    { key: 'price', title: t('record.price'), align: 'end', render: orderPrice },
    {
      key: 'avg',
      title: t('record.avgPrice'),
      align: 'end',
      render: (o) => (
        <span data-testid={`record-order-avg-${o.orderId}`}>{fig.price(o.avgPrice, o.symbol)}</span>
      ),
    },
    {
      key: 'filled',
      title: t('futuresRecords.filledOfAmount'),
      align: 'end',
      render: (o) => (
        <bdi dir="ltr">
          {fig.quantity(o.filledQuantity, o.symbol)} / {fig.quantity(o.quantity, o.symbol)}{' '}
          {fig.base(o.symbol)}
        </bdi>
      ),
    },
    ...(withCancel
      ? []
      : [
          {
            key: 'pnl',
            title: t('futuresRecords.realisedPnl'),
            align: 'end' as const,
            render: (o: FuturesOrder) => <SignedAmount value={o.realisedPnl} />,
          },
          {
            key: 'fee',
            title: t('record.fee'),
            align: 'end' as const,
            render: (o: FuturesOrder) => (
              <bdi dir="ltr" data-testid={`record-order-fee-${o.orderId}`}>
                {fig.quote(o.fee, o.symbol)}
              </bdi>
            ),
          },
        ]),
    {
      key: 'status',
      title: t('record.status'),
      align: 'end',
      render: (o) => <OrderStatusTag status={o.status} reason={o.cancelReason} />,
      card: 'end',
    },
    ...(withCancel
      ? [
          {
            key: 'cancel',
            title: t('record.action'),
            align: 'end' as const,
            card: 'action' as const,
            render: (o: FuturesOrder) => (
              <Button
                size="small"
                type="link"
                danger
                data-testid={`cancel-${o.orderId}`}
                loading={cancel.isPending && cancel.variables.orderId === o.orderId}
                onClick={() =>
                  void cancel
                    .mutateAsync({ symbol: o.symbol, orderId: o.orderId })
                    .then(() => message.success(t('futuresRecords.cancelled')))
                    .catch(() => undefined)
                }
              >
                {t('futuresRecords.cancel')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const fillColumns: RecordColumn<FuturesFill>[] = [
    { key: 'time', title: t('record.time'), render: (f) => time(f.time), card: 'wide' },
    {
      key: 'symbol',
      title: t('futuresRecords.symbol'),
      render: (f) => <PerpSymbol symbol={f.symbol} />,
      card: 'title',
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
      render: (f) => t(`record.roles.${f.role}`),
      card: 'end',
    },
    fillPriceColumn(t('record.price'), fig),
    {
      key: 'qty',
      title: t('record.quantity'),
      align: 'end',
      render: (f) => (
        <bdi dir="ltr">
          {fig.quantity(f.quantity, f.symbol)} {fig.base(f.symbol)}
        </bdi>
      ),
    },
    {
      key: 'pnl',
      title: t('futuresRecords.realisedPnl'),
      align: 'end',
      render: (f) => <SignedAmount value={f.realisedPnl} />,
    },
    {
      key: 'fee',
      title: t('record.fee'),
      align: 'end',
      render: (f) => (
        <bdi dir="ltr" data-testid={`record-fill-fee-${f.fillId}`}>
          {fig.quote(f.fee, f.symbol)}
        </bdi>
      ),
    },
  ];

  const planColumns: RecordColumn<FuturesPlan>[] = [
    { key: 'time', title: t('record.time'), render: (p) => time(p.createdAt), card: 'wide' },
    {
      key: 'symbol',
      title: t('futuresRecords.symbol'),
      render: (p) => <PerpSymbol symbol={p.symbol} />,
      card: 'title',
    },
    {
      key: 'kind',
      title: t('futuresRecords.planKind'),
      render: (p) => t(`futuresRecords.planKinds.${p.kind}`),
    },
    {
      key: 'action',
      title: t('futuresRecords.action'),
      render: (p) => <FuturesActionText side={p.side} reduceOnly={p.reduceOnly} />,
      card: 'title',
    },
    {
      key: 'trigger',
      title: t('futuresRecords.triggerPrice'),
      align: 'end',
      render: (p) => (
        <span>
          <bdi dir="ltr">{fig.price(p.triggerPrice, p.symbol)}</bdi>{' '}
          <span className="record-muted">{t(`futuresRecords.triggerPrices.${p.triggerBy}`)}</span>
        </span>
      ),
    },
    {
      key: 'price',
      title: t('record.price'),
      align: 'end',
      render: (p) =>
        p.type === 'market' || !p.price ? t('record.market') : fig.price(p.price, p.symbol),
    },
    {
      key: 'qty',
      title: t('record.quantity'),
      align: 'end',
      render: (p) =>
        p.quantity ? (
          <bdi dir="ltr">
            {fig.quantity(p.quantity, p.symbol)} {fig.base(p.symbol)}
          </bdi>
        ) : (
          t('futuresRecords.wholePosition')
        ),
    },
    {
      key: 'status',
      title: t('record.status'),
      align: 'end',
      render: (p) => <PlanStatusTag status={p.status} />,
      card: 'end',
    },
    ...(planList === 'open'
      ? [
          {
            key: 'cancel',
            title: t('record.action'),
            align: 'end' as const,
            card: 'action' as const,
            render: (p: FuturesPlan) => (
              <Button
                size="small"
                type="link"
                danger
                data-testid={`cancel-plan-${p.planId}`}
                loading={cancelPlan.isPending && cancelPlan.variables.planId === p.planId}
                onClick={() =>
                  void cancelPlan
                    .mutateAsync({ symbol: p.symbol, planId: p.planId })
                    .then(() => message.success(t('futuresRecords.cancelled')))
                    .catch(() => undefined)
                }
              >
                {t('futuresRecords.cancel')}
              </Button>
            ),
          },
        ]
      : []),
  ];

  const exportCsv = async () => {
    setExporting(true);
    try {
      const label = (key: string) => t(key);
      let kind: FuturesExportKind;
      let table: { header: string[]; rows: CsvCell[][] };
      let truncated = false;
      if (tab === 'fills') {
        const r = await fetchAllPages((p, size) => fetchFuturesFillPage(fillFilter, p, size));
        kind = 'futures-fills';
        table = futuresFillExport(r.items, label, marketFigures(markets, true));
        truncated = r.truncated;
      } else if (tab === 'plans') {
        const fetchPage = planList === 'open' ? fetchOpenPlanPage : fetchPlanHistoryPage;
        const r = await fetchAllPages((p, size) => fetchPage(filter, p, size));
        kind = 'futures-plans';
        table = futuresPlanExport(r.items, label, marketFigures(markets, true));
        truncated = r.truncated;
      } else {
        const fetchPage = tab === 'open' ? fetchFuturesOpenOrderPage : fetchFuturesOrderHistoryPage;
        const r = await fetchAllPages((p, size) => fetchPage(filter, p, size));
        kind = tab === 'open' ? 'futures-open-orders' : 'futures-orders';
        table = futuresOrderExport(r.items, label, marketFigures(markets, true));
        truncated = r.truncated;
      }
      if (table.rows.length === 0) {
        void message.info(t('record.nothingToExport'));
        return;
      }
      downloadCsv(futuresExportFileName(kind, Date.now()), buildCsv(table.header, table.rows));
      if (truncated) void message.warning(t('record.exportCut', { count: EXPORT_MAX_ROWS }));
    } catch {
      // The request layer has shown why.
    } finally {
      setExporting(false);
    }
  };

  const listProps = { pageNo, pageSize: PAGE_SIZE, onPage: setPageNo };
  const openItems = itemsOf(open.data ?? null);

  return (
    <WalletLayout testId="order-mcp">
      <h1 className="wallet-title">{t('futuresRecords.ordersTitle')}</h1>
      <section className="wallet-card record-card">
        <Tabs
          activeKey={tab}
          onChange={(key) => {
            setPageNo(1);
            if (key === 'history' || key === 'fills') setFilter((f) => ({ ...f, side: null }));
            setParams(key === 'open' ? {} : { tab: key }, { replace: true });
          }}
          items={TABS.map((k) => ({ key: k, label: t(`futuresRecords.tabs.${k}`) }))}
        />
        <TradeFilters
          markets={markets}
          pairLabel={perpPairLabel}
          filter={filter}
          onChange={refilter}
          onExport={() => void exportCsv()}
          exporting={exporting}
          // The history routes take no side: it filters the lists read whole.
          withSide={tab === 'open' || (tab === 'plans' && planList === 'open')}
          extra={
            tab === 'plans' ? (
              <Segmented<PlanList>
                data-testid="plan-list"
                value={planList}
                onChange={(v) => {
                  setPlanList(v);
                  setPageNo(1);
                  if (v === 'history') setFilter((f) => ({ ...f, side: null }));
                }}
                options={[
                  { value: 'open', label: t('futuresRecords.plansOpen') },
                  { value: 'history', label: t('futuresRecords.plansHistory') },
                ]}
              />
            ) : null
          }
        />
        {tab === 'open' ? (
          <>
            {openItems.length > 0 ? (
              <div className="record-bulk">
                <Button
                  danger
                  size="small"
                  data-testid="cancel-all"
                  loading={cancelAll.isPending}
                  onClick={() => void askCancelAll().catch(() => undefined)}
                >
                  {t('futuresRecords.cancelAll')}
                </Button>
              </div>
            ) : null}
            <RecordList
              {...listProps}
              columns={orderColumns(true)}
              page={open.data}
              loading={open.isFetching}
              rowKey={(o) => o.orderId}
            />
          </>
        ) : tab === 'history' ? (
          <RecordList
            {...listProps}
            columns={orderColumns(false)}
            page={history.data}
            loading={history.isFetching}
            rowKey={(o) => o.orderId}
          />
        ) : tab === 'fills' ? (
          <RecordList
            {...listProps}
            columns={fillColumns}
            page={fills.data}
            loading={fills.isFetching}
            rowKey={(f) => f.fillId}
          />
        ) : (
          <RecordList
            {...listProps}
            columns={planColumns}
            page={plans.data}
            loading={plans.isFetching}
            rowKey={(p) => p.planId}
          />
        )}
      </section>
    </WalletLayout>
  );
}
