import { describe, expect, it } from 'vitest';
import { plainFigures } from './plain-figures';

describe('plainFigures', () => {
  it('sends what a form holds mid-typing in the one grammar, and leaves other fields alone', () => {
    expect(
      plainFigures({
        symbol: 'BTCUSDT',
        price: '095000.',
        quantity: '0.10',
        quoteAmount: '00.5',
        callbackRate: '1.',
        clientOrderId: '007',
        leverage: 10,
      }),
    ).toEqual({
      symbol: 'BTCUSDT',
      price: '95000',
      quantity: '0.10',
      quoteAmount: '0.5',
      callbackRate: '1',
      clientOrderId: '007',
      leverage: 10,
    });
  });
});
