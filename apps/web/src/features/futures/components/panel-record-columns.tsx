import {
  formatAmount,
  type FundingPayment,
  type FuturesFill,
  type FuturesOrder,
  type FuturesPlan,
} from '@quay/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';
import type { CardPlace, RecordColumn } from '../../../ui/record-cards';
import { useCancelOrder, useCancelPlan } from '../api/futures';
import { useRunWithFeedback } from '../hooks/use-run-with-feedback';
import { Signed, SymbolCell, sideText } from './futures-cells';
import { formatFundingRate } from './futures-header';

/** Where a column of the panel's lists goes on a phone's card: symbol and side on top, the time at its end, actions below. */
function cardPlaceOf(key: string): CardPlace {
  if (key === 'symbol' || key === 'side') return 'title';
  if (key === 'time') return 'end';
  if (key === 'cancel') return 'action';
  return 'grid';
}

const placed = <T,>(columns: RecordColumn<T>[]): RecordColumn<T>[] =>
  columns.map((c) => ({ ...c, card: cardPlaceOf(c.key) }));

/** The columns of the panel's order, plan, fill and funding tabs. */
export function usePanelRecordColumns() {
  const { t } = useTranslation();
  const run = useRunWithFeedback();
  const cancel = useCancelOrder();
  const cancelPlan = useCancelPlan();
  const buySell = (side: 'buy' | 'sell') => (
    <span className={`tone-${side === 'buy' ? 'up' : 'down'}`}>
      {side === 'buy' ? t('futures.buy') : t('futures.sell')}
    </span>
  );

  const orders = (withCancel: boolean): RecordColumn<FuturesOrder>[] =>
    placed([
      { key: 'time', title: t('futures.time'), render: (o) => <DateTime value={o.createdAt} /> },
      {
        key: 'symbol',
        title: t('futures.symbol'),
        render: (o) => <SymbolCell symbol={o.symbol} />,
      },
      {
        key: 'side',
        title: t('futures.side'),
        render: (o) => (
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
        render: (o) =>
          `${t(`futures.type.${o.type}`)}${o.source !== 'user' ? ` · ${t(`futures.source.${o.source}`)}` : ''}`,
      },
      {
        key: 'price',
        title: t('futures.price'),
        render: (o) => <bdi dir="ltr">{o.price || t('futures.marketPrice')}</bdi>,
      },
      {
        key: 'avg',
        title: t('futures.avgPrice'),
        render: (o) => <bdi dir="ltr">{o.avgPrice || '--'}</bdi>,
      },
      {
        key: 'filled',
        title: t('futures.filled'),
        render: (o) => (
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
              render: (o: FuturesOrder) => (
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
              render: (o: FuturesOrder) => <Signed value={o.realisedPnl} />,
            },
            {
              key: 'status',
              title: t('futures.status'),
              render: (o: FuturesOrder) =>
                o.cancelReason
                  ? `${t(`futures.statusName.${o.status}`)} · ${t(`record.cancelReason.${o.cancelReason}`)}`
                  : t(`futures.statusName.${o.status}`),
            },
          ]),
    ]);

  const plans: RecordColumn<FuturesPlan>[] = placed([
    { key: 'time', title: t('futures.time'), render: (p) => <DateTime value={p.createdAt} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (p) => <SymbolCell symbol={p.symbol} /> },
    { key: 'side', title: t('futures.side'), render: (p) => buySell(p.side) },
    {
      key: 'trigger',
      title: t('futures.triggerPrice'),
      render: (p) =>
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
      render: (p) => <bdi dir="ltr">{p.price || t('futures.marketPrice')}</bdi>,
    },
    { key: 'qty', title: t('futures.quantity'), render: (p) => <bdi dir="ltr">{p.quantity}</bdi> },
    {
      key: 'cancel',
      title: '',
      render: (p) => (
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
  ]);

  const fills: RecordColumn<FuturesFill>[] = placed([
    { key: 'time', title: t('futures.time'), render: (f) => <DateTime value={f.time} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (f) => <SymbolCell symbol={f.symbol} /> },
    { key: 'side', title: t('futures.side'), render: (f) => buySell(f.side) },
    { key: 'price', title: t('futures.price'), render: (f) => <bdi dir="ltr">{f.price}</bdi> },
    { key: 'qty', title: t('futures.quantity'), render: (f) => <bdi dir="ltr">{f.quantity}</bdi> },
    {
      key: 'fee',
      title: t('futures.fee'),
      render: (f) => <bdi dir="ltr">{formatAmount(f.fee, 4)}</bdi>,
    },
    {
      key: 'pnl',
      title: t('futures.realisedPnl'),
      render: (f) => <Signed value={f.realisedPnl} />,
    },
  ]);

  const funding: RecordColumn<FundingPayment>[] = placed([
    { key: 'time', title: t('futures.time'), render: (f) => <DateTime value={f.time} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (f) => <SymbolCell symbol={f.symbol} /> },
    { key: 'side', title: t('futures.side'), render: (f) => sideText(f.positionSide, t) },
    {
      key: 'rate',
      title: t('futures.fundingRate'),
      render: (f) => <bdi dir="ltr">{formatFundingRate(f.rate)}</bdi>,
    },
    {
      key: 'amount',
      title: t('futures.amount'),
      render: (f) => <Signed value={f.amount} decimals={4} />,
    },
  ]);

  return { orders, plans, fills, funding };
}
