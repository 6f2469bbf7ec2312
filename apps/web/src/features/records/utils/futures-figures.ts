/**
 * How the futures records read: the action of an order (open or close, long
 * or short), and the pair of a perpetual. Figures come from platform/numbers.
 */
import { pairOfPerp, type OrderSide } from '@quay/core';

export type FuturesAction = 'openLong' | 'openShort' | 'closeLong' | 'closeShort';

/**
 * What an order or plan does to a position: a buy opens a long or, reducing
 * only, closes a short; a sell the other way round. The side alone says it:
 * a hedge-mode close is reduce-only and sells a long or buys a short, and in
 * one-way mode the server names the side's opening position, not the one closed.
 */
export function futuresActionOf(side: OrderSide, reduceOnly: boolean): FuturesAction {
  if (reduceOnly) return side === 'sell' ? 'closeLong' : 'closeShort';
  return side === 'buy' ? 'openLong' : 'openShort';
}

/** `BTCUSDT_PERP` (or its demo twin) as its pair: `BTCUSDT`. */
export function perpPairOf(symbol: string): string {
  return pairOfPerp(symbol);
}
