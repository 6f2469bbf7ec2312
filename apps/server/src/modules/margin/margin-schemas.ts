/**
 * JSON schemas of the margin routes: the fields a request may carry, and the
 * answers as core's margin-api.ts declares them (an answer is serialised
 * through its schema, so each names every field of its core type).
 */
import { MARGIN_MODES, MARGIN_RECORD_KINDS, MARGIN_WALLETS } from '@quay/core';
import { commonQuery, decimalField, envelopeOf, errorEnvelope } from '../../kernel/http/schemas';
import { spotOrderSchema, spotSymbolField } from '../spot';

export const modeField = { type: 'string', enum: [...MARGIN_MODES] } as const;
export const walletField = { type: 'string', enum: [...MARGIN_WALLETS] } as const;
export const kindField = { type: 'string', enum: [...MARGIN_RECORD_KINDS] } as const;
export const coinField = {
  type: 'string',
  minLength: 1,
  maxLength: 12,
  pattern: '^[A-Z0-9]{1,12}$',
} as const;
export const symbolField = spotSymbolField;
export const orderIdField = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9]{1,20}$',
} as const;
export const amountField = decimalField;

/** A JSON body of these fields only, the `required` ones first. */
export function body(required: string[], properties: Record<string, object>) {
  return { additionalProperties: false, type: 'object', properties, required } as const;
}

/** A query string: the envelope's common fields and the route's own. */
export function query(properties: Record<string, object>, required: string[] = []) {
  const fields = { ...commonQuery.properties, ...properties };
  return required.length === 0
    ? { ...commonQuery, properties: fields }
    : { ...commonQuery, properties: fields, required };
}

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;
const boolean = { type: 'boolean' } as const;

function shape(properties: Record<string, object>) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

const levels = shape({ cross: text, isolated: text });

export const configSchema = shape({
  valuationCoin: text,
  crossMaxLeverage: integer,
  callLevel: levels,
  liquidationLevel: levels,
  liquidationFeeRate: text,
  coins: {
    type: 'array',
    items: shape({
      coin: text,
      dailyRate: text,
      hourlyRate: text,
      borrowCap: text,
      poolAvailable: text,
    }),
  },
  markets: {
    type: 'array',
    items: shape({
      symbol: text,
      base: text,
      quote: text,
      isolated: boolean,
      isolatedMaxLeverage: integer,
    }),
  },
});

export const accountSchema = shape({
  mode: text,
  symbol: nullableText,
  assets: {
    type: 'array',
    items: shape({
      coin: text,
      available: text,
      frozen: text,
      borrowed: text,
      interest: text,
      netAsset: text,
    }),
  },
  totalAsset: text,
  totalLiability: text,
  netAsset: text,
  marginLevel: text,
  riskRatio: text,
  status: text,
  callLevel: text,
  liquidationLevel: text,
  maxLeverage: integer,
  valuationCoin: text,
});

export const maxSchema = shape({ coin: text, amount: text });

export const marginOrderSchema = {
  ...spotOrderSchema,
  required: [
    ...spotOrderSchema.required,
    'mode',
    'autoBorrow',
    'autoRepay',
    'borrowed',
    'borrowCoin',
    'liquidation',
  ],
  properties: {
    ...spotOrderSchema.properties,
    mode: text,
    autoBorrow: boolean,
    autoRepay: boolean,
    borrowed: text,
    borrowCoin: text,
    liquidation: boolean,
  },
} as const;

export const recordSchema = shape({
  id: text,
  kind: text,
  mode: text,
  symbol: nullableText,
  coin: text,
  amount: text,
  principal: text,
  interest: text,
  fee: text,
  fundCovered: text,
  dailyRate: text,
  time: integer,
});

export const noticeSchema = shape({
  id: text,
  kind: text,
  mode: text,
  symbol: nullableText,
  marginLevel: text,
  callLevel: text,
  liquidationLevel: text,
  time: integer,
});

export const listOf = (item: object) => ({ type: 'array', items: item }) as const;

/** The answers of a route: its data in the envelope (200), and the refusals. */
export function responses(data: object) {
  const refusals = Object.fromEntries([400, 429, 503].map((status) => [status, errorEnvelope]));
  return { ...refusals, 200: envelopeOf(data) };
}
