import { DEFAULT_PERP_MARKETS, DEFAULT_SPOT_MARKETS, decimalsOfStep } from '@quay/core';
import { usePerpMarkets, useSpotMarkets } from '../../../entities/markets/markets';

/** What the filters and figures need of a market. */
export interface MarketPrecision {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
}

interface ListedMarket {
  symbol: string;
  base: string;
  quote: string;
  tickSize: string;
  lotSize: string;
}

const defaultsOf = (markets: readonly ListedMarket[]): MarketPrecision[] =>
  markets.map((m) => ({
    symbol: m.symbol,
    base: m.base,
    quote: m.quote,
    pricePrecision: decimalsOfStep(m.tickSize),
    quantityPrecision: decimalsOfStep(m.lotSize),
  }));

const SPOT_DEFAULTS = defaultsOf(DEFAULT_SPOT_MARKETS);
const PERP_DEFAULTS = defaultsOf(DEFAULT_PERP_MARKETS);

/** The spot markets with their precisions, for the symbol filter and the figures; defaults until they arrive. */
export function useMarketPrecisions(): MarketPrecision[] {
  const { data } = useSpotMarkets();
  return data ?? SPOT_DEFAULTS;
}

/** The perpetuals with their precisions, for the symbol filter and the figures; defaults until they arrive. */
export function usePerpMarketPrecisions(): MarketPrecision[] {
  const { data } = usePerpMarkets();
  return data && data.length > 0 ? data : PERP_DEFAULTS;
}
