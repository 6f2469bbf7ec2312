/**
 * API keys on the wire: the web app's key management under /v1 (session and
 * second factor) and the public trading API under /api/v2, which speaks
 * Bitget's v2 dialect: signed headers, its envelope and its error codes.
 */
import type { FactorCodes } from './accounts';
import type { ErrorName } from './protocol';

/** What a key may do: read balances and orders, trade, withdraw. */
export const API_KEY_SCOPES = ['read', 'trade', 'withdraw'] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Keys one user may hold at once. */
export const API_KEY_MAX_PER_USER = 20;
/** Addresses or CIDR ranges on one key's allow-list. */
export const API_KEY_MAX_IPS = 20;
export const API_KEY_LABEL_MAX = 40;
/** A passphrase: 8 to 32 letters and digits, as Bitget asks. */
export const API_KEY_PASSPHRASE_PATTERN = '^[A-Za-z0-9]{8,32}$';

export type ApiKeyStatus = 'active' | 'disabled';

/** A key as the owner's list shows it: never its secret or passphrase. */
export interface ApiKeySummary {
  /** The ACCESS-KEY a client sends. */
  apiKey: string;
  label: string;
  scopes: ApiKeyScope[];
  /** Addresses and CIDR ranges the key may be used from; empty: any. */
  ips: string[];
  status: ApiKeyStatus;
  createdAt: number;
  /** null until the first signed call. */
  lastUsedAt: number | null;
}

/** The body of POST /v1/user/api-keys/create, confirmed by every second factor on. */
export interface CreateApiKey extends FactorCodes {
  label: string;
  scopes: ApiKeyScope[];
  ips: string[];
  passphrase: string;
}

/** The answer to a creation: the secret is in it and nowhere else, ever. */
export interface CreatedApiKey {
  key: ApiKeySummary;
  secret: string;
}

/** The body of POST /v1/user/api-keys/update: what changes, confirmed by the second factor. */
export interface UpdateApiKey extends FactorCodes {
  apiKey: string;
  label?: string;
  scopes?: ApiKeyScope[];
  ips?: string[];
}

/** The body of POST /v1/user/api-keys/status; enabling again is confirmed by the second factor. */
export interface ApiKeyStatusChange extends FactorCodes {
  apiKey: string;
  status: ApiKeyStatus;
}

export const API_KEY_PATHS = {
  list: '/v1/user/api-keys/list',
  create: '/v1/user/api-keys/create',
  update: '/v1/user/api-keys/update',
  status: '/v1/user/api-keys/status',
  delete: '/v1/user/api-keys/delete',
  /** Page<ApiKeyRequest>: the public API calls made with one key (?apiKey=), newest first. */
  requests: '/v1/user/api-keys/requests',
} as const;

/** One public API call made with a key, as its owner's API page lists it. */
export interface ApiKeyRequest {
  id: string;
  time: number;
  method: string;
  /** The path called, without its query. */
  path: string;
  /** HTTP status of the answer. */
  status: number;
  /** Bitget's code in the answer ('00000' on success). */
  code: string;
  ip: string;
}

/** The request log keeps each key's newest calls, this many at most, */
export const API_KEY_REQUEST_LOG_MAX = 500;
/** and none older than this many days. */
export const API_KEY_REQUEST_LOG_DAYS = 30;

/** The public API's prefix; only signed key requests reach what is under it. */
export const PUBLIC_API_PREFIX = '/api/v2';

export const PUBLIC_API_PATHS = {
  spotAssets: '/api/v2/spot/account/assets',
  placeOrder: '/api/v2/spot/trade/place-order',
  cancelOrder: '/api/v2/spot/trade/cancel-order',
} as const;

/** The signed headers of a key request (Bitget v2). */
export const PUBLIC_API_HEADERS = {
  key: 'access-key',
  sign: 'access-sign',
  timestamp: 'access-timestamp',
  passphrase: 'access-passphrase',
} as const;

/** A signed request is accepted this long either side of the server's clock. */
export const PUBLIC_API_WINDOW_MS = 30_000;

/** The text a key signs: timestamp + METHOD + path + ("?" + query, if any) + body. */
export function publicApiSignPayload(
  timestamp: string,
  method: string,
  path: string,
  query: string,
  body: string,
): string {
  return `${timestamp}${method.toUpperCase()}${path}${query ? `?${query}` : ''}${body}`;
}

/** Every public API answer (Bitget v2): code '00000' on success. */
export interface PublicApiEnvelope<T = unknown> {
  code: string;
  msg: string;
  requestTime: number;
  data: T | null;
}

export const PUBLIC_API_SUCCESS = '00000';

/**
 * Bitget's v2 code for each refusal of a key request; a name not listed
 * answers PUBLIC_API_PARAMETER_CODE (a 4xx) or PUBLIC_API_SYSTEM_CODE.
 */
export const PUBLIC_API_CODES: Partial<Record<ErrorName, string>> = {
  API_KEY_MISSING: '40001',
  API_SIGN_MISSING: '40003',
  API_TIMESTAMP_INVALID: '40005',
  API_KEY_INVALID: '40006',
  API_KEY_DISABLED: '40006',
  API_TIMESTAMP_EXPIRED: '40008',
  API_SIGN_INVALID: '40009',
  API_SIGN_REPLAYED: '40010',
  API_PASSPHRASE_MISSING: '40011',
  API_PASSPHRASE_INVALID: '40012',
  ACCOUNT_DISABLED: '40013',
  API_SCOPE_DENIED: '40014',
  API_IP_DENIED: '40018',
  FIELD_MISSING: '40019',
  API_KEY_UNKNOWN: '40037',
  MARKET_UNKNOWN: '40034',
  ROUTE_NOT_FOUND: '40404',
  TOO_MANY_REQUESTS: '429',
  ORDER_NOT_FOUND: '43001',
  SPOT_PLAN_NOT_FOUND: '43001',
  INSUFFICIENT_BALANCE: '43012',
  NOTIONAL_TOO_SMALL: '45110',
  SERVICE_BUSY: '40015',
};
export const PUBLIC_API_PARAMETER_CODE = '40017';
export const PUBLIC_API_SYSTEM_CODE = '40015';

/** One balance of GET /api/v2/spot/account/assets, amounts as decimal strings. */
export interface PublicSpotAsset {
  coin: string;
  available: string;
  frozen: string;
  locked: string;
  limitAvailable: string;
  uTime: string;
}

/** The body of POST /api/v2/spot/trade/place-order (Bitget v2). */
export interface PublicPlaceOrder {
  symbol: string;
  side: 'buy' | 'sell';
  orderType: 'limit' | 'market';
  force?: 'gtc' | 'post_only' | 'fok' | 'ioc';
  price?: string;
  /** Base quantity; for a market buy, the quote amount to spend. */
  size: string;
  clientOid?: string;
}

export interface PublicOrderAnswer {
  orderId: string;
  clientOid: string | null;
}
