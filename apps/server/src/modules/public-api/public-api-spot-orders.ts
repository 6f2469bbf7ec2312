/**
 * A Bitget spot order as Quay's spot service takes it: the body's schema
 * (place-order, and each order of batch-orders), its translation, and the
 * answer naming the order.
 */
import type { PlaceSpotOrder, PublicPlaceOrder, SpotTimeInForce } from '@quay/core';
import { appError } from '../../kernel/app-error';
import { decimalField } from '../../kernel/http/schemas';
import { clientOidField, symbolField, text } from './public-api-kit';
import type { PublicApiServices } from './public-api-services';

/** Bitget's time in force, in either case (its documentation spells both). */
const FORCES: Record<string, SpotTimeInForce> = {
  gtc: 'GTC',
  post_only: 'POST_ONLY',
  fok: 'FOK',
  ioc: 'IOC',
};
const forceField = {
  type: 'string',
  enum: [...Object.keys(FORCES), ...Object.keys(FORCES).map((f) => f.toUpperCase())],
};

/** The body of a spot order (place-order, and each of batch-orders). */
export const placeOrderBody = {
  type: 'object',
  required: ['symbol', 'side', 'orderType', 'size'],
  additionalProperties: false,
  properties: {
    symbol: symbolField,
    side: { type: 'string', enum: ['buy', 'sell'] },
    orderType: { type: 'string', enum: ['limit', 'market'] },
    force: forceField,
    price: decimalField,
    size: decimalField,
    clientOid: clientOidField,
  },
} as const;

export const orderAnswer = {
  type: 'object',
  required: ['orderId', 'clientOid'],
  properties: { orderId: text, clientOid: { type: ['string', 'null'] } },
} as const;

/** A Bitget order as the spot service takes it: a market buy's size is the quote amount to spend. */
export function toSpotOrder(body: PublicPlaceOrder, symbolName: string): PlaceSpotOrder {
  const order: PlaceSpotOrder = { symbol: symbolName, side: body.side, type: body.orderType };
  if (body.clientOid !== undefined) order.clientOrderId = body.clientOid;
  if (body.orderType === 'limit') {
    if (body.price === undefined) throw appError('FIELD_MISSING', { field: 'price' });
    return {
      ...order,
      price: body.price,
      quantity: body.size,
      timeInForce: FORCES[(body.force ?? 'gtc').toLowerCase()] ?? 'GTC',
    };
  }
  if (body.price !== undefined) throw appError('ORDER_TYPE_INVALID', { detail: 'price' });
  return body.side === 'buy'
    ? { ...order, quoteAmount: body.size }
    : { ...order, quantity: body.size };
}

/** A real spot market's symbol, or MARKET_UNKNOWN (a demo twin is unknown here). */
export function realSpotSymbol(services: PublicApiServices, name: string): string {
  const market = services.spotMarkets.resolve(name.toUpperCase(), 'real');
  if (!market) throw appError('MARKET_UNKNOWN');
  return market.config.symbol;
}
