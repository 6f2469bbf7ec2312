/**
 * P2P trading over REST (P2P_PATHS in core): the public ad list and merchant
 * figures; with a session, payment methods, own ads, orders and their chat.
 * The shape of a request is checked here, its meaning by the services. P2P
 * trades on the real ledger only.
 */
import {
  P2P_PATHS,
  type AddP2pPaymentMethod,
  type ConfirmP2pRelease,
  type EditP2pAd,
  type OpenP2pOrder,
  type P2pPaymentKind,
  type P2pSide,
  type PublishP2pAd,
} from '@quay/core/p2p';
import type { FastifyInstance, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { appError } from '../../kernel/app-error';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, sessionHeaders } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';
import { clientOf } from '../accounts';
import type { AdChange } from './p2p-jobs';
import {
  adSchema,
  amountField,
  body,
  coinField,
  editFields,
  factorCodes,
  fileSchema,
  IMAGE_BODY_LIMIT,
  imageField,
  fiatAmountField,
  fiatField,
  idField,
  kindField,
  listOf,
  merchantSchema,
  messageField,
  messageSchema,
  orderSchema,
  paymentMethodSchema,
  publishFields,
  query,
  responses,
  sideField,
} from './p2p-schemas';
import type { P2pServices } from './p2p-services';

const tags = ['p2p'];

export function p2pRoutes(app: FastifyInstance, services: P2pServices): void {
  const { p2p, p2pOrders: orders } = services;
  const auth = requireUser(services);
  const user = (request: FastifyRequest) => currentUser(request).userRowId;
  // P2P moves real coins only: a call in simulation mode is refused, never sent to the ledger.
  const realOnly = async (request: FastifyRequest) => {
    if (sideOf(request) === 'demo') throw appError('P2P_DEMO_UNAVAILABLE');
  };
  const gates = [auth, realOnly];
  const priv = (summary: string, schema: object): RouteShorthandOptions => ({
    preHandler: gates,
    schema: { summary, tags, security: [{ session: [] }], headers: sessionHeaders, ...schema },
  });
  const orderBody = body(['orderId'], { orderId: idField });

  app.get<{
    Querystring: {
      side?: P2pSide;
      coin?: string;
      fiat?: string;
      amount?: string;
      paymentKind?: P2pPaymentKind;
    };
  }>(
    P2P_PATHS.ads,
    {
      schema: {
        tags,
        summary: 'Online ads, by the side the taker takes',
        querystring: query({
          side: sideField,
          coin: coinField,
          fiat: fiatField,
          amount: fiatAmountField,
          paymentKind: kindField,
        }),
        response: responses(listOf(adSchema)),
      },
    },
    async (request) => {
      const q = request.query;
      return ok(
        request,
        await p2p.ads({
          side: q.side ?? null,
          coin: q.coin ?? null,
          fiat: q.fiat ?? null,
          amount: q.amount ?? null,
          paymentKind: q.paymentKind ?? null,
        }),
      );
    },
  );
  app.get<{ Querystring: { userId: string } }>(
    P2P_PATHS.merchant,
    {
      schema: {
        tags,
        summary: "A merchant's figures of 30 days",
        querystring: query({ userId: idField }, ['userId']),
        response: responses(merchantSchema),
      },
    },
    async (request) => ok(request, await p2p.merchant(request.query.userId)),
  );

  app.get(
    P2P_PATHS.paymentMethods,
    priv('Own payment methods', {
      querystring: commonQuery,
      response: responses(listOf(paymentMethodSchema)),
    }),
    async (request) => ok(request, await p2p.paymentMethods(user(request))),
  );
  app.post<{ Body: AddP2pPaymentMethod }>(
    P2P_PATHS.addPaymentMethod,
    priv('Add a payment method (second factor)', {
      querystring: commonQuery,
      body: body(['kind', 'name', 'account'], {
        kind: kindField,
        name: { type: 'string', minLength: 1, maxLength: 64 },
        account: { type: 'string', minLength: 1, maxLength: 200 },
        ...factorCodes,
      }),
      response: responses(paymentMethodSchema),
    }),
    async (request) =>
      ok(request, await p2p.addPaymentMethod(user(request), request.body, clientOf(request))),
  );
  app.post<{ Body: { id: string } }>(
    P2P_PATHS.removePaymentMethod,
    priv('Remove a payment method', {
      querystring: commonQuery,
      body: body(['id'], { id: idField }),
      response: responses(listOf(paymentMethodSchema)),
    }),
    async (request) => ok(request, await p2p.removePaymentMethod(user(request), request.body.id)),
  );

  app.get(
    P2P_PATHS.myAds,
    priv('Own ads, every status', {
      querystring: commonQuery,
      response: responses(listOf(adSchema)),
    }),
    async (request) => ok(request, await p2p.myAds(user(request))),
  );
  app.post<{ Body: PublishP2pAd }>(
    P2P_PATHS.publishAd,
    priv("Publish an ad; a sell ad's total moves into escrow", {
      querystring: commonQuery,
      body: body(
        [
          'side',
          'coin',
          'fiat',
          'priceType',
          'total',
          'minFiat',
          'maxFiat',
          'paymentMethodIds',
          'timeLimitMin',
          'terms',
        ],
        publishFields,
      ),
      response: responses(adSchema),
    }),
    async (request) => ok(request, await p2p.publish(user(request), request.body)),
  );
  app.post<{ Body: EditP2pAd }>(
    P2P_PATHS.editAd,
    priv("Edit an own ad; a sell ad's escrow follows its new total", {
      querystring: commonQuery,
      body: body(
        [
          'advId',
          'priceType',
          'total',
          'minFiat',
          'maxFiat',
          'paymentMethodIds',
          'timeLimitMin',
          'terms',
        ],
        editFields,
      ),
      response: responses(adSchema),
    }),
    async (request) => ok(request, await p2p.edit(user(request), request.body)),
  );
  const adChanges: Array<[string, AdChange, string]> = [
    [P2P_PATHS.pauseAd, 'pause', 'Pause an own ad'],
    [P2P_PATHS.resumeAd, 'resume', 'Put a paused ad back online'],
    [P2P_PATHS.closeAd, 'close', 'Close an own ad; what it holds in escrow goes back'],
  ];
  for (const [path, change, summary] of adChanges) {
    app.post<{ Body: { advId: string } }>(
      path,
      priv(summary, {
        querystring: commonQuery,
        body: body(['advId'], { advId: idField }),
        response: responses(adSchema),
      }),
      async (request) => ok(request, await p2p.changeAd(user(request), request.body.advId, change)),
    );
  }

  app.post<{ Body: OpenP2pOrder }>(
    P2P_PATHS.openOrder,
    priv('Open an order on an ad', {
      querystring: commonQuery,
      body: body(['advId', 'amount'], { advId: idField, amount: amountField }),
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(request, await orders.open(user(request), request.body.advId, request.body.amount)),
  );
  app.get<{ Querystring: { orderId: string } }>(
    P2P_PATHS.order,
    priv('One order, for its buyer and seller', {
      querystring: query({ orderId: idField }, ['orderId']),
      response: responses(orderSchema),
    }),
    async (request) => ok(request, await orders.order(user(request), request.query.orderId)),
  );
  app.get(
    P2P_PATHS.orders,
    priv('Own orders, newest first', {
      querystring: commonQuery,
      response: responses(listOf(orderSchema)),
    }),
    async (request) => ok(request, await orders.orders(user(request))),
  );
  app.post<{ Body: { orderId: string } }>(
    P2P_PATHS.markPaid,
    priv('The buyer has paid', {
      querystring: commonQuery,
      body: orderBody,
      response: responses(orderSchema),
    }),
    async (request) => ok(request, await orders.step(user(request), request.body.orderId, 'paid')),
  );
  app.post<{ Body: { orderId: string } }>(
    P2P_PATHS.cancelOrder,
    priv('The buyer cancels before paying', {
      querystring: commonQuery,
      body: orderBody,
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(request, await orders.step(user(request), request.body.orderId, 'cancel')),
  );
  app.post<{ Body: { orderId: string; reason: string } }>(
    P2P_PATHS.appeal,
    priv('Appeal a paid order', {
      querystring: commonQuery,
      body: body(['orderId', 'reason'], { orderId: idField, reason: messageField }),
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(
        request,
        await orders.step(user(request), request.body.orderId, 'appeal', request.body.reason),
      ),
  );
  app.post<{ Body: ConfirmP2pRelease }>(
    P2P_PATHS.confirmRelease,
    priv('Confirm the payment was received and release the coins (second factor)', {
      querystring: commonQuery,
      body: body(['orderId'], { orderId: idField, ...factorCodes }),
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(
        request,
        await orders.release(user(request), request.body.orderId, request.body, clientOf(request)),
      ),
  );
  app.get<{ Querystring: { orderId: string } }>(
    P2P_PATHS.messages,
    priv("An order's chat, oldest first", {
      querystring: query({ orderId: idField }, ['orderId']),
      response: responses(listOf(messageSchema)),
    }),
    async (request) => ok(request, await orders.messages(user(request), request.query.orderId)),
  );
  app.post<{ Body: { orderId: string; text: string } }>(
    P2P_PATHS.sendMessage,
    priv("Write in an order's chat", {
      querystring: commonQuery,
      body: body(['orderId', 'text'], { orderId: idField, text: messageField }),
      response: responses(messageSchema),
    }),
    async (request) =>
      ok(request, await orders.send(user(request), request.body.orderId, request.body.text)),
  );
  app.post<{ Body: { orderId: string; data: string } }>(
    P2P_PATHS.sendImage,
    {
      ...priv("Send an image (PNG, JPEG or WebP) in an order's chat", {
        querystring: commonQuery,
        body: body(['orderId', 'data'], { orderId: idField, data: imageField }),
        response: responses(messageSchema),
      }),
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (request) =>
      ok(request, await orders.sendImage(user(request), request.body.orderId, request.body.data)),
  );
  app.get<{ Querystring: { orderId: string; fileId: string } }>(
    P2P_PATHS.file,
    priv("An image of an order's chat or appeal, for its buyer and seller", {
      querystring: query({ orderId: idField, fileId: idField }, ['orderId', 'fileId']),
      response: responses(fileSchema),
    }),
    async (request) =>
      ok(request, await orders.file(user(request), request.query.orderId, request.query.fileId)),
  );
  app.post<{ Body: { orderId: string; data: string } }>(
    P2P_PATHS.addEvidence,
    {
      ...priv('Add an evidence image to an appealed order', {
        querystring: commonQuery,
        body: body(['orderId', 'data'], { orderId: idField, data: imageField }),
        response: responses(orderSchema),
      }),
      bodyLimit: IMAGE_BODY_LIMIT,
    },
    async (request) =>
      ok(request, await orders.addEvidence(user(request), request.body.orderId, request.body.data)),
  );
  app.post<{ Body: { orderId: string; positive: boolean; comment?: string } }>(
    P2P_PATHS.feedback,
    priv('Leave feedback on the counterparty of a completed order', {
      querystring: commonQuery,
      body: body(['orderId', 'positive'], {
        orderId: idField,
        positive: { type: 'boolean' },
        comment: { type: 'string', maxLength: 500 },
      }),
      response: responses(orderSchema),
    }),
    async (request) =>
      ok(
        request,
        await orders.feedback(
          user(request),
          request.body.orderId,
          request.body.positive,
          request.body.comment ?? '',
        ),
      ),
  );
}
