import {
  cleanNumericInput,
  derivePositionFields,
  formatAmount,
  formatPercent,
  toDecimal,
  formatUsdt,
  pairOfPerp,
  type FundingPayment,
  type FuturesFill,
  type FuturesOrder,
  type FuturesPlan,
  type FuturesPosition,
  type PerpMarketInfo,
} from '@quay/core';
import { Button, Empty, Input, Modal, Popconfirm, Radio, Table, type TableColumnsType } from 'antd';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../../platform/request/client';
import { useFeedback } from '../../../platform/widgets/feedback';
import { DateTime } from '../../../ui/date-time';
import { formatPrice } from '../../../ui/market/format';
import { RecordCards, type RecordColumn } from '../../../ui/record-cards';
import { useIsMobile, useMediaQuery } from '../../../ui/use-media';
import { useMark } from '../../../entities/markets/mark';
import {
  useRecentFuturesFills,
  useRecentFuturesOrders,
} from '../../../entities/orders/futures-orders';
import { useRecentFunding } from '../../../entities/positions/funding';
import {
  useAdjustMargin,
  useCancelAll,
  useCancelOrder,
  useCancelPlan,
  useCloseAll,
  useClosePosition,
} from '../api/futures';
import { useMyFutures } from '../hooks/use-my-futures';
import { formatFundingRate } from './futures-header';
import { TpSlDialog } from './tpsl-dialog';

type Tab = 'positions' | 'open' | 'plans' | 'history' | 'fills' | 'funding';

const sideText = (side: number, t: (k: string) => string) =>
  side === 1 ? t('futures.long') : t('futures.short');

function Signed({
  value,
  decimals = 2,
  testId,
}: {
  value: string;
  decimals?: number;
  testId?: string;
}) {
  const n = value.startsWith('-') ? 'down' : /[1-9]/.test(value) ? 'up' : 'flat';
  const text = formatAmount(value, decimals);
  return (
    <span className={`tone-${n}`} data-testid={testId}>
      <bdi dir="ltr">{n === 'up' ? `+${text}` : text}</bdi>
    </span>
  );
}

/** Positions, open orders, plans, histories and funding of the signed-in user. */
export function PositionsPanel({
  market,
  markets,
}: {
  market: PerpMarketInfo;
  markets: readonly PerpMarketInfo[];
}) {
  const { t } = useTranslation();
  const feedback = useFeedback();
  const [tab, setTab] = useState<Tab>('positions');
  // Eleven columns do not fit under 1200 px: positions become cards there.
  const narrow = useMediaQuery('(max-width: 1199px)');
  // On a phone the other tabs' rows become cards too.
  const phone = useIsMobile();
  const { loggedIn, positions, openOrders, openPlans } = useMyFutures();
  const history = useRecentFuturesOrders(tab === 'history');
  const fills = useRecentFuturesFills(tab === 'fills');
  const funding = useRecentFunding(tab === 'funding');
  const mark = useMark(market.symbol);
  const close = useClosePosition();
  const closeAll = useCloseAll();
  const cancel = useCancelOrder();
  const cancelAll = useCancelAll();
  const cancelPlan = useCancelPlan();
  const adjust = useAdjustMargin();
  const [tpsl, setTpsl] = useState<FuturesPosition | null>(null);
  const [limitClose, setLimitClose] = useState<{
    p: FuturesPosition;
    price: string;
    quantity: string;
  } | null>(null);
  const [margin, setMargin] = useState<{
    p: FuturesPosition;
    type: 'add' | 'reduce';
    amount: string;
  } | null>(null);

  const marketOf = (symbol: string) => markets.find((m) => m.symbol === symbol) ?? market;
  const markOf = (p: FuturesPosition) =>
    (p.symbol === market.symbol && mark?.markPrice) || p.markPrice;
  const fail = (err: unknown) =>
    feedback.message.error(err instanceof ApiError ? err.msg : t('futures.orderFailed'));
  const run = async (work: () => Promise<unknown>, done?: string) => {
    try {
      await work();
      if (done) feedback.message.success(done);
      return true;
    } catch (err) {
      fail(err);
      return false;
    }
  };

  const held = positions.data ?? [];
  const symbolCell = (symbol: string, extra?: ReactNode) => (
    <span className="futures-symbol-cell">
      <strong>{pairOfPerp(symbol).replace(/^S(?=[A-Z]+SUSDT$)/, '')}</strong> {extra}
    </span>
  );

  /**
   * What a position shows, field by field: the table's columns on a wide
   * screen, a card's labelled figures on a narrow one.
   */
  const positionFields: Array<{
    key: string;
    title: string;
    render: (p: FuturesPosition) => ReactNode;
  }> = [
    {
      key: 'symbol',
      title: t('futures.symbol'),
      render: (p) =>
        symbolCell(
          p.symbol,
          <span className={`futures-tag tone-${p.side === 1 ? 'up' : 'down'}`}>
            {sideText(p.side, t)} {p.marginMode === 1 ? t('futures.isolated') : t('futures.cross')}{' '}
            <bdi dir="ltr">{p.openLevel}x</bdi>
          </span>,
        ),
    },
    {
      key: 'size',
      title: t('futures.size'),
      render: (p) => (
        <bdi dir="ltr">
          {p.count} {marketOf(p.symbol).base}
        </bdi>
      ),
    },
    {
      key: 'entry',
      title: t('futures.entryPrice'),
      render: (p) => (
        <bdi dir="ltr">{formatPrice(p.openAvgPrice, marketOf(p.symbol).pricePrecision)}</bdi>
      ),
    },
    {
      key: 'breakEven',
      title: t('futures.breakEven'),
      render: (p) => (
        <bdi dir="ltr">{formatPrice(p.breakEvenPrice, marketOf(p.symbol).pricePrecision)}</bdi>
      ),
    },
    {
      key: 'mark',
      title: t('futures.markPrice'),
      render: (p) => (
        <bdi dir="ltr" data-testid={`position-mark-${p.side}`}>
          {formatPrice(markOf(p), marketOf(p.symbol).pricePrecision)}
        </bdi>
      ),
    },
    {
      key: 'liq',
      title: t('futures.liqPrice'),
      render: (p) => (
        <bdi dir="ltr" className="tone-warn" data-testid={`position-liq-${p.side}`}>
          {p.liquidationPrice
            ? formatPrice(p.liquidationPrice, marketOf(p.symbol).pricePrecision)
            : '--'}
        </bdi>
      ),
    },
    {
      key: 'ratio',
      title: t('futures.marginRatio'),
      render: (p) => (
        <bdi dir="ltr">{formatPercent(toDecimal(p.marginRatio)?.times(100) ?? null)}</bdi>
      ),
    },
    {
      key: 'margin',
      title: t('futures.margin'),
      render: (p) => {
        const d = derivePositionFields(p, markOf(p));
        return (
          <span>
            <bdi dir="ltr">{formatUsdt(d.dOpenMarginCount)}</bdi>
            {p.marginMode === 1 ? (
              <Button
                type="link"
                size="small"
                onClick={() => setMargin({ p, type: 'add', amount: '' })}
                data-testid={`position-margin-${p.side}`}
              >
                {t('futures.adjust')}
              </Button>
            ) : null}
          </span>
        );
      },
    },
    {
      key: 'pnl',
      title: t('futures.pnlRoe'),
      render: (p) => {
        const d = derivePositionFields(p, markOf(p));
        return (
          <span
            className={`tone-${d.dUpnlUi === 'rise' ? 'up' : d.dUpnlUi === 'fall' ? 'down' : 'flat'}`}
          >
            <bdi dir="ltr" data-testid={`position-pnl-${p.side}`}>
              {d.dUpnlText}
            </bdi>{' '}
            <bdi dir="ltr" data-testid={`position-roe-${p.side}`}>
              ({d.dRoeText})
            </bdi>
          </span>
        );
      },
    },
    {
      key: 'tpsl',
      title: t('futures.tpSl'),
      render: (p) => (
        <Button
          type="link"
          size="small"
          onClick={() => setTpsl(p)}
          data-testid={`position-tpsl-${p.side}`}
        >
          <bdi dir="ltr" data-testid={`position-tpsl-text-${p.side}`}>
            {(p.takeProfitPrice || '--') + ' / ' + (p.stopLossPrice || '--')}
          </bdi>
        </Button>
      ),
    },
    {
      key: 'close',
      title: t('futures.closePosition'),
      render: (p) => (
        <span className="futures-actions">
          <Button
            size="small"
            onClick={() =>
              void run(
                () => close.mutateAsync({ symbol: p.symbol, positionSide: p.side, type: 'market' }),
                t('futures.closed'),
              )
            }
            data-testid={`position-close-market-${p.side}`}
          >
            {t('futures.market')}
          </Button>
          <Button
            size="small"
            onClick={() => setLimitClose({ p, price: markOf(p), quantity: p.count })}
            data-testid={`position-close-limit-${p.side}`}
          >
            {t('futures.limit')}
          </Button>
        </span>
      ),
    },
  ];
  const positionColumns: TableColumnsType<FuturesPosition> = positionFields.map((f) => ({
    key: f.key,
    title: f.title,
    render: (_: unknown, p: FuturesPosition) => f.render(p),
  }));
  const field = (key: string) => positionFields.find((f) => f.key === key);
  /** A narrow screen's position: symbol and PnL on top, figures in a grid, then the actions. */
  const positionCard = (p: FuturesPosition) => (
    <article
      key={p.positionId}
      className="position-card"
      data-testid={`futures-position-${p.side}`}
    >
      <header className="position-card-head">
        {field('symbol')?.render(p)}
        <div className="position-card-pnl">
          <span className="muted">{field('pnl')?.title}</span>
          {field('pnl')?.render(p)}
        </div>
      </header>
      <dl className="position-card-grid">
        {['size', 'margin', 'ratio', 'entry', 'mark', 'liq', 'breakEven', 'tpsl'].map((key) => {
          const f = field(key);
          return f ? (
            <div key={key}>
              <dt className="muted">{f.title}</dt>
              <dd>{f.render(p)}</dd>
            </div>
          ) : null;
        })}
      </dl>
      <footer className="position-card-actions">
        <span className="muted">{field('close')?.title}</span>
        {field('close')?.render(p)}
      </footer>
    </article>
  );

  const orderColumns = (withCancel: boolean): TableColumnsType<FuturesOrder> => [
    { key: 'time', title: t('futures.time'), render: (_, o) => <DateTime value={o.createdAt} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (_, o) => symbolCell(o.symbol) },
    {
      key: 'side',
      title: t('futures.side'),
      render: (_, o) => (
        <span className={`tone-${o.side === 'buy' ? 'up' : 'down'}`}>
          {o.reduceOnly
            ? o.side === 'buy'
              ? t('futures.closeShort')
              : t('futures.closeLong')
            : o.side === 'buy'
              ? t('futures.openLong')
              : t('futures.openShort')}
        </span>
      ),
    },
    {
      key: 'type',
      title: t('futures.orderType'),
      render: (_, o) =>
        `${t(`futures.type.${o.type}`)}${o.source !== 'user' ? ` · ${t(`futures.source.${o.source}`)}` : ''}`,
    },
    {
      key: 'price',
      title: t('futures.price'),
      render: (_, o) => <bdi dir="ltr">{o.price || t('futures.marketPrice')}</bdi>,
    },
    {
      key: 'avg',
      title: t('futures.avgPrice'),
      render: (_, o) => <bdi dir="ltr">{o.avgPrice || '--'}</bdi>,
    },
    {
      key: 'filled',
      title: t('futures.filled'),
      render: (_, o) => (
        <bdi dir="ltr">
          {o.filledQuantity} / {o.quantity}
        </bdi>
      ),
    },
    ...(withCancel
      ? [
          {
            key: 'cancel',
            title: '',
            render: (_: unknown, o: FuturesOrder) => (
              <Button
                size="small"
                type="link"
                onClick={() =>
                  void run(() => cancel.mutateAsync({ symbol: o.symbol, orderId: o.orderId }))
                }
                data-testid={`cancel-order-${o.orderId}`}
              >
                {t('futures.cancel')}
              </Button>
            ),
          },
        ]
      : [
          {
            key: 'pnl',
            title: t('futures.realisedPnl'),
            render: (_: unknown, o: FuturesOrder) => <Signed value={o.realisedPnl} />,
          },
          {
            key: 'status',
            title: t('futures.status'),
            render: (_: unknown, o: FuturesOrder) => t(`futures.statusName.${o.status}`),
          },
        ]),
  ];

  const planColumns: TableColumnsType<FuturesPlan> = [
    { key: 'time', title: t('futures.time'), render: (_, p) => <DateTime value={p.createdAt} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (_, p) => symbolCell(p.symbol) },
    {
      key: 'side',
      title: t('futures.side'),
      render: (_, p) => (
        <span className={`tone-${p.side === 'buy' ? 'up' : 'down'}`}>
          {p.side === 'buy' ? t('futures.buy') : t('futures.sell')}
        </span>
      ),
    },
    {
      key: 'trigger',
      title: t('futures.triggerPrice'),
      render: (_, p) =>
        p.kind === 'trailing' ? (
          // A trailing stop: its stop price once active, else where it activates; and its rate.
          <bdi dir="ltr">
            {p.triggerPrice ||
              (p.activationPrice
                ? `${t('futures.activationPrice')} ${p.activationPrice}`
                : '--')}{' '}
            ({t(`futures.${p.triggerBy}`)}) · {t('futures.callbackRate')} {p.callbackRate}%
          </bdi>
        ) : (
          <bdi dir="ltr">
            {p.triggerPrice} ({t(`futures.${p.triggerBy}`)})
          </bdi>
        ),
    },
    {
      key: 'price',
      title: t('futures.price'),
      render: (_, p) => <bdi dir="ltr">{p.price || t('futures.marketPrice')}</bdi>,
    },
    {
      key: 'qty',
      title: t('futures.quantity'),
      render: (_, p) => <bdi dir="ltr">{p.quantity}</bdi>,
    },
    {
      key: 'cancel',
      title: '',
      render: (_, p) => (
        <Button
          size="small"
          type="link"
          onClick={() =>
            void run(() => cancelPlan.mutateAsync({ symbol: p.symbol, planId: p.planId }))
          }
          data-testid={`cancel-plan-${p.planId}`}
        >
          {t('futures.cancel')}
        </Button>
      ),
    },
  ];

  const fillColumns: TableColumnsType<FuturesFill> = [
    { key: 'time', title: t('futures.time'), render: (_, f) => <DateTime value={f.time} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (_, f) => symbolCell(f.symbol) },
    {
      key: 'side',
      title: t('futures.side'),
      render: (_, f) => (
        <span className={`tone-${f.side === 'buy' ? 'up' : 'down'}`}>
          {f.side === 'buy' ? t('futures.buy') : t('futures.sell')}
        </span>
      ),
    },
    { key: 'price', title: t('futures.price'), render: (_, f) => <bdi dir="ltr">{f.price}</bdi> },
    {
      key: 'qty',
      title: t('futures.quantity'),
      render: (_, f) => <bdi dir="ltr">{f.quantity}</bdi>,
    },
    {
      key: 'fee',
      title: t('futures.fee'),
      render: (_, f) => <bdi dir="ltr">{formatAmount(f.fee, 4)}</bdi>,
    },
    {
      key: 'pnl',
      title: t('futures.realisedPnl'),
      render: (_, f) => <Signed value={f.realisedPnl} />,
    },
  ];

  const fundingColumns: TableColumnsType<FundingPayment> = [
    { key: 'time', title: t('futures.time'), render: (_, f) => <DateTime value={f.time} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (_, f) => symbolCell(f.symbol) },
    { key: 'side', title: t('futures.side'), render: (_, f) => sideText(f.positionSide, t) },
    {
      key: 'rate',
      title: t('futures.fundingRate'),
      render: (_, f) => <bdi dir="ltr">{formatFundingRate(f.rate)}</bdi>,
    },
    {
      key: 'amount',
      title: t('futures.amount'),
      render: (_, f) => <Signed value={f.amount} decimals={4} />,
    },
  ];

  /** A tab's rows: a table, or cards on a phone (symbol and side on top, actions below). */
  const list = <T extends object>(
    columns: TableColumnsType<T>,
    rows: readonly T[],
    rowKey: (row: T) => string,
    loading = false,
    onRow?: (row: T) => object,
  ) => {
    if (phone) {
      if (rows.length === 0) {
        return loading ? null : <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} />;
      }
      const cards: RecordColumn<T>[] = columns.map((c, i) => {
        const key = String(c.key ?? i);
        return {
          key,
          title: typeof c.title === 'string' ? c.title : '',
          render: (row: T) =>
            ('render' in c && c.render ? c.render(undefined, row, 0) : null) as ReactNode,
          card:
            key === 'symbol' || key === 'side'
              ? 'title'
              : key === 'time'
                ? 'end'
                : key === 'cancel'
                  ? 'action'
                  : 'grid',
        };
      });
      return <RecordCards columns={cards} rows={rows} rowKey={rowKey} testId="futures-cards" />;
    }
    return (
      <Table<T>
        rowKey={(row) => rowKey(row)}
        size="small"
        pagination={false}
        scroll={{ x: 'max-content' }}
        columns={columns}
        dataSource={[...rows]}
        loading={loading}
        onRow={onRow}
      />
    );
  };

  const tabs: Array<{ key: Tab; label: string }> = [
    { key: 'positions', label: `${t('futures.positions')} (${held.length})` },
    { key: 'open', label: `${t('futures.openOrders')} (${openOrders.data?.length ?? 0})` },
    { key: 'plans', label: `${t('futures.planOrders')} (${openPlans.data?.length ?? 0})` },
    { key: 'history', label: t('futures.orderHistory') },
    { key: 'fills', label: t('futures.tradeHistory') },
    { key: 'funding', label: t('futures.fundingHistory') },
  ];

  if (!loggedIn) {
    return <div className="futures-panel-empty muted">{t('futures.logInToTrade')}</div>;
  }

  return (
    <div className="orders-panel futures-panel" data-testid="futures-panel">
      <div className="orders-panel-head">
        <div className="pane-tabs" role="tablist">
          {tabs.map(({ key, label }) => (
            <button
              key={key}
              type="button"
              role="tab"
              aria-selected={tab === key}
              className={`text-tab ${tab === key ? 'active' : ''}`}
              onClick={() => setTab(key)}
              data-testid={`futures-panel-${key}`}
            >
              {label}
            </button>
          ))}
        </div>
        {tab === 'positions' && held.length > 0 ? (
          <Popconfirm
            title={t('futures.closeAllConfirm')}
            onConfirm={() => void run(() => closeAll.mutateAsync({}), t('futures.closed'))}
            okText={t('futures.confirm')}
            cancelText={t('futures.cancel')}
          >
            <Button size="small" data-testid="futures-close-all">
              {t('futures.closeAll')}
            </Button>
          </Popconfirm>
        ) : null}
        {tab === 'open' && (openOrders.data?.length ?? 0) > 0 ? (
          <Button
            size="small"
            onClick={() => void run(() => cancelAll.mutateAsync({}))}
            data-testid="futures-cancel-all"
          >
            {t('futures.cancelAll')}
          </Button>
        ) : null}
      </div>
      <div className="futures-table">
        {tab === 'positions' && narrow ? (
          <div className="position-cards" data-testid="futures-positions-cards">
            {held.length > 0 ? (
              held.map(positionCard)
            ) : (
              <Empty
                image={Empty.PRESENTED_IMAGE_SIMPLE}
                description={t('futuresAssets.noPositions')}
              />
            )}
          </div>
        ) : tab === 'positions' ? (
          <Table<FuturesPosition>
            rowKey="positionId"
            size="small"
            pagination={false}
            scroll={{ x: 'max-content' }}
            columns={positionColumns}
            dataSource={held}
            onRow={(p) => ({ 'data-testid': `futures-position-${p.side}` }) as object}
            data-testid="futures-positions-table"
          />
        ) : tab === 'open' ? (
          list(orderColumns(true), openOrders.data ?? [], (o) => o.orderId)
        ) : tab === 'plans' ? (
          list(planColumns, openPlans.data ?? [], (p) => p.planId)
        ) : tab === 'history' ? (
          list(
            orderColumns(false),
            history.data ?? [],
            (o) => o.orderId,
            history.isLoading,
            (o) => ({ 'data-testid': `futures-history-${o.source}` }),
          )
        ) : tab === 'fills' ? (
          list(fillColumns, fills.data ?? [], (f) => f.fillId, fills.isLoading)
        ) : (
          list(
            fundingColumns,
            funding.data ?? [],
            (f) => `${f.symbol}-${f.positionSide}-${f.time}`,
            funding.isLoading,
          )
        )}
      </div>

      {tpsl ? (
        <TpSlDialog
          market={marketOf(tpsl.symbol)}
          position={tpsl}
          mark={markOf(tpsl)}
          onClose={() => setTpsl(null)}
        />
      ) : null}
      <Modal
        open={!!limitClose}
        title={t('futures.closeAtLimit')}
        onCancel={() => setLimitClose(null)}
        okText={t('futures.confirm')}
        cancelText={t('futures.cancel')}
        confirmLoading={close.isPending}
        onOk={() => {
          if (!limitClose) return;
          const { p, price, quantity } = limitClose;
          void run(
            () =>
              close.mutateAsync({
                symbol: p.symbol,
                positionSide: p.side,
                type: 'limit',
                price,
                quantity,
              }),
            t('futures.orderPlaced'),
          ).then((ok) => ok && setLimitClose(null));
        }}
      >
        {limitClose ? (
          <div className="futures-dialog-fields">
            <Input
              dir="ltr"
              addonBefore={t('futures.price')}
              value={limitClose.price}
              onChange={(e) =>
                setLimitClose({
                  ...limitClose,
                  price: cleanNumericInput(
                    e.target.value,
                    marketOf(limitClose.p.symbol).pricePrecision,
                  ),
                })
              }
              data-testid="close-limit-price"
            />
            <Input
              dir="ltr"
              addonBefore={t('futures.quantity')}
              value={limitClose.quantity}
              onChange={(e) =>
                setLimitClose({
                  ...limitClose,
                  quantity: cleanNumericInput(
                    e.target.value,
                    marketOf(limitClose.p.symbol).quantityPrecision,
                  ),
                })
              }
              data-testid="close-limit-quantity"
            />
          </div>
        ) : null}
      </Modal>
      <Modal
        open={!!margin}
        title={t('futures.adjustMargin')}
        onCancel={() => setMargin(null)}
        okText={t('futures.confirm')}
        cancelText={t('futures.cancel')}
        confirmLoading={adjust.isPending}
        onOk={() => {
          if (!margin) return;
          const { p, type, amount } = margin;
          void run(
            () => adjust.mutateAsync({ symbol: p.symbol, positionSide: p.side, type, amount }),
            t('futures.marginAdjusted'),
          ).then((ok) => ok && setMargin(null));
        }}
      >
        {margin ? (
          <div className="futures-dialog-fields">
            <Radio.Group
              value={margin.type}
              onChange={(e) => setMargin({ ...margin, type: e.target.value as 'add' | 'reduce' })}
            >
              <Radio.Button value="add">{t('futures.addMargin')}</Radio.Button>
              <Radio.Button value="reduce" data-testid="margin-reduce">
                {t('futures.reduceMargin')}
              </Radio.Button>
            </Radio.Group>
            <Input
              dir="ltr"
              addonBefore={t('futures.amount')}
              suffix={marketOf(margin.p.symbol).quote}
              value={margin.amount}
              onChange={(e) =>
                setMargin({ ...margin, amount: cleanNumericInput(e.target.value, 2) })
              }
              data-testid="margin-amount"
            />
          </div>
        ) : null}
      </Modal>
    </div>
  );
}
