/**
 * The rows of the CSV exports: each figure as the screens show it but
 * without grouping (`marketFigures(markets, true)`), so a spreadsheet reads
 * them as numbers; event times as everywhere; translated words.
 */
import type { SpotFill, SpotOrder } from '@quay/core';
import dayjs from 'dayjs';
import type { MarketFigures } from '../../../platform/numbers/market-figures';
import { formatEventTime as time } from '../../../ui/date-time';
import type { CsvCell } from './csv';

/** Translates a record key (the caller's i18next `t`). */
export type Label = (key: string) => string;

export function orderExport(orders: readonly SpotOrder[], label: Label, fig: MarketFigures) {
  const header = [
    'common.createdAt',
    'common.updatedAt',
    'record.pair',
    'record.type',
    'record.side',
    'record.price',
    'record.avgPrice',
    'record.quantity',
    'record.filled',
    'record.turnover',
    'record.status',
    'record.orderId',
  ].map(label);
  const rows: CsvCell[][] = orders.map((o) => [
    time(o.createdAt),
    time(o.updatedAt),
    o.symbol,
    label(`record.orderType.${o.type}`),
    label(`record.sides.${o.side}`),
    o.price ? fig.price(o.price, o.symbol) : label('record.market'),
    fig.price(o.avgPrice, o.symbol),
    o.quantity ? fig.quantity(o.quantity, o.symbol) : fig.quote(o.quoteAmount, o.symbol),
    fig.quantity(o.filledQuantity, o.symbol),
    fig.quote(o.filledQuote, o.symbol),
    label(`record.orderStatus.${o.status}`),
    o.orderId,
  ]);
  return { header, rows };
}

export function fillExport(fills: readonly SpotFill[], label: Label, fig: MarketFigures) {
  const header = [
    'record.time',
    'record.pair',
    'record.side',
    'record.role',
    'record.price',
    'record.quantity',
    'record.turnover',
    'record.fee',
    'record.feeCoin',
    'record.fillId',
    'record.orderId',
  ].map(label);
  const rows: CsvCell[][] = fills.map((f) => [
    time(f.time),
    f.symbol,
    ...fillCells(f, label, fig),
    fig.quote(f.quoteQuantity, f.symbol),
    fig.coin(f.fee, f.feeCoin),
    f.feeCoin,
    f.fillId,
    f.orderId,
  ]);
  return { header, rows };
}

/** What every fill's row says of its trade: side, role, price and quantity. */
export function fillCells(
  f: Pick<SpotFill, 'side' | 'role' | 'price' | 'quantity' | 'symbol'>,
  label: Label,
  fig: MarketFigures,
): CsvCell[] {
  return [
    label(`record.sides.${f.side}`),
    label(`record.roles.${f.role}`),
    fig.price(f.price, f.symbol),
    fig.quantity(f.quantity, f.symbol),
  ];
}

/** `spot-orders-20261123-101500.csv` */
export function exportFileName(kind: 'spot-orders' | 'spot-fills', now: number): string {
  return `${kind}-${dayjs(now).format('YYYYMMDD-HHmmss')}.csv`;
}
