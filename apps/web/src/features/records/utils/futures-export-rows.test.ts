import type {
  FundingPayment,
  FuturesBill,
  FuturesFill,
  FuturesOrder,
  FuturesPlan,
} from '@quay/core';
import dayjs from 'dayjs';
import { describe, expect, it } from 'vitest';
import { buildCsv } from './csv';
import {
  billExport,
  fundingExport,
  futuresExportFileName,
  futuresFillExport,
  futuresOrderExport,
  futuresPlanExport,
} from './futures-export-rows';
import { marketFigures } from '../../../platform/numbers/market-figures';

const fig = marketFigures(
  [
    {
      symbol: 'BTCUSDT_PERP',
      base: 'BTC',
      quote: 'USDT',
      pricePrecision: 1,
      quantityPrecision: 3,
    },
  ],
  true,
);

const label = (key: string) => `<${key.replace(/^(record|futuresRecords)\./, '')}>`;
const at = dayjs('2026-11-23T10:15:00').valueOf();

const order: FuturesOrder = {
  orderId: 'o1',
  clientOrderId: null,
  symbol: 'BTCUSDT_PERP',
  side: 'sell',
  positionSide: 1,
  reduceOnly: true,
  type: 'market',
  timeInForce: null,
  price: '',
  quantity: '0.5',
  filledQuantity: '0.5',
  avgPrice: '50010.1',
  leverage: '20',
  marginMode: 2,
  realisedPnl: '-12.3456',
  fee: '12.50',
  status: 'FILLED',
  cancelReason: null,
  source: 'sl',
  takeProfitPrice: '',
  stopLossPrice: '',
  createdAt: at,
  updatedAt: at,
};

describe('futures CSV exports', () => {
  it('write an order with its action, source and its figures as shown, ungrouped', () => {
    const { header, rows } = futuresOrderExport([order], label, fig);
    expect(header[3]).toBe('<action>');
    expect(rows[0]).toEqual([
      '2026-11-23 10:15:00',
      'BTCUSDT',
      '<orderType.market>',
      '<actions.closeLong>',
      '<market>',
      '50010.1',
      '0.500',
      '0.500',
      '-12.35',
      '12.50',
      '<orderStatus.FILLED>',
      '<sources.sl>',
      'o1',
    ]);
    // A negative figure stays a number in a spreadsheet, not text with a quote.
    expect(buildCsv(header, rows)).toContain(',-12.35,');
  });

  it('write a fill with its side and role', () => {
    const fill: FuturesFill = {
      fillId: 'f1',
      orderId: 'o1',
      symbol: 'ETHUSDT_PERP',
      side: 'buy',
      positionSide: 2,
      role: 'maker',
      price: '3000',
      quantity: '1',
      realisedPnl: '4',
      fee: '0.6',
      time: at,
    };
    expect(futuresFillExport([fill], label, fig).rows[0]).toEqual([
      '2026-11-23 10:15:00',
      'ETHUSDT',
      '<sides.buy>',
      '<roles.maker>',
      '3000',
      '1',
      '4',
      '0.6',
      'f1',
      'o1',
    ]);
  });

  it('write a plan, a TP on the whole position as such', () => {
    const plan: FuturesPlan = {
      planId: 'p1',
      kind: 'tp',
      symbol: 'BTCUSDT_PERP',
      side: 'sell',
      positionSide: 1,
      triggerPrice: '60000',
      triggerBy: 'mark',
      type: 'market',
      price: '',
      quantity: '',
      reduceOnly: true,
      status: 'WAITING',
      orderId: '',
      failCode: '',
      callbackRate: '',
      activationPrice: '',
      trailingPrice: '',
      createdAt: at,
      updatedAt: at,
    };
    expect(futuresPlanExport([plan], label, fig).rows[0]).toEqual([
      '2026-11-23 10:15:00',
      'BTCUSDT',
      '<planKinds.tp>',
      '<actions.closeLong>',
      '60000.0',
      '<triggerPrices.mark>',
      '<market>',
      '<wholePosition>',
      '<planStatus.WAITING>',
      '',
    ]);
  });

  it('write funding payments and bills with signed amounts', () => {
    const payment: FundingPayment = {
      symbol: 'BTCUSDT_PERP',
      positionSide: 1,
      amount: '-0.25',
      rate: '0.0001',
      positionSize: '0.05',
      markPrice: '50000',
      time: at,
    };
    expect(fundingExport([payment], label, fig).rows[0]).toEqual([
      '2026-11-23 10:15:00',
      'BTCUSDT',
      '<long>',
      '0.050',
      '50000.0',
      '0.0100%',
      '-0.25',
    ]);
    const bill: FuturesBill = {
      id: 'b1',
      type: 'transfer_in',
      symbol: '',
      amount: '100',
      coin: 'USDT',
      time: at,
    };
    expect(billExport([bill], label, fig).rows[0]).toEqual([
      '2026-11-23 10:15:00',
      '<billTypes.transfer_in>',
      '',
      '100.00',
      'USDT',
      'b1',
    ]);
  });

  it('name the file after what it holds and when', () => {
    expect(futuresExportFileName('futures-bills', at)).toBe('futures-bills-20261123-101500.csv');
  });
});
