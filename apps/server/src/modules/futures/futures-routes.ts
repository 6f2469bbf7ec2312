/**
 * Perpetual futures over REST (FUTURES_PATHS in core): public market info,
 * mark and funding, the protection fund; and, with a session, the account,
 * settings, transfers, positions, orders, trigger plans and records. The
 * shape of a request is checked here, its meaning by the service. With
 * `x-simulated: 1` every route acts on the demo perpetuals and the demo
 * futures wallet.
 */
import { FUTURES_PATHS, type PlaceFuturesOrder, type PlaceFuturesPlan } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { FuturesService } from './futures-service';
import type { RecordsQuery } from './futures-records';
import type { FuturesServices } from './futures-services';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { sideOf } from '../../kernel/http/simulation-header';
import { pagedQuery, pagingOf, type PagingQuery } from '../../kernel/http/paging';
import { commonQuery, decimalField, epochMs, sessionHeaders } from '../../kernel/http/schemas';

/** A perpetual's symbol or its pair: `BTCUSDT_PERP`, `BTCUSDT`, `SBTCSUSDT_PERP`. */
const symbolField = {
  type: 'string',
  minLength: 1,
  maxLength: 30,
  pattern: '^[A-Z0-9_]{1,30}$',
} as const;
const idField = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9]{1,20}$' } as const;
const side = { type: 'string', enum: ['buy', 'sell'] } as const;
const positionSide = { type: 'integer', enum: [1, 2] } as const;
const orderType = { type: 'string', enum: ['limit', 'market'] } as const;
const trigger = { type: 'string', enum: ['mark', 'last'] } as const;
const tpslPrice = { type: 'string', maxLength: 40 } as const;

function body(required: string[], properties: Record<string, object>) {
  return { type: 'object', required, additionalProperties: false, properties } as const;
}

function query(properties: Record<string, object>, paged = false) {
  const base = paged ? pagedQuery : commonQuery;
  return { ...base, properties: { ...base.properties, ...properties } } as const;
}

const historyQuery = (extra: Record<string, object> = {}) =>
  query({ symbol: symbolField, begin: epochMs, end: epochMs, ...extra }, true);

type Req = FastifyRequest;

export function futuresRoutes(app: FastifyInstance, services: FuturesServices): void {
  const futures: FuturesService = services.futures;
  const auth = requireUser(services);
  const owner = (request: Req) => currentUser(request).userRowId;
  const tags = ['futures'];
  const privateRoute = { preHandler: auth };
  const priv = (summary: string, extra: object = {}) => ({
    ...privateRoute,
    schema: { tags, summary, security: [{ session: [] }], headers: sessionHeaders, ...extra },
  });

  // ----- public --------------------------------------------------------------
  app.get(
    FUTURES_PATHS.markets,
    { schema: { tags, summary: 'Perpetual markets with their tiers', querystring: commonQuery } },
    async (request) => ok(request, futures.info.marketInfos(sideOf(request))),
  );
  app.get<{ Querystring: { symbol: string } }>(
    FUTURES_PATHS.mark,
    {
      schema: {
        tags,
        summary: 'Mark, index and funding of one perpetual',
        querystring: { ...query({ symbol: symbolField }), required: ['symbol'] },
      },
    },
    async (request) => ok(request, futures.info.markInfo(request.query.symbol, sideOf(request))),
  );
  app.get<{ Querystring: PagingQuery & { symbol: string } }>(
    FUTURES_PATHS.fundingRates,
    {
      schema: {
        tags,
        summary: 'Settled funding rates, newest first',
        querystring: { ...query({ symbol: symbolField }, true), required: ['symbol'] },
      },
    },
    async (request) =>
      ok(
        request,
        await futures.info.fundingRates(
          request.query.symbol,
          sideOf(request),
          pagingOf(request.query),
        ),
      ),
  );
  app.get(
    FUTURES_PATHS.protectionFund,
    {
      schema: {
        tags,
        summary: 'The protection fund: balance, history and movements',
        querystring: commonQuery,
      },
    },
    async (request) => ok(request, await futures.info.protectionFund(sideOf(request))),
  );

  // ----- account and settings ---------------------------------------------------
  app.get(
    FUTURES_PATHS.account,
    priv('The futures wallet of the current user', { querystring: commonQuery }),
    async (request) => ok(request, futures.accounts.account(owner(request), sideOf(request))),
  );
  app.get<{ Querystring: { symbol: string } }>(
    FUTURES_PATHS.settings,
    priv('Margin mode, leverage and position mode for one perpetual', {
      querystring: { ...query({ symbol: symbolField }), required: ['symbol'] },
    }),
    async (request) =>
      ok(request, futures.accounts.settings(owner(request), request.query.symbol, sideOf(request))),
  );
  app.post<{ Body: { positionMode: 1 | 2 } }>(
    FUTURES_PATHS.positionMode,
    priv('One-way (1) or hedge (2) mode; only with no position, order or plan', {
      querystring: commonQuery,
      body: body(['positionMode'], { positionMode: { type: 'integer', enum: [1, 2] } }),
    }),
    async (request) =>
      ok(
        request,
        await futures.accounts.setPositionMode(
          owner(request),
          sideOf(request),
          request.body.positionMode,
        ),
      ),
  );
  app.post<{ Body: { symbol: string; leverage: number; positionSide?: 1 | 2 } }>(
    FUTURES_PATHS.leverage,
    priv('Leverage of one perpetual (one side in hedge mode)', {
      querystring: commonQuery,
      body: body(['symbol', 'leverage'], {
        symbol: symbolField,
        leverage: { type: 'integer', minimum: 1, maximum: 1000 },
        positionSide,
      }),
    }),
    async (request) =>
      ok(
        request,
        await futures.accounts.setLeverage(owner(request), sideOf(request), request.body),
      ),
  );
  app.post<{ Body: { symbol: string; marginMode: 1 | 2 } }>(
    FUTURES_PATHS.marginMode,
    priv('Isolated (1) or cross (2) margin for one perpetual', {
      querystring: commonQuery,
      body: body(['symbol', 'marginMode'], {
        symbol: symbolField,
        marginMode: { type: 'integer', enum: [1, 2] },
      }),
    }),
    async (request) =>
      ok(
        request,
        await futures.accounts.setMarginMode(owner(request), sideOf(request), request.body),
      ),
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
    }),
    async (request) =>
      ok(request, await futures.accounts.transfer(owner(request), sideOf(request), request.body)),
  );

  // ----- positions ------------------------------------------------------------------
  app.get(
    FUTURES_PATHS.positions,
    priv('Held positions with live figures', { querystring: commonQuery }),
    async (request) => ok(request, futures.trading.positions(owner(request), sideOf(request))),
  );
  app.post<{
    Body: { symbol: string; positionSide: 1 | 2; type: 'add' | 'reduce'; amount: string };
  }>(
    FUTURES_PATHS.adjustMargin,
    priv('Add margin to or remove it from an isolated position', {
      querystring: commonQuery,
      body: body(['symbol', 'positionSide', 'type', 'amount'], {
        symbol: symbolField,
        positionSide,
        type: { type: 'string', enum: ['add', 'reduce'] },
        amount: decimalField,
      }),
    }),
    async (request) =>
      ok(
        request,
        await futures.trading.adjustMargin(owner(request), sideOf(request), request.body),
      ),
  );
  app.post<{
    Body: {
      symbol: string;
      positionSide: 1 | 2;
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
        positionSide,
        type: orderType,
        price: decimalField,
        quantity: decimalField,
      }),
    }),
    async (request) =>
      ok(
        request,
        await futures.trading.closePosition(owner(request), sideOf(request), request.body),
      ),
  );
  app.post<{ Body: { symbol?: string } }>(
    FUTURES_PATHS.closeAll,
    priv('Close every position at market', {
      querystring: commonQuery,
      body: {
        type: ['object', 'null'],
        additionalProperties: false,
        properties: { symbol: symbolField },
      },
    }),
    async (request) =>
      ok(
        request,
        await futures.trading.closeAll(owner(request), sideOf(request), request.body?.symbol),
      ),
  );
  app.post<{
    Body: {
      symbol: string;
      positionSide: 1 | 2;
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
        positionSide,
        takeProfitPrice: tpslPrice,
        stopLossPrice: tpslPrice,
        tpSlTrigger: trigger,
      }),
    }),
    async (request) =>
      ok(request, await futures.trading.setTpSl(owner(request), sideOf(request), request.body)),
  );

  // ----- orders -----------------------------------------------------------------------
  app.post<{ Body: PlaceFuturesOrder }>(
    FUTURES_PATHS.placeOrder,
    priv('Place an order; answered once it and its fills are durable', {
      querystring: commonQuery,
      body: body(['symbol', 'side', 'type', 'quantity'], {
        symbol: symbolField,
        side,
        positionSide,
        type: orderType,
        timeInForce: { type: 'string', enum: ['GTC', 'IOC', 'FOK', 'POST_ONLY'] },
        price: decimalField,
        quantity: decimalField,
        reduceOnly: { type: 'boolean' },
        clientOrderId: {
          type: 'string',
          minLength: 1,
          maxLength: 36,
          pattern: '^[A-Za-z0-9_-]{1,36}$',
        },
        takeProfitPrice: decimalField,
        stopLossPrice: decimalField,
        tpSlTrigger: trigger,
      }),
    }),
    async (request) =>
      ok(request, await futures.trading.placeOrder(owner(request), sideOf(request), request.body)),
  );
  app.post<{ Body: { symbol: string; orderId: string } }>(
    FUTURES_PATHS.cancelOrder,
    priv('Cancel one open order', {
      querystring: commonQuery,
      body: body(['symbol', 'orderId'], { symbol: symbolField, orderId: idField }),
    }),
    async (request) =>
      ok(
        request,
        await futures.trading.cancelOrder(
          owner(request),
          sideOf(request),
          request.body.symbol,
          request.body.orderId,
        ),
      ),
  );
  app.post<{ Body: { symbol?: string } }>(
    FUTURES_PATHS.cancelAll,
    priv('Cancel every open order (of one perpetual when named)', {
      querystring: commonQuery,
      body: {
        type: ['object', 'null'],
        additionalProperties: false,
        properties: { symbol: symbolField },
      },
    }),
    async (request) =>
      ok(
        request,
        await futures.trading.cancelAll(owner(request), sideOf(request), request.body?.symbol),
      ),
  );
  app.get<{ Querystring: { symbol?: string } }>(
    FUTURES_PATHS.openOrders,
    priv('Open orders, newest first', { querystring: query({ symbol: symbolField }) }),
    async (request) =>
      ok(
        request,
        futures.trading.openOrders(owner(request), sideOf(request), request.query.symbol),
      ),
  );
  app.get<{ Querystring: RecordsQuery & PagingQuery }>(
    FUTURES_PATHS.orderHistory,
    priv('Finished orders, newest first', { querystring: historyQuery() }),
    async (request) =>
      ok(
        request,
        await futures.records.orderHistory(
          owner(request),
          sideOf(request),
          request.query,
          pagingOf(request.query),
        ),
      ),
  );
  app.get<{ Querystring: RecordsQuery & PagingQuery }>(
    FUTURES_PATHS.fills,
    priv('Fills, newest first', { querystring: historyQuery() }),
    async (request) =>
      ok(
        request,
        await futures.records.fills(
          owner(request),
          sideOf(request),
          request.query,
          pagingOf(request.query),
        ),
      ),
  );

  // ----- trigger plans -----------------------------------------------------------------
  app.post<{ Body: PlaceFuturesPlan }>(
    FUTURES_PATHS.placePlan,
    priv(
      'Place a trigger order (sent when the mark or last price reaches the trigger) or, with ' +
        "kind 'trailing', a trailing stop (a market order once the price has come back by the " +
        'callback rate from its extreme since activation)',
      {
        querystring: commonQuery,
        body: {
          ...body(['symbol', 'side', 'triggerBy', 'quantity'], {
            kind: { type: 'string', enum: ['plan', 'trailing'] },
            symbol: symbolField,
            side,
            positionSide,
            triggerPrice: decimalField,
            triggerBy: trigger,
            type: orderType,
            price: decimalField,
            quantity: decimalField,
            reduceOnly: { type: 'boolean' },
            /** Trailing stops: percent, 0.1 to 5 with at most two decimals (checked by the service). */
            callbackRate: { type: 'string', minLength: 1, maxLength: 10 },
            activationPrice: decimalField,
          }),
          // A trailing stop has a callback rate and no trigger or limit price; a trigger order the reverse.
          if: { properties: { kind: { const: 'trailing' } }, required: ['kind'] },
          then: { required: ['callbackRate'], properties: { triggerPrice: false, price: false } },
          else: {
            required: ['triggerPrice', 'type'],
            properties: { callbackRate: false, activationPrice: false },
          },
        },
      },
    ),
    async (request) =>
      ok(request, await futures.trading.placePlan(owner(request), sideOf(request), request.body)),
  );
  app.post<{ Body: { symbol: string; planId: string } }>(
    FUTURES_PATHS.cancelPlan,
    priv('Cancel a waiting trigger order', {
      querystring: commonQuery,
      body: body(['symbol', 'planId'], { symbol: symbolField, planId: idField }),
    }),
    async (request) =>
      ok(
        request,
        await futures.trading.cancelPlan(
          owner(request),
          sideOf(request),
          request.body.symbol,
          request.body.planId,
        ),
      ),
  );
  app.get<{ Querystring: { symbol?: string } }>(
    FUTURES_PATHS.openPlans,
    priv('Waiting trigger orders', { querystring: query({ symbol: symbolField }) }),
    async (request) =>
      ok(request, futures.trading.openPlans(owner(request), sideOf(request), request.query.symbol)),
  );
  app.get<{ Querystring: RecordsQuery & PagingQuery }>(
    FUTURES_PATHS.planHistory,
    priv('Trigger orders that fired, failed or were cancelled', { querystring: historyQuery() }),
    async (request) =>
      ok(
        request,
        await futures.records.planHistory(
          owner(request),
          sideOf(request),
          request.query,
          pagingOf(request.query),
        ),
      ),
  );

  // ----- records -------------------------------------------------------------------------
  app.get<{ Querystring: RecordsQuery & PagingQuery }>(
    FUTURES_PATHS.fundingHistory,
    priv('Funding paid and received, newest first', { querystring: historyQuery() }),
    async (request) =>
      ok(
        request,
        await futures.records.fundingHistory(
          owner(request),
          sideOf(request),
          request.query,
          pagingOf(request.query),
        ),
      ),
  );
  app.get<{ Querystring: RecordsQuery & PagingQuery }>(
    FUTURES_PATHS.bills,
    priv('Changes of the futures wallet, newest first', {
      querystring: historyQuery({
        type: {
          type: 'string',
          enum: [
            'transfer_in',
            'transfer_out',
            'realised_pnl',
            'fee',
            'funding',
            'liquidation',
            'adl',
          ],
        },
      }),
    }),
    async (request) =>
      ok(
        request,
        await futures.records.bills(
          owner(request),
          sideOf(request),
          request.query,
          pagingOf(request.query),
        ),
      ),
  );
}
