import { describe, expect, it } from 'vitest';
import {
  destinationsOf,
  swapEnds,
  transferBody,
  transferCoins,
  transferLimit,
  withSource,
} from './margin-transfer';

const config = {
  coins: [
    { coin: 'USDT', dailyRate: '0.0002', hourlyRate: '0', borrowCap: '1', poolAvailable: '1' },
    { coin: 'BTC', dailyRate: '0.0001', hourlyRate: '0', borrowCap: '1', poolAvailable: '1' },
    { coin: 'ETH', dailyRate: '0.0001', hourlyRate: '0', borrowCap: '1', poolAvailable: '1' },
  ],
  markets: [
    { symbol: 'BTCUSDT', base: 'BTC', quote: 'USDT', isolated: true, isolatedMaxLeverage: 10 },
  ],
};

describe('the margin transfer form', () => {
  it('pairs spot, cross and isolated, never isolated with isolated nor an end with itself', () => {
    expect(destinationsOf('spot')).toEqual(['cross', 'isolated']);
    expect(destinationsOf('cross')).toEqual(['spot', 'isolated']);
    expect(destinationsOf('isolated')).toEqual(['spot', 'cross']);
    expect(withSource({ from: 'spot', to: 'cross' }, 'cross')).toEqual({
      from: 'cross',
      to: 'spot',
    });
    expect(withSource({ from: 'spot', to: 'isolated' }, 'cross')).toEqual({
      from: 'cross',
      to: 'isolated',
    });
    expect(swapEnds({ from: 'spot', to: 'isolated' })).toEqual({ from: 'isolated', to: 'spot' });
  });

  it("offers an isolated account's two coins, and every lent coin otherwise", () => {
    expect(transferCoins({ from: 'spot', to: 'isolated' }, 'BTCUSDT', config)).toEqual([
      'BTC',
      'USDT',
    ]);
    expect(transferCoins({ from: 'spot', to: 'cross' }, null, config)).toEqual([
      'USDT',
      'BTC',
      'ETH',
    ]);
    expect(transferCoins({ from: 'spot', to: 'isolated' }, 'DOGEUSDT', config)).toEqual([]);
  });

  it('cuts the limit down and names the market only for an isolated end', () => {
    expect(transferLimit('12.345678919', 8)).toBe('12.34567891');
    expect(transferLimit('-1', 8)).toBe('0');
    expect(transferLimit(undefined, 2)).toBe('0');
    expect(transferBody({ from: 'spot', to: 'cross' }, 'BTCUSDT', 'USDT', '5')).toEqual({
      from: 'spot',
      to: 'cross',
      coin: 'USDT',
      amount: '5',
    });
    expect(transferBody({ from: 'cross', to: 'isolated' }, 'BTCUSDT', 'BTC', '1')).toEqual({
      from: 'cross',
      to: 'isolated',
      coin: 'BTC',
      amount: '1',
      symbol: 'BTCUSDT',
    });
  });
});
