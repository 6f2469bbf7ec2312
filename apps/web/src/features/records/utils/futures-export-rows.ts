/**
 * The CSV rows of the futures records: each figure as the screens show it
 * but without grouping (a spreadsheet reads them as numbers), event times as
 * everywhere, translated words.
 */
import type {
  FundingPayment,
  FuturesBill,
  FuturesFill,
  FuturesOrder,
  FuturesPlan,
} from '@quay/core';
import dayjs from 'dayjs';
import type { CsvCell } from './csv';
import type { MarketFigures } from '../../../platform/numbers/market-figures';
import { formatRate } from '../../../platform/numbers/number-format';
import { formatEventTime as time } from '../../../ui/date-time';
import { fillCells, type Label } from './export-rows';
import { futuresActionOf, perpPairOf } from './futures-figures';

const positionSide = (side: number, label: Label) =>
  label(side === 2 ? 'futuresRecords.short' : 'futuresRecords.long');

export function futuresOrderExport(
  orders: readonly FuturesOrder[],
  label: Label,
  fig: MarketFigures,
) {
  const header = [
    'record.time',
    'futuresRecords.symbol',
    'record.type',
    'futuresRecords.action',
    'record.price',
    'record.avgPrice',
    'record.quantity',
    'record.filled',
    'futuresRecords.realisedPnl',
    'record.fee',
    'record.status',
    'futuresRecords.source',
    'record.orderId',
  ].map(label);
  const rows: CsvCell[][] = orders.map((o) => [
    time(o.createdAt),
    perpPairOf(o.symbol),
    label(`record.orderType.${o.type}`),
    label(`futuresRecords.actions.${futuresActionOf(o.side, o.reduceOnly)}`),
    o.price ? fig.price(o.price, o.symbol) : label('record.market'),
    fig.price(o.avgPrice, o.symbol),
    fig.quantity(o.quantity, o.symbol),
    fig.quantity(o.filledQuantity, o.symbol),
    fig.quote(o.realisedPnl, o.symbol),
    fig.quote(o.fee, o.symbol),
    label(`record.orderStatus.${o.status}`),
    label(`futuresRecords.sources.${o.source}`),
    o.orderId,
  ]);
  return { header, rows };
}

export function futuresFillExport(fills: readonly FuturesFill[], label: Label, fig: MarketFigures) {
  const header = [
    'record.time',
    'futuresRecords.symbol',
    'record.side',
    'record.role',
    'record.price',
    'record.quantity',
    'futuresRecords.realisedPnl',
    'record.fee',
    'record.fillId',
    'record.orderId',
  ].map(label);
  const rows: CsvCell[][] = fills.map((f) => [
    time(f.time),
    perpPairOf(f.symbol),
    ...fillCells(f, label, fig),
    fig.quote(f.realisedPnl, f.symbol),
    fig.quote(f.fee, f.symbol),
    f.fillId,
    f.orderId,
  ]);
  return { header, rows };
}

export function futuresPlanExport(plans: readonly FuturesPlan[], label: Label, fig: MarketFigures) {
  const header = [
    'record.time',
    'futuresRecords.symbol',
    'futuresRecords.planKind',
    'futuresRecords.action',
    'futuresRecords.triggerPrice',
    'futuresRecords.triggerBy',
    'record.price',
    'record.quantity',
    'record.status',
    'record.orderId',
  ].map(label);
  const rows: CsvCell[][] = plans.map((p) => [
    time(p.createdAt),
    perpPairOf(p.symbol),
    label(`futuresRecords.planKinds.${p.kind}`),
    label(`futuresRecords.actions.${futuresActionOf(p.side, p.reduceOnly)}`),
    fig.price(p.triggerPrice, p.symbol),
    label(`futuresRecords.triggerPrices.${p.triggerBy}`),
    p.type === 'market' || !p.price ? label('record.market') : fig.price(p.price, p.symbol),
    p.quantity ? fig.quantity(p.quantity, p.symbol) : label('futuresRecords.wholePosition'),
    label(`futuresRecords.planStatus.${p.status}`),
    p.orderId,
  ]);
  return { header, rows };
}

export function fundingExport(
  payments: readonly FundingPayment[],
  label: Label,
  fig: MarketFigures,
) {
  const header = [
    'record.time',
    'futuresRecords.symbol',
    'futuresRecords.positionSide',
    'futuresRecords.positionSize',
    'futuresRecords.markPrice',
    'futuresRecords.fundingRate',
    'record.amount',
  ].map(label);
  const rows: CsvCell[][] = payments.map((p) => [
    time(p.time),
    perpPairOf(p.symbol),
    positionSide(p.positionSide, label),
    fig.quantity(p.positionSize, p.symbol),
    fig.price(p.markPrice, p.symbol),
    formatRate(p.rate),
    fig.quote(p.amount, p.symbol),
  ]);
  return { header, rows };
}

export function billExport(bills: readonly FuturesBill[], label: Label, fig: MarketFigures) {
  const header = [
    'record.time',
    'record.type',
    'futuresRecords.symbol',
    'record.amount',
    'record.coin',
    'futuresRecords.billId',
  ].map(label);
  const rows: CsvCell[][] = bills.map((b) => [
    time(b.time),
    label(`futuresRecords.billTypes.${b.type}`),
    b.symbol ? perpPairOf(b.symbol) : '',
    fig.coin(b.amount, b.coin),
    b.coin,
    b.id,
  ]);
  return { header, rows };
}

export type FuturesExportKind =
  | 'futures-open-orders'
  | 'futures-orders'
  | 'futures-fills'
  | 'futures-plans'
  | 'futures-funding'
  | 'futures-bills';

/** `futures-orders-20261123-101500.csv` */
export function futuresExportFileName(kind: FuturesExportKind, now: number): string {
  return `${kind}-${dayjs(now).format('YYYYMMDD-HHmmss')}.csv`;
}
