/**
 * Margin trading over REST (MARGIN_PATHS in core): the public terms; with a
 * session, accounts and limits, transfers, borrowing and repaying, orders,
 * records and notices. The shape of a request is checked here, its meaning
 * by the services. Margin trades on the real markets only.
 */
import {
  MARGIN_PATHS,
  type CancelAllMarginOrders,
  type CancelMarginOrder,
  type MarginAccountRef,
  type MarginBorrow,
  type MarginRecordKind,
  type MarginRepay,
  type MarginTransfer,
  type PlaceMarginOrder,
} from '@quay/core';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { appError } from '../../kernel/app-error';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { pageOf, pagedQueryWith, pagingOf, type PagingQuery } from '../../kernel/http/paging';
import { commonQuery, epochMs, sessionHeaders } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';
import { placeOrderProperties, spotFillSchema } from '../spot';
import {
  accountSchema,
  amountField,
  body,
  coinField,
  configSchema,
  kindField,
  listOf,
  marginOrderSchema,
  maxSchema,
  modeField,
  noticeSchema,
  orderIdField,
  query,
  recordSchema,
  responses,
  symbolField,
  walletField,
} from './margin-schemas';
import type { MarginServices } from './margin-services';

const tags = ['margin'];
const accountQuery = { mode: modeField, symbol: symbolField };
const coinQuery = query({ ...accountQuery, coin: coinField }, ['mode', 'coin']);

export function marginRoutes(app: FastifyInstance, services: MarginServices): void {
  const { margin, marginOrders: orders } = services;
  const auth = requireUser(services);
  const user = (request: FastifyRequest) => currentUser(request).userRowId;
  /** A route behind the session gate. */
  // Margin trades the real ledger only: a call in simulation mode is refused, never sent to it.
  const realOnly = async (request: FastifyRequest) => {
    if (sideOf(request) === 'demo') throw appError('MARGIN_DEMO_UNAVAILABLE');
  };
  const priv = (summary: string, schema: object): RouteShorthandOptions => ({
    schema: { ...schema, summary, tags, headers: sessionHeaders, security: [{ session: [] }] },
    preHandler: [auth, realOnly],
  });

  app.get(
    MARGIN_PATHS.config,
    {
      schema: {
        tags,
        summary: 'Margin terms: rates, caps, levels, markets',
        querystring: commonQuery,
        response: responses(configSchema),
      },
    },
    async (request) => ok(request, await margin.config()),
  );

  app.get<{ Querystring: MarginAccountRef }>(
    MARGIN_PATHS.account,
    priv('One margin account with its figures', {
      querystring: query(accountQuery, ['mode']),
      response: responses(accountSchema),
    }),
    async (request) => ok(request, await margin.account(user(request), request.query)),
  );
  app.get(
    MARGIN_PATHS.accounts,
    priv('The cross account and every isolated account in use', {
      querystring: commonQuery,
      response: responses(listOf(accountSchema)),
    }),
    async (request) => ok(request, await margin.accounts(user(request))),
  );
  app.get<{ Querystring: MarginAccountRef & { coin: string } }>(
    MARGIN_PATHS.maxBorrowable,
    priv('How much of a coin the account may borrow now', {
      querystring: coinQuery,
      response: responses(maxSchema),
    }),
    async (request) =>
      ok(request, await margin.maxBorrowable(user(request), request.query, request.query.coin)),
  );
  app.get<{ Querystring: MarginAccountRef & { coin: string } }>(
    MARGIN_PATHS.maxTransferable,
    priv('How much of a coin may leave the account now', {
      querystring: coinQuery,
      response: responses(maxSchema),
    }),
    async (request) =>
      ok(request, await margin.maxTransferable(user(request), request.query, request.query.coin)),
  );
  app.post<{ Body: MarginTransfer }>(
    MARGIN_PATHS.transfer,
    priv('Move a coin between spot, cross and isolated accounts', {
      querystring: commonQuery,
      body: body(['from', 'to', 'coin', 'amount'], {
        from: walletField,
        to: walletField,
        symbol: symbolField,
        coin: coinField,
        amount: amountField,
      }),
      response: responses(accountSchema),
    }),
    async (request) => ok(request, await margin.transfer(user(request), request.body)),
  );
  app.post<{ Body: MarginBorrow }>(
    MARGIN_PATHS.borrow,
    priv('Borrow a coin from the lending pool', {
      querystring: commonQuery,
      body: body(['mode', 'coin', 'amount'], {
        ...accountQuery,
        coin: coinField,
        amount: amountField,
      }),
      response: responses(accountSchema),
    }),
    async (request) => ok(request, await margin.borrow(user(request), request.body)),
  );
  app.post<{ Body: MarginRepay }>(
    MARGIN_PATHS.repay,
    priv('Repay a loan: interest first, then principal; all: true repays everything', {
      querystring: commonQuery,
      body: body(['mode', 'coin'], {
        ...accountQuery,
        coin: coinField,
        amount: amountField,
        all: { type: 'boolean' },
      }),
      response: responses(accountSchema),
    }),
    async (request) => ok(request, await margin.repay(user(request), request.body)),
  );

  app.post<{ Body: PlaceMarginOrder }>(
    MARGIN_PATHS.placeOrder,
    priv('Place an order on a margin account, optionally borrowing for it and repaying from it', {
      querystring: commonQuery,
      body: body(['mode', 'symbol', 'side', 'type'], {
        ...placeOrderProperties,
        mode: modeField,
        autoBorrow: { type: 'boolean' },
        autoRepay: { type: 'boolean' },
      }),
      response: responses(marginOrderSchema),
    }),
    async (request) => ok(request, await orders.place(user(request), request.body)),
  );
  app.post<{ Body: CancelMarginOrder }>(
    MARGIN_PATHS.cancelOrder,
    priv('Cancel one open margin order', {
      querystring: commonQuery,
      body: body(['mode', 'symbol', 'orderId'], { ...accountQuery, orderId: orderIdField }),
      response: responses(marginOrderSchema),
    }),
    async (request) => ok(request, await orders.cancel(user(request), request.body)),
  );
  app.post<{ Body: CancelAllMarginOrders }>(
    MARGIN_PATHS.cancelAll,
    priv('Cancel every open order of a margin account in one market', {
      querystring: commonQuery,
      body: body(['mode', 'symbol'], accountQuery),
      response: responses({
        type: 'object',
        required: ['cancelled'],
        properties: { cancelled: { type: 'integer' } },
      }),
    }),
    async (request) => ok(request, await orders.cancelAll(user(request), request.body)),
  );
  app.get<{ Querystring: MarginAccountRef }>(
    MARGIN_PATHS.openOrders,
    priv('Open orders of one margin account', {
      querystring: query(accountQuery, ['mode']),
      response: responses(listOf(marginOrderSchema)),
    }),
    async (request) => ok(request, await orders.openOrders(user(request), request.query)),
  );
  app.get<{ Querystring: MarginAccountRef & PagingQuery }>(
    MARGIN_PATHS.orderHistory,
    priv('Finished orders of one margin account, newest first', {
      querystring: pagedQueryWith(accountQuery, ['mode']),
      response: responses(pageOf(marginOrderSchema)),
    }),
    async (request) =>
      ok(
        request,
        await orders.history(
          user(request),
          { mode: request.query.mode, symbol: request.query.symbol },
          pagingOf(request.query),
        ),
      ),
  );
  app.get<{ Querystring: { orderId: string } }>(
    MARGIN_PATHS.orderInfo,
    priv('One margin order with its fills', {
      querystring: query({ orderId: orderIdField }, ['orderId']),
      response: responses({
        type: 'object',
        required: ['order', 'fills'],
        properties: { order: marginOrderSchema, fills: listOf(spotFillSchema) },
      }),
    }),
    async (request) => ok(request, await orders.info(user(request), request.query.orderId)),
  );

  app.get<{
    Querystring: PagingQuery & {
      kind?: MarginRecordKind;
      mode?: MarginAccountRef['mode'];
      symbol?: string;
      coin?: string;
      startTime?: string;
      endTime?: string;
    };
  }>(
    MARGIN_PATHS.records,
    priv('Borrowing, repaying, interest and liquidation records, newest first', {
      querystring: pagedQueryWith({
        kind: kindField,
        ...accountQuery,
        coin: coinField,
        startTime: epochMs,
        endTime: epochMs,
      }),
      response: responses(pageOf(recordSchema)),
    }),
    async (request) => {
      const q = request.query;
      return ok(
        request,
        await margin.records(
          user(request),
          {
            kind: q.kind ?? null,
            mode: q.mode ?? null,
            symbol: q.symbol ?? null,
            coin: q.coin ?? null,
            begin: q.startTime !== undefined ? Number(q.startTime) : null,
            end: q.endTime !== undefined ? Number(q.endTime) : null,
          },
          pagingOf(q),
        ),
      );
    },
  );
  app.get(
    MARGIN_PATHS.notices,
    priv('Margin calls and liquidations of the user, newest first', {
      querystring: commonQuery,
      response: responses(listOf(noticeSchema)),
    }),
    async (request) => ok(request, await margin.notices(user(request))),
  );
}
