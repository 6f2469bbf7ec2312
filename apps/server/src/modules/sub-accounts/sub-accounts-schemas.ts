/** Request and answer schemas of the sub-account routes. */
import type { preHandlerAsyncHookHandler } from 'fastify';
import {
  ANTI_PHISHING_PATTERN,
  API_KEY_LABEL_MAX,
  API_KEY_MAX_IPS,
  API_KEY_SCOPES,
  VERIFY_CODE_PATTERN,
} from '@quay/core';
import { SUB_ACCOUNT_NAME_PATTERN } from '@quay/core/sub-accounts';
import {
  commonQuery,
  decimalField,
  envelopeOf,
  errorEnvelope,
  sessionHeaders,
} from '../../kernel/http/schemas';

const text = { type: 'string' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const integer = { type: 'integer' } as const;

/** A public user id, as users are shown. */
export const userIdField = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9]{1,20}$',
};
export const nameField = {
  type: 'string',
  minLength: 4,
  maxLength: 16,
  pattern: SUB_ACCOUNT_NAME_PATTERN,
};
export const coinField = {
  type: 'string',
  minLength: 1,
  maxLength: 12,
  pattern: '^[A-Z0-9]{1,12}$',
};
export const amountField = decimalField;
export const antiPhishingField = {
  type: 'string',
  minLength: 4,
  maxLength: 20,
  pattern: ANTI_PHISHING_PATTERN,
};
export const sessionIdField = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[0-9a-f]{1,64}$',
};
export const apiKeyField = {
  type: 'string',
  minLength: 1,
  maxLength: 64,
  pattern: '^[A-Za-z0-9_]{1,64}$',
};
const factorCode = { type: 'string', minLength: 6, maxLength: 6, pattern: VERIFY_CODE_PATTERN };

export const subApiKeyBody = {
  type: 'object',
  required: ['subUserId', 'label', 'scopes', 'ips', 'passphrase'],
  additionalProperties: false,
  properties: {
    subUserId: userIdField,
    label: {
      type: 'string',
      minLength: 1,
      maxLength: API_KEY_LABEL_MAX,
      pattern: '^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]+$',
    },
    scopes: {
      type: 'array',
      maxItems: API_KEY_SCOPES.length,
      items: { type: 'string', maxLength: 16 },
    },
    ips: {
      type: 'array',
      maxItems: API_KEY_MAX_IPS,
      items: { type: 'string', minLength: 1, maxLength: 64 },
    },
    passphrase: { type: 'string', minLength: 1, maxLength: 64 },
    googleCode: factorCode,
    emailCode: factorCode,
    mobileCode: factorCode,
  },
} as const;

/** A JSON body of these fields only, all required. */
export function body(properties: Record<string, object>) {
  return {
    type: 'object',
    additionalProperties: false,
    required: Object.keys(properties),
    properties,
  } as const;
}

/** A query string: the envelope's common fields and the sub asked about. */
export const subQuery = {
  ...commonQuery,
  properties: { ...commonQuery.properties, subUserId: userIdField },
  required: ['subUserId'],
} as const;

export const responses = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
});

/** Options of a route behind the session gate: its checks and its documentation. */
export function privateRoutes(
  auth: preHandlerAsyncHookHandler,
  query: object | null = commonQuery,
) {
  return (summary: string, schema: object) => ({
    preHandler: auth,
    schema: {
      ...(query ? { querystring: query } : {}),
      ...schema,
      summary,
      tags: ['sub-accounts'],
      headers: sessionHeaders,
      security: [{ session: [] }],
    },
  });
}

export const subAccountSchema = {
  type: 'object',
  required: ['userId', 'name', 'email', 'status', 'createdAt', 'totalUsdt', 'assets'],
  properties: {
    userId: text,
    name: text,
    email: text,
    status: text,
    createdAt: integer,
    totalUsdt: text,
    assets: {
      type: 'array',
      items: {
        type: 'object',
        required: ['coin', 'available', 'frozen', 'usdt'],
        properties: { coin: text, available: text, frozen: text, usdt: text },
      },
    },
  },
} as const;

export const listSchema = {
  type: 'object',
  required: ['mainUserId', 'max', 'subs'],
  properties: { mainUserId: text, max: integer, subs: { type: 'array', items: subAccountSchema } },
} as const;

export const transferSchema = {
  type: 'object',
  required: ['id', 'fromUserId', 'toUserId', 'coin', 'amount', 'createdAt'],
  properties: {
    id: text,
    fromUserId: text,
    toUserId: text,
    coin: text,
    amount: text,
    createdAt: integer,
  },
} as const;

export const stateSchema = {
  type: 'object',
  required: ['isSub', 'switched', 'subName', 'mainUserId'],
  properties: {
    isSub: { type: 'boolean' },
    switched: { type: 'boolean' },
    subName: nullableText,
    mainUserId: nullableText,
  },
} as const;

export const settingsSchema = {
  type: 'object',
  required: ['userId', 'name', 'antiPhishingCode', 'sessions'],
  properties: {
    userId: text,
    name: text,
    antiPhishingCode: nullableText,
    sessions: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'ip', 'userAgent', 'firstSeenAt', 'lastSeenAt', 'expiresAt'],
        properties: {
          id: text,
          ip: nullableText,
          userAgent: nullableText,
          firstSeenAt: integer,
          lastSeenAt: integer,
          expiresAt: integer,
        },
      },
    },
  },
} as const;

export const loginPageSchema = {
  type: 'object',
  required: ['items', 'total', 'pageNo', 'pageSize'],
  properties: {
    total: integer,
    pageNo: integer,
    pageSize: integer,
    items: {
      type: 'array',
      items: {
        type: 'object',
        required: ['id', 'ip', 'userAgent', 'success', 'createdAt'],
        properties: {
          id: text,
          ip: nullableText,
          userAgent: nullableText,
          success: { type: 'boolean' },
          createdAt: integer,
        },
      },
    },
  },
} as const;

export const apiKeySchema = {
  type: 'object',
  required: ['apiKey', 'label', 'scopes', 'ips', 'status', 'createdAt', 'lastUsedAt'],
  properties: {
    apiKey: text,
    label: text,
    scopes: { type: 'array', items: text },
    ips: { type: 'array', items: text },
    status: text,
    createdAt: integer,
    lastUsedAt: { type: ['integer', 'null'] },
  },
} as const;
