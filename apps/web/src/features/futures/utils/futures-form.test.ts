import { describe, expect, it } from 'vitest';
import {
  callbackRateValid,
  maxOpen,
  openCost,
  quantityForPercent,
  tpSlProblem,
  trailingStopBody,
  trailingStopPreview,
  tripleFromPnl,
  tripleFromPrice,
  tripleFromRoe,
  type TpSlPosition,
} from './futures-form';

const long: TpSlPosition = { side: 1, entryPrice: '50000', size: '0.1', leverage: '20' };
const short: TpSlPosition = { side: 2, entryPrice: '50000', size: '0.1', leverage: '20' };

describe('order cost and size', () => {
  it('costs the initial margin plus the taker fee on the notional', () => {
    // 0.1 BTC at 50,000 and 20x: 250 margin + 5,000 x 0.0005 = 2.5 fee.
    expect(openCost('50000', '0.1', 20, '0.0005').toFixed()).toBe('252.5');
    expect(openCost('', '0.1', 20, '0.0005').toFixed()).toBe('0');
  });

  it('opens at most what the available balance pays for, down to the lot', () => {
    // Each BTC needs 50,000 / 20 + 25 = 2,525: 1,000 opens 0.39603 BTC.
    expect(maxOpen('1000', '50000', 20, '0.0005', 5)).toBe('0.39603');
    expect(quantityForPercent(50, '1000', '50000', 20, '0.0005', 5)).toBe('0.19801');
    expect(maxOpen('0', '50000', 20, '0.0005', 5)).toBe('0');
  });
});

describe('TP/SL price, ROE % and PnL stay consistent', () => {
  it('turns a long take-profit at +50 % ROE into a price and a PnL', () => {
    // +50 % at 20x is a 2.5 % move: 51,250, and 0.1 x 1,250 = 125 PnL.
    expect(tripleFromRoe('tp', long, '50', 2)).toEqual({
      price: '51250.00',
      roe: '50',
      pnl: '125',
    });
    expect(tripleFromPrice('tp', long, '51250', 2)).toEqual({
      price: '51250',
      roe: '50',
      pnl: '125',
    });
    expect(tripleFromPnl('tp', long, '125', 2)).toEqual({
      price: '51250.00',
      roe: '50',
      pnl: '125',
    });
  });

  it('gives a stop-loss as a loss: a long stops below, a short above', () => {
    expect(tripleFromRoe('sl', long, '20', 2)).toEqual({ price: '49500.00', roe: '20', pnl: '50' });
    expect(tripleFromRoe('sl', short, '20', 2)).toEqual({
      price: '50500.00',
      roe: '20',
      pnl: '50',
    });
    expect(tripleFromPnl('tp', short, '100', 2).price).toBe('49000.00');
  });

  it('leaves the other two empty for what is not a number or not a price', () => {
    expect(tripleFromRoe('tp', long, '', 2)).toEqual({ price: '', roe: '', pnl: '' });
    expect(tripleFromRoe('sl', long, '2500', 2)).toEqual({ price: '', roe: '2500', pnl: '' });
  });
});

describe('TP/SL validation', () => {
  const base = { marginMode: 1 as const, mark: '50000', liquidation: '47600' };
  it('wants a long take-profit above the mark and a stop-loss below it, above liquidation', () => {
    expect(tpSlProblem({ ...base, kind: 'tp', side: 1, price: '51000' })).toBeNull();
    expect(tpSlProblem({ ...base, kind: 'tp', side: 1, price: '49000' })).toBe('side');
    expect(tpSlProblem({ ...base, kind: 'sl', side: 1, price: '49000' })).toBeNull();
    expect(tpSlProblem({ ...base, kind: 'sl', side: 1, price: '47000' })).toBe('liquidation');
    expect(tpSlProblem({ ...base, kind: 'sl', side: 1, price: '47600' })).toBe('liquidation');
  });

  it('wants the reverse of a short', () => {
    const short = { ...base, liquidation: '52400' };
    expect(tpSlProblem({ ...short, kind: 'tp', side: 2, price: '49000' })).toBeNull();
    expect(tpSlProblem({ ...short, kind: 'sl', side: 2, price: '51000' })).toBeNull();
    expect(tpSlProblem({ ...short, kind: 'sl', side: 2, price: '53000' })).toBe('liquidation');
    expect(tpSlProblem({ ...short, kind: 'tp', side: 2, price: '50500' })).toBe('side');
  });
});

describe('trailing stop', () => {
  it('takes callback rates from 0.1 % to 5 % with at most two decimals', () => {
    for (const ok of ['0.1', '1', '2', '1.25', '5', '5.00'])
      expect(callbackRateValid(ok), ok).toBe(true);
    for (const bad of ['', '0', '0.09', '5.01', '1.255', '-1', '1e0', '.5', 'abc']) {
      expect(callbackRateValid(bad), bad).toBe(false);
    }
  });

  it('sends a market trailing stop, with an activation price only when one is typed', () => {
    const base = {
      symbol: 'BTCUSDT_PERP',
      side: 'sell' as const,
      callbackRate: '1',
      triggerBy: 'mark' as const,
      quantity: '0.01',
    };
    expect(trailingStopBody({ ...base, activationPrice: '', reduceOnly: true })).toEqual({
      kind: 'trailing',
      symbol: 'BTCUSDT_PERP',
      side: 'sell',
      callbackRate: '1',
      triggerBy: 'mark',
      type: 'market',
      quantity: '0.01',
      reduceOnly: true,
    });
    expect(
      trailingStopBody({ ...base, activationPrice: '52000', positionSide: 1, reduceOnly: false }),
    ).toEqual({
      kind: 'trailing',
      symbol: 'BTCUSDT_PERP',
      side: 'sell',
      positionSide: 1,
      callbackRate: '1',
      activationPrice: '52000',
      triggerBy: 'mark',
      type: 'market',
      quantity: '0.01',
    });
  });

  it('previews the stop below the price for a sell and above it for a buy, on the price grid', () => {
    expect(trailingStopPreview('sell', '52000', '1', 2)).toBe('51480.00');
    expect(trailingStopPreview('buy', '50000', '2', 2)).toBe('51000.00');
    // 0.3 % of 333.33 is 0.99999: a sell rounds down, a buy up.
    expect(trailingStopPreview('sell', '333.33', '0.3', 2)).toBe('332.33');
    expect(trailingStopPreview('buy', '333.33', '0.3', 2)).toBe('334.33');
    expect(trailingStopPreview('sell', '', '1', 2)).toBe('');
    expect(trailingStopPreview('sell', '52000', '9', 2)).toBe('');
  });
});
