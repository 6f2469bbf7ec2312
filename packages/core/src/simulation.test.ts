import { describe, expect, it } from 'vitest';
import { DEFAULT_SPOT_MARKETS } from './markets';
import { demoChannelOf, demoCoinOf } from './simulation';
import { demoMarketOf, demoSymbolOf, realSymbolOf } from './simulation-markets';

describe('demo twins', () => {
  it('name S-prefixed coins and markets, once for both apps', () => {
    expect(demoCoinOf('USDT')).toBe('SUSDT');
    expect(demoCoinOf('SOL')).toBe('SSOL');
    expect(demoSymbolOf('BTCUSDT')).toBe('SBTCSUSDT');
    expect(demoSymbolOf('SOLUSDT')).toBe('SSOLSUSDT');
    expect(demoSymbolOf('DOGEUSDT')).toBeNull();
    expect(realSymbolOf('SXRPSUSDT')).toBe('XRPUSDT');
    expect(realSymbolOf('BTCUSDT')).toBeNull();
    expect(demoChannelOf('orders')).toBe('orders:demo');
  });

  it('keep the steps and fees of the real market', () => {
    for (const market of DEFAULT_SPOT_MARKETS) {
      const twin = demoMarketOf(market);
      expect(twin).toEqual({
        ...market,
        symbol: `S${market.base}S${market.quote}`,
        base: `S${market.base}`,
        quote: `S${market.quote}`,
      });
    }
  });
});
