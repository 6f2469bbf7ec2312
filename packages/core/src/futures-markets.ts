/**
 * The USDT-margined perpetual markets and their names. A perpetual's symbol
 * is its spot pair with `_PERP` (`BTCUSDT_PERP`), so market data, klines and
 * public channels never mix with the spot market of the same pair; the web
 * path `/futures/usdt/BTCUSDT` names the pair.
 */
import type { MaintenanceTier } from './futures-tiers';
import { DEFAULT_FUTURES_TIERS } from './futures-tiers';
import type { SpotMarketConfig } from './markets';
import { DEFAULT_SPOT_MARKETS } from './markets';
import { demoCoinOf } from './simulation';

export const PERP_SUFFIX = '_PERP';

/** A perpetual: the steps and fees of a market, its tiers and its funding interval. */
export interface PerpMarketConfig extends SpotMarketConfig {
  /** The pair it is named after: 'BTCUSDT'. */
  pair: string;
  tiers: readonly MaintenanceTier[];
}

/** The perpetual of a pair: `BTCUSDT` -> `BTCUSDT_PERP`. */
export function perpSymbolOf(pair: string): string {
  return `${pair}${PERP_SUFFIX}`;
}

/** The pair of a perpetual symbol (`BTCUSDT_PERP` -> `BTCUSDT`), or the input when it is not one. */
export function pairOfPerp(symbol: string): string {
  return symbol.endsWith(PERP_SUFFIX) ? symbol.slice(0, -PERP_SUFFIX.length) : symbol;
}

export function isPerpSymbol(symbol: string): boolean {
  return symbol.endsWith(PERP_SUFFIX);
}

/** Fee rates of the perpetuals, in basis points: maker 0.02 %, taker 0.05 %. */
const PERP_MAKER_BPS = 2;
const PERP_TAKER_BPS = 5;

/** The default perpetuals: BTC, ETH, SOL and XRP against USDT, the spot steps and the default tiers. */
export const DEFAULT_PERP_MARKETS: readonly PerpMarketConfig[] = DEFAULT_SPOT_MARKETS.filter(
  (m) => DEFAULT_FUTURES_TIERS[m.symbol],
).map((m) => ({
  ...m,
  symbol: perpSymbolOf(m.symbol),
  pair: m.symbol,
  makerFee_bps: PERP_MAKER_BPS,
  takerFee_bps: PERP_TAKER_BPS,
  tiers: DEFAULT_FUTURES_TIERS[m.symbol] ?? [],
}));

/** The demo twin of a perpetual: S-prefixed coins, symbol `SBTCSUSDT_PERP`, pair `SBTCSUSDT`. */
export function demoPerpMarketOf(market: PerpMarketConfig): PerpMarketConfig {
  const base = demoCoinOf(market.base);
  const quote = demoCoinOf(market.quote);
  const pair = `${base}${quote}`;
  return { ...market, symbol: perpSymbolOf(pair), pair, base, quote };
}

/** Highest leverage of a perpetual: its first tier's. */
export function maxLeverageOf(tiers: readonly MaintenanceTier[]): number {
  return tiers[0]?.maxLeverage ?? 1;
}

/** Leverage a new user starts with on every perpetual. */
export const DEFAULT_LEVERAGE = 20;

/** The margin coin of real perpetuals; demo perpetuals settle in its demo twin. */
export const FUTURES_COIN = 'USDT';
