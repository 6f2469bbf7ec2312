/**
 * Public spot data in Bitget's v2 paths and shapes: symbols, coins, tickers,
 * the order book, recent fills and candles, read from the same market data
 * the web app shows (real markets only; a demo twin is an unknown symbol).
 * No key needed; each route is bounded per address as Bitget bounds it.
 */
import { appError } from '../../kernel/app-error';
import {
  SPOT_GRANULARITIES,
  coinOf,
  spotCandleOf,
  spotSymbolOf,
  spotTickerOf,
  tradeOf,
  tradesWanted,
} from './public-api-bitget';
import { RECENT_TRADES } from '../market-data';
import { topOf } from './public-api-views';
import {
  countField,
  countOf,
  fields,
  listOf,
  maybe,
  msField,
  perSecond,
  query,
  responses,
  symbolField,
  text,
  type ApiKit,
} from './public-api-kit';

const levels = listOf(listOf(text));
export const TRADE_FIELDS = ['symbol', 'tradeId', 'side', 'price', 'size', 'ts'];
export interface FillsQuery {
  symbol: string;
  limit?: string;
  idLessThan?: string;
  startTime?: string;
  endTime?: string;
}
/** The query of a trades list: recent, or by id and time as the history asks. */
export const fillsQuery = {
  symbol: symbolField,
  limit: countField,
  idLessThan: { type: 'string', maxLength: 20, pattern: '^[0-9]{1,20}$' },
  startTime: msField,
  endTime: msField,
};
const coinField = { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Za-z0-9]{1,16}$' };

export function marketRoutes({ api, services, now }: ApiKit): void {
  const { marketData, spotMarkets } = services;
  const tag = ['public-api'];
  const realSymbols = () => spotMarkets.ofSide('real').map((m) => m.config.symbol);
  const symbolOf = (name: string) => {
    const market = spotMarkets.resolve(name.toUpperCase(), 'real');
    if (!market) throw appError('MARKET_UNKNOWN');
    return market.config.symbol;
  };
  const ok = <T>(data: T) => ({
    code: '00000',
    msg: 'success',
    requestTime: now(),
    data,
  });

  api.get<{ Querystring: { symbol?: string } }>(
    '/spot/public/symbols',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: 'Spot symbols (Bitget v2)',
        querystring: query({ symbol: symbolField }),
        response: responses(listOf(fields(Object.keys(spotSymbolOf(SAMPLE_MARKET))))),
      },
    },
    async (request) => {
      const wanted = request.query.symbol && symbolOf(request.query.symbol);
      const real = new Set(realSymbols());
      const list = marketData
        .markets()
        .filter((m) => real.has(m.symbol) && (!wanted || m.symbol === wanted));
      return ok(list.map(spotSymbolOf));
    },
  );

  api.get<{ Querystring: { coin?: string } }>(
    '/spot/public/coins',
    {
      config: perSecond(3),
      schema: {
        tags: tag,
        summary: 'Coins and their networks (Bitget v2)',
        querystring: query({ coin: coinField }),
        response: responses(
          listOf(
            fields(['coinId', 'coin', 'transfer', 'areaCoin'], {
              chains: listOf(fields(Object.keys(SAMPLE_CHAIN))),
            }),
          ),
        ),
      },
    },
    async (request) => {
      const wanted = request.query.coin?.toUpperCase();
      const coins = services.ledger.coins('real').map(coinOf);
      return ok(wanted ? coins.filter((c) => c.coin === wanted) : coins);
    },
  );

  api.get<{ Querystring: { symbol?: string } }>(
    '/spot/market/tickers',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: '24h tickers of the spot symbols, or of one (Bitget v2)',
        querystring: query({ symbol: symbolField }),
        response: responses(listOf(fields(SPOT_TICKER_FIELDS))),
      },
    },
    async (request) => {
      const symbols = request.query.symbol ? [symbolOf(request.query.symbol)] : realSymbols();
      return ok(
        symbols.map((s) =>
          spotTickerOf(marketData.ticker(s), topOf(marketData.depth(s, undefined, 1))),
        ),
      );
    },
  );

  api.get<{ Querystring: { symbol: string; type?: string; limit?: string } }>(
    '/spot/market/orderbook',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: 'Order book of a spot symbol, grouped by step0 (the tick) to step5 (Bitget v2)',
        querystring: query(
          {
            symbol: symbolField,
            type: { type: 'string', pattern: '^step[0-5]$' },
            limit: countField,
          },
          ['symbol'],
        ),
        response: responses(fields(['ts'], { asks: levels, bids: levels })),
      },
    },
    async (request) => {
      const symbol = symbolOf(request.query.symbol);
      const limit = countOf(request.query.limit, 150, 150);
      const steps = marketData.markets().find((m) => m.symbol === symbol)?.depthSteps ?? [];
      const step = request.query.type ? steps[Number(request.query.type.slice(4))] : undefined;
      if (request.query.type && step === undefined) throw appError('INVALID_PARAMETER');
      const book = marketData.depth(symbol, step, limit);
      return ok({ asks: book.asks, bids: book.bids, ts: String(now()) });
    },
  );

  const fillsRoute = (path: string, max: number, summary: string) =>
    api.get<{ Querystring: FillsQuery }>(
      path,
      {
        config: perSecond(10),
        schema: {
          tags: tag,
          summary,
          querystring: query(fillsQuery, ['symbol']),
          response: responses(listOf(fields(TRADE_FIELDS))),
        },
      },
      async (request) => {
        const symbol = symbolOf(request.query.symbol);
        const limit = countOf(request.query.limit, 100, max);
        const trades = tradesWanted(marketData.trades(symbol, RECENT_TRADES), request.query);
        return ok(trades.slice(0, limit).map(tradeOf(symbol)));
      },
    );
  fillsRoute('/spot/market/fills', 500, 'Recent trades of a spot symbol, newest first (Bitget v2)');
  fillsRoute(
    '/spot/market/fills-history',
    1000,
    `Trades of a spot symbol, newest first, by id and time: the latest ${RECENT_TRADES} (Bitget v2)`,
  );

  api.get<{
    Querystring: {
      symbol: string;
      granularity: string;
      startTime?: string;
      endTime?: string;
      limit?: string;
    };
  }>(
    '/spot/market/candles',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: `Candles of a spot symbol, oldest first; granularity ${Object.keys(SPOT_GRANULARITIES).join(', ')} (Bitget v2)`,
        querystring: query(
          {
            symbol: symbolField,
            granularity: { type: 'string', enum: Object.keys(SPOT_GRANULARITIES) },
            startTime: msField,
            endTime: msField,
            limit: countField,
          },
          ['symbol', 'granularity'],
        ),
        response: responses(listOf(listOf(maybe))),
      },
    },
    async (request) => {
      const { granularity, startTime, endTime } = request.query;
      const symbol = symbolOf(request.query.symbol);
      const interval = SPOT_GRANULARITIES[granularity];
      if (!interval) throw appError('INVALID_PARAMETER');
      const limit = countOf(request.query.limit, 100, 1000);
      const klines = await marketData.klines(
        symbol,
        interval,
        limit,
        endTime === undefined ? undefined : Number(endTime),
      );
      const from = startTime === undefined ? 0 : Number(startTime);
      return ok(klines.filter((k) => k.t >= from).map(spotCandleOf));
    },
  );

  // Margin trading is not offered through this API yet: no margin pair to list, as Bitget answers for none.
  api.get(
    '/margin/currencies',
    {
      config: perSecond(10),
      schema: {
        tags: tag,
        summary: 'Margin pairs offered through the public API: none yet (Bitget v2)',
        response: responses(listOf(fields(['symbol']))),
      },
    },
    async () => ok([]),
  );
}

const SAMPLE_MARKET = {
  symbol: '',
  base: '',
  quote: '',
  tickSize: '1',
  lotSize: '1',
  minNotional: '0',
  makerFeeRate: '0',
  takerFeeRate: '0',
  pricePrecision: 0,
  quantityPrecision: 0,
  depthSteps: [],
  marketPriceBandRate: '0',
};
const SAMPLE_CHAIN = coinOf(
  { coin: '', decimals: 0, network: '', minWithdraw: '0', withdrawFee: '0' },
  0,
).chains[0] as object;
const SPOT_TICKER_FIELDS = Object.keys(
  spotTickerOf(
    {
      symbol: '',
      last: '',
      open24h: '',
      high24h: '',
      low24h: '',
      change24h: '',
      volume24h: '',
      quoteVolume24h: '',
      bestBid: '',
      bestAsk: '',
      time: 0,
    },
    { bidSz: null, askSz: null },
  ),
);
