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
  type PublicOrderAnswer,
  type PublicPlaceOrder,
} from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { KeyCaller } from '../api-keys';
import { publicApiErrorHandler, publicApiNotFound, success } from './public-api-envelope';
import {
  kitOf,
  orderIdField,
  perSecond,
  responses,
  symbolField,
  text,
  under,
  type ApiKit,
} from './public-api-kit';
import { marginRoutes } from './public-api-margin-routes';
import { marketRoutes } from './public-api-market-routes';
import { mixModifyRoutes } from './public-api-mix-modify';
import { mixMarketRoutes } from './public-api-mix-market-routes';
import { mixRoutes } from './public-api-mix-routes';
import { planRoutes } from './public-api-plan-routes';
import { spotPlanRoutes } from './public-api-spot-plans';
import type { PublicApiServices } from './public-api-services';
import { orderAnswer, placeOrderBody, realSpotSymbol, toSpotOrder } from './public-api-spot-orders';
import { spotTradeRoutes } from './public-api-spot-routes';
import { walletRoutes } from './public-api-wallet-routes';

declare module 'fastify' {
  interface FastifyRequest {
    /** The key a public API request was signed with, once checked. */
    keyCaller: KeyCaller | null;
  }
}

export async function publicApiRoutes(
  app: FastifyInstance,
  services: PublicApiServices,
  now: () => number,
): Promise<void> {
  app.decorateRequest('keyCaller', null);
  await app.register(
    async (api) => {
      logCalls(api, services);
      api.setErrorHandler(publicApiErrorHandler(now));
      api.setNotFoundHandler(publicApiNotFound(now));
      const kit = kitOf(api, services, now);
      marketRoutes(kit);
      mixMarketRoutes(kit);
      firstSpotRoutes(kit);
      spotTradeRoutes(kit);
      mixRoutes(kit);
      planRoutes(kit);
      spotPlanRoutes(kit);
      walletRoutes(kit);
      mixModifyRoutes(kit);
      marginRoutes(kit);
    },
    { prefix: PUBLIC_API_PREFIX },
  );
}

const KEY_PATTERN = /^bg_[0-9a-f]{32}$/;

/**
 * Every call that names a key is logged for that key's owner (the key's API
 * page): time, method, path, HTTP status, Bitget's code and the caller's address.
 */
function logCalls(api: FastifyInstance, services: PublicApiServices): void {
  const codes = new WeakMap<FastifyRequest, string>();
  api.addHook('onSend', async (request, _reply, payload) => {
    if (typeof payload === 'string') {
      const code = /"code":"([0-9]{1,8})"/.exec(payload.slice(0, 48))?.[1];
      if (code !== undefined) codes.set(request, code);
    }
    return payload;
  });
  api.addHook('onResponse', async (request, reply) => {
    const apiKey = request.headers[PUBLIC_API_HEADERS.key];
    if (typeof apiKey !== 'string' || !KEY_PATTERN.test(apiKey)) return;
    services.apiKeys.requests.record({
      apiKey,
      method: request.method,
      path: request.url.split('?')[0] ?? '',
      status: reply.statusCode,
      code: codes.get(request) ?? '',
      ip: request.ip ?? '',
    });
  });
}

/** Balances, place and cancel: the first routes of the API. */
function firstSpotRoutes({ api, services, now, gate, userOf }: ApiKit): void {
  api.get<{ Querystring: { coin?: string; assetType?: 'hold_only' | 'all' } }>(
    under(PUBLIC_API_PATHS.spotAssets),
    {
      config: perSecond(10),
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
      const userRowId = userOf(request);
      const assets = await services.publicApi.spotAssets(userRowId, coin, assetType);
      return success(assets, now());
    },
  );

  api.post<{ Body: PublicPlaceOrder }>(
    under(PUBLIC_API_PATHS.placeOrder),
    {
      config: perSecond(10),
      preValidation: gate('trade'),
      schema: {
        tags: ['public-api'],
        summary: 'Place a spot order (Bitget v2); scope trade. A market buy’s size is quote coin',
        body: placeOrderBody,
        response: responses(orderAnswer),
      },
    },
    async (request) => {
      const order = toSpotOrder(request.body, realSpotSymbol(services, request.body.symbol));
      const placed = await services.spot.placeOrder(userOf(request), order);
      const answer: PublicOrderAnswer = {
        orderId: placed.orderId,
        clientOid: placed.clientOrderId,
      };
      return success(answer, now());
    },
  );

  api.post<{ Body: { symbol: string; orderId: string } }>(
    under(PUBLIC_API_PATHS.cancelOrder),
    {
      config: perSecond(10),
      preValidation: gate('trade'),
      schema: {
        tags: ['public-api'],
        summary: 'Cancel an open spot order by its id (Bitget v2); scope trade',
        body: {
          type: 'object',
          required: ['symbol', 'orderId'],
          additionalProperties: false,
          properties: { symbol: symbolField, orderId: orderIdField },
        },
        response: responses(orderAnswer),
      },
    },
    async (request) => {
      const cancelled = await services.spot.cancelOrder(
        userOf(request),
        realSpotSymbol(services, request.body.symbol),
        request.body.orderId,
      );
      const answer: PublicOrderAnswer = {
        orderId: cancelled.orderId,
        clientOid: cancelled.clientOrderId,
      };
      return success(answer, now());
    },
  );
}
