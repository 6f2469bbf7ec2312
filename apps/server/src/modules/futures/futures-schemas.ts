/**
 * JSON schemas of the perpetuals' routes: the fields a request may carry,
 * and the answers as core's futures-api.ts declares them. An answer is
 * serialised through its schema, which drops any property it does not
 * name, so each lists every field of its core type.
 */
import type { RouteShorthandOptions } from 'fastify';
import { commonQuery, envelopeOf, epochMs, errorEnvelope } from '../../kernel/http/schemas';
import { pagedQueryWith } from '../../kernel/http/paging';

// ----- requests -----------------------------------------------------------------

/** A perpetual's symbol or its pair: `BTCUSDT_PERP`, `BTCUSDT`, `SBTCSUSDT_PERP`. */
export const symbolField = {
  type: 'string',
  minLength: 1,
  maxLength: 30,
  pattern: '^[A-Z0-9_]{1,30}$',
} as const;
export const idField = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9]{1,20}$',
} as const;
export const sideField = { type: 'string', enum: ['buy', 'sell'] } as const;
export const positionSideField = { type: 'integer', enum: [1, 2] } as const;
export const orderTypeField = { type: 'string', enum: ['limit', 'market'] } as const;
export const triggerField = { type: 'string', enum: ['mark', 'last'] } as const;
/** A TP or SL price; '' clears it. */
export const tpslPriceField = { type: 'string', maxLength: 40 } as const;

/** The options of a route that needs a session, from its summary and schemas. */
export type PrivateRoute = (summary: string, schema: object) => RouteShorthandOptions;

/** A JSON body: these fields only. */
export function body(required: string[], properties: Record<string, object>) {
  return { type: 'object', required, additionalProperties: false, properties } as const;
}

/** No body, or one naming a perpetual (every perpetual of the side when absent). */
export const symbolOnlyBody = {
  type: ['object', 'null'],
  additionalProperties: false,
  properties: { symbol: symbolField },
} as const;

/** commonQuery plus the route's own fields. */
export function query(properties: Record<string, object>, required: string[] = []) {
  return {
    ...commonQuery,
    ...(required.length > 0 ? { required } : {}),
    properties: { ...commonQuery.properties, ...properties },
  } as const;
}

/** A records query: one perpetual or all, a time range, and the page. */
export function recordsQuery(extra: Record<string, object> = {}) {
  return pagedQueryWith({ symbol: symbolField, begin: epochMs, end: epochMs, ...extra });
}

// ----- answers ------------------------------------------------------------------

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;

/** An object whose every property is required. */
function shape(properties: Record<string, object>) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

export const perpMarketSchema = shape({
  symbol: text,
  base: text,
  quote: text,
  tickSize: text,
  lotSize: text,
  minNotional: text,
  makerFeeRate: text,
  takerFeeRate: text,
  pricePrecision: integer,
  quantityPrecision: integer,
  depthSteps: { type: 'array', items: text },
  marketPriceBandRate: text,
  pair: text,
  maxLeverage: integer,
  tiers: {
    type: 'array',
    items: shape({
      maxNotional: text,
      maxLeverage: integer,
      maintenanceRate: text,
      maintenanceAmount: text,
    }),
  },
  fundingIntervalMs: integer,
});

export const markSchema = shape({
  symbol: text,
  markPrice: text,
  indexPrice: text,
  lastPrice: text,
  fundingRate: text,
  lastFundingRate: text,
  interestRate: text,
  nextFundingTime: integer,
  fundingIntervalMs: integer,
  time: integer,
});

export const fundingRateSchema = shape({
  symbol: text,
  rate: text,
  markPrice: text,
  time: integer,
});

export const protectionFundSchema = shape({
  coin: text,
  balance: text,
  history: { type: 'array', items: shape({ time: integer, balance: text }) },
  events: {
    type: 'array',
    items: shape({
      id: text,
      kind: text,
      symbol: text,
      amount: text,
      balanceAfter: text,
      time: integer,
    }),
  },
});

export const accountSchema = shape({
  coin: text,
  positionMode: integer,
  walletBalance: text,
  unrealisedPnl: text,
  marginBalance: text,
  positionMargin: text,
  orderMargin: text,
  availableBalance: text,
  maxTransferable: text,
  maintenanceMargin: text,
  marginRatio: text,
});

export const settingsSchema = shape({
  symbol: text,
  positionMode: integer,
  marginMode: integer,
  longLeverage: integer,
  shortLeverage: integer,
  maxLeverage: integer,
});

export const positionSchema = shape({
  positionId: text,
  symbol: text,
  side: integer,
  marginMode: integer,
  openLevel: text,
  openAvgPrice: text,
  positionsOpenAvgPrice: text,
  openDealCount: text,
  closeDealCount: text,
  count: text,
  openMarginCount: text,
  positionsOpenMarginCount: text,
  positionsCount: text,
  positionsLevel: text,
  achievedProfits: text,
  markPrice: text,
  unrealisedPnl: text,
  liquidationPrice: text,
  maintenanceMargin: text,
  marginRatio: text,
  breakEvenPrice: text,
  takeProfitPrice: text,
  stopLossPrice: text,
  tpSlTrigger: text,
  createdAt: integer,
  updatedAt: integer,
});

export const orderSchema = shape({
  orderId: text,
  clientOrderId: nullableText,
  symbol: text,
  side: text,
  positionSide: integer,
  reduceOnly: boolean,
  type: text,
  timeInForce: nullableText,
  price: text,
  quantity: text,
  filledQuantity: text,
  avgPrice: text,
  leverage: text,
  marginMode: integer,
  realisedPnl: text,
  fee: text,
  status: text,
  cancelReason: nullableText,
  source: text,
  takeProfitPrice: text,
  stopLossPrice: text,
  createdAt: integer,
  updatedAt: integer,
});

export const fillSchema = shape({
  fillId: text,
  orderId: text,
  symbol: text,
  side: text,
  positionSide: integer,
  role: text,
  price: text,
  quantity: text,
  realisedPnl: text,
  fee: text,
  time: integer,
});

export const planSchema = shape({
  planId: text,
  kind: text,
  symbol: text,
  side: text,
  positionSide: integer,
  triggerPrice: text,
  triggerBy: text,
  type: text,
  price: text,
  quantity: text,
  reduceOnly: boolean,
  status: text,
  orderId: text,
  failCode: text,
  callbackRate: text,
  activationPrice: text,
  trailingPrice: text,
  createdAt: integer,
  updatedAt: integer,
});

export const fundingPaymentSchema = shape({
  symbol: text,
  positionSide: integer,
  amount: text,
  rate: text,
  positionSize: text,
  markPrice: text,
  time: integer,
});

export const billSchema = shape({
  id: text,
  type: text,
  symbol: text,
  amount: text,
  coin: text,
  time: integer,
});

export const countSchema = (name: 'closed' | 'cancelled') => shape({ [name]: integer });

export const listOf = (item: object) => ({ type: 'array', items: item }) as const;

/** The answers of a route: its data in the envelope, and the refusals. */
export function responses(data: object) {
  return { 200: envelopeOf(data), 400: errorEnvelope, 429: errorEnvelope, 503: errorEnvelope };
}
