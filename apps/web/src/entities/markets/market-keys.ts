/** The two kinds of market: spot pairs and USDT-M perpetuals. */
export type MarketSide = 'spot' | 'futures';

/**
 * Every cache key of market data: per side the market list and the tickers,
 * and a perpetual's mark. One key per list, whoever reads it (the trading
 * screens, the wallet's Trade links, the records' filters).
 *
 * Simulation mode needs no key of its own: it is fixed for a page load, and
 * the demo markets carry their own symbols.
 */
export const marketKeys = {
  all: ['markets'] as const,
  side: (side: MarketSide) => [...marketKeys.all, side] as const,
  list: (side: MarketSide) => [...marketKeys.side(side), 'list'] as const,
  tickers: (side: MarketSide) => [...marketKeys.side(side), 'tickers'] as const,
  mark: (symbol: string) => [...marketKeys.side('futures'), 'mark', symbol] as const,
  /** A market's last day of hourly closes, for the markets page's sparklines. */
  sparkline: (side: MarketSide, symbol: string) =>
    [...marketKeys.side(side), 'sparkline', symbol] as const,
};
