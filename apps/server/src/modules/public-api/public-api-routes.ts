/**
 * The public API's first routes (Bitget v2 paths and shapes) under
 * /api/v2, each behind a signed key with its scope; never a session cookie.
 * Orders go to the same spot service, and so the same single writer, as the
 * web app's: there is no second way to trade.
 */
import {
  PUBLIC_API_HEADERS,
  PUBLIC_API_PATHS,
  PUBLIC_API_PREFIX,
  type ApiKeyScope,
  type PlaceSpotOrder,
  type PublicOrderAnswer,
  type PublicPlaceOrder,
  type SpotTimeInForce,
} from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../../kernel/app-error';
import { decimalField } from '../../kernel/http/schemas';
import type { KeyCaller } from '../api-keys';
import { publicApiErrorHandler, publicApiNotFound, success } from './public-api-envelope';
import type { PublicApiServices } from './public-api-services';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a public API request was signed with, once checked. */
    keyCaller: KeyCaller | null;
  }
}

const FORCES: Record<NonNullable<PublicPlaceOrder['force']>, SpotTimeInForce> = {
  gtc: 'GTC',
  post_only: 'POST_ONLY',
  fok: 'FOK',
  ioc: 'IOC',
};

const symbol = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[A-Z0-9]{1,20}$' };
const clientOid = { type: 'string', minLength: 1, maxLength: 36, pattern: '^[A-Za-z0-9_-]{1,36}$' };
const orderId = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9]{1,20}$' };
const text = { type: 'string' } as const;

const envelopeOf = (data: object) => ({
  type: 'object',
  required: ['code', 'msg', 'requestTime', 'data'],
  properties: { code: text, msg: text, requestTime: { type: 'integer' }, data },
});
const refused = envelopeOf({ type: 'null' });
const responses = (data: object) => ({
  200: envelopeOf(data),
  '4xx': refused,
  '5xx': refused,
});
const orderAnswer = {
  type: 'object',
  required: ['orderId', 'clientOid'],
  properties: { orderId: text, clientOid: { type: ['string', 'null'] } },
} as const;
/**
 * A bound on each key's calls to a route, per second: generous (a bot's
 * bursts pass); the per-route quotas of Bitget's documentation come with
 * the rest of the public API.
 */
const perKeyLimit = {
  rateLimit: {
    max: 100,
    timeWindow: 1000,
    keyGenerator: (request: FastifyRequest) => {
      const key = request.headers[PUBLIC_API_HEADERS.key];
      return typeof key === 'string' ? `key:${key.slice(0, 64)}` : `ip:${request.ip}`;
    },
  },
};

/** A Bitget order as the spot service takes it: a market buy's size is the quote amount to spend. */
function toSpotOrder(body: PublicPlaceOrder, symbolName: string): PlaceSpotOrder {
  const order: PlaceSpotOrder = { symbol: symbolName, side: body.side, type: body.orderType };
  if (body.clientOid !== undefined) order.clientOrderId = body.clientOid;
  if (body.orderType === 'limit') {
    if (body.price === undefined) throw appError('FIELD_MISSING', { field: 'price' });
    return {
      ...order,
      price: body.price,
      quantity: body.size,
      timeInForce: FORCES[body.force ?? 'gtc'],
    };
  }
  if (body.price !== undefined) throw appError('ORDER_TYPE_INVALID', { detail: 'price' });
  return body.side === 'buy'
    ? { ...order, quoteAmount: body.size }
    : { ...order, quantity: body.size };
}

export async function publicApiRoutes(
  app: FastifyInstance,
  services: PublicApiServices,
  now: () => number,
): Promise<void> {
  app.decorateRequest('keyCaller', null);
  await app.register(
    async (api) => {
      api.setErrorHandler(publicApiErrorHandler(now));
      api.setNotFoundHandler(publicApiNotFound(now));
      const gate = (scope: ApiKeyScope) => async (request: FastifyRequest) => {
        request.keyCaller = await services.apiKeys.authenticate(
          {
            headers: request.headers,
            method: request.method,
            url: request.url,
            body: request.rawBody ?? '',
            ip: request.ip ?? null,
          },
          scope,
        );
      };
      const callerOf = (request: FastifyRequest): KeyCaller => {
        if (!request.keyCaller) throw appError('API_KEY_MISSING');
        return request.keyCaller;
      };
      const realSymbol = (name: string) => {
        const market = services.spotMarkets.resolve(name, 'real');
        if (!market) throw appError('MARKET_UNKNOWN');
        return market.config.symbol;
      };

      api.get<{ Querystring: { coin?: string; assetType?: 'hold_only' | 'all' } }>(
        PUBLIC_API_PATHS.spotAssets.slice(PUBLIC_API_PREFIX.length),
        {
          config: perKeyLimit,
          preValidation: gate('read'),
          schema: {
            tags: ['public-api'],
            summary: 'Spot balances of the key’s account (Bitget v2); scope read',
            querystring: {
              type: 'object',
              additionalProperties: false,
              properties: {
                coin: { type: 'string', minLength: 1, maxLength: 16, pattern: '^[A-Z0-9]{1,16}$' },
                assetType: { type: 'string', enum: ['hold_only', 'all'] },
              },
            },
            response: responses({
              type: 'array',
              items: {
                type: 'object',
                required: ['coin', 'available', 'frozen', 'locked', 'limitAvailable', 'uTime'],
                properties: {
                  coin: text,
                  available: text,
                  frozen: text,
                  locked: text,
                  limitAvailable: text,
                  uTime: text,
                },
              },
            }),
          },
        },
        async (request) => {
          const { coin, assetType = 'hold_only' } = request.query;
          const userRowId = callerOf(request).userRowId;
          const assets = await services.publicApi.spotAssets(userRowId, coin, assetType);
          return success(assets, now());
        },
      );

      api.post<{ Body: PublicPlaceOrder }>(
        PUBLIC_API_PATHS.placeOrder.slice(PUBLIC_API_PREFIX.length),
        {
          config: perKeyLimit,
          preValidation: gate('trade'),
          schema: {
            tags: ['public-api'],
            summary:
              'Place a spot order (Bitget v2); scope trade. A market buy’s size is quote coin',
            body: {
              type: 'object',
              required: ['symbol', 'side', 'orderType', 'size'],
              additionalProperties: false,
              properties: {
                symbol,
                side: { type: 'string', enum: ['buy', 'sell'] },
                orderType: { type: 'string', enum: ['limit', 'market'] },
                force: { type: 'string', enum: Object.keys(FORCES) },
                price: decimalField,
                size: decimalField,
                clientOid,
              },
            },
            response: responses(orderAnswer),
          },
        },
        async (request) => {
          const order = toSpotOrder(request.body, realSymbol(request.body.symbol));
          const placed = await services.spot.placeOrder(callerOf(request).userRowId, order);
          const answer: PublicOrderAnswer = {
            orderId: placed.orderId,
            clientOid: placed.clientOrderId,
          };
          return success(answer, now());
        },
      );

      api.post<{ Body: { symbol: string; orderId: string } }>(
        PUBLIC_API_PATHS.cancelOrder.slice(PUBLIC_API_PREFIX.length),
        {
          config: perKeyLimit,
          preValidation: gate('trade'),
          schema: {
            tags: ['public-api'],
            summary: 'Cancel an open spot order by its id (Bitget v2); scope trade',
            body: {
              type: 'object',
              required: ['symbol', 'orderId'],
              additionalProperties: false,
              properties: { symbol, orderId },
            },
            response: responses(orderAnswer),
          },
        },
        async (request) => {
          const cancelled = await services.spot.cancelOrder(
            callerOf(request).userRowId,
            realSymbol(request.body.symbol),
            request.body.orderId,
          );
          const answer: PublicOrderAnswer = {
            orderId: cancelled.orderId,
            clientOid: cancelled.clientOrderId,
          };
          return success(answer, now());
        },
      );
    },
    { prefix: PUBLIC_API_PREFIX },
  );
}
