/**
 * The rows of the markets page: every spot pair and perpetual with its
 * ticker, filtered by tab and search, sorted by a column. decimal.js only.
 */
import { toDecimal, type DecimalValue, type SpotMarketInfo, type Ticker } from '@quay/core';

export type MarketKind = 'spot' | 'futures';
export type MarketsTab = 'spot' | 'futures' | 'favourites';
export type SortKey = 'pair' | 'price' | 'change' | 'volume';
export type SortOrder = 'ascend' | 'descend';
export interface MarketSort {
  key: SortKey;
  order: SortOrder;
}

export interface MarketRow {
  kind: MarketKind;
  symbol: string;
  base: string;
  quote: string;
  pricePrecision: number;
  /** The symbol the trading page's path names (the real pair in simulation). */
  pathSymbol: string;
  ticker: Ticker | undefined;
}

/** A market with its ticker, under the symbol its trading page names. */
export function marketRow(
  kind: MarketKind,
  market: Pick<SpotMarketInfo, 'symbol' | 'base' | 'quote' | 'pricePrecision'>,
  pathSymbol: string,
  tickers: ReadonlyMap<string, Ticker>,
): MarketRow {
  return {
    kind,
    symbol: market.symbol,
    base: market.base,
    quote: market.quote,
    pricePrecision: market.pricePrecision,
    pathSymbol,
    ticker: tickers.get(market.symbol),
  };
}

/** What a search matches: the symbol or base, without a slash, space or dash. */
export function searchNeedle(query: string): string {
  return query
    .trim()
    .toUpperCase()
    .replace(/[/\s_-]/g, '');
}

export function visibleRows(
  rows: readonly MarketRow[],
  tab: MarketsTab,
  favourites: readonly string[],
  query: string,
): MarketRow[] {
  const needle = searchNeedle(query);
  return rows.filter(
    (r) =>
      (tab === 'favourites' ? favourites.includes(r.symbol) : r.kind === tab) &&
      (!needle || r.pathSymbol.includes(needle) || r.base.includes(needle)),
  );
}

const figure = (row: MarketRow, key: Exclude<SortKey, 'pair'>): DecimalValue | null => {
  const value =
    key === 'price'
      ? row.ticker?.last
      : key === 'change'
        ? row.ticker?.change24h
        : row.ticker?.quoteVolume24h;
  return toDecimal(value);
};

/** Rows in the order of a column; a row without the figure goes last either way. */
export function sortRows(rows: readonly MarketRow[], sort: MarketSort | null): MarketRow[] {
  if (!sort) return [...rows];
  const sign = sort.order === 'ascend' ? 1 : -1;
  return [...rows].sort((a, b) => {
    if (sort.key === 'pair') return sign * a.pathSymbol.localeCompare(b.pathSymbol);
    const x = figure(a, sort.key);
    const y = figure(b, sort.key);
    if (!x || !y) return x ? -1 : y ? 1 : 0;
    return sign * x.comparedTo(y);
  });
}
