/**
 * The demo twin of each market (simulation mode): same steps and fees,
 * S-prefixed coins. Apart from simulation.ts, whose header and channel names
 * every page needs, as this one brings the market table and its decimals.
 */
import { DEFAULT_SPOT_MARKETS, type SpotMarketConfig } from './markets';
import { demoCoinOf } from './simulation';

/** The demo twin of a market: same steps and fees, S-prefixed coins, symbol `SBTCSUSDT`. */
export function demoMarketOf(market: SpotMarketConfig): SpotMarketConfig {
  const base = demoCoinOf(market.base);
  const quote = demoCoinOf(market.quote);
  return { ...market, symbol: `${base}${quote}`, base, quote };
}

/** The demo symbol of a market among `markets` (default: the default markets), or null. */
export function demoSymbolOf(
  symbol: string,
  markets: readonly SpotMarketConfig[] = DEFAULT_SPOT_MARKETS,
): string | null {
  const market = markets.find((m) => m.symbol === symbol);
  return market ? demoMarketOf(market).symbol : null;
}

/** The real market a demo symbol stands for, among `markets`, or null. */
export function realSymbolOf(
  demoSymbol: string,
  markets: readonly SpotMarketConfig[] = DEFAULT_SPOT_MARKETS,
): string | null {
  return markets.find((m) => demoMarketOf(m).symbol === demoSymbol)?.symbol ?? null;
}
