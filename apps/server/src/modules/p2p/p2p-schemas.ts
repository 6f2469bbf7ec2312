/**
 * JSON schemas of the P2P routes: the fields a request may carry, and the
 * answers as core's p2p-api.ts declares them (an answer is serialised
 * through its schema, so each names every field of its core type).
 */
import { VERIFY_CODE_PATTERN } from '@quay/core';
import {
  P2P_FIATS,
  P2P_MESSAGE_MAX,
  P2P_PAYMENT_KINDS,
  P2P_PRICE_TYPES,
  P2P_REQUIRED_DAYS_MAX,
  P2P_REQUIRED_ORDERS_MAX,
  P2P_SIDES,
  P2P_TERMS_MAX,
  P2P_TIME_LIMITS_MIN,
} from '@quay/core/p2p';
import { commonQuery, decimalField, envelopeOf, errorEnvelope } from '../../kernel/http/schemas';
import { IMAGE_BASE64_MAX } from './p2p-images';

const factorCode = { type: 'string', minLength: 6, maxLength: 6, pattern: VERIFY_CODE_PATTERN };
export const factorCodes = {
  googleCode: factorCode,
  emailCode: factorCode,
  mobileCode: factorCode,
};
export const idField = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
export const sideField = { type: 'string', enum: [...P2P_SIDES] } as const;
export const fiatField = { type: 'string', enum: [...P2P_FIATS] } as const;
export const kindField = { type: 'string', enum: [...P2P_PAYMENT_KINDS] } as const;
export const coinField = {
  type: 'string',
  minLength: 1,
  maxLength: 12,
  pattern: '^[A-Z0-9]{1,12}$',
};
export const fiatAmountField = { type: 'string', minLength: 1, maxLength: 16 };
export const amountField = decimalField;

export const publishFields = {
  side: sideField,
  coin: coinField,
  fiat: fiatField,
  priceType: { type: 'string', enum: [...P2P_PRICE_TYPES] },
  price: fiatAmountField,
  margin: { type: 'string', minLength: 1, maxLength: 8 },
  total: amountField,
  minFiat: fiatAmountField,
  maxFiat: fiatAmountField,
  paymentMethodIds: { type: 'array', minItems: 1, maxItems: 10, items: idField },
  timeLimitMin: { type: 'integer', enum: [...P2P_TIME_LIMITS_MIN] },
  terms: { type: 'string', maxLength: P2P_TERMS_MAX },
  minRegisteredDays: { type: 'integer', minimum: 0, maximum: P2P_REQUIRED_DAYS_MAX },
  minCompletedOrders: { type: 'integer', minimum: 0, maximum: P2P_REQUIRED_ORDERS_MAX },
};

/** An edit: the fields of publishing but side, coin and fiat, and the ad's id. */
export const editFields = (() => {
  const { side: _side, coin: _coin, fiat: _fiat, ...rest } = publishFields;
  return { advId: idField, ...rest };
})();

/** An image as base64 (its bytes are checked by p2p-images.ts). */
export const imageField = { type: 'string', minLength: 1, maxLength: IMAGE_BASE64_MAX + 4 };
/** A request carrying an image: room for the base64 text and the rest of the body. */
export const IMAGE_BODY_LIMIT = IMAGE_BASE64_MAX + 4096;
export const messageField = { type: 'string', minLength: 1, maxLength: P2P_MESSAGE_MAX };

/** A JSON object of exactly these fields, `required` among them. */
export const body = (required: string[], properties: Record<string, object>) =>
  ({ required, properties, type: 'object', additionalProperties: false }) as const;

/** The route's own query fields beside the envelope's common ones. */
export const query = (properties: Record<string, object>, required: string[] = []) => ({
  ...commonQuery,
  ...(required.length > 0 ? { required } : {}),
  properties: { ...commonQuery.properties, ...properties },
});

const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const nullableInteger = { type: ['integer', 'null'] } as const;

function shape(properties: Record<string, object>) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}

export const listOf = (item: object) => ({ type: 'array', items: item }) as const;

export const paymentMethodSchema = shape({
  id: text,
  kind: text,
  name: text,
  account: text,
  createdAt: integer,
});
const merchantRef = shape({ userId: text, name: text });

export const adSchema = shape({
  id: text,
  merchant: merchantRef,
  side: text,
  coin: text,
  fiat: text,
  priceType: text,
  price: text,
  margin: text,
  total: text,
  remaining: text,
  minFiat: text,
  maxFiat: text,
  paymentKinds: listOf(text),
  timeLimitMin: integer,
  terms: text,
  status: text,
  createdAt: integer,
  minRegisteredDays: integer,
  minCompletedOrders: integer,
});

export const orderSchema = shape({
  id: text,
  advId: text,
  role: text,
  counterparty: merchantRef,
  coin: text,
  fiat: text,
  price: text,
  amount: text,
  fiatAmount: text,
  status: text,
  cancelReason: text,
  createdAt: integer,
  expiresAt: integer,
  paidAt: nullableInteger,
  finishedAt: nullableInteger,
  paymentMethods: listOf(paymentMethodSchema),
  appealReason: text,
  evidence: listOf(shape({ fileId: text, from: text, createdAt: integer })),
  myFeedback: text,
});

export const fileSchema = shape({ id: text, type: text, data: text });

export const messageSchema = shape({
  id: text,
  orderId: text,
  from: text,
  text,
  imageId: text,
  createdAt: integer,
});

export const merchantSchema = shape({
  userId: text,
  name: text,
  completed30d: integer,
  completionRate: text,
  avgReleaseMin: text,
  avgPayMin: text,
  positiveRate: text,
  feedbackCount: integer,
  registeredDays: integer,
});

/** A route's data in the envelope, or a refusal. */
export const responses = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
});
