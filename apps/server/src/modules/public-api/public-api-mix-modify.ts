/**
 * Bitget's `/mix/order/modify-order`: a resting futures limit order gets a
 * new price, size or preset TP/SL. As on Bitget, the order is cancelled and
 * a new one placed (a new orderId, `newClientOid` its client id), through
 * the futures service both times, so the same single writer and checks
 * apply. Its side, position side, reduce-only and time in force are kept;
 * the new size is the new order's whole size (default: what was left).
 */
import { Decimal, POSITION_MODE, type FuturesOrder, type PlaceFuturesOrder } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { decimalField } from '../../kernel/http/schemas';
import {
  clientOidField,
  orderIdField,
  productTypeField,
  symbolField,
  type ApiKit,
} from './public-api-kit';
import { mixHelpers } from './public-api-mix-routes';
import { orderAnswer } from './public-api-spot-orders';

const coinField = { type: 'string', maxLength: 16, pattern: '^[A-Za-z0-9]{1,16}$' };

interface Modify {
  symbol: string;
  productType: string;
  marginCoin?: string;
  orderId?: string;
  clientOid?: string;
  newClientOid?: string;
  newSize?: string;
  newPrice?: string;
  newPresetStopSurplusPrice?: string;
  newPresetStopLossPrice?: string;
}

export function mixModifyRoutes({ services, signedPost }: ApiKit): void {
  const { futures } = services;
  const { perpOf, posModeOf } = mixHelpers(services);

  signedPost<Modify>(
    '/mix/order/modify-order',
    {
      summary:
        'Modify a resting futures limit order: cancelled and placed again with the new price, size or TP/SL',
      input: {
        type: 'object',
        additionalProperties: false,
        required: ['symbol', 'productType'],
        properties: {
          symbol: symbolField,
          productType: productTypeField,
          marginCoin: coinField,
          orderId: orderIdField,
          clientOid: clientOidField,
          newClientOid: clientOidField,
          newSize: decimalField,
          newPrice: decimalField,
          newPresetStopSurplusPrice: decimalField,
          newPresetStopLossPrice: decimalField,
        },
      },
      data: orderAnswer,
      perSecond: 10,
    },
    async (request, userId) => {
      const body = request.body;
      const perp = perpOf(body.productType, body.symbol);
      if (body.marginCoin !== undefined && body.marginCoin.toUpperCase() !== perp.config.quote) {
        throw appError('COIN_UNKNOWN');
      }
      if (body.orderId === undefined && body.clientOid === undefined) {
        throw appError('FIELD_MISSING', { field: 'orderId' });
      }
      const changes = [
        body.newSize,
        body.newPrice,
        body.newPresetStopSurplusPrice,
        body.newPresetStopLossPrice,
      ];
      if (changes.every((c) => c === undefined)) {
        throw appError('FIELD_MISSING', { field: 'newPrice' });
      }
      const match = (o: FuturesOrder) =>
        body.orderId !== undefined
          ? o.orderId === body.orderId
          : o.clientOrderId === body.clientOid;
      const old = futures.trading.openOrders(userId, 'real', perp.config.symbol).find(match);
      if (!old || old.type !== 'limit') throw appError('ORDER_NOT_FOUND');

      const left = new Decimal(old.quantity).minus(old.filledQuantity || '0').toFixed();
      const order: PlaceFuturesOrder = {
        symbol: old.symbol,
        side: old.side,
        type: 'limit',
        price: body.newPrice ?? old.price,
        quantity: body.newSize ?? left,
        timeInForce: old.timeInForce ?? 'GTC',
      };
      if (posModeOf(userId) === POSITION_MODE.hedge) order.positionSide = old.positionSide;
      else if (old.reduceOnly) order.reduceOnly = true;
      const takeProfit = body.newPresetStopSurplusPrice ?? old.takeProfitPrice;
      const stopLoss = body.newPresetStopLossPrice ?? old.stopLossPrice;
      if (takeProfit) order.takeProfitPrice = takeProfit;
      if (stopLoss) order.stopLossPrice = stopLoss;
      if (body.newClientOid !== undefined) order.clientOrderId = body.newClientOid;

      await futures.trading.cancelOrder(userId, 'real', old.symbol, old.orderId);
      const placed = await futures.trading.placeOrder(userId, 'real', order);
      return { orderId: placed.orderId, clientOid: placed.clientOrderId };
    },
  );
}
