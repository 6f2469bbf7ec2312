/**
 * Spot trigger orders in Bitget's v2 words: place-plan-order (a trigger on
 * the last price, `fill_price`, or the mark, `mark_price`, then a limit or
 * market order; `planType` amount sizes it in the base coin, total a market
 * buy in the quote coin), modify-plan-order, cancel-plan-order, and the
 * waiting (current-plan-order) and ended (history-plan-order) ones. The
 * spot service's plans are the web's, so the same host triggers them.
 */
import type { PlaceSpotPlan, SpotPlan } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { decimalField } from '../../kernel/http/schemas';
import {
  clientOidField,
  countField,
  countOf,
  decimalOrNumber,
  decimalTextOf,
  fields,
  listOf,
  msField,
  orderIdField,
  query,
  symbolField,
  type ApiKit,
} from './public-api-kit';
import { realSpotSymbol } from './public-api-spot-orders';

const STATUS: Record<SpotPlan['status'], string> = {
  PENDING: 'live',
  WAITING: 'live',
  TRIGGERED: 'executed',
  FAILED: 'fail_execute',
  CANCELED: 'cancelled',
};
const PLAN_FIELDS = [
  'orderId',
  'clientOid',
  'symbol',
  'size',
  'executePrice',
  'triggerPrice',
  'status',
  'orderType',
  'side',
  'planType',
  'triggerType',
  'enterPointSource',
  'uTime',
  'cTime',
];

interface PlanBody {
  symbol: string;
  side: 'buy' | 'sell';
  triggerPrice: string | number;
  orderType: 'limit' | 'market';
  executePrice?: string;
  /** CCXT sends a limit plan's price here as well. */
  price?: string;
  planType?: 'amount' | 'total';
  size: string;
  triggerType: 'fill_price' | 'mark_price';
  clientOid?: string;
  force?: string;
}
interface ListQuery {
  symbol: string;
  startTime?: string;
  endTime?: string;
  limit?: string;
  idLessThan?: string;
}

/** A plan as Bitget lists it; a TP/SL of an order reads as its own trigger, sized by its fill. */
function planOf(p: SpotPlan) {
  const total = p.quoteAmount !== '';
  return {
    orderId: p.planId,
    clientOid: null,
    symbol: p.symbol,
    size: total ? p.quoteAmount : p.quantity,
    executePrice: p.type === 'limit' ? p.price : '0',
    triggerPrice: p.triggerPrice,
    status: STATUS[p.status],
    orderType: p.type,
    side: p.side,
    planType: total ? 'total' : 'amount',
    triggerType: p.triggerBy === 'last' ? 'fill_price' : 'mark_price',
    enterPointSource: 'API',
    uTime: String(p.updatedAt),
    cTime: String(p.createdAt),
  };
}

/** A Bitget plan body as the spot service takes it. */
function toPlan(
  body: Omit<PlanBody, 'symbol' | 'side'>,
  symbol: string,
  side: 'buy' | 'sell',
): PlaceSpotPlan {
  const plan: PlaceSpotPlan = {
    symbol,
    side,
    triggerPrice: decimalTextOf(body.triggerPrice),
    triggerBy: body.triggerType === 'mark_price' ? 'mark' : 'last',
    type: body.orderType,
  };
  if (body.orderType === 'limit') {
    const price = body.executePrice ?? body.price;
    if (price === undefined) throw appError('FIELD_MISSING', { field: 'executePrice' });
    return { ...plan, price, quantity: body.size };
  }
  // A market buy is sized in the quote coin unless planType says amount, as on Bitget.
  const total = body.planType === 'total' || (body.planType === undefined && side === 'buy');
  return total ? { ...plan, quoteAmount: body.size } : { ...plan, quantity: body.size };
}

export function spotPlanRoutes({ services, signedGet, signedPost }: ApiKit): void {
  const plans = services.spot.plans;
  const answer = fields(['orderId', 'clientOid']);
  const planProperties = {
    triggerPrice: decimalOrNumber,
    orderType: { type: 'string', enum: ['limit', 'market'] },
    executePrice: decimalField,
    price: decimalField,
    planType: { type: 'string', enum: ['amount', 'total'] },
    size: decimalField,
    clientOid: clientOidField,
  };
  /** A waiting plan of the key's owner, by id. */
  const waiting = async (userId: string, orderId: string | undefined) => {
    const found = (await plans.current(userId, { symbol: null, begin: null, end: null })).find(
      (p) => p.planId === orderId,
    );
    if (!found) throw appError('SPOT_PLAN_NOT_FOUND');
    return found;
  };

  signedPost<PlanBody>(
    '/spot/trade/place-plan-order',
    {
      summary: 'Place a spot trigger order: nothing is frozen until the trigger is crossed',
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['symbol', 'side', 'triggerPrice', 'orderType', 'size', 'triggerType'],
        properties: {
          ...planProperties,
          symbol: symbolField,
          side: { type: 'string', enum: ['buy', 'sell'] },
          triggerType: { type: 'string', enum: ['fill_price', 'mark_price'] },
          force: { type: 'string', enum: ['gtc', 'GTC'] },
        },
      },
      data: answer,
      perSecond: 20,
    },
    async (request, userId) => {
      const body = request.body;
      const symbol = realSpotSymbol(services, body.symbol);
      const placed = await plans.place(userId, toPlan(body, symbol, body.side));
      return { orderId: placed.planId, clientOid: body.clientOid ?? null };
    },
  );

  signedPost<Omit<PlanBody, 'symbol' | 'side' | 'triggerType'> & { orderId?: string }>(
    '/spot/trade/modify-plan-order',
    {
      summary: "Change a waiting spot trigger order's trigger, type, price and size",
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['orderId', 'triggerPrice', 'orderType', 'size'],
        properties: { ...planProperties, orderId: orderIdField },
      },
      data: answer,
      perSecond: 20,
    },
    async (request, userId) => {
      const body = request.body;
      const plan = await waiting(userId, body.orderId);
      const triggerType = plan.triggerBy === 'mark' ? 'mark_price' : 'fill_price';
      const modified = await plans.modify(userId, {
        ...toPlan({ ...body, triggerType }, plan.symbol, plan.side),
        planId: plan.planId,
      });
      return { orderId: modified.planId, clientOid: body.clientOid ?? null };
    },
  );

  signedPost<{ orderId?: string; clientOid?: string }>(
    '/spot/trade/cancel-plan-order',
    {
      summary: 'Cancel a waiting spot trigger order',
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['orderId'],
        properties: { orderId: orderIdField, clientOid: clientOidField, symbol: symbolField },
      },
      data: fields(['result']),
      perSecond: 20,
    },
    async (request, userId) => {
      const plan = await waiting(userId, request.body.orderId);
      await plans.cancel(userId, plan.symbol, plan.planId);
      return { result: 'success' };
    },
  );

  const list = (summary: string, ended: boolean) =>
    signedGet<ListQuery>(
      ended ? '/spot/trade/history-plan-order' : '/spot/trade/current-plan-order',
      {
        summary,
        input: query(
          {
            symbol: symbolField,
            startTime: msField,
            endTime: msField,
            limit: countField,
            idLessThan: orderIdField,
            planType: { type: 'string', maxLength: 20 },
          },
          ended ? ['symbol', 'startTime', 'endTime'] : ['symbol'],
        ),
        data: fields(['nextFlag', 'idLessThan'], {
          nextFlag: { type: 'boolean' },
          orderList: listOf(fields(PLAN_FIELDS)),
        }),
        perSecond: 20,
      },
      async (request, userId) => {
        const q = request.query;
        const filter = {
          symbol: realSpotSymbol(services, q.symbol),
          begin: q.startTime === undefined ? null : Number(q.startTime),
          end: q.endTime === undefined ? null : Number(q.endTime),
        };
        const limit = countOf(q.limit, 20, 100);
        const found = ended
          ? (
              await plans.history(userId, filter, {
                pageNo: 1,
                pageSize: 500,
                offset: 0,
                limit: 500,
              })
            ).items
          : await plans.current(userId, filter);
        const below = found.filter(
          (p) => q.idLessThan === undefined || BigInt(p.planId) < BigInt(q.idLessThan),
        );
        const page = below.slice(0, limit).map(planOf);
        return {
          nextFlag: below.length > limit,
          idLessThan: page.at(-1)?.orderId ?? null,
          orderList: page,
        };
      },
    );
  list('The key’s waiting spot trigger orders, newest first', false);
  list('The key’s spot trigger orders that ended, newest first', true);
}
