/**
 * What balances are worth. The server values them once (GET valuation); the
 * prices implied by that answer then value balances pushed live, so totals
 * move with every push without waiting for the next valuation.
 */
import {
  Decimal,
  safeDivide,
  toDecimal,
  type Balance,
  type DecimalValue,
  type Valuation,
} from '@quay/core';

const QUOTE_COIN = 'USDT';
/** Balances worth less than this many USDT count as small (what "hide small balances" hides). */
export const SMALL_BALANCE_USDT = '1';

export interface ValuedBalance extends Balance {
  /** USDT value, or null when no price is known for the coin. */
  usdt: DecimalValue | null;
  /** Value in the user's currency unit, or null when no price is known. */
  fiat: DecimalValue | null;
}

export interface ValuedTotals {
  usdt: DecimalValue;
  fiat: DecimalValue;
  btc: DecimalValue;
}

/** USDT per coin as the valuation implies it: a coin's USDT value over its total. */
export function impliedPrices(valuation: Valuation): Map<string, DecimalValue> {
  const prices = new Map<string, DecimalValue>([[QUOTE_COIN, new Decimal(1)]]);
  for (const entry of valuation.coins) {
    const total = toDecimal(entry.total);
    if (entry.coin === QUOTE_COIN || !total || total.isZero()) continue;
    prices.set(entry.coin, safeDivide(entry.usdt, total));
  }
  return prices;
}

/** BTC per USDT: from the valuation's totals, zero while it values nothing. */
export function btcPerUsdt(valuation: Valuation): DecimalValue {
  return safeDivide(valuation.totalBtc, valuation.totalUsdt);
}

/** Each balance with its USDT and fiat value at the valuation's prices. */
export function valueBalances(
  balances: readonly Balance[],
  valuation: Valuation | undefined,
): ValuedBalance[] {
  const prices = valuation
    ? impliedPrices(valuation)
    : new Map<string, DecimalValue>([[QUOTE_COIN, new Decimal(1)]]);
  const fiatPerUsdt = toDecimal(valuation?.fiatPerUsdt) ?? null;
  return balances.map((b) => {
    const total = toDecimal(b.total) ?? new Decimal(0);
    const price = prices.get(b.coin);
    // Nothing held is worth nothing, priced or not.
    const usdt = total.isZero() ? new Decimal(0) : price ? total.times(price) : null;
    const fiat = usdt && fiatPerUsdt ? usdt.times(fiatPerUsdt) : null;
    return { ...b, usdt, fiat };
  });
}

/**
 * Totals of valued balances. Without a price for some coin, the server's own
 * totals stand (they know prices this page does not yet).
 */
export function totalsOf(rows: readonly ValuedBalance[], valuation: Valuation): ValuedTotals {
  if (rows.some((r) => r.usdt === null)) {
    return {
      usdt: toDecimal(valuation.totalUsdt) ?? new Decimal(0),
      fiat: toDecimal(valuation.totalFiat) ?? new Decimal(0),
      btc: toDecimal(valuation.totalBtc) ?? new Decimal(0),
    };
  }
  const usdt = rows.reduce((sum, r) => sum.plus(r.usdt ?? 0), new Decimal(0));
  const fiatPerUsdt = toDecimal(valuation.fiatPerUsdt) ?? new Decimal(0);
  return { usdt, fiat: usdt.times(fiatPerUsdt), btc: usdt.times(btcPerUsdt(valuation)) };
}

/** A balance counts as small under 1 USDT of value; one with no known price is never hidden. */
export function isSmallBalance(row: ValuedBalance): boolean {
  return row.usdt !== null && row.usdt.lt(SMALL_BALANCE_USDT);
}
