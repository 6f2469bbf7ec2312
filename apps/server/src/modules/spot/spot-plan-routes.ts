/**
 * Spot trigger orders over REST: place, modify, cancel, the waiting ones and
 * their history. Every route needs a session; the shape of a request is
 * checked here, its meaning (market, ticks, lots, trigger) by the service.
 * With `x-simulated: 1` they act on the demo markets, as the order routes do.
 */
import { SPOT_PLAN_PATHS, type ModifySpotPlan, type PlaceSpotPlan } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { pageOf, pagedQueryWith, pagingOf, type PagingQuery } from '../../kernel/http/paging';
import * as schemas from '../../kernel/http/schemas';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { sideOf } from '../../kernel/http/simulation-header';
import { ok } from '../../kernel/http/envelope';
import { symbolField } from './spot-routes';
import { marketOf, symbolOf } from './market-of';
import type { SpotServices } from './spot-services';

const { commonQuery, decimalField, envelopeOf, epochMs, errorEnvelope, sessionHeaders } = schemas;
const text = { type: 'string' } as const;
const planIdField = { type: 'string', minLength: 1, maxLength: 20, pattern: '^[0-9]{1,20}$' };

export const planSchema = {
  type: 'object',
  required: [
    'planId',
    'kind',
    'symbol',
    'side',
    'triggerPrice',
    'triggerBy',
    'type',
    'price',
    'quantity',
    'quoteAmount',
    'parentOrderId',
    'status',
    'orderId',
    'failCode',
    'createdAt',
    'updatedAt',
  ],
  properties: {
    planId: text,
    kind: text,
    symbol: text,
    side: text,
    triggerPrice: text,
    triggerBy: text,
    type: text,
    price: text,
    quantity: text,
    quoteAmount: text,
    parentOrderId: text,
    status: text,
    orderId: text,
    failCode: text,
    createdAt: { type: 'integer' },
    updatedAt: { type: 'integer' },
  },
} as const;

const planProperties = {
  symbol: symbolField,
  side: { type: 'string', enum: ['buy', 'sell'] },
  triggerPrice: decimalField,
  triggerBy: { type: 'string', enum: ['last', 'mark'] },
  type: { type: 'string', enum: ['limit', 'market'] },
  price: decimalField,
  quantity: decimalField,
  quoteAmount: decimalField,
} as const;
const planRequired = ['symbol', 'side', 'triggerPrice', 'triggerBy', 'type'];

const answers = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
});

/** A route's schema: session, the common query and headers, spot's tag. */
const schemaOf = (summary: string, parts: Record<string, unknown>) => ({
  tags: ['spot'],
  summary,
  security: [{ session: [] }],
  querystring: commonQuery,
  headers: sessionHeaders,
  ...parts,
});

const bodyOf = (required: string[], properties: Record<string, object>) => ({
  type: 'object',
  required,
  additionalProperties: false,
  properties,
});

export function spotPlanRoutes(app: FastifyInstance, services: SpotServices): void {
  const auth = requireUser(services);
  const plans = services.spot.plans;
  const bodySymbol = (request: FastifyRequest<{ Body: { symbol: string } }>) =>
    marketOf(request, services.spotMarkets, request.body.symbol).config.symbol;
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userRowId;

  app.post<{ Body: PlaceSpotPlan }>(
    SPOT_PLAN_PATHS.place,
    {
      preHandler: auth,
      schema: schemaOf(
        'Place a trigger order: nothing is frozen until the trigger price is crossed',
        { body: bodyOf(planRequired, planProperties), response: answers(planSchema) },
      ),
    },
    async (request) => {
      const body = { ...request.body, symbol: bodySymbol(request) };
      return ok(request, await plans.place(userId(request), body));
    },
  );

  app.post<{ Body: ModifySpotPlan }>(
    SPOT_PLAN_PATHS.modify,
    {
      preHandler: auth,
      schema: schemaOf("Change a waiting trigger order's trigger, type, price and size", {
        body: bodyOf([...planRequired, 'planId'], { ...planProperties, planId: planIdField }),
        response: answers(planSchema),
      }),
    },
    async (request) => {
      const body = { ...request.body, symbol: bodySymbol(request) };
      return ok(request, await plans.modify(userId(request), body));
    },
  );

  app.post<{ Body: { symbol: string; planId: string } }>(
    SPOT_PLAN_PATHS.cancel,
    {
      preHandler: auth,
      schema: schemaOf('Cancel a waiting trigger order, take-profit or stop-loss', {
        body: bodyOf(['symbol', 'planId'], { symbol: symbolField, planId: planIdField }),
        response: answers(planSchema),
      }),
    },
    async (request) =>
      ok(request, await plans.cancel(userId(request), bodySymbol(request), request.body.planId)),
  );

  type ListQuery = { symbol?: string; begin?: string; end?: string };
  const filterOf = (request: FastifyRequest<{ Querystring: ListQuery }>) => {
    const q = request.query;
    return {
      symbol: symbolOf(request, services.spotMarkets, q.symbol),
      symbols: services.spot.symbolsOf(sideOf(request)),
      begin: q.begin !== undefined ? Number(q.begin) : null,
      end: q.end !== undefined ? Number(q.end) : null,
    };
  };

  app.get<{ Querystring: ListQuery }>(
    SPOT_PLAN_PATHS.current,
    {
      preHandler: auth,
      schema: schemaOf('Waiting trigger orders and TP/SL of the current user, newest first', {
        querystring: {
          ...commonQuery,
          properties: { ...commonQuery.properties, symbol: symbolField },
        },
        response: answers({ type: 'array', items: planSchema }),
      }),
    },
    async (request) => ok(request, await plans.current(userId(request), filterOf(request))),
  );

  app.get<{ Querystring: ListQuery & PagingQuery }>(
    SPOT_PLAN_PATHS.history,
    {
      preHandler: auth,
      schema: schemaOf(
        'Trigger orders and TP/SL that ended (triggered, failed, cancelled), newest first, by page',
        {
          querystring: pagedQueryWith({ symbol: symbolField, begin: epochMs, end: epochMs }),
          response: answers(pageOf(planSchema)),
        },
      ),
    },
    async (request) =>
      ok(request, await plans.history(userId(request), filterOf(request), pagingOf(request.query))),
  );
}
