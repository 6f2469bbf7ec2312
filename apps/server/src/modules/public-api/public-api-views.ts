/**
 * Figures the REST routes and the WebSocket both show, computed once from
 * the same services the web app reads: a spot ticker and a perpetual's
 * ticker (with mark, index, funding and open interest) in Bitget's shape.
 */
import { Decimal, type PerpTicker } from '@quay/core';
import { appError } from '../../kernel/app-error';
import type { MarketData } from '../market-data';
import { mixTickerOf, spotTickerOf, type TopSizes } from './public-api-bitget';
import type { PublicApiServices } from './public-api-services';

/** Sizes at the top of a grouped book. */
export function topOf(book: { bids: string[][]; asks: string[][] }): TopSizes {
  return { bidSz: book.bids[0]?.[1] ?? null, askSz: book.asks[0]?.[1] ?? null };
}

/** The perpetuals' market data, once the futures module has started it. */
export function liveOf(services: Pick<PublicApiServices, 'futures'>): MarketData {
  if (!services.futures.liveData) throw appError('SERVICE_BUSY');
  return services.futures.liveData;
}

export function publicViews(services: PublicApiServices) {
  const { futures, perpMarkets, marketData } = services;
  /** Open interest: the size of every open long (as much as every short). */
  const openInterest = (symbol: string) => {
    const market = perpMarkets.resolve(symbol, 'real');
    if (!market) throw appError('MARKET_UNKNOWN');
    const lots = services.futuresHost
      .allPositions()
      .filter((p) => p.symbol === market.config.symbol && p.side === 1)
      .reduce((sum, p) => sum + p.lots, 0);
    return new Decimal(lots).times(market.config.lotSize).toFixed();
  };
  return {
    openInterest,
    /** A spot market's ticker (Quay symbol). */
    spotTicker: (symbol: string) =>
      spotTickerOf(marketData.ticker(symbol), topOf(marketData.depth(symbol, undefined, 1))),
    /** A perpetual's ticker (Quay symbol, BTCUSDT_PERP). */
    mixTicker(symbol: string) {
      const live = liveOf(services);
      const mark = futures.info.markInfo(symbol, 'real');
      const perp: PerpTicker = {
        ...live.ticker(symbol),
        markPrice: mark.markPrice,
        indexPrice: mark.indexPrice,
        fundingRate: mark.fundingRate,
        nextFundingTime: mark.nextFundingTime,
      };
      return mixTickerOf(perp, topOf(live.depth(symbol, undefined, 1)), openInterest(symbol));
    },
  };
}
