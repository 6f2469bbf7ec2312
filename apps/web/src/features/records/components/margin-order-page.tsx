import type { MarginOrder, SpotFill } from '@quay/core';
import { Empty, Result, Skeleton } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useParams } from 'react-router';
import { useMarginOrderInfo } from '../../../entities/margin/margin-orders';
import { useLocalePath } from '../../../platform/locale/use-locale-path';
import { marketFigures, type MarketFigures } from '../../../platform/numbers/market-figures';
import { formatCoinAmount } from '../../../platform/numbers/number-format';
import { ButtonLink } from '../../../ui/button-link';
import { DateTime } from '../../../ui/date-time';
import type { RecordColumn } from '../../../ui/record-cards';
import { RecordTable } from '../../../ui/record-table';
import { WalletLayout } from '../../../ui/wallet-layout';
import { useMarketPrecisions } from '../hooks/use-market-precisions';
import { OrderStatusTag, SideText } from './side-text';
import './records.css';

/** One margin order (`/order/marginOrderInfo/:orderId`): what was asked, what auto-borrow took, and its fills. */
export function MarginOrderPage() {
  const { t } = useTranslation();
  const localePath = useLocalePath();
  const { orderId = '' } = useParams();
  const info = useMarginOrderInfo(orderId);
  const markets = useMarketPrecisions();
  const fig = marketFigures(markets);

  if (info.isPending) {
    return (
      <WalletLayout testId="margin-order-info">
        <Skeleton active paragraph={{ rows: 6 }} />
      </WalletLayout>
    );
  }
  if (!info.data) {
    return (
      <WalletLayout testId="margin-order-info">
        <Result
          status="404"
          title={t('marginRecords.orderNotFound')}
          extra={
            <ButtonLink type="primary" to={localePath('/margin/BTCUSDT')}>
              {t('marginAssets.trade')}
            </ButtonLink>
          }
          data-testid="margin-order-not-found"
        />
      </WalletLayout>
    );
  }
  const { order, fills } = info.data;
  const rows: { key: string; label: string; value: ReactNode }[] = [
    {
      key: 'pair',
      label: t('record.pair'),
      value: `${fig.base(order.symbol)}/${fig.quoteCoin(order.symbol)}`,
    },
    { key: 'account', label: t('marginRecords.account'), value: t(`margin.modes.${order.mode}`) },
    { key: 'side', label: t('record.side'), value: <SideText side={order.side} /> },
    { key: 'type', label: t('record.type'), value: t(`record.orderType.${order.type}`) },
    {
      key: 'price',
      label: t('record.price'),
      value: order.price ? fig.price(order.price, order.symbol) : t('record.market'),
    },
    { key: 'avg', label: t('record.avgPrice'), value: fig.price(order.avgPrice, order.symbol) },
    {
      key: 'filled',
      label: t('record.filled'),
      value: filledOf(order, fig),
    },
    {
      key: 'total',
      label: t('record.turnover'),
      value: fig.quote(order.filledQuote, order.symbol),
    },
    {
      key: 'borrowed',
      label: t('margin.autoBorrowed'),
      value: order.borrowCoin
        ? `${formatCoinAmount(order.borrowed, order.borrowCoin)} ${order.borrowCoin}`
        : '--',
    },
    {
      key: 'auto',
      label: t('marginRecords.autoOptions'),
      value: autoText(order, t),
    },
    {
      key: 'status',
      label: t('record.status'),
      value: <OrderStatusTag status={order.status} reason={order.cancelReason} />,
    },
    { key: 'created', label: t('common.createdAt'), value: <DateTime value={order.createdAt} /> },
    { key: 'updated', label: t('common.updatedAt'), value: <DateTime value={order.updatedAt} /> },
  ];
  const figure = (
    key: string,
    title: string,
    render: (f: SpotFill) => ReactNode,
  ): RecordColumn<SpotFill> => ({ key, title: t(title), align: 'end', render });
  const fillColumns: RecordColumn<SpotFill>[] = [
    {
      key: 'time',
      title: t('record.time'),
      render: (f) => <DateTime value={f.time} />,
      card: 'wide',
    },
    { key: 'role', title: t('spot.role'), render: (f) => t(`spot.${f.role}`), card: 'title' },
    figure('price', 'record.price', (f) => fig.price(f.price, f.symbol)),
    figure('quantity', 'record.quantity', (f) => fig.quantity(f.quantity, f.symbol)),
    figure('turnover', 'record.turnover', (f) => fig.quote(f.quoteQuantity, f.symbol)),
    figure('fee', 'record.fee', (f) => (
      <bdi dir="ltr">{`${formatCoinAmount(f.fee, f.feeCoin)} ${f.feeCoin}`}</bdi>
    )),
  ];
  return (
    <WalletLayout testId="margin-order-info">
      <h1 className="wallet-title">{t('marginRecords.orderTitle')}</h1>
      <section className="wallet-card record-card">
        <dl className="margin-order-fields" data-testid="margin-order-fields">
          {rows.map((r) => (
            <div key={r.key} data-testid={`margin-order-${r.key}`}>
              <dt>{r.label}</dt>
              <dd>{r.value}</dd>
            </div>
          ))}
        </dl>
      </section>
      <section className="wallet-card record-card">
        <h2 className="wallet-card-title">{t('marginRecords.fills')}</h2>
        <RecordTable
          columns={fillColumns}
          rows={fills}
          rowKey={(f) => f.fillId}
          empty={
            <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('marginRecords.noFills')} />
          }
          className="record-table"
          testId="margin-order-fills"
        />
      </section>
    </WalletLayout>
  );
}

/** Which of auto-borrow and auto-repay the order was placed with. */
function autoText(order: MarginOrder, t: TFunction): string {
  const on = [
    order.autoBorrow ? t('margin.autoBorrow') : null,
    order.autoRepay ? t('margin.autoRepay') : null,
  ].filter((x): x is string => x !== null);
  return on.length > 0 ? on.join(' · ') : '--';
}

/** Filled of asked (`0.5 / 1.0`); a market buy by value asks no quantity, so only what filled. */
function filledOf(order: MarginOrder, fig: MarketFigures): string {
  const filled = fig.quantity(order.filledQuantity, order.symbol);
  return order.quantity ? `${filled} / ${fig.quantity(order.quantity, order.symbol)}` : filled;
}
