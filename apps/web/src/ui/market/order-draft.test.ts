import type { SpotMarketInfo } from '@quay/core';
import { describe, expect, it } from 'vitest';
import {
  applyPercent,
  draftComplete,
  draftProblem,
  orderOf,
  quantityForTotal,
  totalOf,
  type OrderDraft,
} from './order-draft';

const market: SpotMarketInfo = {
  symbol: 'BTCUSDT',
  base: 'BTC',
  quote: 'USDT',
  tickSize: '0.01',
  lotSize: '0.00001',
  minNotional: '5',
  makerFeeRate: '0.001',
  takerFeeRate: '0.001',
  pricePrecision: 2,
  quantityPrecision: 5,
  depthSteps: ['0.01', '0.1', '1', '10'],
  marketPriceBandRate: '0.05',
};
const top = { bestBid: '64999.99', bestAsk: '65000.01' };
const draft = (patch: Partial<OrderDraft>): OrderDraft => ({
  side: 'buy',
  type: 'limit',
  price: '',
  quantity: '',
  quoteAmount: '',
  marketBuyBy: 'quantity',
  ...patch,
});

describe('order form arithmetic', () => {
  it('totals exactly in decimals', () => {
    expect(totalOf('0.1', '0.2')?.toString()).toBe('0.02');
    expect(totalOf('', '1')).toBeNull();
    expect(quantityForTotal('100', '65000', market.lotSize)).toBe('0.00153');
  });

  it('sizes from the slider without exceeding the balance', () => {
    expect(applyPercent(draft({ price: '65000' }), 50, '1000', market, top, 2)).toEqual({
      quantity: '0.00769',
      quoteAmount: '',
    });
    expect(applyPercent(draft({ side: 'sell' }), 25, '0.123456789', market, top, 2)).toEqual({
      quantity: '0.03086',
      quoteAmount: '',
    });
    expect(
      applyPercent(
        draft({ type: 'market', marketBuyBy: 'quote' }),
        100,
        '1234.5678',
        market,
        top,
        2,
      ),
    ).toEqual({ quantity: '', quoteAmount: '1234.56' });
    // A market buy by quantity is sized at the best ask.
    expect(applyPercent(draft({ type: 'market' }), 100, '649.99', market, top, 2).quantity).toBe(
      '0.00999',
    );
    expect(applyPercent(draft({}), 100, '1000', market, top, 2).quantity).toBe('');
  });

  it('says the order is below the minimum value or above the balance before it is sent', () => {
    expect(draftProblem(draft({ price: '65000', quantity: '0.00007' }), '1000', market, top)).toBe(
      'minNotional',
    );
    expect(draftProblem(draft({ price: '65000', quantity: '0.1' }), '1000', market, top)).toBe(
      'insufficient',
    );
    expect(
      draftProblem(draft({ price: '65000', quantity: '0.01' }), '1000', market, top),
    ).toBeNull();
    expect(draftProblem(draft({ side: 'sell', price: '1', quantity: '2' }), '1', market, top)).toBe(
      'insufficient',
    );
    expect(
      draftProblem(
        draft({ type: 'market', marketBuyBy: 'quote', quoteAmount: '4.99' }),
        '10',
        market,
        top,
      ),
    ).toBe('minNotional');
    // Logged out: no balance to compare with, only the minimum.
    expect(draftProblem(draft({ price: '65000', quantity: '1' }), null, market, top)).toBeNull();
  });

  it('builds the order its type needs', () => {
    expect(orderOf(draft({ price: '65000.5', quantity: '0.01' }), 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      side: 'buy',
      type: 'limit',
      timeInForce: 'GTC',
      price: '65000.5',
      quantity: '0.01',
    });
    expect(
      orderOf(draft({ price: '64000', quantity: '0.01', timeInForce: 'POST_ONLY' }), 'BTCUSDT'),
    ).toMatchObject({ type: 'limit', timeInForce: 'POST_ONLY' });
    // A market order has no time in force, whatever the limit tab last held.
    expect(
      orderOf(
        draft({ type: 'market', side: 'sell', quantity: '1', timeInForce: 'FOK' }),
        'BTCUSDT',
      ),
    ).not.toHaveProperty('timeInForce');
    expect(
      orderOf(draft({ type: 'market', marketBuyBy: 'quote', quoteAmount: '20' }), 'BTCUSDT'),
    ).toEqual({ symbol: 'BTCUSDT', side: 'buy', type: 'market', quoteAmount: '20' });
    expect(orderOf(draft({ type: 'market', side: 'sell', quantity: '0.5' }), 'BTCUSDT')).toEqual({
      symbol: 'BTCUSDT',
      side: 'sell',
      type: 'market',
      quantity: '0.5',
    });
    expect(draftComplete(draft({ type: 'market', quantity: '0' }))).toBe(false);
    expect(draftComplete(draft({ price: '1', quantity: '1' }))).toBe(true);
  });
});
