/**
 * Web3 swap over REST (SWAP_PATHS in core): the pools and quotes are
 * public; with a session, a signed intent (get-sign, a device-token path),
 * its execution, the history, and a withdrawal to an external wallet
 * (device token, second factor), frozen until the operator approves.
 */
import { VERIFY_CODE_PATTERN } from '@quay/core';
import {
  SWAP_PATHS,
  SWAP_SLIPPAGE_BPS_MAX,
  SWAP_SLIPPAGE_BPS_MIN,
  type SwapQuoteRequest,
  type SwapSubmit,
  type SwapWithdraw,
} from '@quay/core/swap-api';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { clientOf } from '../accounts';
import { appError } from '../../kernel/app-error';
import {
  commonQuery,
  decimalField,
  envelopeOf,
  errorEnvelope,
  sessionHeaders,
} from '../../kernel/http/schemas';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { pageOf, pagedQueryWith, pagingOf, type PagingQuery } from '../../kernel/http/paging';
import { sideOf } from '../../kernel/http/simulation-header';
import type { SwapServices } from './swap-services';

const tags = ['swap'];
const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const coinField = { type: 'string', minLength: 1, maxLength: 12, pattern: '^[A-Z0-9]{1,12}$' };
const factorCode = { type: 'string', minLength: 6, maxLength: 6, pattern: VERIFY_CODE_PATTERN };
const slippage = {
  type: 'integer',
  minimum: SWAP_SLIPPAGE_BPS_MIN,
  maximum: SWAP_SLIPPAGE_BPS_MAX,
};
const responses = (data: object) => ({
  200: envelopeOf(data),
  '4xx': errorEnvelope,
  '5xx': errorEnvelope,
});
const shape = (properties: Record<string, object>) =>
  ({ type: 'object', required: Object.keys(properties), properties }) as const;
const body = (required: string[], properties: Record<string, object>) =>
  ({ type: 'object', additionalProperties: false, required, properties }) as const;

const quoteProperties = {
  from: text,
  to: text,
  amountIn: text,
  amountOut: text,
  route: { type: 'array', items: text },
  priceImpact: text,
  minimumReceived: text,
  fee: text,
  fee_bps: integer,
  slippage_bps: integer,
  price: text,
  expiresAt: integer,
};
const quoteSchema = shape(quoteProperties);
const intentSchema = shape({ ...quoteProperties, intentId: text, signature: text });
const recordSchema = shape({
  id: text,
  from: text,
  to: text,
  amountIn: text,
  amountOut: text,
  minimumReceived: text,
  route: { type: 'array', items: text },
  fee: text,
  createdAt: integer,
});
const poolSchema = shape({
  pair: text,
  base: text,
  quote: text,
  baseReserve: text,
  quoteReserve: text,
  fee_bps: integer,
});
const quoteBody = body(['from', 'to', 'slippage_bps'], {
  from: coinField,
  to: coinField,
  amountIn: decimalField,
  amountOut: decimalField,
  slippage_bps: slippage,
});

export function swapRoutes(app: FastifyInstance, services: SwapServices): void {
  const { swap } = services;
  const user = (request: FastifyRequest) => currentUser(request).userRowId;
  // Behind the session gate; the swap moves real coins only, so simulation mode is refused.
  const preHandler = [
    requireUser(services),
    async (request: FastifyRequest) => {
      if (sideOf(request) === 'demo') throw appError('SWAP_DEMO_UNAVAILABLE');
    },
  ];
  const priv = (summary: string, schema: object): RouteShorthandOptions => ({
    preHandler,
    schema: { summary, tags, headers: sessionHeaders, security: [{ session: [] }], ...schema },
  });

  app.get(
    SWAP_PATHS.pools,
    {
      schema: {
        tags,
        summary: 'Swap pools, their reserves and fee',
        querystring: commonQuery,
        response: responses({ type: 'array', items: poolSchema }),
      },
    },
    async (request) => ok(request, await swap.pools()),
  );

  app.post<{ Body: SwapQuoteRequest }>(
    SWAP_PATHS.quote,
    {
      schema: {
        tags,
        summary: 'A quote for an exact input or output',
        querystring: commonQuery,
        body: quoteBody,
        response: responses(quoteSchema),
      },
    },
    async (request) => ok(request, await swap.quote(request.body)),
  );

  app.post<{ Body: SwapQuoteRequest }>(
    SWAP_PATHS.getSign,
    priv('A signed swap intent for the best route, valid until it expires', {
      querystring: commonQuery,
      body: quoteBody,
      response: responses(intentSchema),
    }),
    async (request) => ok(request, await swap.getSign(user(request), request.body)),
  );

  app.post<{ Body: SwapSubmit }>(
    SWAP_PATHS.submit,
    priv('Carry out a signed intent, once, unless stale or below its minimum received', {
      querystring: commonQuery,
      body: body(['intentId', 'signature'], {
        intentId: { type: 'string', minLength: 1, maxLength: 64 },
        signature: { type: 'string', minLength: 1, maxLength: 128 },
      }),
      response: responses(recordSchema),
    }),
    async (request) =>
      ok(request, await swap.submit(user(request), request.body.intentId, request.body.signature)),
  );

  app.get<{ Querystring: PagingQuery }>(
    SWAP_PATHS.history,
    priv('The current user’s swaps, newest first', {
      querystring: pagedQueryWith({}),
      response: responses(pageOf(recordSchema)),
    }),
    async (request) => ok(request, await swap.history(user(request), pagingOf(request.query))),
  );

  app.post<{ Body: SwapWithdraw }>(
    SWAP_PATHS.withdraw,
    priv(
      'Withdraw to an external wallet with the second factor; frozen until the operator approves',
      {
        querystring: commonQuery,
        body: body(['coin', 'address', 'amount'], {
          coin: coinField,
          address: { type: 'string', minLength: 1, maxLength: 128 },
          amount: decimalField,
          googleCode: factorCode,
          emailCode: factorCode,
          mobileCode: factorCode,
        }),
        response: responses(
          shape({
            id: text,
            type: text,
            coin: text,
            amount: text,
            fee: text,
            address: text,
            status: text,
            createdAt: integer,
            updatedAt: integer,
          }),
        ),
      },
    ),
    async (request) => {
      const userId = user(request);
      const { coin, address, amount, ...codes } = request.body;
      await services.accountSecurity.assertMayWithdraw(userId);
      if (!(await services.secondFactor.confirmProductChange(userId, codes, clientOf(request)))) {
        throw appError('SWAP_NEEDS_SECOND_FACTOR');
      }
      return ok(
        request,
        await services.ledger.requestWithdrawal(userId, { coin, address, amount }),
      );
    },
  );
}
