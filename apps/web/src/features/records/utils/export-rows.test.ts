import type { SpotFill, SpotOrder } from '@quay/core';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildCsv } from './csv';
import { marketFigures } from '../../../platform/numbers/market-figures';
import { exportFileName, fillExport, orderExport } from './export-rows';

const fig = marketFigures(
  [{ symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', pricePrecision: 2, quantityPrecision: 5 }],
  true,
);

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
  it('writes an order with both its times, translated words and its figures as shown, ungrouped', () => {
    const { header, rows } = orderExport([order], label, fig);
    expect(header.slice(0, 2)).toEqual(['<common.createdAt>', '<common.updatedAt>']);
    expect(rows[0]).toEqual([
      '2026-11-23 10:15:00',
      '2026-11-23 10:15:00',
      'BTCUSDT',
      '<orderType.market>',
      '<sides.buy>',
      '<market>',
      '99950.00',
      '1000.00',
      '0.01000',
      '999.50',
      '<orderStatus.FILLED>',
      'o1',
    ]);
  });

  it('writes a fill with its role, fee and fee coin', () => {
    const { header, rows } = fillExport([fill], label, fig);
    expect(header).toHaveLength(rows[0]?.length ?? 0);
    expect(rows[0]?.slice(2, 9)).toEqual([
      '<sides.sell>',
      '<roles.maker>',
      '99950.00',
      '0.01000',
      '999.50',
      '1.00',
      'USDT',
    ]);
  });

  it('gives one CSV line per record plus the header', () => {
    const { header, rows } = fillExport([fill, fill], label, fig);
    expect(buildCsv(header, rows).trimEnd().split('\r\n')).toHaveLength(3);
  });

  it('names the file after what it holds and when', () => {
    expect(exportFileName('spot-fills', at)).toBe('spot-fills-20261123-101500.csv');
  });
});
