import type { SpotFill, SpotOrder } from '@quay/core';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildCsv } from './csv';
import { exportFileName, fillExport, orderExport } from './export-rows';

const label = (key: string) => `<${key.replace('record.', '')}>`;
const at = dayjs('2026-11-23T10:15:00').valueOf();

const order: SpotOrder = {
  orderId: 'o1',
  clientOrderId: null,
  symbol: 'BTCUSDT',
  side: 'buy',
  type: 'market',
  timeInForce: null,
  price: '',
  quantity: '',
  quoteAmount: '1000',
  filledQuantity: '0.01',
  filledQuote: '999.5',
  avgPrice: '99950',
  status: 'FILLED',
  cancelReason: null,
  createdAt: at,
  updatedAt: at,
};

const fill: SpotFill = {
  fillId: 'f1',
  orderId: 'o1',
  symbol: 'BTCUSDT',
  side: 'sell',
  role: 'maker',
  price: '99950.00',
  quantity: '0.01',
  quoteQuantity: '999.5',
  fee: '0.9995',
  feeCoin: 'USDT',
  time: at,
};

describe('export rows', () => {
  it('writes an order with local time, translated words and plain decimals', () => {
    const { header, rows } = orderExport([order], label);
    expect(header[0]).toBe('<time>');
    expect(rows[0]).toEqual([
      '2026-11-23 10:15:00',
      'BTCUSDT',
      '<orderType.market>',
      '<sides.buy>',
      '<market>',
      '99950',
      '1000',
      '0.01',
      '999.5',
      '<orderStatus.FILLED>',
      'o1',
    ]);
  });

  it('writes a fill with its role, fee and fee coin', () => {
    const { header, rows } = fillExport([fill], label);
    expect(header).toHaveLength(rows[0]?.length ?? 0);
    expect(rows[0]?.slice(2, 9)).toEqual([
      '<sides.sell>',
      '<roles.maker>',
      '99950.00',
      '0.01',
      '999.5',
      '0.9995',
      'USDT',
    ]);
  });

  it('gives one CSV line per record plus the header', () => {
    const { header, rows } = fillExport([fill, fill], label);
    expect(buildCsv(header, rows).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('names the file after what it holds and when', () => {
    expect(exportFileName('spot-fills', at)).toBe('spot-fills-20261123-101500.csv');
  });
});
