/**
 * Futures trigger orders in Bitget's v2 words, for USDT-FUTURES: plan orders
 * (`normal_plan`, a trigger then a limit or market order; `track_plan`, a
 * trailing stop), the position's take-profit and stop-loss (`pos_profit`,
 * `pos_loss`), the waiting ones and their cancelling. The futures service's
 * plans and position TP/SL are the web's, so the same host triggers them.
 */
import {
  POSITION_MODE,
  POSITION_SIDE,
  PUBLIC_API_CODES,
  type FuturesPlan,
  type FuturesPosition,
  type PlaceFuturesPlan,
  type PositionMode,
  type TriggerPriceType,
  pairOfPerp,
} from '@quay/core';
import { appError } from '../../kernel/app-error';
import { decimalField } from '../../kernel/http/schemas';
import { serverMessage } from '../../kernel/messages';
import { quaySidesOf } from './public-api-bitget';
import {
  clientOidField,
  decimalOrNumber,
  decimalTextOf,
  fields,
  isQuayProduct,
  listOf,
  orderIdField,
  productTypeField,
  query,
  symbolField,
  type ApiKit,
} from './public-api-kit';
import { mixHelpers } from './public-api-mix-routes';

const triggerTypeField = { type: 'string', enum: ['mark_price', 'fill_price'] };
const triggerByOf = (name: string | undefined): TriggerPriceType =>
  name === 'fill_price' ? 'last' : 'mark';
const coinField = { type: 'string', maxLength: 16, pattern: '^[A-Za-z0-9]{1,16}$' };

const PLAN_STATUS: Record<FuturesPlan['status'], string> = {
  WAITING: 'live',
  TRIGGERED: 'executed',
  CANCELED: 'cancelled',
  FAILED: 'fail_execute',
};
const PLAN_TYPES: Record<FuturesPlan['kind'], string> = {
  plan: 'normal_plan',
  trailing: 'track_plan',
  tp: 'pos_profit',
  sl: 'pos_loss',
};

interface PlanBody {
  planType: 'normal_plan' | 'track_plan';
  symbol: string;
  productType: string;
  marginMode: 'crossed' | 'isolated';
  marginCoin: string;
  size: string;
  price?: string;
  executePrice?: string;
  callbackRatio?: string | number;
  triggerPrice?: string | number;
  triggerType?: string;
  side: 'buy' | 'sell';
  tradeSide?: string;
  orderType: 'limit' | 'market';
  clientOid?: string;
  reduceOnly?: string;
}
interface TpSlBody {
  marginCoin: string;
  productType: string;
  symbol: string;
  planType: 'pos_profit' | 'pos_loss';
  triggerPrice: string | number;
  triggerType?: string;
  executePrice?: string;
  holdSide: string;
  clientOid?: string;
}

export function planOf(p: FuturesPlan, coin: string, posMode: PositionMode) {
  return {
    planType: PLAN_TYPES[p.kind],
    symbol: pairOfPerp(p.symbol),
    size: p.quantity,
    orderId: p.planId,
    clientOid: null,
    price: p.type === 'limit' ? p.price : '0',
    executePrice: p.type === 'limit' ? p.price : '0',
    callbackRatio: p.callbackRate === '' ? null : p.callbackRate,
    triggerPrice: p.kind === 'trailing' ? p.activationPrice || null : p.triggerPrice,
    triggerType: p.triggerBy === 'last' ? 'fill_price' : 'mark_price',
    planStatus: PLAN_STATUS[p.status],
    side: p.side,
    posSide: posMode === POSITION_MODE.hedge ? (p.positionSide === 1 ? 'long' : 'short') : 'net',
    marginCoin: coin,
    enterPointSource: 'API',
    tradeSide: p.reduceOnly ? 'close' : 'open',
    posMode: posMode === POSITION_MODE.hedge ? 'hedge_mode' : 'one_way_mode',
    orderType: p.type,
    executeOrderId: p.orderId || null,
    cTime: String(p.createdAt),
    uTime: String(p.updatedAt),
  };
}

/** A position's take-profit and stop-loss as Bitget lists them: pos_profit and pos_loss, named by the position. */
function positionTpSlOf(p: FuturesPosition, coin: string, posMode: PositionMode) {
  const long = p.side === POSITION_SIDE.long;
  const entry = (planType: string, triggerPrice: string) => ({
    planType,
    symbol: pairOfPerp(p.symbol),
    size: p.count,
    orderId: p.positionId,
    clientOid: null,
    price: '0',
    executePrice: '0',
    callbackRatio: null,
    triggerPrice,
    triggerType: p.tpSlTrigger === 'last' ? 'fill_price' : 'mark_price',
    planStatus: 'live',
    side: long ? 'sell' : 'buy',
    posSide: posMode === POSITION_MODE.hedge ? (long ? 'long' : 'short') : 'net',
    marginCoin: coin,
    enterPointSource: 'API',
    tradeSide: 'close',
    posMode: posMode === POSITION_MODE.hedge ? 'hedge_mode' : 'one_way_mode',
    orderType: 'market',
    executeOrderId: null,
    cTime: String(p.createdAt),
    uTime: String(p.updatedAt),
  });
  return [
    ...(p.takeProfitPrice ? [entry('pos_profit', p.takeProfitPrice)] : []),
    ...(p.stopLossPrice ? [entry('pos_loss', p.stopLossPrice)] : []),
  ];
}

export function planRoutes({ services, signedGet, signedPost }: ApiKit): void {
  const { futures } = services;
  const { perpOf, coin, posModeOf, ensureMarginMode } = mixHelpers(services);
  const answer = fields(['orderId', 'clientOid']);

  signedPost<PlanBody>(
    '/mix/order/place-plan-order',
    {
      summary: 'Place a trigger order (normal_plan) or a trailing stop (track_plan)',
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['planType', 'symbol', 'productType', 'marginMode', 'marginCoin', 'size'],
        properties: {
          planType: { type: 'string', enum: ['normal_plan', 'track_plan'] },
          symbol: symbolField,
          productType: productTypeField,
          marginMode: { type: 'string', enum: ['crossed', 'isolated'] },
          marginCoin: coinField,
          size: decimalField,
          price: decimalField,
          executePrice: decimalField,
          callbackRatio: decimalOrNumber,
          triggerPrice: decimalOrNumber,
          triggerType: triggerTypeField,
          side: { type: 'string', enum: ['buy', 'sell'] },
          tradeSide: { type: 'string', enum: ['open', 'close', 'Open', 'Close'] },
          orderType: { type: 'string', enum: ['limit', 'market'] },
          // A triggered limit order rests until filled or cancelled: GTC is the only time in force.
          force: { type: 'string', enum: ['gtc', 'GTC'] },
          clientOid: clientOidField,
          reduceOnly: { type: 'string', enum: ['YES', 'NO'] },
        },
      },
      data: answer,
      perSecond: 10,
    },
    async (request, userId) => {
      const body = request.body;
      const perp = perpOf(body.productType, body.symbol);
      await ensureMarginMode(userId, perp.config.symbol, body.marginMode);
      const sides = quaySidesOf(posModeOf(userId) === POSITION_MODE.hedge, body);
      const common = {
        symbol: perp.config.symbol,
        quantity: body.size,
        triggerBy: triggerByOf(body.triggerType),
        ...sides,
      };
      let plan: PlaceFuturesPlan;
      if (body.planType === 'track_plan') {
        if (body.callbackRatio === undefined) {
          throw appError('FIELD_MISSING', { field: 'callbackRatio' });
        }
        plan = {
          kind: 'trailing',
          ...common,
          callbackRate: decimalTextOf(body.callbackRatio),
          ...(body.triggerPrice !== undefined
            ? { activationPrice: decimalTextOf(body.triggerPrice) }
            : {}),
        };
      } else {
        if (body.triggerPrice === undefined) {
          throw appError('FIELD_MISSING', { field: 'triggerPrice' });
        }
        const price = body.price ?? body.executePrice;
        plan = {
          kind: 'plan',
          ...common,
          triggerPrice: decimalTextOf(body.triggerPrice),
          type: body.orderType,
          ...(body.orderType === 'limit' && price !== undefined ? { price } : {}),
        };
      }
      const placed = await futures.trading.placePlan(userId, 'real', plan);
      return { orderId: placed.planId, clientOid: body.clientOid ?? null };
    },
  );

  signedPost<TpSlBody>(
    '/mix/order/place-tpsl-order',
    {
      summary: 'Set the take-profit (pos_profit) or stop-loss (pos_loss) of a whole position',
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['marginCoin', 'productType', 'symbol', 'planType', 'triggerPrice', 'holdSide'],
        properties: {
          marginCoin: coinField,
          productType: productTypeField,
          symbol: symbolField,
          planType: { type: 'string', enum: ['pos_profit', 'pos_loss'] },
          triggerPrice: decimalOrNumber,
          triggerType: triggerTypeField,
          executePrice: { type: 'string', enum: ['0'] },
          holdSide: { type: 'string', enum: ['long', 'short', 'buy', 'sell'] },
          // A position's TP/SL covers all of it: a size or order type sent along changes nothing.
          size: decimalField,
          orderType: { type: 'string', enum: ['limit', 'market'] },
          force: { type: 'string', enum: ['gtc', 'GTC'] },
          clientOid: clientOidField,
        },
      },
      data: answer,
      perSecond: 10,
    },
    async (request, userId) => {
      const body = request.body;
      const perp = perpOf(body.productType, body.symbol);
      // One-way positions name their side buy (a long) or sell (a short).
      const positionSide =
        body.holdSide === 'long' || body.holdSide === 'buy'
          ? POSITION_SIDE.long
          : POSITION_SIDE.short;
      const profit = body.planType === 'pos_profit';
      const positions = await futures.trading.setTpSl(userId, 'real', {
        symbol: perp.config.symbol,
        positionSide,
        ...(profit
          ? { takeProfitPrice: decimalTextOf(body.triggerPrice) }
          : { stopLossPrice: decimalTextOf(body.triggerPrice) }),
        tpSlTrigger: triggerByOf(body.triggerType),
      });
      // A position's TP/SL is kept on the position: its id names them.
      const position = positions.find(
        (p) => p.symbol === perp.config.symbol && p.side === positionSide,
      );
      if (!position) throw appError('ORDER_NOT_FOUND');
      return { orderId: position.positionId, clientOid: body.clientOid ?? null };
    },
  );

  signedGet<{ productType: string; planType: string; symbol?: string; orderId?: string }>(
    '/mix/order/orders-plan-pending',
    {
      summary: 'The waiting trigger orders (normal_plan, track_plan) or TP/SL (profit_loss)',
      input: query(
        {
          productType: productTypeField,
          planType: { type: 'string', enum: ['normal_plan', 'track_plan', 'profit_loss'] },
          symbol: symbolField,
          orderId: orderIdField,
          clientOid: clientOidField,
          idLessThan: orderIdField,
          startTime: { type: 'string', pattern: '^[0-9]{1,13}$' },
          endTime: { type: 'string', pattern: '^[0-9]{1,13}$' },
          limit: { type: 'string', pattern: '^[1-9][0-9]{0,2}$' },
        },
        ['productType', 'planType'],
      ),
      data: fields(['endId'], {
        entrustedList: listOf({ type: 'object', additionalProperties: true }),
      }),
      perSecond: 10,
    },
    async (request, userId) => {
      const q = request.query;
      if (!isQuayProduct(q.productType)) return { entrustedList: [], endId: null };
      const symbol =
        q.symbol === undefined ? undefined : perpOf(q.productType, q.symbol).config.symbol;
      const mode = posModeOf(userId);
      if (q.planType === 'profit_loss') {
        const guarded = futures.trading
          .positions(userId, 'real')
          .filter((p) => symbol === undefined || p.symbol === symbol)
          .filter((p) => q.orderId === undefined || p.positionId === q.orderId)
          .flatMap((p) => positionTpSlOf(p, coin(), mode));
        return { entrustedList: guarded, endId: guarded.at(-1)?.orderId ?? null };
      }
      const kind = q.planType === 'track_plan' ? 'trailing' : 'plan';
      const list = futures.trading
        .openPlans(userId, 'real', symbol)
        .filter((p) => p.kind === kind && (q.orderId === undefined || p.planId === q.orderId))
        .map((p) => planOf(p, coin(), mode));
      return { entrustedList: list, endId: list.at(-1)?.orderId ?? null };
    },
  );

  signedPost<{
    productType: string;
    symbol?: string;
    marginCoin?: string;
    planType?: string;
    orderIdList: Array<{ orderId?: string; clientOid?: string }>;
  }>(
    '/mix/order/cancel-plan-order',
    {
      summary: 'Cancel waiting trigger orders by id',
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['productType', 'orderIdList'],
        properties: {
          productType: productTypeField,
          symbol: symbolField,
          marginCoin: coinField,
          planType: { type: 'string', maxLength: 20 },
          orderIdList: {
            type: 'array',
            minItems: 1,
            maxItems: 50,
            items: {
              type: 'object',
              additionalProperties: false,
              required: ['orderId'],
              properties: { orderId: orderIdField, clientOid: clientOidField },
            },
          },
        },
      },
      data: fields([], {
        successList: listOf(fields(['orderId', 'clientOid'])),
        failureList: listOf(fields(['orderId', 'clientOid', 'errorCode', 'errorMsg'])),
      }),
      perSecond: 10,
    },
    async (request, userId) => {
      const body = request.body;
      if (!isQuayProduct(body.productType)) throw appError('MARKET_UNKNOWN');
      const open = futures.trading.openPlans(userId, 'real');
      const successList: Array<{ orderId: string; clientOid: string | null }> = [];
      const failureList: Array<{
        orderId: string;
        clientOid: string | null;
        errorCode: string;
        errorMsg: string;
      }> = [];
      for (const item of body.orderIdList) {
        const guarded = futures.trading
          .positions(userId, 'real')
          .find((p) => p.positionId === item.orderId);
        if (guarded) {
          // A position's TP/SL: both cleared, as cancelling Bitget's pos_profit/pos_loss does.
          await futures.trading.setTpSl(userId, 'real', {
            symbol: guarded.symbol,
            positionSide: guarded.side,
            ...(guarded.takeProfitPrice ? { takeProfitPrice: '' } : {}),
            ...(guarded.stopLossPrice ? { stopLossPrice: '' } : {}),
          });
          successList.push({ orderId: guarded.positionId, clientOid: item.clientOid ?? null });
          continue;
        }
        const plan = open.find((p) => p.planId === item.orderId);
        if (!plan) {
          failureList.push({
            orderId: item.orderId ?? '',
            clientOid: item.clientOid ?? null,
            errorCode: PUBLIC_API_CODES.ORDER_NOT_FOUND ?? '43001',
            errorMsg: serverMessage('ORDER_NOT_FOUND', request.locale ?? 'en'),
          });
          continue;
        }
        await futures.trading.cancelPlan(userId, 'real', plan.symbol, plan.planId);
        successList.push({ orderId: plan.planId, clientOid: item.clientOid ?? null });
      }
      return { successList, failureList };
    },
  );
}
