/**
 * Gateway security (DESIGN.md sections 4 and 10): the signing configuration,
 * client key registration and binding, the check of each signed call, login
 * body decryption and device tokens. The HTTP side is http/gateway.ts.
 */
import { LocalReplayMemory, type ReplayMemory } from '../replay-memory';
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  API_KEY_PATHS,
  needsDeviceToken,
  BODY_CIPHERTEXT_FIELD,
  DEVICE_CHECK_FIELD_NAMES,
  DEFAULT_SIGN_ALGORITHM,
  DEVICE_TOKEN_LENGTH,
  ENCRYPTED_BODY_FIELDS,
  MODULUS_BITS,
  bodyMd5,
  SIGN_TIME_WINDOW_MS,
  canonicalSignString,
  clientKeyId,
  decryptBodyFields,
  deviceCheckMessage,
  importDecryptionPrivateKey,
  isSignAlgorithm,
  isSignMode,
  isTraceId,
  keyCheckMessage,
  modulusBitsOf,
  signModeFor,
  signedPathOf,
  traceTimeOf,
  userIdHashOf,
  verifyText,
  type BodyCiphertext,
  type ClientKeyRegistration,
  type GatewayCryptoKey,
  type GatewaySignConfig,
  type SignMode,
  type SignedTarget,
} from '@quay/core';
import { appError } from '../app-error';
import type { GatewayKeys } from './gateway-keys';
import { newId } from '../ids';
import type { Store } from '../db/db';

/** Core URLs (spec section 7): exact paths and prefixes, each signed with its body. */
export const SIGNED_EXACT_URLS = [
  '/v1/user/login',
  '/v1/user/register/email',
  '/v1/user/register/mobile',
  '/v1/asset/withdraw',
  '/v1/user/sub/switLogin',
  '/v1/user/sub/switchWeb',
  '/v1/user/sub/switchApp',
  '/v1/user/sub/switchBack',
  '/v1/web3/swap/get-sign',
  '/v1/web3/swap/withdraw',
  '/v1/red-packet/create',
  '/v1/red-packet/claim',
  '/v1/user/login/verify-auth-login',
  '/v1/user/public/getQrKeyStatus',
  '/v1/user/agency/login',
  '/v1/user/agency/verify-login',
  '/v1/user/register/mobileAndEmail',
  '/v1/user/login/verifySystemLogin',
  '/v1/user/login/verifySystemLogin-v2',
  // Third-party and wallet sign-in (the spec's rows; DESIGN.md section 10 names the paths).
  '/v1/user/third/register/apple',
  '/v1/user/third/register/google',
  '/v1/user/third/register/wallet',
  '/v1/user/third/register/tg',
  '/v1/user/tg/generateVirtual',
  '/v1/user/tg/sign',
  '/v1/user/tg/checkUserExit',
  '/v1/user/tg/signV2',
  '/v1/user/third/check',
  '/v1/user/third/bind/check',
  '/v1/user/oauth/sign',
  '/v1/user/wallet/sign',
  '/v1/user/wallet/check',
  '/v1/user/bind/choose',
  '/v1/user/third/securityVerify',
  API_KEY_PATHS.create,
] as const;
export const SIGNED_PREFIX_URLS = [
  '/v1/user/login/verify-login',
  '/v1/spot/order/',
  '/v1/futures/order/',
  '/v1/futures/plan/',
  '/v1/futures/position/',
  '/v1/asset/withdraw/',
] as const;

/**
 * Device-check URLs (spec section 7): calls where the device binding is
 * checked, since they move funds off the platform or hand out lasting
 * access. Each is also a signed URL, so the call's own key signs the check.
 */
export const USER_CHECK_DEVICE_URLS: readonly string[] = [
  '/v1/asset/withdraw',
  API_KEY_PATHS.create,
];

/** At most this many trace ids are remembered; past it signed calls are refused as busy. */
const TRACE_CAPACITY = 200_000;
/** A key no login or registration ever bound is dropped a day after it was registered. */
const UNBOUND_KEY_TTL_MS = 24 * 3600 * 1000;
/** Longest base64 field of a bodyCiphertext (the data of a registration form). */
const CIPHERTEXT_FIELD_MAX = 8192;
export const CSP_REPORT_MAX_BYTES = 8192;

/** A call to check: method, request target (path and query, as sent) and demo flag, as signed. */
export interface SignedCall extends SignedTarget {
  headers: Record<string, string | string[] | undefined>;
  /** The exact body text received ('' without one). */
  rawBody: string;
  /** The caller's user when the call carries a valid session, else null. */
  sessionUserId: string | null;
}

export interface GatewayOptions {
  signClientOpen: boolean;
  deviceTokenTtl_s: number;
  deviceAppIds: string[];
  now: () => number;
  /** Trace ids seen; absent: in this process's memory (several gateways share the store's). */
  replay?: ReplayMemory;
  /** The public user id (userInfo.userId) of a user row, which device checks hash. */
  publicUserIdOf: (userRowId: string) => Promise<string | null>;
}

function header(headers: SignedCall['headers'], name: string): string | null {
  const value = headers[name];
  return typeof value === 'string' && value.length > 0 && value.length <= 1024 ? value : null;
}

function matches(path: string, exact: readonly string[], prefixes: readonly string[]): boolean {
  return exact.includes(path) || prefixes.some((prefix) => path.startsWith(prefix));
}

/** A failure of the signature family, carrying the gw-sign-error header value. */
function signError(
  name: 'SIGN_MISSING' | 'SIGN_MODE_MISMATCH' | 'SIGN_EXPIRED' | 'SIGN_INVALID',
  reason: string,
) {
  const error = appError(name);
  return Object.assign(error, { signReason: reason });
}

export class GatewayService {
  /** Trace ids (per key) seen, until their window has passed. */
  private readonly traces: ReplayMemory;
  private serverKey: Promise<GatewayCryptoKey> | null = null;

  constructor(
    private readonly store: Store,
    private readonly keys: GatewayKeys,
    private readonly options: GatewayOptions,
  ) {
    this.traces = options.replay ?? new LocalReplayMemory(TRACE_CAPACITY);
  }

  get signingOn(): boolean {
    return this.options.signClientOpen;
  }

  signConfig(): GatewaySignConfig {
    const rules = [...SIGNED_EXACT_URLS, ...SIGNED_PREFIX_URLS];
    return {
      clientOpen: this.options.signClientOpen,
      serverPublicKey: this.keys.serverPublicKey,
      serverPublicKeySign: this.keys.serverPublicKeySign,
      defaultAlgorithm: DEFAULT_SIGN_ALGORITHM,
      exactUrls: [...SIGNED_EXACT_URLS],
      prefixUrls: [...SIGNED_PREFIX_URLS],
      signModes: Object.fromEntries(rules.map((rule) => [rule, 'path_time_traceId_body'])),
      userCheckDeviceUrl: [...USER_CHECK_DEVICE_URLS],
    };
  }

  /** The mode a path must be signed with, or null when it is not a core URL. */
  requiredMode(path: string): SignMode | null {
    return signModeFor(this.signConfig(), path);
  }

  /** Registers a client key after checking it signed the key-pair check message. */
  async registerKey(
    registration: ClientKeyRegistration,
    sessionUserId: string | null,
  ): Promise<{ keyId: string }> {
    const now = this.options.now();
    const time = Number(registration.time);
    if (!/^[0-9]{13}$/.test(registration.time) || Math.abs(now - time) > SIGN_TIME_WINDOW_MS) {
      throw appError('SIGN_EXPIRED');
    }
    let keyId: string;
    try {
      keyId = await clientKeyId(registration.publicKey);
      if ((await modulusBitsOf(registration.publicKey)) !== MODULUS_BITS[registration.algorithm]) {
        throw new Error('modulus does not match the algorithm');
      }
    } catch {
      throw appError('CLIENT_KEY_INVALID');
    }
    const checked = await verifyText(
      registration.publicKey,
      keyCheckMessage({ keyId, algorithm: registration.algorithm, time: registration.time }),
      registration.checkSign,
    );
    if (!checked) throw appError('CLIENT_KEY_INVALID');
    await this.store.repos.gateway.deleteUnboundBefore(now - UNBOUND_KEY_TTL_MS);
    await this.store.repos.gateway.insertKey({
      key_id: keyId,
      public_key: registration.publicKey,
      algorithm: registration.algorithm,
      user_id: sessionUserId,
      created_at: now,
      bound_at: sessionUserId ? now : null,
    });
    if (sessionUserId) await this.bindKeyOnce(keyId, sessionUserId);
    return { keyId };
  }

  /** Binds a key that no user holds yet; a key held by another user is refused. */
  private async bindKeyOnce(keyId: string, userId: string): Promise<void> {
    const row = await this.store.repos.gateway.keyById(keyId);
    if (!row) return;
    if (row.user_id === null)
      await this.store.repos.gateway.bindKey(keyId, userId, this.options.now());
    else if (row.user_id !== userId) throw signError('SIGN_INVALID', 'key of another user');
  }

  /** After a login or registration signed with the key: the key belongs to that user now. */
  async bindAfterLogin(keyId: string, userId: string): Promise<void> {
    await this.store.repos.gateway.bindKey(keyId, userId, this.options.now());
  }

  /**
   * Checks a call to a core URL: 00020 without the headers, 00021 in
   * another mode, 00022 when its request-time or its trace id's time is
   * outside the window, 00023 for a wrong body md5, an unknown key, a bad
   * signature, a key of another user or a trace id seen before. The trace id
   * is remembered until its own time leaves the window, after which the
   * time check refuses it: each signed call is accepted once. Returns the
   * key id that signed.
   */
  async verifySignedCall(call: SignedCall, mode: SignMode): Promise<string> {
    const sign = header(call.headers, 'device-sign');
    const givenMode = header(call.headers, 'device-sign-mode');
    const keyId = header(call.headers, 'device-sign-key');
    const requestTime = header(call.headers, 'request-time');
    const traceId = header(call.headers, 'traceid');
    const dataMd5 = header(call.headers, 'device-sign-data-md5');
    if (!sign || !givenMode || !keyId || !requestTime) throw signError('SIGN_MISSING', 'headers');
    if (!isSignMode(givenMode) || givenMode !== mode) {
      throw signError('SIGN_MODE_MISMATCH', givenMode);
    }
    if (mode !== 'path_time' && !traceId) throw signError('SIGN_MISSING', 'traceid');
    if (mode === 'path_time_traceId_body' && !dataMd5) throw signError('SIGN_MISSING', 'md5');
    const now = this.options.now();
    const time = /^[0-9]{13}$/.test(requestTime) ? Number(requestTime) : NaN;
    if (!(Math.abs(now - time) <= SIGN_TIME_WINDOW_MS)) throw signError('SIGN_EXPIRED', 'time');
    if (traceId !== null && !isTraceId(traceId)) throw signError('SIGN_INVALID', 'traceid');
    const traceTime = traceId !== null ? traceTimeOf(traceId) : time;
    if (!(Math.abs(now - traceTime) <= SIGN_TIME_WINDOW_MS)) {
      throw signError('SIGN_EXPIRED', 'trace time');
    }
    const actualMd5 = bodyMd5(call.rawBody);
    if (dataMd5 !== null && dataMd5 !== actualMd5) throw signError('SIGN_INVALID', 'body md5');
    const key = /^[0-9a-f]{32}$/.test(keyId)
      ? await this.store.repos.gateway.keyById(keyId)
      : undefined;
    if (!key) throw signError('SIGN_INVALID', 'unknown key');
    const canonical = canonicalSignString({
      mode,
      path: signedPathOf(call),
      requestTime,
      traceId: traceId ?? '',
      dataMd5: actualMd5,
    });
    if (!(await verifyText(key.public_key, canonical, sign))) {
      throw signError('SIGN_INVALID', 'signature');
    }
    if (traceId !== null) {
      const id = `${keyId}:${traceId}`;
      if (!(await this.traces.remember(id, traceTime + SIGN_TIME_WINDOW_MS, now))) {
        throw signError('SIGN_INVALID', 'replay');
      }
    }
    if (call.sessionUserId) await this.bindKeyOnce(keyId, call.sessionUserId);
    return keyId;
  }

  /**
   * The device check of a device-check URL's body (DESIGN.md section 4):
   * its three fields are required (00020), the user-id hash must be that
   * of the session user's public id (userInfo.userId) and userCheckDeviceSign must verify with the key that
   * signed the call over deviceCheckMessage(hash, request-time) (00023), and
   * lastAlgorithm must name an algorithm. Answers the body without the
   * three fields (the route's schema knows nothing of them) and whether the
   * user last signed here with another algorithm than this key's.
   */
  async verifyDeviceCheck(input: {
    keyId: string;
    userRowId: string;
    requestTime: string;
    body: unknown;
  }): Promise<{ body: Record<string, unknown>; algorithmChanged: boolean }> {
    const body = input.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) {
      throw signError('SIGN_MISSING', 'device check');
    }
    const fields = body as Record<string, unknown>;
    const [hash, sign, last] = DEVICE_CHECK_FIELD_NAMES.map((name) => fields[name]);
    if (typeof hash !== 'string' || typeof sign !== 'string' || typeof last !== 'string') {
      throw signError('SIGN_MISSING', 'device check');
    }
    if (!isSignAlgorithm(last)) throw signError('SIGN_INVALID', 'device check algorithm');
    const publicId = await this.options.publicUserIdOf(input.userRowId);
    if (publicId === null || hash !== (await userIdHashOf(publicId))) {
      throw signError('SIGN_INVALID', 'device check user');
    }
    const key = await this.store.repos.gateway.keyById(input.keyId);
    if (
      !key ||
      sign.length > 1024 ||
      !(await verifyText(key.public_key, deviceCheckMessage(hash, input.requestTime), sign))
    ) {
      throw signError('SIGN_INVALID', 'device check sign');
    }
    const rest = Object.fromEntries(
      Object.entries(fields).filter(
        ([name]) => !(DEVICE_CHECK_FIELD_NAMES as readonly string[]).includes(name),
      ),
    );
    return { body: rest, algorithmChanged: last !== key.algorithm };
  }

  /**
   * The fields of a body on a login or register path, decrypted from
   * bodyCiphertext and merged with its clear fields. With signing on, a
   * listed field in clear or a body without ciphertext is refused (14002).
   */
  async openBody(path: string, body: unknown): Promise<unknown> {
    const listed = ENCRYPTED_BODY_FIELDS[path];
    if (!listed || typeof body !== 'object' || body === null || Array.isArray(body)) return body;
    const fields = body as Record<string, unknown>;
    const ciphertext = fields[BODY_CIPHERTEXT_FIELD];
    if (ciphertext === undefined) {
      if (this.options.signClientOpen) throw appError('BODY_NOT_ENCRYPTED');
      return body;
    }
    if (listed.some((name) => name in fields)) throw appError('BODY_NOT_ENCRYPTED');
    if (!isCiphertext(ciphertext)) throw appError('BODY_CIPHERTEXT_INVALID');
    this.serverKey ??= importDecryptionPrivateKey(this.keys.serverPrivateKey);
    let secret: Record<string, string>;
    try {
      secret = await decryptBodyFields(await this.serverKey, ciphertext);
    } catch {
      throw appError('BODY_CIPHERTEXT_INVALID');
    }
    if (Object.keys(secret).some((name) => !listed.includes(name))) {
      throw appError('BODY_CIPHERTEXT_INVALID');
    }
    const { [BODY_CIPHERTEXT_FIELD]: _dropped, ...clear } = fields;
    return { ...clear, ...secret };
  }

  /** `expiry (10 digits, epoch s)` + 30 hex of HMAC-SHA256(secret, expiry|deviceId). */
  issueDeviceToken(appId: string, deviceId: string): string {
    if (!this.options.deviceAppIds.includes(appId)) throw appError('DEVICE_TOKEN_INVALID');
    const expiry = Math.floor(this.options.now() / 1000) + this.options.deviceTokenTtl_s;
    const token = `${String(expiry).padStart(10, '0')}${this.mac(expiry, deviceId)}`;
    return token;
  }

  deviceTokenValid(token: string | null, deviceId: string | null): boolean {
    if (!token || !deviceId || token.length !== DEVICE_TOKEN_LENGTH) return false;
    if (!/^[0-9]{10}[0-9a-f]{30}$/.test(token)) return false;
    const expiry = Number(token.slice(0, 10));
    if (expiry * 1000 < this.options.now()) return false;
    const expected = Buffer.from(this.mac(expiry, deviceId));
    return timingSafeEqual(expected, Buffer.from(token.slice(10)));
  }

  private mac(expiry: number, deviceId: string): string {
    return createHmac('sha256', this.keys.deviceTokenSecret)
      .update(`${expiry}|${deviceId}`)
      .digest('hex')
      .slice(0, DEVICE_TOKEN_LENGTH - 10);
  }

  async saveCspReport(report: {
    contentType: string;
    body: string;
    ip: string | null;
    userAgent: string | null;
  }): Promise<void> {
    await this.store.repos.gateway.insertCspReport({
      id: newId(),
      content_type: report.contentType.slice(0, 100),
      body: report.body.slice(0, CSP_REPORT_MAX_BYTES),
      ip: report.ip,
      user_agent: report.userAgent?.slice(0, 512) ?? null,
      created_at: this.options.now(),
    });
  }
}

export function needsSignature(path: string): boolean {
  return matches(path, SIGNED_EXACT_URLS, SIGNED_PREFIX_URLS);
}

/** The one device-token list (packages/core), which the web client reads too. */
export { needsDeviceToken };

function isCiphertext(value: unknown): value is BodyCiphertext {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const c = value as Record<string, unknown>;
  const field = (v: unknown) => typeof v === 'string' && v.length <= CIPHERTEXT_FIELD_MAX;
  return c.v === 1 && field(c.key) && field(c.iv) && field(c.data) && Object.keys(c).length === 4;
}
