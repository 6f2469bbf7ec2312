/**
 * How the futures records read: the action of an order (open or close, long
 * or short), a signed and coloured USDT change, a rate in percent. decimal.js only.
 */
import { formatPnl, pairOfPerp, toDecimal, type OrderSide } from '@quay/core';
import { formatPercent, USDT_DECIMALS } from '../../../platform/numbers/number-format';

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

export type Trend = 'rise' | 'fall' | 'flat';

/** A signed change in USDT: 2 decimals half-up, `+` on a gain; with its trend for the colour. */
export function signedUsdt(
  value: string | null | undefined,
  places = USDT_DECIMALS,
): { text: string; trend: Trend } {
  const d = toDecimal(value);
  if (!d) return { text: formatPnl(null), trend: 'flat' };
  const text = formatPnl(d, places);
  if (/^-?0(\.0+)?$/.test(text)) return { text: text.replace(/^-/, ''), trend: 'flat' };
  return d.gt(0) ? { text: `+${text}`, trend: 'rise' } : { text, trend: 'fall' };
}

/** A funding rate sent as a fraction ('0.0001') in percent with 4 decimals: `0.0100%`. */
export function fundingRateText(rate: string): string {
  const d = toDecimal(rate);
  if (!d) return formatPercent(null);
  return `${d.times(100).toDecimalPlaces(4).toFixed(4)}%`;
}

/** `BTCUSDT_PERP` (or its demo twin) as its pair: `BTCUSDT`. */
export function perpPairOf(symbol: string): string {
  return pairOfPerp(symbol);
}
