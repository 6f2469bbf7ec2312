/**
 * The margin records' columns, once for the page and the CSV: which figures
 * each kind of record has, the account a record belongs to, and the rows of
 * the export (figures without grouping, times as everywhere, words translated).
 */
import type { MarginRecord, MarginRecordKind } from '@quay/core';
import dayjs from 'dayjs';
import { formatRate, plainFigure, formatCoinAmount } from '../../../platform/numbers/number-format';
import { formatEventTime as time } from '../../../ui/date-time';
import type { CsvCell } from './csv';
import type { Label } from './export-rows';

export type MarginFigure =
  'amount' | 'principal' | 'interest' | 'dailyRate' | 'fee' | 'fundCovered';

/** The figures a kind of record carries, in the order they are shown. */
export const MARGIN_RECORD_FIGURES: Record<MarginRecordKind, readonly MarginFigure[]> = {
  borrow: ['amount', 'dailyRate', 'interest'],
  repay: ['amount', 'principal', 'interest'],
  interest: ['amount', 'principal', 'dailyRate'],
  liquidation: ['amount', 'fee', 'fundCovered'],
};

/** `Cross`, or `BTC/USDT Isolated`. */
export function marginAccountLabel(
  record: Pick<MarginRecord, 'mode' | 'symbol'>,
  label: Label,
  pairOf: (symbol: string) => string,
): string {
  return record.mode === 'cross'
    ? label('margin.modes.cross')
    : `${record.symbol ? pairOf(record.symbol) : ''} ${label('margin.modes.isolated')}`.trim();
}

/** A figure of a record as shown: amounts at the coin's precision, the rate in percent. */
export function marginFigure(record: MarginRecord, figure: MarginFigure): string {
  if (figure === 'dailyRate') return record.dailyRate ? formatRate(record.dailyRate) : '--';
  return formatCoinAmount(record[figure], record.coin);
}

export function marginRecordExport(
  kind: MarginRecordKind,
  records: readonly MarginRecord[],
  label: Label,
  pairOf: (symbol: string) => string,
) {
  const figures = MARGIN_RECORD_FIGURES[kind];
  const header = [
    'record.time',
    'marginRecords.account',
    'record.coin',
    ...figures.map((f) => `marginRecords.figures.${f}`),
    'marginRecords.id',
  ].map(label);
  const rows: CsvCell[][] = records.map((r) => [
    time(r.time),
    marginAccountLabel(r, label, pairOf),
    r.coin,
    ...figures.map((f) => plainFigure(marginFigure(r, f))),
    r.id,
  ]);
  return { header, rows };
}

/** `margin-borrow-20261123-101500.csv` */
export function marginExportFileName(kind: MarginRecordKind, now: number): string {
  return `margin-${kind}-${dayjs(now).format('YYYYMMDD-HHmmss')}.csv`;
}
