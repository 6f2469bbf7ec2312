/**
 * Signed spot trading routes beyond place and cancel (Bitget v2): order
 * info, open orders, order history, the caller's fills, and batch place and
 * cancel. Everything reads and trades through the same spot service as the
 * web app; another user's order is simply not found.
 */
import { PUBLIC_API_CODES, PUBLIC_API_PARAMETER_CODE, type PublicPlaceOrder } from '@quay/core';
import type { FastifyRequest } from 'fastify';
import { AppError, appError } from '../../kernel/app-error';
import { serverMessage } from '../../kernel/messages';
import { spotFeeDetailOf, spotFillOf, spotOrderOf, unfilledSpotOrderOf } from './public-api-bitget';
import { success } from './public-api-envelope';
import {
  clientOidField,
  countField,
  countOf,
  fields,
  listOf,
  msField,
  orderIdField,
  perSecond,
  query,
  responses,
  symbolField,
  type ApiKit,
} from './public-api-kit';
import { placeOrderBody, realSpotSymbol, toSpotOrder } from './public-api-spot-orders';

const ORDER_FIELDS = [
  'userId',
  'symbol',
  'orderId',
  'clientOid',
  'price',
  'size',
  'orderType',
  'side',
  'status',
  'priceAvg',
  'baseVolume',
  'quoteVolume',
  'enterPointSource',
  'feeDetail',
  'orderSource',
  'cancelReason',
  'cTime',
  'uTime',
  'basePrice',
];
const FILL_FIELDS = [
  'userId',
  'symbol',
  'orderId',
  'tradeId',
  'orderType',
  'side',
  'priceAvg',
  'size',
  'amount',
  'tradeScope',
  'cTime',
  'uTime',
];
const FEE_DETAIL = fields(['deduction', 'feeCoin', 'totalDeductionFee', 'totalFee']);
const historyQuery = {
  symbol: symbolField,
  startTime: msField,
  endTime: msField,
  idLessThan: orderIdField,
  limit: countField,
  orderId: orderIdField,
  tpslType: { type: 'string', enum: ['normal', 'tpsl'] },
};
/** The most orders one batch may hold, as on Bitget. */
const BATCH_MAX = 50;

interface HistoryQuery {
  symbol?: string;
  startTime?: string;
  endTime?: string;
  idLessThan?: string;
  limit?: string;
  orderId?: string;
}
interface BatchItem {
  orderId?: string | undefined;
  clientOid?: string | null | undefined;
  errorMsg?: string;
  errorCode?: string;
}

/** Bitget's failure entry of a batch: the refusal's code and message, in the caller's language. */
function failureOf(error: unknown, request: FastifyRequest, item: BatchItem): BatchItem {
  if (!(error instanceof AppError)) throw error;
  return {
    ...item,
    errorCode: PUBLIC_API_CODES[error.errorName] ?? PUBLIC_API_PARAMETER_CODE,
    errorMsg: serverMessage(error.errorName, request.locale ?? 'en', error.params),
  };
}

export function spotTradeRoutes({ api, services, now, gate, userOf }: ApiKit): void {
  const tag = ['public-api'];
  const symbolOrNull = (name: string | undefined) =>
    name === undefined ? null : realSpotSymbol(services, name);
  const range = (q: HistoryQuery) => ({
    begin: q.startTime === undefined ? null : Number(q.startTime),
    end: q.endTime === undefined ? null : Number(q.endTime),
  });
  const below = (q: HistoryQuery) => (id: string) =>
    (q.idLessThan === undefined || BigInt(id) < BigInt(q.idLessThan)) &&
    (q.orderId === undefined || id === q.orderId);

  api.get<{ Querystring: { orderId?: string; clientOid?: string } }>(
    '/spot/trade/orderInfo',
    {
      config: perSecond(20),
      preValidation: gate('read'),
      schema: {
        tags: tag,
        summary: 'One of the key’s spot orders, by id or client id (Bitget v2); scope read',
        querystring: query({ orderId: orderIdField, clientOid: clientOidField }),
        response: responses(listOf(fields(ORDER_FIELDS))),
      },
    },
    async (request) => {
      const userId = userOf(request);
      const { orderId, clientOid } = request.query;
      const { order, fills } = await services.publicApi.spotOrder(userId, orderId, clientOid);
      return success([spotOrderOf(order, userId, spotFeeDetailOf(fills))], now());
    },
  );

  api.get<{ Querystring: HistoryQuery }>(
    '/spot/trade/unfilled-orders',
    {
      config: perSecond(20),
      preValidation: gate('read'),
      schema: {
        tags: tag,
        summary: 'The key’s open spot orders, newest first (Bitget v2); scope read',
        querystring: query(historyQuery),
        response: responses(listOf(fields(ORDER_FIELDS))),
      },
    },
    async (request) => {
      const userId = userOf(request);
      const q = request.query;
      const limit = countOf(q.limit, 100, 100);
      const { begin, end } = range(q);
      const open = await services.spot.openOrders(userId, symbolOrNull(q.symbol), 'real');
      const list = open
        .filter((o) => below(q)(o.orderId))
        .filter(
          (o) => (begin === null || o.createdAt >= begin) && (end === null || o.createdAt < end),
        )
        .slice(0, limit);
      return success(
        list.map((o) => unfilledSpotOrderOf(o, userId)),
        now(),
      );
    },
  );

  api.get<{ Querystring: HistoryQuery }>(
    '/spot/trade/history-orders',
    {
      config: perSecond(20),
      preValidation: gate('read'),
      schema: {
        tags: tag,
        summary: 'The key’s filled and cancelled spot orders, newest first (Bitget v2); scope read',
        querystring: query(historyQuery),
        response: responses(listOf(fields(ORDER_FIELDS))),
      },
    },
    async (request) => {
      const userId = userOf(request);
      const q = request.query;
      const limit = countOf(q.limit, 100, 100);
      const page = await services.spot.orderHistory(
        userId,
        {
          symbol: symbolOrNull(q.symbol),
          symbols: services.spotMarkets.ofSide('real').map((m) => m.config.symbol),
          side: null,
          statuses: ['FILLED', 'CANCELED', 'PARTIALLY_CANCELED'],
          ...range(q),
        },
        { pageNo: 1, pageSize: 500, offset: 0, limit: 500 },
      );
      const list = page.items.filter((o) => below(q)(o.orderId)).slice(0, limit);
      return success(
        list.map((o) => spotOrderOf(o, userId)),
        now(),
      );
    },
  );

  api.get<{ Querystring: HistoryQuery }>(
    '/spot/trade/fills',
    {
      config: perSecond(10),
      preValidation: gate('read'),
      schema: {
        tags: tag,
        summary: 'The key’s spot fills with their fees, newest first (Bitget v2); scope read',
        querystring: query(historyQuery),
        response: responses(listOf(fields(FILL_FIELDS, { feeDetail: FEE_DETAIL }))),
      },
    },
    async (request) => {
      const userId = userOf(request);
      const q = request.query;
      const limit = countOf(q.limit, 100, 100);
      const page = await services.spot.fills(
        userId,
        {
          symbol: symbolOrNull(q.symbol),
          symbols: services.spotMarkets.ofSide('real').map((m) => m.config.symbol),
          ...range(q),
        },
        { pageNo: 1, pageSize: 500, offset: 0, limit: 500 },
      );
      const list = page.items
        .filter((f) => q.orderId === undefined || f.orderId === q.orderId)
        .filter((f) => q.idLessThan === undefined || BigInt(f.fillId) < BigInt(q.idLessThan))
        .slice(0, limit);
      const types = new Map<string, string>();
      for (const f of list) {
        if (types.has(f.orderId)) continue;
        const { order } = await services.publicApi.spotOrder(userId, f.orderId, undefined);
        types.set(f.orderId, order.type);
      }
      return success(
        list.map((f) => spotFillOf(f, userId, types.get(f.orderId) ?? 'limit')),
        now(),
      );
    },
  );

  const batchAnswer = fields([], {
    successList: listOf(fields(['orderId', 'clientOid'])),
    failureList: listOf(fields(['orderId', 'clientOid', 'errorMsg', 'errorCode'])),
  });

  api.post<{ Body: { symbol?: string; batchMode?: string; orderList: PublicPlaceOrder[] } }>(
    '/spot/trade/batch-orders',
    {
      config: perSecond(5),
      preValidation: gate('trade'),
      schema: {
        tags: tag,
        summary: `Place up to ${BATCH_MAX} spot orders, each on its own (Bitget v2); scope trade`,
        body: {
          type: 'object',
          required: ['orderList'],
          additionalProperties: false,
          properties: {
            symbol: symbolField,
            batchMode: { type: 'string', enum: ['single', 'multiple'] },
            orderList: {
              type: 'array',
              minItems: 1,
              maxItems: BATCH_MAX,
              items: {
                ...placeOrderBody,
                required: ['side', 'orderType', 'size'],
              },
            },
          },
        },
        response: responses(batchAnswer),
      },
    },
    async (request) => {
      const userId = userOf(request);
      const successList: BatchItem[] = [];
      const failureList: BatchItem[] = [];
      for (const item of request.body.orderList) {
        const name = item.symbol ?? request.body.symbol;
        try {
          if (!name) throw appError('FIELD_MISSING', { field: 'symbol' });
          const placed = await services.spot.placeOrder(
            userId,
            toSpotOrder(item, realSpotSymbol(services, name)),
          );
          successList.push({ orderId: placed.orderId, clientOid: placed.clientOrderId });
        } catch (error) {
          failureList.push(failureOf(error, request, { clientOid: item.clientOid ?? null }));
        }
      }
      return success({ successList, failureList }, now());
    },
  );

  api.post<{
    Body: {
      symbol?: string;
      batchMode?: string;
      orderList: Array<{ symbol?: string; orderId?: string; clientOid?: string }>;
    };
  }>(
    '/spot/trade/batch-cancel-order',
    {
      config: perSecond(5),
      preValidation: gate('trade'),
      schema: {
        tags: tag,
        summary: `Cancel up to ${BATCH_MAX} spot orders by id or client id (Bitget v2); scope trade`,
        body: {
          type: 'object',
          required: ['orderList'],
          additionalProperties: false,
          properties: {
            symbol: symbolField,
            batchMode: { type: 'string', enum: ['single', 'multiple'] },
            orderList: {
              type: 'array',
              minItems: 1,
              maxItems: BATCH_MAX,
              items: {
                type: 'object',
                additionalProperties: false,
                properties: {
                  symbol: symbolField,
                  orderId: orderIdField,
                  clientOid: clientOidField,
                },
              },
            },
          },
        },
        response: responses(batchAnswer),
      },
    },
    async (request) => {
      const userId = userOf(request);
      const successList: BatchItem[] = [];
      const failureList: BatchItem[] = [];
      for (const item of request.body.orderList) {
        const name = item.symbol ?? request.body.symbol;
        try {
          if (!name) throw appError('FIELD_MISSING', { field: 'symbol' });
          const symbol = realSpotSymbol(services, name);
          const { order } = await services.publicApi.spotOrder(
            userId,
            item.orderId,
            item.clientOid,
          );
          const cancelled = await services.spot.cancelOrder(userId, symbol, order.orderId);
          successList.push({ orderId: cancelled.orderId, clientOid: cancelled.clientOrderId });
        } catch (error) {
          failureList.push(
            failureOf(error, request, { orderId: item.orderId, clientOid: item.clientOid ?? null }),
          );
        }
      }
      return success({ successList, failureList }, now());
    },
  );

  api.post<{ Body: { symbol: string } }>(
    '/spot/trade/cancel-symbol-order',
    {
      config: perSecond(5),
      preValidation: gate('trade'),
      schema: {
        tags: tag,
        summary: 'Cancel every open spot order of a symbol (Bitget v2); scope trade',
        body: {
          type: 'object',
          required: ['symbol'],
          additionalProperties: false,
          properties: { symbol: symbolField },
        },
        response: responses(fields(['symbol'])),
      },
    },
    async (request) => {
      const symbol = realSpotSymbol(services, request.body.symbol);
      await services.spot.cancelAll(userOf(request), symbol);
      return success({ symbol }, now());
    },
  );
}
