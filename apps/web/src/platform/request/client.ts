/**
 * The one request layer (spec section 7): every call under /v1 with
 * languageType, a cache-busting timestamp on GET, the spec's headers, a 10 s
 * time-out, cleaned params, and the section 8 error handling.
 */
import {
  SIMULATED_HEADER,
  SIMULATED_HEADER_VALUE,
  languageOf,
  needsDeviceToken,
  type Envelope,
} from '@quay/core';
import { translate } from '../i18n/i18n';
import { currentSettings } from '../settings/settings-store';
import { SigningUnavailableError } from '../signing/signing-unavailable';
import { Throttle, judgeFailure, type Failure } from './failures';
import { gatewayLayerIfLoaded, loadGatewayLayer } from './gateway-access';
import { apiPath, HttpError, send, withQuery, type HttpCall, type HttpMethod } from './http';
import { cleanParams, toFormBody, toMultipart } from './params';

export { REQUEST_TIMEOUT_MS, apiPath, http } from './http';

export class ApiError extends Error {
  constructor(
    readonly code: string,
    readonly msg: string,
    readonly httpStatus: number | null,
  ) {
    super(msg || code);
    this.name = 'ApiError';
  }
}

/** A 2xx answer that is not an envelope with data: spec section 8 says throw. */
class MissingDataError extends Error {
  constructor(readonly httpStatus: number) {
    super('missing data body');
  }
}

export interface RequestOptions {
  method?: HttpMethod;
  params?: Record<string, unknown>;
  contentType?: 'json' | 'form' | 'multipart';
  /** No toast: the caller shows the error itself. */
  silent?: boolean;
  signal?: AbortSignal;
}

interface Hooks {
  toast(text: string): void;
  loginExpired(): void;
}

let hooks: Hooks = {
  toast: () => undefined,
  loginExpired: () => undefined,
};

/** The app tells the request layer how to show a toast and where login is. */
export function configureRequestLayer(next: Hooks): void {
  hooks = next;
}

const toastThrottle = new Throttle(2000);
const logoutThrottle = new Throttle(2000);

/** Rewrites an answer's data before callers see it (image hosts, spec section 7). */
export type ResponseTransformer = (data: unknown) => unknown;
const transformers: ResponseTransformer[] = [];

/** Adds a transformer applied to every successful answer's data; returns its removal. */
export function addResponseTransformer(transformer: ResponseTransformer): () => void {
  transformers.push(transformer);
  return () => {
    const at = transformers.indexOf(transformer);
    if (at >= 0) transformers.splice(at, 1);
  };
}

/** Adds headers to every call (simulation mode's `x-simulated`); returns its removal. */
export type HeaderProvider = () => Record<string, string>;
const headerProviders: HeaderProvider[] = [];

export function addHeaderProvider(provider: HeaderProvider): () => void {
  headerProviders.push(provider);
  return () => {
    const at = headerProviders.indexOf(provider);
    if (at >= 0) headerProviders.splice(at, 1);
  };
}

export function requestHeaders(): Record<string, string> {
  const settings = currentSettings();
  const language = languageOf(settings.language);
  return {
    appTheme: settings.theme === 'light' ? 'standard' : 'dark',
    terminalCode: settings.terminalCode,
    terminaltype: '1',
    devicelanguage: typeof navigator === 'undefined' ? '' : navigator.language,
    locale: settings.language,
    language: language.languageKey,
    ...Object.assign({}, ...headerProviders.map((provider) => provider())),
  };
}

function failureOf(error: unknown, path: string): Failure {
  if (error instanceof HttpError) {
    if (error.kind === 'canceled') return { kind: 'canceled' };
    if (error.kind === 'timeout') return { kind: 'timeout' };
    const res = error.answer;
    if (error.kind === 'network' || !res) return { kind: 'network', message: error.message };
    const body = res.data as Partial<Envelope> | undefined;
    const envelope =
      body && typeof body.code === 'string' && typeof body.msg === 'string'
        ? { code: body.code, msg: body.msg }
        : undefined;
    return { kind: 'http', status: res.status, envelope };
  }
  if (error instanceof ApiError)
    return { kind: 'business', code: error.code, msg: error.msg, path };
  return { kind: 'network', message: error instanceof Error ? error.message : String(error) };
}

/**
 * Calls the gateway and resolves with the envelope's data. Rejects with an
 * ApiError after showing the spec's toast (unless silent). The user-info
 * call on a logged-out session resolves with null.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const url = apiPath(path);
  const settings = currentSettings();
  const params = cleanParams(options.params ?? {});
  const query: Record<string, unknown> = {
    languageType: languageOf(settings.language).languageType,
  };
  const headers = requestHeaders();
  const call: HttpCall = { url, method, headers, signal: options.signal };
  if (method === 'GET') {
    // GET params travel in the query; only GET gets the cache-busting timestamp (spec section 7).
    Object.assign(query, params, { t: Date.now() });
  } else if (options.contentType === 'form') {
    call.body = toFormBody(params);
  } else if (options.contentType === 'multipart') {
    call.body = toMultipart(params);
  } else {
    call.body = params;
  }
  if (method === 'GET') {
    call.params = query;
  } else {
    // The request target is signed as sent: the query is written here, in the URL.
    call.url = withQuery(url, query);
  }

  try {
    // Device token, signature and login encryption (spec sections 4 and 7).
    const jsonBody = method !== 'GET' && !options.contentType ? params : null;
    // A plain read before the layer is here goes without its headers, as before its setup is ready.
    const layer =
      gatewayLayerIfLoaded() ??
      (method === 'GET' && !needsDeviceToken(url) ? null : await loadGatewayLayer());
    const gateway = layer
      ? await layer.prepareGatewayCall(method, url, jsonBody, {
          target: call.url,
          simulated: headers[SIMULATED_HEADER] === SIMULATED_HEADER_VALUE,
        })
      : { headers: {}, bodyText: undefined };
    Object.assign(headers, gateway.headers);
    if (gateway.bodyText !== undefined) {
      // The exact text that was signed is the text sent.
      call.body = gateway.bodyText;
      Object.assign(headers, { 'Content-Type': 'application/json' });
    }
    const res = await send<Envelope<T>>(call);
    const body = res.data;
    if (!body || typeof body !== 'object' || typeof body.code !== 'string')
      throw new MissingDataError(res.status);
    if (body.status === 'error' || body.code !== '0') {
      throw new ApiError(body.code, body.msg, res.status);
    }
    if (!('data' in body)) throw new MissingDataError(res.status);
    const loaded = gatewayLayerIfLoaded();
    if (loaded) await loaded.afterGatewayAnswer(url, body.data);
    // The user info names the user even when it came back before the layer did.
    else void loadGatewayLayer().then((l) => l.afterGatewayAnswer(url, body.data));
    return transformers.reduce<unknown>((data, transform) => transform(data), body.data) as T;
  } catch (error) {
    if (error instanceof SigningUnavailableError) {
      const message = translate('security.signingUnavailable');
      if (!options.silent && toastThrottle.allow(message)) hooks.toast(message);
      throw new ApiError('signing', message, null);
    }
    const failure: Failure =
      error instanceof MissingDataError ? { kind: 'no-data' } : failureOf(error, url);
    const verdict = judgeFailure(failure, translate);
    if (verdict.quiet) return null as T;
    // Signature errors (spec section 8): reset or re-initialise; an invalid one logs out.
    const signFailure =
      error instanceof ApiError
        ? (await loadGatewayLayer()).handleSignFailure(error.code)
        : { logout: false };
    if ((verdict.loginExpired || signFailure.logout) && logoutThrottle.allow('logout'))
      hooks.loginExpired();
    if (verdict.message && !options.silent && toastThrottle.allow(verdict.message))
      hooks.toast(verdict.message);
    if (error instanceof ApiError) throw error;
    if (error instanceof MissingDataError)
      throw new ApiError('1', translate('request.unknown'), error.httpStatus);
    const envelope = failure.kind === 'http' ? failure.envelope : undefined;
    throw new ApiError(
      envelope?.code ?? (failure.kind === 'http' ? String(failure.status) : failure.kind),
      verdict.message ?? translate('request.unknown'),
      failure.kind === 'http' ? failure.status : null,
    );
  }
}
