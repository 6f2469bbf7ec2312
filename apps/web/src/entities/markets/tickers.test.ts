import type { PerpTicker, Ticker } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { mergeTickers } from './tickers';

const ticker = (symbol: string, last: string, time: number) => ({ symbol, last, time }) as Ticker;

describe('merging ticker pushes', () => {
  it('never moves a ticker back in time', () => {
    const list = [ticker('BTCUSDT', '100', 5)];
    expect(mergeTickers(list, [ticker('BTCUSDT', '90', 4)], (t) => t)).toEqual(list);
    expect(mergeTickers(list, [ticker('BTCUSDT', '110', 6)], (t) => t)[0]?.last).toBe('110');
  });

  it("keeps a perpetual's mark and funding when a plain ticker is pushed", () => {
    const perp = { ...ticker('BTCUSDT_PERP', '100', 1), markPrice: '99', fundingRate: '0.0001' };
    const [merged] = mergeTickers<PerpTicker>(
      [perp as PerpTicker],
      [ticker('BTCUSDT_PERP', '101', 2)],
      (pushed, known) => ({ ...(known as PerpTicker), ...pushed }),
    );
    expect(merged).toMatchObject({ last: '101', markPrice: '99', fundingRate: '0.0001' });
  });
});
