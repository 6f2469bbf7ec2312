/**
 * Assets over REST: balances, their value in the user's unit, the coins with
 * their withdrawal terms, deposit addresses, withdrawal requests and the
 * deposit, withdrawal and transfer records. With `x-simulated: 1` they show
 * the demo ledger (S-coins only) and refuse deposits and withdrawals.
 */
import { ASSET_PATHS, CURRENCY_TYPES, type WithdrawRequest } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AssetsServices } from './assets-services';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { appError } from '../../kernel/app-error';
import { ok } from '../../kernel/http/envelope';
import { sideOf } from '../../kernel/http/simulation-header';
import {
  commonQuery,
  decimalField,
  envelopeOf,
  epochMs,
  errorEnvelope,
  sessionHeaders,
} from '../../kernel/http/schemas';
import { pageOf, pagedQueryWith, pagingOf, type PagingQuery } from '../../kernel/http/paging';

const text = { type: 'string' } as const;
const coinField = {
  type: 'string',
  minLength: 1,
  maxLength: 12,
  pattern: '^[A-Z0-9]{1,12}$',
} as const;

const balanceSchema = {
  type: 'object',
  required: ['coin', 'available', 'frozen', 'total'],
  properties: { coin: text, available: text, frozen: text, total: text },
} as const;

export const recordSchema = {
  type: 'object',
  required: ['id', 'type', 'coin', 'amount', 'fee', 'address', 'status', 'createdAt', 'updatedAt'],
  properties: {
    id: text,
    type: text,
    coin: text,
    amount: text,
    fee: text,
    address: text,
    status: text,
    createdAt: { type: 'integer' },
    updatedAt: { type: 'integer' },
  },
} as const;

export const responses = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
});

function query(properties: Record<string, object>, required: string[] = []) {
  return { ...commonQuery, required, properties: { ...commonQuery.properties, ...properties } };
}

/** Nothing moves in or out of a demo ledger. */
export function refuseInSimulation(request: Parameters<typeof sideOf>[0]): void {
  if (sideOf(request) === 'demo') throw appError('DEMO_NO_TRANSFER');
}

export function assetRoutes(app: FastifyInstance, services: AssetsServices): void {
  const auth = requireUser(services);
  const userId = (request: Parameters<typeof currentUser>[0]) => currentUser(request).userRowId;
  const common = { security: [{ session: [] }], headers: sessionHeaders, tags: ['asset'] };

  app.get(
    ASSET_PATHS.coins,
    {
      schema: {
        tags: ['asset'],
        summary: 'Coins with their network, decimals and withdrawal terms',
        querystring: commonQuery,
        response: responses({
          type: 'array',
          items: {
            type: 'object',
            required: ['coin', 'decimals', 'network', 'minWithdraw', 'withdrawFee'],
            properties: {
              coin: text,
              decimals: { type: 'integer' },
              network: text,
              minWithdraw: text,
              withdrawFee: text,
            },
          },
        }),
      },
    },
    async (request) => ok(request, services.ledger.coins(sideOf(request))),
  );

  app.get(
    ASSET_PATHS.balances,
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Spot balances of the current user, every coin',
        querystring: commonQuery,
        response: responses({ type: 'array', items: balanceSchema }),
      },
    },
    async (request) =>
      ok(request, await services.ledger.balances(userId(request), sideOf(request))),
  );

  app.get<{ Querystring: { unit?: string } }>(
    ASSET_PATHS.valuation,
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Value of the current user’s assets in USDT, BTC and a fiat unit',
        querystring: query({ unit: { type: 'string', enum: [...CURRENCY_TYPES] } }),
        response: responses({
          type: 'object',
          required: ['unit', 'fiatPerUsdt', 'totalUsdt', 'totalBtc', 'totalFiat', 'coins'],
          properties: {
            unit: text,
            fiatPerUsdt: text,
            totalUsdt: text,
            totalBtc: text,
            totalFiat: text,
            coins: {
              type: 'array',
              items: {
                type: 'object',
                required: ['coin', 'total', 'usdt'],
                properties: { coin: text, total: text, usdt: text },
              },
            },
          },
        }),
      },
    },
    async (request) =>
      ok(
        request,
        await services.ledger.valuation(
          userId(request),
          request.query.unit ?? 'USD',
          sideOf(request),
        ),
      ),
  );

  app.get<{ Querystring: { coin: string } }>(
    ASSET_PATHS.depositAddress,
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'The current user’s deposit address for a coin',
        querystring: query({ coin: coinField }, ['coin']),
        response: responses({
          type: 'object',
          required: ['coin', 'network', 'address'],
          properties: { coin: text, network: text, address: text },
        }),
      },
    },
    async (request) => {
      refuseInSimulation(request);
      return ok(request, services.ledger.depositAddress(userId(request), request.query.coin));
    },
  );

  app.post<{ Body: WithdrawRequest }>(
    ASSET_PATHS.withdraw,
    {
      preHandler: auth,
      schema: {
        ...common,
        summary:
          'Ask for a withdrawal: the amount is frozen until the operator approves or rejects it',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['coin', 'address', 'amount'],
          additionalProperties: false,
          properties: {
            coin: coinField,
            address: { type: 'string', minLength: 1, maxLength: 128 },
            amount: decimalField,
          },
        },
        response: responses(recordSchema),
      },
    },
    async (request) => {
      refuseInSimulation(request);
      await services.accountSecurity.assertMayWithdraw(userId(request));
      return ok(request, await services.ledger.requestWithdrawal(userId(request), request.body));
    },
  );

  app.post<{ Body: { id: string } }>(
    ASSET_PATHS.cancelWithdrawal,
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Cancel a pending withdrawal of the current user; the amount is available again',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['id'],
          additionalProperties: false,
          properties: { id: { type: 'string', minLength: 1, maxLength: 64 } },
        },
        response: responses(recordSchema),
      },
    },
    async (request) => {
      refuseInSimulation(request);
      return ok(request, await services.ledger.cancelWithdrawal(userId(request), request.body.id));
    },
  );

  app.get<{
    Querystring: {
      type?: 'deposit' | 'withdraw' | 'transfer';
      coin?: string;
      status?: string;
      begin?: string;
      end?: string;
    } & PagingQuery;
  }>(
    ASSET_PATHS.records,
    {
      preHandler: auth,
      schema: {
        ...common,
        summary: 'Deposits, withdrawals and transfers of the current user, newest first',
        querystring: pagedQueryWith({
          type: { type: 'string', enum: ['deposit', 'withdraw', 'transfer'] },
          coin: coinField,
          status: { type: 'string', enum: ['pending', 'completed', 'rejected', 'canceled'] },
          begin: epochMs,
          end: epochMs,
        }),
        response: responses(pageOf(recordSchema)),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        request,
        await services.ledger.records(
          userId(request),
          {
            type: q.type ?? null,
            coin: q.coin ?? null,
            status: q.status ?? null,
            begin: q.begin !== undefined ? Number(q.begin) : null,
            end: q.end !== undefined ? Number(q.end) : null,
          },
          pagingOf(q),
          sideOf(request),
        ),
      );
    },
  );
}
