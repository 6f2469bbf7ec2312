/**
 * Wires the device identity and the signing service into the one request
 * layer: the terminal code and device token (platform/device), request
 * signing and login encryption (platform/signing), the server clock, the
 * sign-error handling of spec section 8, and binding the key to the user
 * after a login.
 */
import {
  CLIENT_KEY_REGISTER_PATH,
  CSP_REPORT_PATH,
  DEVICE_APP_IDS,
  DEVICE_TOKEN_COOKIE,
  DEVICE_TOKEN_HEADER,
  GATEWAY_SIGN_CONFIG_PATH,
  SERVER_TIME_HEADERS,
  SIGN_ERROR_HEADER,
  USERINFO_PATH,
  languageOf,
  needsDeviceToken,
  type Envelope,
} from '@quay/core';
import Cookies from 'js-cookie';
import {
  DEVICE_TOKEN_EVENTS,
  DeviceTokenService,
  type DeviceTokenEvent,
} from '../device/device-token';
import { reportSecurityEvent } from '../device/security-report';
import { ensureTerminalCode, fingerprintHash } from '../device/terminal-code';
import { currentSettings, useSettings } from '../settings/settings-store';
import { indexedDbKeyStore } from '../signing/key-store';
import { ROOT_PUBLIC_KEY } from '../signing/root-public-key';
import { SIGN_ERROR_THROTTLE_MS, signErrorPlan } from '../signing/sign-errors';
import { SigningService } from '../signing/signing-service';
import {
  STORAGE_KEYS,
  onItemChange,
  readItem,
  removeItem,
  writeItem,
} from '../storage/local-store';
import { readSessionItem, writeSessionItem } from '../storage/session-store';
import { Throttle } from './failures';
import { http, HttpError, observeAnswers } from './http';

/** Local-storage setting that shortens the token refresh period (tests); at least 2 s. */
export const REFRESH_SETTING_KEY = 'deviceTokenRefresh_s';
const MIN_REFRESH_S = 2;
/** Paths whose answer starts a session (the key is bound to its user). */
const SESSION_PATHS = [
  '/v1/user/login',
  '/v1/user/login/verify-login',
  '/v1/user/login/verify-login-v2',
  '/v1/user/register/email',
  '/v1/user/register/mobile',
  '/v1/user/register/mobileAndEmail',
  '/v1/user/login/verify-auth-login',
  '/v1/user/public/getQrKeyStatus',
  '/v1/user/agency/login',
  '/v1/user/agency/verify-login',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/verifySystemLogin-v2',
];
const LOGOUT_PATH = '/v1/user/logout';

/** This tab's id, kept across reloads (a reloaded tab recognises its own terminal-code claim). */
const tabId = (() => {
  const kept = readSessionItem('tabId');
  if (kept) return kept;
  const id = Math.random().toString(36).slice(2, 12);
  writeSessionItem('tabId', id);
  return id;
})();
const commonParams = () => ({ languageType: languageOf(currentSettings().language).languageType });

function isNetworkError(error: unknown): boolean {
  return error instanceof HttpError && error.kind !== 'status';
}

let terminalCode: Promise<string> | null = null;

/** The terminal code, computed or read once per page (tabs coordinate). */
export function terminalCodeReady(): Promise<string> {
  terminalCode ??= ensureTerminalCode({
    storage: {
      read: (key) => readItem(key),
      write: (key, value) => void writeItem(key, value),
      onChange: (key, listener) => onItemChange(key, listener),
    },
    compute: fingerprintHash,
    now: () => Date.now(),
    tabId,
  }).then((code) => {
    useSettings.setState({ terminalCode: code });
    return code;
  });
  return terminalCode;
}

function refreshFrequency_s(): number | undefined {
  const value = Number(readItem(REFRESH_SETTING_KEY));
  return Number.isFinite(value) && value >= MIN_REFRESH_S ? value : undefined;
}

export const deviceTokens = new DeviceTokenService({
  loadSdk: () => import('../device/device-token-sdk').then((m) => m.deviceTokenSdk),
  deviceId: terminalCodeReady,
  appId: import.meta.env.PROD ? DEVICE_APP_IDS.production : DEVICE_APP_IDS.test,
  now: () => Date.now(),
  report: (event: DeviceTokenEvent, reason: string) =>
    reportSecurityEvent('deviceToken', event, reason),
  cookie: {
    read: () => Cookies.get(DEVICE_TOKEN_COOKIE),
    write: (token, days) => {
      Cookies.set(DEVICE_TOKEN_COOKIE, token, {
        expires: days,
        path: '/',
        sameSite: 'Lax',
        secure: location.protocol === 'https:',
      });
      return Cookies.get(DEVICE_TOKEN_COOKIE) === token;
    },
  },
  store: {
    readExpiry: () => {
      const value = Number(readItem(STORAGE_KEYS.deviceTokenExpiry));
      return Number.isFinite(value) && value > 0 ? value : null;
    },
    writeExpiry: (epoch_ms) => void writeItem(STORAGE_KEYS.deviceTokenExpiry, String(epoch_ms)),
    setPending: (pending) =>
      pending
        ? void writeItem(STORAGE_KEYS.deviceTokenPending, '1')
        : removeItem(STORAGE_KEYS.deviceTokenPending),
  },
  visibility: {
    visible: () => document.visibilityState !== 'hidden',
    onChange: (listener) => {
      document.addEventListener('visibilitychange', listener);
      return () => document.removeEventListener('visibilitychange', listener);
    },
  },
  refreshFrequency_s: typeof window === 'undefined' ? undefined : refreshFrequency_s(),
});

function sessionId(): string {
  let id = readSessionItem('signingSession');
  if (!id) {
    id = `${Date.now().toString(36)}-${tabId}`;
    writeSessionItem('signingSession', id);
  }
  return id;
}

export const signing = new SigningService({
  async fetchConfig() {
    const res = await http.get<Envelope<{ gatewaySignConfig: unknown }>>(GATEWAY_SIGN_CONFIG_PATH, {
      params: { ...commonParams(), t: Date.now() },
    });
    return res.data.data?.gatewaySignConfig;
  },
  async registerKey(registration) {
    const res = await http.post<Envelope<{ keyId: string }>>(
      CLIENT_KEY_REGISTER_PATH,
      registration,
      { params: commonParams() },
    );
    if (res.data.code !== '0' || !res.data.data)
      throw new Error(`${res.data.code} ${res.data.msg}`);
    return res.data.data.keyId;
  },
  keyStore: indexedDbKeyStore,
  rootPublicKey: ROOT_PUBLIC_KEY,
  secureContext: () => window.isSecureContext && !!globalThis.crypto?.subtle,
  now: () => Date.now(),
  report: (event, reason) => reportSecurityEvent('gatewaySign', event, reason),
  isNetworkError,
  sessionId,
  lastAlgorithm: {
    read: (hash) => {
      try {
        return (
          (JSON.parse(readItem(STORAGE_KEYS.lastSignAlgorithm) ?? '{}') as Record<string, string>)[
            hash
          ] ?? null
        );
      } catch {
        return null;
      }
    },
    write: (hash, algorithm) => {
      let map: Record<string, string> = {};
      try {
        map = JSON.parse(readItem(STORAGE_KEYS.lastSignAlgorithm) ?? '{}') as Record<
          string,
          string
        >;
      } catch {
        // a damaged map starts again
      }
      writeItem(STORAGE_KEYS.lastSignAlgorithm, JSON.stringify({ ...map, [hash]: algorithm }));
    },
  },
});

let started = false;

/** Starts the device identity, the token schedule and the signing setup (once per page). */
export function startGatewaySecurity(): void {
  if (started) return;
  started = true;
  void terminalCodeReady();
  deviceTokens.start();
  void signing.init();
}

// Every answer: the server clock, and a logging event for a gw-sign-error header.
observeAnswers(observeAnswerHeaders);

function observeAnswerHeaders(headers: Record<string, string>, url: string): void {
  for (const name of SERVER_TIME_HEADERS) {
    const value = headers[name];
    if (typeof value === 'string') {
      signing.observeServerTime(value);
      break;
    }
  }
  const signError = headers[SIGN_ERROR_HEADER];
  // Never about a report itself: that would report forever.
  if (typeof signError === 'string' && signError !== '' && !url.startsWith(CSP_REPORT_PATH)) {
    reportSecurityEvent('gatewaySign', 'gwSignError', `${signError} ${url.split('?')[0] ?? ''}`);
  }
}

export interface PreparedCall {
  headers: Record<string, string>;
  /** The exact body text to send, when the gateway layer serialised it. */
  bodyText?: string;
}

/**
 * Headers (device token, signature) and body (encrypted, serialised) of a
 * call. `target` is the path and query string exactly as sent, `simulated`
 * whether the call carries the demo flag: both are signed. Throws
 * SigningUnavailableError rather than send a call that must be signed or
 * encrypted in the clear.
 */
export async function prepareGatewayCall(
  method: string,
  path: string,
  body: Record<string, unknown> | null,
  call: { target: string; simulated: boolean } = { target: path, simulated: false },
): Promise<PreparedCall> {
  const headers: Record<string, string> = {};
  if (!started) {
    // A plain read goes without the headers; a guarded call starts the setup and waits for it.
    if (method === 'GET' && !needsDeviceToken(path)) return { headers };
    startGatewaySecurity();
  }
  if (needsDeviceToken(path)) {
    const token = deviceTokens.current() ?? (await deviceTokens.ready());
    if (token) headers[DEVICE_TOKEN_HEADER] = token;
    else reportSecurityEvent('deviceToken', DEVICE_TOKEN_EVENTS.missingToken, path);
    // The token is bound to the device id the call names.
    headers.terminalCode = await terminalCodeReady();
  }
  if (method !== 'GET') await signing.init();
  if (method === 'GET' && signing.state !== 'ready') return { headers };
  const prepared = await signing.prepare(path, method === 'GET' ? null : body, {
    method,
    ...call,
  });
  Object.assign(headers, prepared.headers);
  return method === 'GET' || body === null ? { headers } : { headers, bodyText: prepared.bodyText };
}

function userIdOf(data: unknown): string | null {
  const d = data as {
    userInfo?: { userId?: unknown };
    accessTokenResVO?: { userInfo?: { userId?: unknown } };
  } | null;
  const id = d?.userInfo?.userId ?? d?.accessTokenResVO?.userInfo?.userId;
  return typeof id === 'string' || typeof id === 'number' ? String(id) : null;
}

function tokenOf(data: unknown): string | null {
  const d = data as { token?: unknown; accessTokenResVO?: { token?: unknown } } | null;
  const token = d?.token ?? d?.accessTokenResVO?.token;
  return typeof token === 'string' ? token : null;
}

/** A successful answer: a new session binds the key to its user; a logout forgets it. */
export async function afterGatewayAnswer(path: string, data: unknown): Promise<void> {
  // A session this page did not open (another tab's login, a kept cookie):
  // the user info names the user, whom device-check calls then speak for. A
  // signed-in user's calls are guarded, so the setup starts here if it has not.
  if (path === USERINFO_PATH) {
    const id = (data as { userId?: unknown } | null)?.userId;
    if (typeof id === 'string') {
      startGatewaySecurity();
      signing.knowUser(id);
    }
    return;
  }
  if (!started) return;
  if (path === LOGOUT_PATH) {
    await signing.forgetUser().catch(() => undefined);
    return;
  }
  if (!SESSION_PATHS.includes(path)) return;
  const userId = userIdOf(data);
  const token = tokenOf(data);
  if (userId && token) await signing.bindToUser(userId, token).catch(() => undefined);
}

const signErrorThrottle = new Throttle(SIGN_ERROR_THROTTLE_MS);

/**
 * Spec section 8 for a 0002x answer (the toast is the request layer's):
 * returns whether the session must end.
 */
export function handleSignFailure(code: string): { logout: boolean } {
  const plan = signErrorPlan(code);
  if (!plan || !signErrorThrottle.allow('sign-error')) return { logout: false };
  const key = signing.clientKey;
  if (plan.reportPublicKeys) {
    reportSecurityEvent(
      'gatewaySign',
      plan.name,
      JSON.stringify({ keyId: key?.keyId ?? null, publicKey: key?.publicKeyPem ?? null }),
    );
  } else {
    reportSecurityEvent('gatewaySign', plan.name, code);
  }
  if (plan.logout) {
    void http.post(LOGOUT_PATH, {}, { params: commonParams() }).catch(() => undefined);
    void signing.forgetUser();
  } else if (plan.reset) {
    signing.reset();
  }
  if (plan.reinitAfter_ms !== null) {
    setTimeout(() => void signing.init(), plan.reinitAfter_ms);
  }
  return { logout: plan.logout };
}
