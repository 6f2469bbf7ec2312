/**
 * Perpetual futures over REST (FUTURES_PATHS in core): public market info,
 * mark and funding, the protection fund; and, with a session, the account,
 * settings, transfers and positions here, orders, trigger plans and records
 * in futures-order-routes.ts. The shape of a request is checked here, its
 * meaning by the service. With `x-simulated: 1` every route acts on the
 * demo perpetuals and the demo futures wallet.
 */
import { FUTURES_PATHS, type MarginMode, type PositionMode, type PositionSide } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { futuresOrderRoutes } from './futures-order-routes';
import {
  accountSchema,
  body,
  fundingRateSchema,
  listOf,
  markSchema,
  orderSchema,
  orderTypeField,
  perpMarketSchema,
  positionSchema,
  positionSideField,
  protectionFundSchema,
  query,
  responses,
  settingsSchema,
  countSchema,
  symbolField,
  symbolOnlyBody,
  tpslPriceField,
  triggerField,
  type PrivateRoute,
} from './futures-schemas';
import type { FuturesServices } from './futures-services';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { pageOf, pagedQueryWith, pagingOf, type PagingQuery } from '../../kernel/http/paging';
import { commonQuery, decimalField, sessionHeaders } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';

const tags = ['futures'];

export function futuresRoutes(app: FastifyInstance, services: FuturesServices): void {
  const { info, accounts, trading } = services.futures;
  const auth = requireUser(services);
  const owner = (request: FastifyRequest) => currentUser(request).userRowId;
  const priv: PrivateRoute = (summary, schema) => ({
    preHandler: auth,
    schema: { tags, summary, security: [{ session: [] }], headers: sessionHeaders, ...schema },
  });

  // ----- public --------------------------------------------------------------
  app.get(
    FUTURES_PATHS.markets,
    {
      schema: {
        tags,
        summary: 'Perpetual markets with their tiers',
        querystring: commonQuery,
        response: responses(listOf(perpMarketSchema)),
      },
    },
    async (request) => ok(request, info.marketInfos(sideOf(request))),
  );
  app.get<{ Querystring: { symbol: string } }>(
    FUTURES_PATHS.mark,
    {
      schema: {
        tags,
        summary: 'Mark, index and funding of one perpetual',
        querystring: query({ symbol: symbolField }, ['symbol']),
        response: responses(markSchema),
      },
    },
    async (request) => ok(request, info.markInfo(request.query.symbol, sideOf(request))),
  );
  app.get<{ Querystring: PagingQuery & { symbol: string } }>(
    FUTURES_PATHS.fundingRates,
    {
      schema: {
        tags,
        summary: 'Settled funding rates, newest first',
        querystring: pagedQueryWith({ symbol: symbolField }, ['symbol']),
        response: responses(pageOf(fundingRateSchema)),
      },
    },
    async (request) =>
      ok(
        request,
        await info.fundingRates(request.query.symbol, sideOf(request), pagingOf(request.query)),
      ),
  );
  app.get(
    FUTURES_PATHS.protectionFund,
    {
      schema: {
        tags,
        summary: 'The protection fund: balance, history and movements',
        querystring: commonQuery,
        response: responses(protectionFundSchema),
      },
    },
    async (request) => ok(request, await info.protectionFund(sideOf(request))),
  );

  // ----- account and settings ---------------------------------------------------
  app.get(
    FUTURES_PATHS.account,
    priv('The futures wallet of the current user', {
      querystring: commonQuery,
      response: responses(accountSchema),
    }),
    async (request) => ok(request, accounts.account(owner(request), sideOf(request))),
  );
  app.get<{ Querystring: { symbol: string } }>(
    FUTURES_PATHS.settings,
    priv('Margin mode, leverage and position mode for one perpetual', {
      querystring: query({ symbol: symbolField }, ['symbol']),
      response: responses(settingsSchema),
    }),
    async (request) =>
      ok(request, accounts.settings(owner(request), request.query.symbol, sideOf(request))),
  );
  app.post<{ Body: { positionMode: PositionMode } }>(
    FUTURES_PATHS.positionMode,
    priv('One-way (1) or hedge (2) mode; only with no position, order or plan', {
      querystring: commonQuery,
      body: body(['positionMode'], { positionMode: { type: 'integer', enum: [1, 2] } }),
      response: responses(accountSchema),
    }),
    async (request) =>
      ok(
        request,
        await accounts.setPositionMode(owner(request), sideOf(request), request.body.positionMode),
      ),
  );
  app.post<{ Body: { symbol: string; leverage: number; positionSide?: PositionSide } }>(
    FUTURES_PATHS.leverage,
    priv('Leverage of one perpetual (one side in hedge mode)', {
      querystring: commonQuery,
      body: body(['symbol', 'leverage'], {
        symbol: symbolField,
        leverage: { type: 'integer', minimum: 1, maximum: 1000 },
        positionSide: positionSideField,
      }),
      response: responses(settingsSchema),
    }),
    async (request) =>
      ok(request, await accounts.setLeverage(owner(request), sideOf(request), request.body)),
  );
  app.post<{ Body: { symbol: string; marginMode: MarginMode } }>(
    FUTURES_PATHS.marginMode,
    priv('Isolated (1) or cross (2) margin for one perpetual', {
      querystring: commonQuery,
      body: body(['symbol', 'marginMode'], {
        symbol: symbolField,
        marginMode: { type: 'integer', enum: [1, 2] },
      }),
      response: responses(settingsSchema),
    }),
    async (request) =>
      ok(request, await accounts.setMarginMode(owner(request), sideOf(request), request.body)),
  );
  app.post<{ Body: { coin: string; amount: string; direction: 'toFutures' | 'toSpot' } }>(
    FUTURES_PATHS.transfer,
    priv('Move the settlement coin between the spot and the futures wallet', {
      querystring: commonQuery,
      body: body(['coin', 'amount', 'direction'], {
        coin: { type: 'string', minLength: 1, maxLength: 12, pattern: '^[A-Z0-9]{1,12}$' },
        amount: decimalField,
        direction: { type: 'string', enum: ['toFutures', 'toSpot'] },
      }),
      response: responses(accountSchema),
    }),
    async (request) =>
      ok(request, await accounts.transfer(owner(request), sideOf(request), request.body)),
  );

  // ----- positions ------------------------------------------------------------------
  app.get(
    FUTURES_PATHS.positions,
    priv('Held positions with live figures', {
      querystring: commonQuery,
      response: responses(listOf(positionSchema)),
    }),
    async (request) => ok(request, trading.positions(owner(request), sideOf(request))),
  );
  app.post<{
    Body: { symbol: string; positionSide: PositionSide; type: 'add' | 'reduce'; amount: string };
  }>(
    FUTURES_PATHS.adjustMargin,
    priv('Add margin to or remove it from an isolated position', {
      querystring: commonQuery,
      body: body(['symbol', 'positionSide', 'type', 'amount'], {
        symbol: symbolField,
        positionSide: positionSideField,
        type: { type: 'string', enum: ['add', 'reduce'] },
        amount: decimalField,
      }),
      response: responses(listOf(positionSchema)),
    }),
    async (request) =>
      ok(request, await trading.adjustMargin(owner(request), sideOf(request), request.body)),
  );
  app.post<{
    Body: {
      symbol: string;
      positionSide: PositionSide;
      type: 'limit' | 'market';
      price?: string;
      quantity?: string;
    };
  }>(
    FUTURES_PATHS.closePosition,
    priv('Close a position (or part of it) at market or at a limit price', {
      querystring: commonQuery,
      body: body(['symbol', 'positionSide', 'type'], {
        symbol: symbolField,
        positionSide: positionSideField,
        type: orderTypeField,
        price: decimalField,
        quantity: decimalField,
      }),
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(request, await trading.closePosition(owner(request), sideOf(request), request.body)),
  );
  app.post<{ Body: { symbol?: string } | null }>(
    FUTURES_PATHS.closeAll,
    priv('Close every position at market', {
      querystring: commonQuery,
      body: symbolOnlyBody,
      response: responses(countSchema('closed')),
    }),
    async (request) =>
      ok(request, await trading.closeAll(owner(request), sideOf(request), request.body?.symbol)),
  );
  app.post<{
    Body: {
      symbol: string;
      positionSide: PositionSide;
      takeProfitPrice?: string;
      stopLossPrice?: string;
      tpSlTrigger?: 'mark' | 'last';
    };
  }>(
    FUTURES_PATHS.positionTpSl,
    priv("Set or clear ('') a position's take-profit and stop-loss", {
      querystring: commonQuery,
      body: body(['symbol', 'positionSide'], {
        symbol: symbolField,
        positionSide: positionSideField,
        takeProfitPrice: tpslPriceField,
        stopLossPrice: tpslPriceField,
        tpSlTrigger: triggerField,
      }),
      response: responses(listOf(positionSchema)),
    }),
    async (request) =>
      ok(request, await trading.setTpSl(owner(request), sideOf(request), request.body)),
  );

  futuresOrderRoutes(app, services, priv);
}
