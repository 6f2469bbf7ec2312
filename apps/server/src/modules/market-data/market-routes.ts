/**
 * Public market data over REST: markets, tickers, grouped depth, recent
 * trades and klines. Everything reads the market-data facade; nothing here
 * needs a session. With `x-simulated: 1` the lists show the demo markets
 * only and a real symbol names its demo twin (answers carry the demo symbol);
 * without it, demo markets are unknown.
 */
import { KLINE_INTERVALS, SPOT_PATHS, type KlineInterval } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DEPTH_LIMIT_DEFAULT, KLINES_LIMIT_MAX, type MarketData } from './market-data';
import type { SpotMarkets } from '../spot';
import { ok } from '../../kernel/http/envelope';
import { sideOf } from '../../kernel/http/simulation-header';
import { marketOf } from '../spot';
import { commonQuery, envelopeOf, epochMs, errorEnvelope } from '../../kernel/http/schemas';

const TRADES_LIMIT_DEFAULT = 50;
const KLINES_LIMIT_DEFAULT = 500;

const spotSymbol = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Z0-9]{1,20}$',
} as const;
/** 1 to 200, as a string (query strings are not coerced). */
const limit200 = {
  type: 'string',
  maxLength: 3,
  pattern: '^([1-9]|[1-9][0-9]|1[0-9][0-9]|200)$',
} as const;
/** 1 to 1000. */
const limit1000 = { type: 'string', maxLength: 4, pattern: '^([1-9][0-9]{0,2}|1000)$' } as const;
const interval = {
  type: 'string',
  maxLength: 3,
  pattern: `^(${KLINE_INTERVALS.join('|')})$`,
} as const;
/** A decimal; whether it is one of the market's steps is the service's call. */
const step = { type: 'string', maxLength: 25, pattern: '^[0-9]{1,12}(\\.[0-9]{1,12})?$' } as const;

function query(properties: Record<string, object>, required: string[] = []) {
  return {
    ...commonQuery,
    required,
    properties: { ...commonQuery.properties, ...properties },
  } as const;
}

const text = { type: 'string' } as const;
const levels = {
  type: 'array',
  items: { type: 'array', items: text, minItems: 2, maxItems: 2 },
} as const;

const marketSchema = {
  type: 'object',
  required: [
    'symbol',
    'base',
    'quote',
    'tickSize',
    'lotSize',
    'minNotional',
    'makerFeeRate',
    'takerFeeRate',
    'pricePrecision',
    'quantityPrecision',
    'depthSteps',
    'marketPriceBandRate',
  ],
  properties: {
    symbol: text,
    base: text,
    quote: text,
    tickSize: text,
    lotSize: text,
    minNotional: text,
    makerFeeRate: text,
    takerFeeRate: text,
    pricePrecision: { type: 'integer' },
    quantityPrecision: { type: 'integer' },
    depthSteps: { type: 'array', items: text },
    marketPriceBandRate: text,
  },
} as const;

/** A 24h ticker as answered (the perpetuals' tickers extend it). */
export const tickerSchema = {
  type: 'object',
  required: [
    'symbol',
    'last',
    'open24h',
    'high24h',
    'low24h',
    'change24h',
    'volume24h',
    'quoteVolume24h',
    'bestBid',
    'bestAsk',
    'time',
  ],
  properties: {
    symbol: text,
    last: text,
    open24h: text,
    high24h: text,
    low24h: text,
    change24h: text,
    volume24h: text,
    quoteVolume24h: text,
    bestBid: text,
    bestAsk: text,
    time: { type: 'integer' },
  },
} as const;

const tradeSchema = {
  type: 'object',
  required: ['id', 'price', 'quantity', 'side', 'time'],
  properties: {
    id: text,
    price: text,
    quantity: text,
    side: { type: 'string', enum: ['buy', 'sell'] },
    time: { type: 'integer' },
  },
} as const;

const klineSchema = {
  type: 'object',
  required: ['t', 'o', 'h', 'l', 'c', 'v', 'qv'],
  properties: {
    t: { type: 'integer' },
    o: text,
    h: text,
    l: text,
    c: text,
    v: text,
    qv: text,
  },
} as const;

const responses = (data: object) => ({ 200: envelopeOf(data), 400: errorEnvelope });

export interface MarketRouteOptions {
  paths: { markets?: string; tickers?: string; depth: string; trades: string; klines: string };
  /** The symbols of the caller's side, for the lists. */
  sideSymbols: (request: FastifyRequest) => Set<string>;
  /** The market a call names, on the caller's side (MARKET_UNKNOWN otherwise). */
  named: (request: FastifyRequest, symbol: string) => string;
  symbolSchema: object;
  tag: string;
}

export function registerMarketRoutes(
  app: FastifyInstance,
  marketData: MarketData,
  spotMarkets: SpotMarkets,
): void {
  registerMarketDataRoutes(app, marketData, {
    paths: SPOT_PATHS,
    sideSymbols: (request) =>
      new Set(spotMarkets.ofSide(sideOf(request)).map((m) => m.config.symbol)),
    named: (request, wanted) => marketOf(request, spotMarkets, wanted).config.symbol,
    symbolSchema: spotSymbol,
    tag: 'market',
  });
}

/** The market data routes over one set of markets (spot, or the perpetuals). */
export function registerMarketDataRoutes(
  app: FastifyInstance,
  marketData: MarketData,
  options: MarketRouteOptions,
): void {
  const { paths, sideSymbols, named } = options;
  const symbol = options.symbolSchema;
  const tags = [options.tag];

  if (paths.markets)
    app.get(
      paths.markets,
      {
        schema: {
          tags,
          summary: 'Spot markets: steps, fees, precisions and depth groupings',
          querystring: commonQuery,
          response: responses({ type: 'array', items: marketSchema }),
        },
      },
      async (request) => {
        const symbols = sideSymbols(request);
        return ok(
          request,
          marketData.markets().filter((m) => symbols.has(m.symbol)),
        );
      },
    );

  if (paths.tickers)
    app.get<{ Querystring: { symbol?: string } }>(
      paths.tickers,
      {
        schema: {
          tags,
          summary: '24h tickers of every market, or of the one named by symbol (a list either way)',
          querystring: query({ symbol }),
          response: responses({ type: 'array', items: tickerSchema }),
        },
      },
      async (request) => {
        const { symbol: wanted } = request.query;
        if (wanted !== undefined) return ok(request, [marketData.ticker(named(request, wanted))]);
        const symbols = sideSymbols(request);
        return ok(
          request,
          marketData.tickers().filter((t) => symbols.has(t.symbol)),
        );
      },
    );

  app.get<{ Querystring: { symbol: string; step?: string; limit?: string } }>(
    paths.depth,
    {
      schema: {
        tags,
        summary: 'Order book grouped by step (one of the market depthSteps; default the tick)',
        querystring: query({ symbol, step, limit: limit200 }, ['symbol']),
        response: responses({
          type: 'object',
          required: ['symbol', 'seq', 'bids', 'asks'],
          properties: { symbol: text, seq: { type: 'integer' }, bids: levels, asks: levels },
        }),
      },
    },
    async (request) => {
      const { symbol: wanted, step: grouping, limit } = request.query;
      return ok(
        request,
        marketData.depth(
          named(request, wanted),
          grouping,
          limit ? Number(limit) : DEPTH_LIMIT_DEFAULT,
        ),
      );
    },
  );

  app.get<{ Querystring: { symbol: string; limit?: string } }>(
    paths.trades,
    {
      schema: {
        tags,
        summary: 'Recent trades, newest first',
        querystring: query({ symbol, limit: limit200 }, ['symbol']),
        response: responses({ type: 'array', items: tradeSchema }),
      },
    },
    async (request) => {
      const { symbol: wanted, limit } = request.query;
      return ok(
        request,
        marketData.trades(named(request, wanted), limit ? Number(limit) : TRADES_LIMIT_DEFAULT),
      );
    },
  );

  app.get<{ Querystring: { symbol: string; interval: string; limit?: string; endTime?: string } }>(
    paths.klines,
    {
      schema: {
        tags,
        summary: `Klines oldest first, at most ${KLINES_LIMIT_MAX}, opening at or before endTime`,
        querystring: query({ symbol, interval, limit: limit1000, endTime: epochMs }, [
          'symbol',
          'interval',
        ]),
        response: responses({ type: 'array', items: klineSchema }),
      },
    },
    async (request) => {
      const { symbol: wanted, interval: kind, limit, endTime } = request.query;
      return ok(
        request,
        await marketData.klines(
          named(request, wanted),
          kind as KlineInterval,
          limit ? Number(limit) : KLINES_LIMIT_DEFAULT,
          endTime === undefined ? undefined : Number(endTime),
        ),
      );
    },
  );
}
