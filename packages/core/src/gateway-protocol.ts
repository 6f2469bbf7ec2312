/**
 * Gateway security protocol (DESIGN.md section 4, spec sections 3, 4, 7, 9),
 * its wire part: paths, headers (the device token's among them), sign modes
 * and algorithms, the sign config and the mode of a path, canonical strings,
 * trace ids and the clock offset; defined once for the web client and the
 * server. The key operations build on it: gateway-signing.ts (keys,
 * signatures, signed headers) and gateway-body-encryption.ts
 * (`bodyCiphertext`), both over gateway-web-crypto.ts.
 */
import SparkMD5 from 'spark-md5';
import { randomOf } from './gateway-web-crypto';
import { SIMULATED_HEADER, SIMULATED_HEADER_VALUE } from './simulation';

// ---------------------------------------------------------------- paths

export const GATEWAY_SIGN_CONFIG_PATH = '/v1/mix/config/gatewaySignConfig';
/** Client key registration: body `ClientKeyRegistration`, answers `{ keyId }`. */
export const CLIENT_KEY_REGISTER_PATH = '/v1/mix/config/gatewayClientKey';
/** The device-id service; answers the 40-character device token as `data`. */
export const DEVICE_TOKEN_PATH = '/v1/constantid/udid/c1';
export const CSP_REPORT_PATH = '/v1/buried/log/cspSecurity';

// ---------------------------------------------------------------- headers

/** Request headers of a signed call (lower case, as HTTP/2 and Fastify see them). */
export const SIGN_HEADERS = {
  sign: 'device-sign',
  mode: 'device-sign-mode',
  dataMd5: 'device-sign-data-md5',
  key: 'device-sign-key',
  /** Epoch milliseconds of the client, corrected by the server clock offset. */
  requestTime: 'request-time',
  /** `w` + 13-digit epoch ms + 11 characters [0-9a-z]. */
  traceId: 'traceid',
} as const;

/** Response headers carrying the server's epoch ms (both spellings are sent). */
export const SERVER_TIME_HEADERS = ['request-time', 'requesttime'] as const;
/** Set on every answer refused for a signature reason; value is the sign error name. */
export const SIGN_ERROR_HEADER = 'gw-sign-error';
/** Device token: the header, else the cookie of the same value. */
export const DEVICE_TOKEN_HEADER = 'device-token';
export const DEVICE_TOKEN_COOKIE = 'device_token';
/** The device id the token is bound to travels in this header on every call. */
export const TERMINAL_CODE_HEADER = 'terminalcode';
export const DEVICE_TOKEN_LENGTH = 40;

/** App ids of the device-id service per environment (spec section 7). */
export const DEVICE_APP_IDS = { production: 'quay-web', test: 'quay-web-test' } as const;

// ---------------------------------------------------------------- constants

/** Signature modes (spec section 7): what the canonical string covers. */
export const SIGN_MODES = ['path_time', 'path_time_traceId', 'path_time_traceId_body'] as const;
export type SignMode = (typeof SIGN_MODES)[number];
export const DEFAULT_SIGN_MODE: SignMode = 'path_time';
export function isSignMode(value: unknown): value is SignMode {
  return typeof value === 'string' && (SIGN_MODES as readonly string[]).includes(value);
}

export const SIGN_ALGORITHMS = ['rsa1024', 'rsa2048'] as const;
export type SignAlgorithm = (typeof SIGN_ALGORITHMS)[number];
export const DEFAULT_SIGN_ALGORITHM: SignAlgorithm = 'rsa1024';
export function isSignAlgorithm(value: unknown): value is SignAlgorithm {
  return typeof value === 'string' && (SIGN_ALGORITHMS as readonly string[]).includes(value);
}
export const MODULUS_BITS: Record<SignAlgorithm, number> = { rsa1024: 1024, rsa2048: 2048 };

/**
 * A signed call's request-time, and the time inside its trace id, must lie
 * within this of the server clock; the server remembers each trace id until
 * its own time has left this window, so a signed call is accepted once.
 */
export const SIGN_TIME_WINDOW_MS = 30_000;
/** Characters of the request-time value that enter the canonical string. */
export const SIGN_TIME_CHARS = 8;
export const TRACE_ID_PATTERN = '^w[0-9]{13}[0-9a-z]{11}$';
export const AES_KEY_BYTES = 32;
export const AES_IV_BYTES = 16;
export const KEY_GENERATION_LIMIT_MS = 8_000;

// ---------------------------------------------------------------- config

/**
 * `data.gatewaySignConfig`. `signModes` maps an exact or prefix rule (as
 * written in exactUrls / prefixUrls) to the mode the server demands for it;
 * a rule without an entry uses DEFAULT_SIGN_MODE. `userCheckDeviceUrl` lists
 * the paths where the client adds userCheckDeviceSign and lastAlgorithm.
 */
export interface GatewaySignConfig {
  clientOpen: boolean;
  serverPublicKey: string;
  serverPublicKeySign: string;
  defaultAlgorithm: SignAlgorithm;
  exactUrls: string[];
  prefixUrls: string[];
  signModes: Record<string, SignMode>;
  userCheckDeviceUrl: string[];
}

/**
 * The mode a path must be signed with, or null when the path is not a core
 * URL. `path` is the URL path without query string. An exact rule wins over
 * a prefix rule; among prefixes the longest wins.
 */
export function signModeFor(
  config: Pick<GatewaySignConfig, 'exactUrls' | 'prefixUrls' | 'signModes'>,
  path: string,
): SignMode | null {
  if (config.exactUrls.includes(path)) return config.signModes[path] ?? DEFAULT_SIGN_MODE;
  let best: string | null = null;
  for (const prefix of config.prefixUrls) {
    if (path.startsWith(prefix) && (best === null || prefix.length > best.length)) best = prefix;
  }
  if (best === null) return null;
  return config.signModes[best] ?? DEFAULT_SIGN_MODE;
}

// ---------------------------------------------------------------- canonical strings

/** md5 (lower-case hex) of a body string's UTF-8 bytes; the empty body for GET. */
export function bodyMd5(body: string): string {
  return SparkMD5.hash(body);
}

/** `time` of the canonical string: the first 8 characters of request-time. */
export function signTimeOf(requestTime: string): string {
  return requestTime.slice(0, SIGN_TIME_CHARS);
}

/** Methods that never change anything: never signed, never checked. */
export const SAFE_METHODS: readonly string[] = ['GET', 'HEAD', 'OPTIONS'];

export interface SignedTarget {
  /** HTTP method, upper case. */
  method: string;
  /** The request target exactly as sent: path and query string, e.g. `/v1/spot/order/place?languageType=1`. */
  target: string;
  /** The call carries `x-simulated: 1` (the demo ledger). */
  simulated: boolean;
}

/**
 * The `path` part of the canonical string: everything that decides what a
 * call does besides its body, `METHOD target`, and ` x-simulated:1` after it
 * in simulation mode, e.g. `POST /v1/spot/order/place?languageType=1 x-simulated:1`.
 * A request target holds no space, so two different calls never share one.
 */
export function signedPathOf(input: SignedTarget): string {
  const demo = input.simulated ? ` ${SIMULATED_HEADER}:${SIMULATED_HEADER_VALUE}` : '';
  return `${input.method.toUpperCase()} ${input.target}${demo}`;
}

export interface CanonicalInput {
  mode: SignMode;
  /** What signedPathOf gives for the call (or a bare path, for tests of the form). */
  path: string;
  /** The request-time header value (epoch ms as decimal digits). */
  requestTime: string;
  traceId?: string;
  /** md5 hex of the exact body string sent (mode path_time_traceId_body). */
  dataMd5?: string;
}

/**
 * The string that is signed: the parts of the mode joined by `\n`.
 *   path_time:              path \n time
 *   path_time_traceId:      path \n time \n traceId
 *   path_time_traceId_body: path \n time \n traceId \n md5(body)
 */
export function canonicalSignString(input: CanonicalInput): string {
  const parts = [input.path, signTimeOf(input.requestTime)];
  if (input.mode !== 'path_time') parts.push(input.traceId ?? '');
  if (input.mode === 'path_time_traceId_body') parts.push(input.dataMd5 ?? '');
  return parts.join('\n');
}

const TRACE_CHARS = '0123456789abcdefghijklmnopqrstuvwxyz';

/** `w` + epoch ms (13 digits) + 11 random characters (spec section 9). */
export function newTraceId(nowMs: number, randomBytes: Uint8Array = randomOf(11)): string {
  let suffix = '';
  for (let i = 0; i < 11; i += 1) suffix += TRACE_CHARS[(randomBytes[i] ?? 0) % 36];
  return `w${String(Math.trunc(nowMs)).padStart(13, '0')}${suffix}`;
}

export function isTraceId(value: string): boolean {
  return new RegExp(TRACE_ID_PATTERN).test(value);
}

/** The epoch ms a trace id was made at (its 13 digits). */
export function traceTimeOf(traceId: string): number {
  return Number(traceId.slice(1, 14));
}

/**
 * Clock offset (server minus client, ms) from a response's `request-time` /
 * `requesttime` header and the local time the response arrived; null when
 * the header is absent or not a number.
 */
export function clockOffsetOf(serverTimeHeader: string | null | undefined, localNowMs: number) {
  if (!serverTimeHeader || !/^[0-9]{10,16}$/.test(serverTimeHeader)) return null;
  return Number(serverTimeHeader) - localNowMs;
}

/** The request-time header value: local epoch ms corrected by the offset. */
export function requestTimeOf(localNowMs: number, clockOffsetMs: number): string {
  return String(Math.trunc(localNowMs + clockOffsetMs));
}
