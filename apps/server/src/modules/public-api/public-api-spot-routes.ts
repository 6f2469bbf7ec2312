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
import {
  clientOidField,
  countField,
  countOf,
  fields,
  listOf,
  msField,
  orderIdField,
  query,
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
const HISTORY_PAGE = { pageNo: 1, pageSize: 500, offset: 0, limit: 500 };

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

/** Runs each entry of a batch on its own: Bitget's lists of what succeeded and what failed, and why. */
async function batch<T extends { clientOid?: string | undefined; orderId?: string | undefined }>(
  request: FastifyRequest,
  items: T[],
  run: (item: T) => Promise<{ orderId: string; clientOrderId: string | null }>,
) {
  const successList: BatchItem[] = [];
  const failureList: BatchItem[] = [];
  for (const item of items) {
    try {
      const done = await run(item);
      successList.push({ orderId: done.orderId, clientOid: done.clientOrderId });
    } catch (error) {
      failureList.push(
        failureOf(error, request, { orderId: item.orderId, clientOid: item.clientOid ?? null }),
      );
    }
  }
  return { successList, failureList };
}

const batchBody = (item: object) => ({
  type: 'object',
  required: ['orderList'],
  additionalProperties: false,
  properties: {
    symbol: symbolField,
    batchMode: { type: 'string', enum: ['single', 'multiple'] },
    orderList: { type: 'array', minItems: 1, maxItems: BATCH_MAX, items: item },
  },
});
const batchAnswer = fields([], {
  successList: listOf(fields(['orderId', 'clientOid'])),
  failureList: listOf(fields(['orderId', 'clientOid', 'errorMsg', 'errorCode'])),
});

export function spotTradeRoutes({ services, signedGet, signedPost }: ApiKit): void {
  const { spot, spotMarkets, publicApi } = services;
  const symbolOrNull = (name: string | undefined) =>
    name === undefined ? null : realSpotSymbol(services, name);
  /** The filter of a history query: one real market or all, within its time range. */
  const filterOf = (q: HistoryQuery) => ({
    symbol: symbolOrNull(q.symbol),
    symbols: spotMarkets.ofSide('real').map((m) => m.config.symbol),
    begin: q.startTime === undefined ? null : Number(q.startTime),
    end: q.endTime === undefined ? null : Number(q.endTime),
  });
  /** Bitget pages by id: only ids below idLessThan (and the one orderId asked for). */
  const wanted = (q: HistoryQuery) => (id: string) =>
    (q.idLessThan === undefined || BigInt(id) < BigInt(q.idLessThan)) &&
    (q.orderId === undefined || id === q.orderId);
  const ordersRoute = {
    input: query(historyQuery),
    data: listOf(fields(ORDER_FIELDS)),
    perSecond: 20,
  };

  signedGet<{ orderId?: string; clientOid?: string }>(
    '/spot/trade/orderInfo',
    {
      ...ordersRoute,
      summary: 'One of the key’s spot orders, by id or client id',
      input: query({ orderId: orderIdField, clientOid: clientOidField }),
    },
    async (request, userId) => {
      const { orderId, clientOid } = request.query;
      const { order, fills } = await publicApi.spotOrder(userId, orderId, clientOid);
      return [spotOrderOf(order, userId, spotFeeDetailOf(fills))];
    },
  );

  signedGet<HistoryQuery>(
    '/spot/trade/unfilled-orders',
    { ...ordersRoute, summary: 'The key’s open spot orders, newest first' },
    async (request, userId) => {
      const q = request.query;
      const { symbol, begin, end } = filterOf(q);
      const open = await spot.openOrders(userId, symbol, 'real');
      return open
        .filter((o) => wanted(q)(o.orderId))
        .filter(
          (o) => (begin === null || o.createdAt >= begin) && (end === null || o.createdAt < end),
        )
        .slice(0, countOf(q.limit, 100, 100))
        .map((o) => unfilledSpotOrderOf(o, userId));
    },
  );

  signedGet<HistoryQuery>(
    '/spot/trade/history-orders',
    { ...ordersRoute, summary: 'The key’s filled and cancelled spot orders, newest first' },
    async (request, userId) => {
      const q = request.query;
      const page = await spot.orderHistory(
        userId,
        { ...filterOf(q), side: null, statuses: ['FILLED', 'CANCELED', 'PARTIALLY_CANCELED'] },
        HISTORY_PAGE,
      );
      return page.items
        .filter((o) => wanted(q)(o.orderId))
        .slice(0, countOf(q.limit, 100, 100))
        .map((o) => spotOrderOf(o, userId));
    },
  );

  signedGet<HistoryQuery>(
    '/spot/trade/fills',
    {
      summary: 'The key’s spot fills with their fees, newest first',
      input: query(historyQuery),
      data: listOf(fields(FILL_FIELDS, { feeDetail: FEE_DETAIL })),
      perSecond: 10,
    },
    async (request, userId) => {
      const q = request.query;
      const page = await spot.fills(userId, filterOf(q), HISTORY_PAGE);
      const list = page.items
        .filter((f) => q.orderId === undefined || f.orderId === q.orderId)
        .filter((f) => q.idLessThan === undefined || BigInt(f.fillId) < BigInt(q.idLessThan))
        .slice(0, countOf(q.limit, 100, 100));
      const types = new Map<string, string>();
      for (const f of list) {
        if (types.has(f.orderId)) continue;
        types.set(f.orderId, (await publicApi.spotOrder(userId, f.orderId, undefined)).order.type);
      }
      return list.map((f) => spotFillOf(f, userId, types.get(f.orderId) ?? 'limit'));
    },
  );

  /** The symbol of a batch entry: its own, or the batch's. */
  const entrySymbol = (item: { symbol?: string | undefined }, body: { symbol?: string }) => {
    const name = item.symbol ?? body.symbol;
    if (!name) throw appError('FIELD_MISSING', { field: 'symbol' });
    return realSpotSymbol(services, name);
  };

  signedPost<{ symbol?: string; orderList: PublicPlaceOrder[] }>(
    '/spot/trade/batch-orders',
    {
      summary: `Place up to ${BATCH_MAX} spot orders, each on its own`,
      input: batchBody({ ...placeOrderBody, required: ['side', 'orderType', 'size'] }),
      data: batchAnswer,
      perSecond: 5,
    },
    async (request, userId) =>
      batch(request, request.body.orderList, (item) =>
        spot.placeOrder(userId, toSpotOrder(item, entrySymbol(item, request.body))),
      ),
  );

  signedPost<{
    symbol?: string;
    orderList: Array<{ symbol?: string; orderId?: string; clientOid?: string }>;
  }>(
    '/spot/trade/batch-cancel-order',
    {
      summary: `Cancel up to ${BATCH_MAX} spot orders by id or client id`,
      input: batchBody({
        type: 'object',
        additionalProperties: false,
        properties: { symbol: symbolField, orderId: orderIdField, clientOid: clientOidField },
      }),
      data: batchAnswer,
      perSecond: 5,
    },
    async (request, userId) =>
      batch(request, request.body.orderList, async (item) => {
        const symbol = entrySymbol(item, request.body);
        const { order } = await publicApi.spotOrder(userId, item.orderId, item.clientOid);
        return spot.cancelOrder(userId, symbol, order.orderId);
      }),
  );

  signedPost<{ symbol: string }>(
    '/spot/trade/cancel-symbol-order',
    {
      summary: 'Cancel every open spot order of a symbol',
      input: {
        type: 'object',
        required: ['symbol'],
        additionalProperties: false,
        properties: { symbol: symbolField },
      },
      data: fields(['symbol']),
      perSecond: 5,
    },
    async (request, userId) => {
      const symbol = realSpotSymbol(services, request.body.symbol);
      await spot.cancelAll(userId, symbol);
      return { symbol };
    },
  );
}
