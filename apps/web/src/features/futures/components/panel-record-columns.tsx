import type { FundingPayment, FuturesFill, FuturesOrder, FuturesPlan } from '@quay/core';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { DateTime } from '../../../ui/date-time';
import type { CardPlace, RecordColumn } from '../../../ui/record-cards';
import { useCancelOrder, useCancelPlan } from '../api/futures';
import { useRunWithFeedback } from '../hooks/use-run-with-feedback';
import { Signed, SymbolCell, sideText } from './futures-cells';
import { usePerpMarkets } from '../../../entities/markets/markets';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { formatRate } from '../../../platform/numbers/number-format';

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
  const fig = marketFigures(usePerpMarkets().data ?? []);
  const price = (value: string, symbol: string) => <bdi dir="ltr">{fig.price(value, symbol)}</bdi>;
  const buySell = (side: 'buy' | 'sell') => (
    <span className={`tone-${side === 'buy' ? 'up' : 'down'}`}>
      {side === 'buy' ? t('futures.buy') : t('futures.sell')}
    </span>
  );

  const orders = (withCancel: boolean): RecordColumn<FuturesOrder>[] =>
    placed([
      {
        key: 'time',
        title: t('futures.time'),
        render: (o) => (
          <span data-testid={`panel-order-time-${o.orderId}`}>
            <DateTime value={o.createdAt} />
          </span>
        ),
      },
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
        render: (o) => (o.price ? price(o.price, o.symbol) : t('futures.marketPrice')),
      },
      {
        key: 'avg',
        title: t('futures.avgPrice'),
        render: (o) => (
          <span data-testid={`panel-order-avg-${o.orderId}`}>{price(o.avgPrice, o.symbol)}</span>
        ),
      },
      {
        key: 'filled',
        title: t('futures.filled'),
        render: (o) => (
          <bdi dir="ltr">
            {fig.quantity(o.filledQuantity, o.symbol)} / {fig.quantity(o.quantity, o.symbol)}
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
                    void run(
                      () => cancel.mutateAsync({ symbol: o.symbol, orderId: o.orderId }),
                      t('futures.orderCancelled'),
                    )
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
              render: (o: FuturesOrder) => (
                <Signed value={o.realisedPnl} coin={fig.quoteCoin(o.symbol)} />
              ),
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
            {p.triggerPrice
              ? fig.price(p.triggerPrice, p.symbol)
              : p.activationPrice
                ? `${t('futures.activationPrice')} ${fig.price(p.activationPrice, p.symbol)}`
                : '--'}{' '}
            ({t(`futures.${p.triggerBy}`)}) · {t('futures.callbackRate')} {p.callbackRate}%
          </bdi>
        ) : (
          <bdi dir="ltr">
            {fig.price(p.triggerPrice, p.symbol)} ({t(`futures.${p.triggerBy}`)})
          </bdi>
        ),
    },
    {
      key: 'price',
      title: t('futures.price'),
      render: (p) => (p.price ? price(p.price, p.symbol) : t('futures.marketPrice')),
    },
    {
      key: 'qty',
      title: t('futures.quantity'),
      render: (p) => <bdi dir="ltr">{fig.quantity(p.quantity, p.symbol)}</bdi>,
    },
    {
      key: 'cancel',
      title: '',
      render: (p) => (
        <Button
          size="small"
          type="link"
          onClick={() =>
            void run(
              () => cancelPlan.mutateAsync({ symbol: p.symbol, planId: p.planId }),
              t('futures.orderCancelled'),
            )
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
    { key: 'price', title: t('futures.price'), render: (f) => price(f.price, f.symbol) },
    {
      key: 'qty',
      title: t('futures.quantity'),
      render: (f) => <bdi dir="ltr">{fig.quantity(f.quantity, f.symbol)}</bdi>,
    },
    {
      key: 'fee',
      title: t('futures.fee'),
      render: (f) => (
        <bdi dir="ltr" data-testid={`panel-fill-fee-${f.fillId}`}>
          {fig.quote(f.fee, f.symbol)}
        </bdi>
      ),
    },
    {
      key: 'pnl',
      title: t('futures.realisedPnl'),
      render: (f) => <Signed value={f.realisedPnl} coin={fig.quoteCoin(f.symbol)} />,
    },
  ]);

  const funding: RecordColumn<FundingPayment>[] = placed([
    { key: 'time', title: t('futures.time'), render: (f) => <DateTime value={f.time} /> },
    { key: 'symbol', title: t('futures.symbol'), render: (f) => <SymbolCell symbol={f.symbol} /> },
    { key: 'side', title: t('futures.side'), render: (f) => sideText(f.positionSide, t) },
    {
      key: 'rate',
      title: t('futures.fundingRate'),
      render: (f) => <bdi dir="ltr">{formatRate(f.rate)}</bdi>,
    },
    {
      key: 'amount',
      title: t('futures.amount'),
      render: (f) => <Signed value={f.amount} coin={fig.quoteCoin(f.symbol)} />,
    },
  ]);

  return { orders, plans, fills, funding };
}
