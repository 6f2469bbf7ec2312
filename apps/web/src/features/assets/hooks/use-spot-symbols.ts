import { DEFAULT_SPOT_MARKETS } from '@quay/core';
import { useSpotMarkets } from '../../../entities/markets/markets';

/** Symbols of the spot markets, for the Trade links; the defaults until the list arrives. */
export function useSpotSymbols() {
  const { data } = useSpotMarkets();
  const markets = data ?? DEFAULT_SPOT_MARKETS;
  return markets.map((m) => ({ symbol: m.symbol, base: m.base, quote: m.quote }));
}
