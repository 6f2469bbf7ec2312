/**
 * Public futures data in Bitget's v2 paths and shapes, for productType
 * USDT-FUTURES (Quay's USDT-margined perpetuals, named by their pair as on
 * Bitget: BTCUSDT): contracts, tickers with mark and index, the merged order
 * book, candles, the current funding rate and open interest. Every other
 * product type answers the empty list Bitget gives for a product with no
 * contract. Figures come from the same futures services the web app reads.
 */
import { appError } from '../../kernel/app-error';
import { RECENT_TRADES } from '../market-data';
import {
  MIX_GRANULARITIES,
  contractOf,
  mixTickerOf,
  mixCandleOf,
  tradeOf,
  tradesWanted,
} from './public-api-bitget';
import {
  countField,
  countOf,
  fields,
  isQuayProduct,
  listOf,
  maybe,
  msField,
  perSecond,
  productTypeField,
  query,
  responses,
  symbolField,
  text,
  type ApiKit,
} from './public-api-kit';
import { TRADE_FIELDS, fillsQuery, type FillsQuery } from './public-api-market-routes';
import { liveOf, publicViews } from './public-api-views';
import { success } from './public-api-envelope';

const levels = listOf(listOf(text));

export function mixMarketRoutes({ api, services, now }: ApiKit): void {
  const { futures, perpMarkets } = services;
  const tag = ['public-api'];
  const live = () => liveOf(services);
  const perpOf = (name: string) => {
    const market = perpMarkets.resolve(name.toUpperCase(), 'real');
    if (!market) throw appError('MARKET_UNKNOWN');
    return market;
  };
  /** The perpetuals a query names: one, all of Quay's, or none for another product type. */
  const perpsOf = (productType: string, symbol: string | undefined) => {
    if (!isQuayProduct(productType)) return [];
    return symbol ? [perpOf(symbol)] : perpMarkets.ofSide('real');
  };
  const views = publicViews(services);
  const openInterest = (symbol: string) => views.openInterest(perpOf(symbol).config.symbol);
  const tickerOf = views.mixTicker;
  const product = { productType: productTypeField };

  api.get<{ Querystring: { productType: string; symbol?: string } }>(
    '/mix/market/contracts',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: 'Contracts of a product type; Quay lists USDT-FUTURES (Bitget v2)',
        querystring: query({ ...product, symbol: symbolField }, ['productType']),
        response: responses(listOf(fields(CONTRACT_FIELDS, { supportMarginCoins: listOf(text) }))),
      },
    },
    async (request) => {
      const perps = perpsOf(request.query.productType, request.query.symbol);
      const infos = futures.info.marketInfos('real');
      return success(
        perps.map((p) => {
          const info = infos.find((i) => i.symbol === p.config.symbol);
          if (!info) throw appError('MARKET_UNKNOWN');
          return contractOf(info);
        }),
        now(),
      );
    },
  );

  const tickerRoute = (path: string, one: boolean) =>
    api.get<{ Querystring: { productType: string; symbol?: string } }>(
      path,
      {
        config: perSecond(20),
        schema: {
          tags: tag,
          summary: one
            ? 'Ticker of one contract, with mark and index price (Bitget v2)'
            : 'Tickers of a product type’s contracts, with mark and index price (Bitget v2)',
          querystring: query(
            { ...product, symbol: symbolField },
            one ? ['productType', 'symbol'] : ['productType'],
          ),
          response: responses(listOf(fields(TICKER_FIELDS))),
        },
      },
      async (request) => {
        const perps = perpsOf(request.query.productType, request.query.symbol);
        return success(
          perps.map((p) => tickerOf(p.config.symbol)),
          now(),
        );
      },
    );
  tickerRoute('/mix/market/ticker', true);
  tickerRoute('/mix/market/tickers', false);

  api.get<{
    Querystring: { productType: string; symbol: string; precision?: string; limit?: string };
  }>(
    '/mix/market/merge-depth',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: 'Order book of a contract, at the tick (Bitget v2)',
        querystring: query(
          {
            ...product,
            symbol: symbolField,
            precision: { type: 'string', pattern: '^scale0$' },
            limit: { type: 'string', enum: ['1', '5', '15', '50', 'max'] },
          },
          ['productType', 'symbol'],
        ),
        response: responses(
          fields(['ts', 'precision', 'scale', 'isMaxPrecision'], { asks: levels, bids: levels }),
        ),
      },
    },
    async (request) => {
      const [perp] = perpsOf(request.query.productType, request.query.symbol);
      if (!perp) return success({ asks: [], bids: [], ts: String(now()) }, now());
      const limit = request.query.limit === 'max' ? 150 : Number(request.query.limit ?? '100');
      const book = live().depth(perp.config.symbol, undefined, limit);
      return success(
        {
          asks: book.asks,
          bids: book.bids,
          ts: String(now()),
          precision: 'scale0',
          scale: perp.config.tickSize,
          isMaxPrecision: 'YES',
        },
        now(),
      );
    },
  );

  const fillsRoute = (path: string, max: number, summary: string) =>
    api.get<{ Querystring: FillsQuery & { productType: string } }>(
      path,
      {
        config: perSecond(10),
        schema: {
          tags: tag,
          summary,
          querystring: query({ ...product, ...fillsQuery }, ['productType', 'symbol']),
          response: responses(listOf(fields(TRADE_FIELDS))),
        },
      },
      async (request) => {
        const [perp] = perpsOf(request.query.productType, request.query.symbol);
        if (!perp) return success([], now());
        const limit = countOf(request.query.limit, 100, max);
        const trades = tradesWanted(
          live().trades(perp.config.symbol, RECENT_TRADES),
          request.query,
        );
        return success(trades.slice(0, limit).map(tradeOf(perp.config.pair)), now());
      },
    );
  fillsRoute('/mix/market/fills', 100, 'Recent trades of a contract, newest first (Bitget v2)');
  fillsRoute(
    '/mix/market/fills-history',
    1000,
    `Trades of a contract, newest first, by id and time: the latest ${RECENT_TRADES} (Bitget v2)`,
  );

  api.get<{
    Querystring: {
      productType: string;
      symbol: string;
      granularity: string;
      startTime?: string;
      endTime?: string;
      kLineType?: string;
      limit?: string;
    };
  }>(
    '/mix/market/candles',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: `Candles of a contract, oldest first; granularity ${Object.keys(MIX_GRANULARITIES).join(', ')} (Bitget v2)`,
        querystring: query(
          {
            ...product,
            symbol: symbolField,
            granularity: { type: 'string', enum: Object.keys(MIX_GRANULARITIES) },
            startTime: msField,
            endTime: msField,
            kLineType: { type: 'string', enum: ['MARKET'] },
            limit: countField,
          },
          ['productType', 'symbol', 'granularity'],
        ),
        response: responses(listOf(listOf(maybe))),
      },
    },
    async (request) => {
      const { granularity, startTime, endTime } = request.query;
      const [perp] = perpsOf(request.query.productType, request.query.symbol);
      if (!perp) return success([], now());
      const interval = MIX_GRANULARITIES[granularity];
      if (!interval) throw appError('INVALID_PARAMETER');
      const limit = countOf(request.query.limit, 100, 1000);
      const end = endTime === undefined ? undefined : Number(endTime);
      const klines = await live().klines(perp.config.symbol, interval, limit, end);
      const from = startTime === undefined ? 0 : Number(startTime);
      return success(klines.filter((k) => k.t >= from).map(mixCandleOf), now());
    },
  );

  api.get<{ Querystring: { productType: string; symbol?: string } }>(
    '/mix/market/current-fund-rate',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: 'The funding rate the next settlement charges (Bitget v2)',
        querystring: query({ ...product, symbol: symbolField }, ['productType']),
        response: responses(
          listOf(
            fields([
              'symbol',
              'fundingRate',
              'fundingRateInterval',
              'nextUpdate',
              'minFundingRate',
              'maxFundingRate',
            ]),
          ),
        ),
      },
    },
    async (request) => {
      const perps = perpsOf(request.query.productType, request.query.symbol);
      return success(
        perps.map((p) => {
          const mark = futures.info.markInfo(p.config.symbol, 'real');
          return {
            symbol: p.config.pair,
            fundingRate: mark.fundingRate,
            fundingRateInterval: String(mark.fundingIntervalMs / 3_600_000),
            nextUpdate: String(mark.nextFundingTime),
            minFundingRate: null,
            maxFundingRate: null,
          };
        }),
        now(),
      );
    },
  );

  api.get<{ Querystring: { productType: string; symbol: string } }>(
    '/mix/market/open-interest',
    {
      config: perSecond(20),
      schema: {
        tags: tag,
        summary: 'Open interest of a contract, in its base coin (Bitget v2)',
        querystring: query({ ...product, symbol: symbolField }, ['productType', 'symbol']),
        response: responses(
          fields(['ts'], { openInterestList: listOf(fields(['symbol', 'size'])) }),
        ),
      },
    },
    async (request) => {
      const perps = perpsOf(request.query.productType, request.query.symbol);
      return success(
        {
          openInterestList: perps.map((p) => ({
            symbol: p.config.pair,
            size: openInterest(p.config.symbol),
          })),
          ts: String(now()),
        },
        now(),
      );
    },
  );
}

const CONTRACT_FIELDS = Object.keys(
  contractOf({
    symbol: '',
    pair: '',
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
    maxLeverage: 1,
  }),
).filter((k) => k !== 'supportMarginCoins');
const TICKER_FIELDS = Object.keys(
  mixTickerOf(
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
      markPrice: '',
      indexPrice: '',
      fundingRate: '',
      nextFundingTime: 0,
    },
    { bidSz: null, askSz: null },
    '0',
  ),
);
