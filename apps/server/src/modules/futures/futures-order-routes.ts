/**
 * The perpetuals' orders, trigger plans and records over REST, each with a
 * session (see futures-routes.ts for the rest of FUTURES_PATHS).
 */
import { FUTURES_PATHS, type PlaceFuturesOrder, type PlaceFuturesPlan } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { RecordsQuery } from './futures-records';
import {
  billSchema,
  body,
  countSchema,
  fillSchema,
  fundingPaymentSchema,
  idField,
  listOf,
  orderSchema,
  orderTypeField,
  planSchema,
  positionSideField,
  query,
  recordsQuery,
  responses,
  sideField,
  symbolField,
  symbolOnlyBody,
  triggerField,
  type PrivateRoute,
} from './futures-schemas';
import type { FuturesServices } from './futures-services';
import { currentUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import type { LedgerSide } from '../../kernel/coins';
import { pageOf, pagingOf, type Paging, type PagingQuery } from '../../kernel/http/paging';
import { commonQuery, decimalField } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';

type RecordsRequest = FastifyRequest<{ Querystring: RecordsQuery & PagingQuery }>;

export function futuresOrderRoutes(
  app: FastifyInstance,
  services: FuturesServices,
  priv: PrivateRoute,
): void {
  const { trading, records } = services.futures;
  const owner = (request: FastifyRequest) => currentUser(request).userRowId;

  // ----- orders -----------------------------------------------------------------------
  app.post<{ Body: PlaceFuturesOrder }>(
    FUTURES_PATHS.placeOrder,
    priv('Place an order; answered once it and its fills are durable', {
      querystring: commonQuery,
      body: body(['symbol', 'side', 'type', 'quantity'], {
        symbol: symbolField,
        side: sideField,
        positionSide: positionSideField,
        type: orderTypeField,
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
        tpSlTrigger: triggerField,
      }),
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(request, await trading.placeOrder(owner(request), sideOf(request), request.body)),
  );
  app.post<{ Body: { symbol: string; orderId: string } }>(
    FUTURES_PATHS.cancelOrder,
    priv('Cancel one open order', {
      querystring: commonQuery,
      body: body(['symbol', 'orderId'], { symbol: symbolField, orderId: idField }),
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(
        request,
        await trading.cancelOrder(
          owner(request),
          sideOf(request),
          request.body.symbol,
          request.body.orderId,
        ),
      ),
  );
  app.post<{ Body: { symbol?: string } | null }>(
    FUTURES_PATHS.cancelAll,
    priv('Cancel every open order (of one perpetual when named)', {
      querystring: commonQuery,
      body: symbolOnlyBody,
      response: responses(countSchema('cancelled')),
    }),
    async (request) =>
      ok(request, await trading.cancelAll(owner(request), sideOf(request), request.body?.symbol)),
  );
  app.get<{ Querystring: { symbol?: string } }>(
    FUTURES_PATHS.openOrders,
    priv('Open orders, newest first', {
      querystring: query({ symbol: symbolField }),
      response: responses(listOf(orderSchema)),
    }),
    async (request) =>
      ok(request, trading.openOrders(owner(request), sideOf(request), request.query.symbol)),
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
            side: sideField,
            positionSide: positionSideField,
            triggerPrice: decimalField,
            triggerBy: triggerField,
            type: orderTypeField,
            price: decimalField,
            quantity: decimalField,
            reduceOnly: { type: 'boolean' },
            /** Trailing stops: percent, 0.1 to 5 with at most two decimals (checked by the service). */
            callbackRate: { ...decimalField, maxLength: 10 },
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
        response: responses(planSchema),
      },
    ),
    async (request) =>
      ok(request, await trading.placePlan(owner(request), sideOf(request), request.body)),
  );
  app.post<{ Body: { symbol: string; planId: string } }>(
    FUTURES_PATHS.cancelPlan,
    priv('Cancel a waiting trigger order', {
      querystring: commonQuery,
      body: body(['symbol', 'planId'], { symbol: symbolField, planId: idField }),
      response: responses(planSchema),
    }),
    async (request) =>
      ok(
        request,
        await trading.cancelPlan(
          owner(request),
          sideOf(request),
          request.body.symbol,
          request.body.planId,
        ),
      ),
  );
  app.get<{ Querystring: { symbol?: string } }>(
    FUTURES_PATHS.openPlans,
    priv('Waiting trigger orders', {
      querystring: query({ symbol: symbolField }),
      response: responses(listOf(planSchema)),
    }),
    async (request) =>
      ok(request, trading.openPlans(owner(request), sideOf(request), request.query.symbol)),
  );

  // ----- records -------------------------------------------------------------------------
  const recordsRoute = (
    path: string,
    summary: string,
    item: object,
    read: (owner: string, side: LedgerSide, q: RecordsQuery, paging: Paging) => Promise<object>,
    extra: Record<string, object> = {},
  ) =>
    app.get<{ Querystring: RecordsQuery & PagingQuery }>(
      path,
      priv(summary, { querystring: recordsQuery(extra), response: responses(pageOf(item)) }),
      async (request: RecordsRequest) =>
        ok(
          request,
          await read(owner(request), sideOf(request), request.query, pagingOf(request.query)),
        ),
    );

  recordsRoute(FUTURES_PATHS.orderHistory, 'Finished orders, newest first', orderSchema, (...a) =>
    records.orderHistory(...a),
  );
  recordsRoute(FUTURES_PATHS.fills, 'Fills, newest first', fillSchema, (...a) =>
    records.fills(...a),
  );
  recordsRoute(
    FUTURES_PATHS.planHistory,
    'Trigger orders that fired, failed or were cancelled',
    planSchema,
    (...a) => records.planHistory(...a),
  );
  recordsRoute(
    FUTURES_PATHS.fundingHistory,
    'Funding paid and received, newest first',
    fundingPaymentSchema,
    (...a) => records.fundingHistory(...a),
  );
  recordsRoute(
    FUTURES_PATHS.bills,
    'Changes of the futures wallet, newest first',
    billSchema,
    (...a) => records.bills(...a),
    {
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
    },
  );
}
