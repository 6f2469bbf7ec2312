/**
 * What every route of the public API shares: its envelope schemas, the
 * per-key (or, for public data, per-address) rate limit of Bitget's
 * documentation, the key check with its scope, and Bitget's product types.
 */
import { PUBLIC_API_HEADERS, type ApiKeyScope } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { success } from './public-api-envelope';
import { appError } from '../../kernel/app-error';
import { decimalField } from '../../kernel/http/schemas';
import type { KeyCaller } from '../api-keys';
import type { PublicApiServices } from './public-api-services';

export const text = { type: 'string' } as const;
/** A figure that may be unknown yet (no trade, no mark): null then. */
export const maybe = { type: ['string', 'null'] } as const;

const envelopeOf = (data: object) => ({
  type: 'object',
  required: ['code', 'msg', 'requestTime', 'data'],
  properties: { code: text, msg: text, requestTime: { type: 'integer' }, data },
});
const refused = envelopeOf({ type: 'null' });

/** The answers of a route: its data in the envelope, or a refusal with null data. */
export const responses = (data: object) => ({
  200: envelopeOf(data),
  '4xx': refused,
  '5xx': refused,
});

/** An object of string fields (Bitget sends every figure as a string), some of them other types. */
export function fields(names: readonly string[], others: Record<string, object> = {}): object {
  const properties: Record<string, object> = {};
  for (const name of names) properties[name] = maybe;
  return { type: 'object', properties: { ...properties, ...others } };
}

export const listOf = (item: object) => ({ type: 'array', items: item });

/** A query of optional string parameters (query strings are not coerced), none other allowed. */
export function query(properties: Record<string, object>, required: string[] = []) {
  return { type: 'object', additionalProperties: false, required, properties };
}

export const symbolField = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[A-Za-z0-9]{1,20}$',
} as const;
export const orderIdField = {
  type: 'string',
  minLength: 1,
  maxLength: 20,
  pattern: '^[0-9]{1,20}$',
};
export const clientOidField = {
  type: 'string',
  minLength: 1,
  maxLength: 36,
  pattern: '^[A-Za-z0-9_-]{1,36}$',
};
/** Epoch milliseconds, as a string. */
export const msField = { type: 'string', maxLength: 13, pattern: '^[0-9]{1,13}$' } as const;
/** A count from 1 up, as a string; the route bounds it. */
export const countField = { type: 'string', maxLength: 4, pattern: '^[1-9][0-9]{0,3}$' } as const;

/** The product types of Bitget's futures; Quay lists USDT-margined perpetuals only. */
export const PRODUCT_TYPES = [
  'USDT-FUTURES',
  'COIN-FUTURES',
  'USDC-FUTURES',
  'SUSDT-FUTURES',
  'SCOIN-FUTURES',
  'SUSDC-FUTURES',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];
export const QUAY_PRODUCT: ProductType = 'USDT-FUTURES';
/** Bitget spells product types in either case. */
export const productTypeField = {
  type: 'string',
  maxLength: 16,
  pattern: `^(${PRODUCT_TYPES.join('|')}|${PRODUCT_TYPES.map((p) => p.toLowerCase()).join('|')})$`,
} as const;
export const isQuayProduct = (productType: string | undefined) =>
  productType?.toUpperCase() === QUAY_PRODUCT;

/**
 * A bound on the calls to one route, per second, as Bitget's documentation
 * states it: per key for signed routes, per address for public data.
 */
export function perSecond(max: number) {
  return {
    rateLimit: {
      max,
      timeWindow: 1000,
      keyGenerator: (request: FastifyRequest) => {
        const key = request.headers[PUBLIC_API_HEADERS.key];
        return typeof key === 'string' ? `key:${key.slice(0, 64)}` : `ip:${request.ip}`;
      },
    },
  };
}

/** The parameters of a route on the API: its key check and the caller it names. */
export interface ApiKit {
  api: FastifyInstance;
  services: PublicApiServices;
  now: () => number;
  /** A preValidation hook: the key is checked, with this scope. */
  gate(scope: ApiKeyScope): (request: FastifyRequest) => Promise<void>;
  /** The account the checked key belongs to. */
  userOf(request: FastifyRequest): string;
  /** A signed GET (scope read): its query, the data it answers, and how many calls a second a key may make. */
  signedGet<Q>(path: string, route: SignedRoute, handler: Handler<{ Querystring: Q }>): void;
  /** A signed POST (scope trade, unless the route names another). */
  signedPost<B>(path: string, route: SignedRoute, handler: Handler<{ Body: B }>): void;
}

export interface SignedRoute {
  summary: string;
  /** The query or body schema. */
  input: object;
  data: object;
  perSecond: number;
  scope?: ApiKeyScope;
}
type Handler<R extends { Querystring?: unknown; Body?: unknown }> = (
  request: FastifyRequest<R>,
  userId: string,
) => Promise<unknown>;

export function kitOf(
  api: FastifyInstance,
  services: PublicApiServices,
  now: () => number,
): ApiKit {
  const gate: ApiKit['gate'] = (scope) => async (request) => {
    request.keyCaller = await services.apiKeys.authenticate(
      {
        headers: request.headers,
        method: request.method,
        url: request.url,
        body: request.rawBody ?? '',
        ip: request.ip ?? null,
      },
      scope,
    );
  };
  const userOf = (request: FastifyRequest) => {
    const caller: KeyCaller | null = request.keyCaller;
    if (!caller) throw appError('API_KEY_MISSING');
    return caller.userRowId;
  };
  const options = (route: SignedRoute, scope: ApiKeyScope, input: 'querystring' | 'body') => ({
    config: perSecond(route.perSecond),
    preValidation: gate(route.scope ?? scope),
    schema: {
      tags: ['public-api'],
      summary: `${route.summary} (Bitget v2); scope ${route.scope ?? scope}`,
      [input]: route.input,
      response: responses(route.data),
    },
  });
  return {
    api,
    services,
    now,
    gate,
    userOf,
    signedGet(path, route, handler) {
      api.get(path, options(route, 'read', 'querystring'), async (request) =>
        success(await handler(request as never, userOf(request)), now()),
      );
    },
    signedPost(path, route, handler) {
      api.post(path, options(route, 'trade', 'body'), async (request) =>
        success(await handler(request as never, userOf(request)), now()),
      );
    },
  };
}

/** A route's path under the prefix. */
export const under = (path: string) => path.replace(/^\/api\/v2/, '');

/** A count parameter within its bounds, or its default. */
export function countOf(value: string | undefined, fallback: number, max: number): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (n > max) throw appError('INVALID_PARAMETER');
  return n;
}

/**
 * A JSON number's decimal text, as the client wrote it (the shortest text
 * that reads back as the same number); the services then check it as any
 * decimal string. A number only an exponent can write is refused.
 */
export function decimalTextOf(value: string | number): string {
  if (typeof value === 'string') return value;
  const text = String(value);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(text)) throw appError('INVALID_PARAMETER');
  return text;
}

/** A decimal string, or a JSON number as CCXT passes some figures through (see decimalTextOf). */
export const decimalOrNumber = { anyOf: [decimalField, { type: 'number', exclusiveMinimum: 0 }] };
