/**
 * The request layer's one way to the network: the browser's `fetch`, with a
 * time-out, the query written from params, and an answer read as JSON.
 * Kept apart from client.ts so that the device-token and signing services
 * (which client.ts uses) can make their own plain calls through it without an
 * import cycle.
 *
 * It was axios until a phone's first load was measured: axios was 56 KiB of
 * the first script, and its per-call configuration merging cost about 8 ms a
 * call at a phone's CPU speed, ten calls before the first screen. What the
 * app used of it is the few lines below.
 */
import { API_PREFIX } from '@quay/core';

export const REQUEST_TIMEOUT_MS = 10_000;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

export interface HttpCall {
  method?: HttpMethod;
  /** The path, with or without a query of its own. */
  url: string;
  /** Written into the query after the URL's own (undefined and null left out). */
  params?: Record<string, unknown>;
  headers?: Record<string, string>;
  /** Sent as it is: the text that was signed is the text sent. An object is sent as JSON. */
  body?: string | URLSearchParams | FormData | object;
  signal?: AbortSignal;
}

export interface HttpAnswer<T> {
  status: number;
  data: T;
  /** Lower-case names. */
  headers: Record<string, string>;
}

export type HttpFailureKind = 'status' | 'timeout' | 'canceled' | 'network';

/** A call that got no 2xx answer: a status (with the answer), a time-out, a cancel, or no answer. */
export class HttpError extends Error {
  constructor(
    readonly kind: HttpFailureKind,
    message: string,
    readonly answer?: HttpAnswer<unknown>,
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

/** Sees the headers of every answer, 2xx or not (the server clock, signing errors). */
export type AnswerObserver = (headers: Record<string, string>, url: string) => void;
const observers: AnswerObserver[] = [];

export function observeAnswers(observer: AnswerObserver): void {
  observers.push(observer);
}

/** `url` with `params` written into its query (undefined and null left out; arrays as `key[]`). */
export function withQuery(url: string, params: Record<string, unknown>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) {
      for (const item of value) query.append(`${key}[]`, String(item));
    } else {
      query.append(key, typeof value === 'object' ? JSON.stringify(value) : String(value));
    }
  }
  const search = query.toString();
  if (!search) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${search}`;
}

function bodyOf(call: HttpCall, headers: Headers): BodyInit | undefined {
  const { body } = call;
  if (body === undefined || body === null) return undefined;
  if (typeof body === 'string' || body instanceof URLSearchParams || body instanceof FormData)
    return body;
  if (!headers.has('content-type')) headers.set('content-type', 'application/json');
  return JSON.stringify(body);
}

/** An answer's body: JSON when it parses, else its text (undefined when empty). */
async function dataOf(response: Response): Promise<unknown> {
  const text = await response.text();
  if (text === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** One call; resolves with a 2xx answer, rejects with an HttpError otherwise. */
export async function send<T>(call: HttpCall): Promise<HttpAnswer<T>> {
  const url = call.params ? withQuery(call.url, call.params) : call.url;
  const headers = new Headers(call.headers);
  const body = bodyOf(call, headers);
  const abort = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    abort.abort();
  }, REQUEST_TIMEOUT_MS);
  const cancel = () => abort.abort();
  if (call.signal?.aborted) abort.abort();
  call.signal?.addEventListener('abort', cancel);
  let answer: HttpAnswer<T>;
  try {
    const response = await fetch(url, {
      method: call.method ?? 'GET',
      headers,
      body,
      credentials: 'include',
      signal: abort.signal,
    });
    answer = {
      status: response.status,
      headers: Object.fromEntries(response.headers),
      data: (await dataOf(response)) as T,
    };
  } catch {
    // No answer, or one that broke off: the time-out's, the caller's, or the network's doing.
    if (timedOut) throw new HttpError('timeout', `timeout of ${REQUEST_TIMEOUT_MS}ms exceeded`);
    if (abort.signal.aborted) throw new HttpError('canceled', 'canceled');
    throw new HttpError('network', 'Network Error');
  } finally {
    clearTimeout(timer);
    call.signal?.removeEventListener('abort', cancel);
  }
  for (const observe of observers) observe(answer.headers, url);
  if (answer.status < 200 || answer.status >= 300)
    throw new HttpError('status', `Request failed with status code ${answer.status}`, answer);
  return answer;
}

/** The plain calls of the device-token, signing and report services. */
export const http = {
  get: <T>(url: string, options: Omit<HttpCall, 'url' | 'method' | 'body'> = {}) =>
    send<T>({ ...options, url, method: 'GET' }),
  post: <T>(url: string, body: HttpCall['body'], options: Omit<HttpCall, 'url' | 'method'> = {}) =>
    send<T>({ ...options, url, body, method: 'POST' }),
};

export function apiPath(path: string): string {
  if (path.startsWith(`${API_PREFIX}/`)) return path;
  return `${API_PREFIX}${path.startsWith('/') ? path : `/${path}`}`;
}
