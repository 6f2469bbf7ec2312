import type { MarginRecord } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { buildCsv } from './csv';
import {
  marginAccountLabel,
  marginExportFileName,
  marginFigure,
  marginRecordExport,
} from './margin-export-rows';

const label = (key: string) => `<${key}>`;
const pairOf = (symbol: string) => (symbol === 'BTCUSDT' ? 'BTC/USDT' : symbol);

const record = (over: Partial<MarginRecord>): MarginRecord => ({
  id: 'r1',
  kind: 'borrow',
  mode: 'cross',
  symbol: null,
  coin: 'USDT',
  amount: '1234.5',
  principal: '0',
  interest: '0.01',
  fee: '0',
  fundCovered: '0',
  dailyRate: '0.0005',
  time: Date.UTC(2026, 10, 23, 10, 15, 0),
  ...over,
});

describe('the margin records', () => {
  it('name the account: cross, or the market of an isolated one', () => {
    expect(marginAccountLabel({ mode: 'cross', symbol: null }, label, pairOf)).toBe(
      '<margin.modes.cross>',
    );
    expect(marginAccountLabel({ mode: 'isolated', symbol: 'BTCUSDT' }, label, pairOf)).toBe(
      'BTC/USDT <margin.modes.isolated>',
    );
  });

  it("show amounts at the coin's precision and the daily rate in percent", () => {
    expect(marginFigure(record({}), 'amount')).toBe('1,234.50');
    expect(marginFigure(record({ coin: 'BTC', amount: '0.0000123' }), 'amount')).toBe('0.000012');
    expect(marginFigure(record({}), 'dailyRate')).toBe('0.0500%');
    expect(marginFigure(record({ dailyRate: '' }), 'dailyRate')).toBe('--');
  });

  it("export each kind's own figures, ungrouped, with the record's id", () => {
    const repay = record({ kind: 'repay', amount: '1500', principal: '1499.9', interest: '0.1' });
    const { header, rows } = marginRecordExport('repay', [repay], label, pairOf);
    expect(header).toEqual([
      '<record.time>',
      '<marginRecords.account>',
      '<record.coin>',
      '<marginRecords.figures.amount>',
      '<marginRecords.figures.principal>',
      '<marginRecords.figures.interest>',
      '<marginRecords.id>',
    ]);
    expect(rows[0]?.slice(1)).toEqual([
      '<margin.modes.cross>',
      'USDT',
      '1500.00',
      '1499.90',
      '0.10',
      'r1',
    ]);
    const liquidation = marginRecordExport(
      'liquidation',
      [
        record({
          kind: 'liquidation',
          mode: 'isolated',
          symbol: 'BTCUSDT',
          fee: '2',
          fundCovered: '0',
        }),
      ],
      label,
      pairOf,
    );
    expect(liquidation.header.slice(3, 6)).toEqual([
      '<marginRecords.figures.amount>',
      '<marginRecords.figures.fee>',
      '<marginRecords.figures.fundCovered>',
    ]);
    expect(buildCsv(liquidation.header, liquidation.rows)).toContain(
      'BTC/USDT <margin.modes.isolated>',
    );
    expect(marginExportFileName('interest', Date.UTC(2026, 0, 2, 3, 4, 5))).toMatch(
      /^margin-interest-20260102-\d{6}\.csv$/,
    );
  });
});
