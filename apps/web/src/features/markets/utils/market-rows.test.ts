import type { Ticker } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { marketRow, sortRows, visibleRows, type MarketRow } from './market-rows';

const ticker = (symbol: string, last: string, change24h: string, quoteVolume24h: string) =>
  ({ symbol, last, change24h, quoteVolume24h }) as Ticker;
const tickers = new Map([
  ['BTCUSDT', ticker('BTCUSDT', '95000.5', '0.012', '1200000')],
  ['ETHUSDT', ticker('ETHUSDT', '3200.25', '-0.03', '9000000.5')],
  ['XRPUSDT', ticker('XRPUSDT', '0.52', '0.2', '')],
  ['BTCUSDT_PERP', ticker('BTCUSDT_PERP', '95010', '0.011', '50000000')],
]);
const market = (symbol: string, base: string) => ({
  symbol,
  base,
  quote: 'USDT',
  pricePrecision: 2,
});
const rows: MarketRow[] = [
  marketRow('spot', market('BTCUSDT', 'BTC'), 'BTCUSDT', tickers),
  marketRow('spot', market('ETHUSDT', 'ETH'), 'ETHUSDT', tickers),
  marketRow('spot', market('XRPUSDT', 'XRP'), 'XRPUSDT', tickers),
  marketRow('futures', market('BTCUSDT_PERP', 'BTC'), 'BTCUSDT', tickers),
];
const symbols = (list: MarketRow[]) => list.map((r) => r.symbol);

describe('the markets page rows', () => {
  it('show one side per tab, the starred of both on favourites, and what the search names', () => {
    expect(symbols(visibleRows(rows, 'spot', [], ''))).toEqual(['BTCUSDT', 'ETHUSDT', 'XRPUSDT']);
    expect(symbols(visibleRows(rows, 'futures', [], ''))).toEqual(['BTCUSDT_PERP']);
    expect(symbols(visibleRows(rows, 'favourites', ['ETHUSDT', 'BTCUSDT_PERP'], ''))).toEqual([
      'ETHUSDT',
      'BTCUSDT_PERP',
    ]);
    expect(symbols(visibleRows(rows, 'spot', [], ' eth/usdt '))).toEqual(['ETHUSDT']);
    expect(symbols(visibleRows(rows, 'spot', [], 'x'))).toEqual(['XRPUSDT']);
  });

  it('sort by each column either way, exactly, with a missing figure last', () => {
    const spot = visibleRows(rows, 'spot', [], '');
    expect(symbols(sortRows(spot, { key: 'price', order: 'descend' }))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'XRPUSDT',
    ]);
    expect(symbols(sortRows(spot, { key: 'change', order: 'ascend' }))).toEqual([
      'ETHUSDT',
      'BTCUSDT',
      'XRPUSDT',
    ]);
    expect(symbols(sortRows(spot, { key: 'volume', order: 'descend' }))).toEqual([
      'ETHUSDT',
      'BTCUSDT',
      'XRPUSDT',
    ]);
    expect(symbols(sortRows(spot, { key: 'volume', order: 'ascend' }))).toEqual([
      'BTCUSDT',
      'ETHUSDT',
      'XRPUSDT',
    ]);
    expect(symbols(sortRows(spot, { key: 'pair', order: 'descend' }))).toEqual([
      'XRPUSDT',
      'ETHUSDT',
      'BTCUSDT',
    ]);
    expect(symbols(sortRows(spot, null))).toEqual(symbols(spot));
  });
});
