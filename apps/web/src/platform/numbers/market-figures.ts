/**
 * The figures of one market's orders, fills and positions, for every screen
 * that shows them (trading panels, record pages, dialogs, CSV): a price at the
 * market's tick, a quantity at its lot, a total or fee at its coin's display
 * precision. A market not (yet) known shows what the server wrote, grouped.
 */
import { EMPTY_TEXT, groupThousands, toDecimal, type NumericInput } from '@quay/core';
import { formatCoinAmount, formatPrice, formatQuantity, plainFigure } from './number-format';

/** What the figures need of a market. */
export interface FigureMarket {
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  quantityPrecision: number;
}

type Value = NumericInput | null | undefined;

function asWritten(value: Value): string {
  const d = toDecimal(value);
  return d ? groupThousands(d.toFixed()) : EMPTY_TEXT;
}

export interface MarketFigures {
  price(value: Value, symbol: string): string;
  quantity(value: Value, symbol: string): string;
  /** An amount in the market's quote coin (a total, a PnL, a futures fee). */
  quote(value: Value, symbol: string): string;
  /** An amount or fee in a named coin. */
  coin(value: Value, coin: string): string;
  base(symbol: string): string;
  quoteCoin(symbol: string): string;
}

/** Shown figures; `plain` writes them without grouping, for a CSV. */
export function marketFigures(markets: readonly FigureMarket[], plain = false): MarketFigures {
  const find = (symbol: string) => markets.find((m) => m.symbol === symbol);
  const out = plain ? plainFigure : (text: string) => text;
  return {
    price: (value, symbol) => {
      const m = find(symbol);
      return out(m ? formatPrice(value, m.pricePrecision) : asWritten(value));
    },
    quantity: (value, symbol) => {
      const m = find(symbol);
      return out(m ? formatQuantity(value, m.quantityPrecision) : asWritten(value));
    },
    quote: (value, symbol) => {
      const m = find(symbol);
      return out(m ? formatCoinAmount(value, m.quote) : asWritten(value));
    },
    coin: (value, coin) => out(formatCoinAmount(value, coin)),
    base: (symbol) => find(symbol)?.base ?? '',
    quoteCoin: (symbol) => find(symbol)?.quote ?? '',
  };
}
