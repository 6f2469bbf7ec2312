/**
 * Earn over REST (EARN_PATHS in core): the public products; with a session,
 * holdings, subscribing, redeeming, records and daily earnings. The shape of
 * a request is checked here, its meaning by the service. Earn is on the real
 * ledger only.
 */
import {
  EARN_PATHS,
  EARN_PRODUCT_TYPES,
  EARN_RECORD_KINDS,
  type EarnRecordKind,
  type EarnRedeem,
  type EarnSubscribe,
} from '@quay/core/earn';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { appError } from '../../kernel/app-error';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  pageAnswer,
  pageOf,
  pagedQueryWith,
  pagingOf,
  type PagingQuery,
} from '../../kernel/http/paging';
import {
  commonQuery,
  decimalField,
  envelopeOf,
  errorEnvelope,
  sessionHeaders,
} from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';
import type { EarnServices } from './earn-services';

const tags = ['earn'];
const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;
const idField = {
  type: 'string',
  minLength: 1,
  maxLength: 40,
  pattern: '^[a-z0-9-]{1,40}$',
} as const;

function shape(properties: Record<string, object>) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}
const listOf = (item: object) => ({ type: 'array', items: item }) as const;
const responses = (data: object) => ({ 200: envelopeOf(data), default: errorEnvelope });

const productSchema = shape({
  id: text,
  coin: text,
  type: { type: 'string', enum: [...EARN_PRODUCT_TYPES] },
  termDays: integer,
  tiers: listOf(shape({ from: text, to: text, apr: text })),
  minAmount: text,
  userCap: text,
  productCap: text,
  subscribed: text,
  earlyRedeem: boolean,
  enabled: boolean,
});
const holdingSchema = shape({
  id: text,
  productId: text,
  coin: text,
  type: text,
  principal: text,
  interestPaid: text,
  earnFrom: integer,
  maturesAt: integer,
  autoRenew: boolean,
  createdAt: integer,
});
const recordSchema = shape({
  id: text,
  kind: text,
  productId: text,
  coin: text,
  amount: text,
  time: integer,
});

export function earnRoutes(app: FastifyInstance, services: EarnServices): void {
  const { earn } = services;
  const auth = requireUser(services);
  const user = (request: FastifyRequest) => currentUser(request).userRowId;
  const realOnly = async (request: FastifyRequest) => {
    if (sideOf(request) === 'demo') throw appError('EARN_DEMO_UNAVAILABLE');
  };
  const gates = [auth, realOnly];
  /** A route behind the session gate, on the real ledger only. */
  function priv(summary: string, schema: object): RouteShorthandOptions {
    const security = [{ session: [] }];
    return {
      preHandler: gates,
      schema: { summary, tags, security, headers: sessionHeaders, ...schema },
    };
  }

  app.get(
    EARN_PATHS.products,
    {
      schema: {
        tags,
        summary: 'Earn products with their APR tiers and caps',
        querystring: commonQuery,
        response: responses(listOf(productSchema)),
      },
    },
    async (request) => ok(request, await earn.products()),
  );
  app.get(
    EARN_PATHS.holdings,
    priv('My active earn holdings', {
      querystring: commonQuery,
      response: responses(listOf(holdingSchema)),
    }),
    async (request) => ok(request, await earn.holdings(user(request))),
  );
  app.post<{ Body: EarnSubscribe }>(
    EARN_PATHS.subscribe,
    priv('Subscribe spot coins to an earn product', {
      querystring: commonQuery,
      body: {
        type: 'object',
        additionalProperties: false,
        required: ['productId', 'amount'],
        properties: { productId: idField, amount: decimalField, autoRenew: boolean },
      },
      response: responses(holdingSchema),
    }),
    async (request) => ok(request, await earn.subscribe(user(request), request.body)),
  );
  app.post<{ Body: EarnRedeem }>(
    EARN_PATHS.redeem,
    priv('Redeem back to spot: an amount of a flexible product, or a fixed-term holding', {
      querystring: commonQuery,
      body: {
        type: 'object',
        additionalProperties: false,
        properties: { productId: idField, amount: decimalField, holdingId: idField },
      },
      response: responses(shape({ coin: text, amount: text, forfeited: text })),
    }),
    async (request) => ok(request, await earn.redeem(user(request), request.body)),
  );
  app.get<{ Querystring: PagingQuery & { kind?: EarnRecordKind } }>(
    EARN_PATHS.records,
    priv('My earn records, newest first', {
      querystring: pagedQueryWith({ kind: { type: 'string', enum: [...EARN_RECORD_KINDS] } }),
      response: responses(pageOf(recordSchema)),
    }),
    async (request) => {
      const paging = pagingOf(request.query);
      const page = await earn.records(user(request), request.query.kind ?? null, paging);
      return ok(request, pageAnswer(paging, page.total, page.items));
    },
  );
  app.get<{ Querystring: { days?: string } }>(
    EARN_PATHS.earnings,
    priv('Interest paid to me per day', {
      querystring: {
        ...commonQuery,
        properties: {
          ...commonQuery.properties,
          days: { type: 'string', pattern: '^([1-9]|[1-9][0-9]|[1-2][0-9][0-9]|3[0-6][0-6])$' },
        },
      },
      response: responses(listOf(shape({ day: integer, coin: text, amount: text }))),
    }),
    async (request) =>
      ok(request, await earn.earnings(user(request), Number(request.query.days ?? '30'))),
  );
}
