/**
 * Spot orders over REST: place, cancel, cancel all, open orders, order
 * history and fills. Every route needs a session; the shape of a request is
 * checked here, its meaning (market, ticks, lots, funds) by the service.
 * With `x-simulated: 1` every route acts on the demo markets: a real symbol
 * names its demo twin, and answers carry the demo symbol (`SBTCSUSDT`).
 */
import { SPOT_PATHS, type PlaceSpotOrder } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { SpotServices } from './spot-services';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { sideOf } from '../../kernel/http/simulation-header';
import { marketOf, symbolOf } from './market-of';
import {
  commonQuery,
  decimalField,
  envelopeOf,
  epochMs,
  errorEnvelope,
  sessionHeaders,
} from '../../kernel/http/schemas';
import { pageOf, pagedQueryWith, pagingOf, type PagingQuery } from '../../kernel/http/paging';

export const symbolField = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Z0-9]{1,20}$',
} as const;
const orderIdField = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9]{1,20}$',
} as const;
const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;

export const orderSchema = {
  type: 'object',
  required: [
    'orderId',
    'clientOrderId',
    'symbol',
    'side',
    'type',
    'timeInForce',
    'price',
    'quantity',
    'quoteAmount',
    'filledQuantity',
    'filledQuote',
    'avgPrice',
    'status',
    'cancelReason',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    orderId: text,
    clientOrderId: nullableText,
    symbol: text,
    side: text,
    type: text,
    timeInForce: nullableText,
    price: text,
    quantity: text,
    quoteAmount: text,
    filledQuantity: text,
    filledQuote: text,
    avgPrice: text,
    status: text,
    cancelReason: nullableText,
    createdAt: { type: 'integer' },
    updatedAt: { type: 'integer' },
  },
} as const;

export const fillSchema = {
  type: 'object',
  required: [
    'fillId',
    'orderId',
    'symbol',
    'side',
    'role',
    'price',
    'quantity',
    'quoteQuantity',
    'fee',
    'feeCoin',
    'time',
  ],
  properties: {
    fillId: text,
    orderId: text,
    symbol: text,
    side: text,
    role: text,
    price: text,
    quantity: text,
    quoteQuantity: text,
    fee: text,
    feeCoin: text,
    time: { type: 'integer' },
  },
} as const;

const responses = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
});

const side = { type: 'string', enum: ['buy', 'sell'] } as const;

/** The fields of an order to place (margin orders add theirs). */
export const placeOrderProperties = {
  symbol: symbolField,
  side,
  type: { type: 'string', enum: ['limit', 'market'] },
  timeInForce: { type: 'string', enum: ['GTC', 'IOC', 'FOK', 'POST_ONLY'] },
  price: decimalField,
  quantity: decimalField,
  quoteAmount: decimalField,
  clientOrderId: {
    type: 'string',
    minLength: 1,
    maxLength: 36,
    pattern: '^[A-Za-z0-9_-]{1,36}$',
  },
} as const;

export function spotRoutes(app: FastifyInstance, services: SpotServices): void {
  const auth = requireUser(services);
  /** The symbol of the market a body names, on the call's side. */
  const bodySymbol = (request: FastifyRequest<{ Body: { symbol: string } }>) =>
    marketOf(request, services.spotMarkets, request.body.symbol).config.symbol;
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userRowId;

  app.post<{ Body: PlaceSpotOrder }>(
    SPOT_PATHS.placeOrder,
    {
      preHandler: auth,
      schema: {
        tags: ['spot'],
        summary: 'Place a limit or market order; answered once the order and its fills are durable',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: {
          type: 'object',
          required: ['symbol', 'side', 'type'],
          additionalProperties: false,
          properties: {
            ...placeOrderProperties,
            takeProfitPrice: decimalField,
            stopLossPrice: decimalField,
          },
        },
        response: responses(orderSchema),
      },
    },
    async (request) => {
      const order = { ...request.body, symbol: bodySymbol(request) };
      return ok(request, await services.spot.placeOrder(userId(request), order));
    },
  );

  app.post<{ Body: { symbol: string; orderId: string } }>(
    SPOT_PATHS.cancelOrder,
    {
      preHandler: auth,
      schema: {
        tags: ['spot'],
        summary: 'Cancel one open order of the current user',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: {
          type: 'object',
          required: ['symbol', 'orderId'],
          additionalProperties: false,
          properties: { symbol: symbolField, orderId: orderIdField },
        },
        response: responses(orderSchema),
      },
    },
    async (request) => {
      const { orderId } = request.body;
      return ok(
        request,
        await services.spot.cancelOrder(userId(request), bodySymbol(request), orderId),
      );
    },
  );

  app.post<{ Body: { symbol: string } }>(
    SPOT_PATHS.cancelAll,
    {
      preHandler: auth,
      schema: {
        tags: ['spot'],
        summary: 'Cancel every open order of the current user in one market',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: {
          type: 'object',
          required: ['symbol'],
          additionalProperties: false,
          properties: { symbol: symbolField },
        },
        response: responses({
          type: 'object',
          required: ['cancelled'],
          properties: { cancelled: { type: 'integer' } },
        }),
      },
    },
    async (request) =>
      ok(request, await services.spot.cancelAll(userId(request), bodySymbol(request))),
  );

  app.get<{ Querystring: { symbol?: string } }>(
    SPOT_PATHS.openOrders,
    {
      preHandler: auth,
      schema: {
        tags: ['spot'],
        summary: 'Open orders of the current user, newest first',
        security: [{ session: [] }],
        querystring: {
          ...commonQuery,
          properties: { ...commonQuery.properties, symbol: symbolField },
        },
        headers: sessionHeaders,
        response: responses({ type: 'array', items: orderSchema }),
      },
    },
    async (request) =>
      ok(
        request,
        await services.spot.openOrders(
          userId(request),
          symbolOf(request, services.spotMarkets, request.query.symbol),
          sideOf(request),
        ),
      ),
  );

  const historyQuery = (extra: Record<string, object>) =>
    pagedQueryWith({ symbol: symbolField, begin: epochMs, end: epochMs, ...extra });
  const range = (q: { begin?: string; end?: string }) => ({
    begin: q.begin !== undefined ? Number(q.begin) : null,
    end: q.end !== undefined ? Number(q.end) : null,
  });

  app.get<{
    Querystring: {
      symbol?: string;
      side?: 'buy' | 'sell';
      status?: 'open' | 'filled' | 'canceled';
      begin?: string;
      end?: string;
    } & PagingQuery;
  }>(
    SPOT_PATHS.orderHistory,
    {
      preHandler: auth,
      schema: {
        tags: ['spot'],
        summary: 'Orders of the current user, newest first, by page',
        security: [{ session: [] }],
        querystring: historyQuery({
          side,
          status: { type: 'string', enum: ['open', 'filled', 'canceled'] },
        }),
        headers: sessionHeaders,
        response: responses(pageOf(orderSchema)),
      },
    },
    async (request) => {
      const q = request.query;
      const statuses =
        q.status === 'open'
          ? ['NEW', 'PARTIALLY_FILLED']
          : q.status === 'filled'
            ? ['FILLED']
            : q.status === 'canceled'
              ? ['CANCELED', 'PARTIALLY_CANCELED']
              : null;
      return ok(
        request,
        await services.spot.orderHistory(
          userId(request),
          {
            symbol: symbolOf(request, services.spotMarkets, q.symbol),
            symbols: services.spot.symbolsOf(sideOf(request)),
            side: q.side ?? null,
            statuses,
            ...range(q),
          },
          pagingOf(q),
        ),
      );
    },
  );

  app.get<{
    Querystring: {
      symbol?: string;
      begin?: string;
      end?: string;
    } & PagingQuery;
  }>(
    SPOT_PATHS.fills,
    {
      preHandler: auth,
      schema: {
        tags: ['spot'],
        summary: 'Fills of the current user, newest first, by page',
        security: [{ session: [] }],
        querystring: historyQuery({}),
        headers: sessionHeaders,
        response: responses(pageOf(fillSchema)),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        request,
        await services.spot.fills(
          userId(request),
          {
            symbol: symbolOf(request, services.spotMarkets, q.symbol),
            symbols: services.spot.symbolsOf(sideOf(request)),
            ...range(q),
          },
          pagingOf(q),
        ),
      );
    },
  );
}
