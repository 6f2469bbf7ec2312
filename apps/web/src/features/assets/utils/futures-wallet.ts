/**
 * The futures wallet beside the spot one: what it is worth (its margin
 * balance: wallet balance plus unrealised PnL) in USDT, the currency unit
 * and BTC, the totals of both wallets, and the pair a position trades on.
 * decimal.js only.
 */
import {
  Decimal,
  pairOfPerp,
  realSymbolOf,
  safeDivide,
  toDecimal,
  type DecimalValue,
  type FuturesAccount,
  type FuturesPosition,
  type Ticker,
  type Valuation,
} from '@quay/core';
import type { ValuedTotals } from './valuation';

/**
 * BTC per USDT: the valuation's own ratio when it values something, else
 * one over a BTC price in USDT (an empty spot wallet values nothing), else zero.
 */
export function btcPerUsdtOf(
  valuation: Valuation | undefined,
  btcPriceUsdt: string | null | undefined,
): DecimalValue {
  const totalUsdt = toDecimal(valuation?.totalUsdt);
  if (valuation && totalUsdt && totalUsdt.gt(0)) {
    return safeDivide(valuation.totalBtc, valuation.totalUsdt);
  }
  const price = toDecimal(btcPriceUsdt);
  return price && price.gt(0) ? new Decimal(1).div(price) : new Decimal(0);
}

/** The last BTC/USDT price among spot tickers (the demo twin's in simulation mode), or null. */
export function btcPriceOf(tickers: readonly Ticker[] | undefined): string | null {
  const ticker =
    tickers?.find((t) => t.symbol === 'BTCUSDT') ?? tickers?.find((t) => t.symbol === 'SBTCSUSDT');
  return ticker && toDecimal(ticker.last) ? ticker.last : null;
}

/** What the futures wallet is worth: its margin balance, valued like a USDT balance. */
export function futuresValueOf(
  account: FuturesAccount | null | undefined,
  fiatPerUsdt: string | null | undefined,
  btcPerUsdt: DecimalValue,
): ValuedTotals {
  const usdt = toDecimal(account?.marginBalance) ?? new Decimal(0);
  const rate = toDecimal(fiatPerUsdt) ?? new Decimal(0);
  return { usdt, fiat: usdt.times(rate), btc: usdt.times(btcPerUsdt) };
}

/** Spot and futures together; null while neither is known. */
export function walletTotals(
  spot: ValuedTotals | null,
  futures: ValuedTotals | null,
): ValuedTotals | null {
  if (!spot) return futures;
  if (!futures) return spot;
  return {
    usdt: spot.usdt.plus(futures.usdt),
    fiat: spot.fiat.plus(futures.fiat),
    btc: spot.btc.plus(futures.btc),
  };
}

/**
 * The pair of a perpetual as the trading page's path names it: the web app
 * keeps real pairs in its paths, so a demo perpetual names its real pair.
 */
export function tradePairOf(symbol: string): string {
  const pair = pairOfPerp(symbol);
  return realSymbolOf(pair) ?? pair;
}

/** A position is held while its size is not zero. */
export function isHeld(position: Pick<FuturesPosition, 'count' | 'positionsCount'>): boolean {
  const size = toDecimal(position.positionsCount) ?? toDecimal(position.count);
  return !!size && !size.isZero();
}
