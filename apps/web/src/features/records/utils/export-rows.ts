/**
 * The rows of the CSV exports: plain decimal strings (no grouping, so a
 * spreadsheet reads them as numbers), local times, translated words.
 */
import type { SpotFill, SpotOrder } from '@quay/core';
import dayjs from 'dayjs';
import type { CsvCell } from './csv';

export const EXPORT_TIME_FORMAT = 'YYYY-MM-DD HH:mm:ss';

/** Translates a record key (the caller's i18next `t`). */
export type Label = (key: string) => string;

const time = (ms: number) => dayjs(ms).format(EXPORT_TIME_FORMAT);

export function orderExport(orders: readonly SpotOrder[], label: Label) {
  const header = [
    'record.time',
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
    o.symbol,
    label(`record.orderType.${o.type}`),
    label(`record.sides.${o.side}`),
    o.price || label('record.market'),
    o.avgPrice,
    o.quantity || o.quoteAmount,
    o.filledQuantity,
    o.filledQuote,
    label(`record.orderStatus.${o.status}`),
    o.orderId,
  ]);
  return { header, rows };
}

export function fillExport(fills: readonly SpotFill[], label: Label) {
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
    label(`record.sides.${f.side}`),
    label(`record.roles.${f.role}`),
    f.price,
    f.quantity,
    f.quoteQuantity,
    f.fee,
    f.feeCoin,
    f.fillId,
    f.orderId,
  ]);
  return { header, rows };
}

/** `spot-orders-20261123-101500.csv` */
export function exportFileName(kind: 'spot-orders' | 'spot-fills', now: number): string {
  return `${kind}-${dayjs(now).format('YYYYMMDD-HHmmss')}.csv`;
}
