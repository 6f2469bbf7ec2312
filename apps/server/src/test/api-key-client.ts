/**
 * A public API client as a trading bot writes one (Bitget v2 signing):
 * HMAC-SHA256 of timestamp + METHOD + path (+ "?" + query) + body with the
 * key's secret, base64, in the ACCESS-* headers.
 */
import { createHmac } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

export interface KeyCredentials {
  apiKey: string;
  secret: string;
  passphrase: string;
}

export interface PublicAnswer<T = unknown> {
  http: number;
  code: string;
  msg: string;
  requestTime: number;
  data: T;
}

export interface SignedCall {
  method: 'GET' | 'POST';
  /** Path and query, as sent. */
  url: string;
  body?: unknown;
  /** Epoch ms the request says it was signed at. */
  timestamp: number;
  remoteAddress?: string;
  /** Overrides of the signed headers (a wrong passphrase, a stale time). */
  headers?: Record<string, string>;
}

export function signatureOf(
  secret: string,
  timestamp: string,
  method: string,
  url: string,
  body: string,
): string {
  return createHmac('sha256', secret).update(`${timestamp}${method}${url}${body}`).digest('base64');
}

/** The headers of a signed call; answers them too, so a test can send the same call twice. */
export function signedHeaders(
  key: KeyCredentials,
  call: SignedCall,
  body: string,
): Record<string, string> {
  const timestamp = String(call.timestamp);
  return {
    'access-key': key.apiKey,
    'access-sign': signatureOf(key.secret, timestamp, call.method, call.url, body),
    'access-timestamp': timestamp,
    'access-passphrase': key.passphrase,
    ...(body ? { 'content-type': 'application/json' } : {}),
    ...call.headers,
  };
}

export async function sendSigned<T = unknown>(
  app: FastifyInstance,
  headers: Record<string, string>,
  call: SignedCall,
): Promise<PublicAnswer<T>> {
  const body = call.body === undefined ? '' : JSON.stringify(call.body);
  const res = await app.inject({
    method: call.method,
    url: call.url,
    headers,
    ...(body ? { payload: body } : {}),
    ...(call.remoteAddress ? { remoteAddress: call.remoteAddress } : {}),
  });
  return { http: res.statusCode, ...(res.json() as Omit<PublicAnswer<T>, 'http'>) };
}

/** Signs and sends one call. */
export function signed<T = unknown>(
  app: FastifyInstance,
  key: KeyCredentials,
  call: SignedCall,
): Promise<PublicAnswer<T>> {
  const body = call.body === undefined ? '' : JSON.stringify(call.body);
  return sendSigned<T>(app, signedHeaders(key, call, body), call);
}
