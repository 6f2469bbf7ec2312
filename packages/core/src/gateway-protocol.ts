/**
 * Gateway security protocol (DESIGN.md section 4, spec sections 3, 4, 7, 9):
 * request signing with a registered client key, the server key's root
 * signature, login-body encryption and the device token, defined once for the
 * web client and the server. Isomorphic: only Web Crypto
 * (`globalThis.crypto.subtle`), which browsers (secure contexts) and Node 20
 * both provide, and spark-md5.
 */
import SparkMD5 from 'spark-md5';

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

/** A signed call's request-time must lie within this of the server clock. */
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

export interface CanonicalInput {
  mode: SignMode;
  /** URL path without query string, e.g. `/v1/user/login`. */
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

// ---------------------------------------------------------------- Web Crypto access

/** Opaque Web Crypto key (the DOM and Node `CryptoKey` both fit). */
export interface GatewayCryptoKey {
  readonly type: string;
  readonly extractable: boolean;
  readonly algorithm: { readonly name: string };
}

export interface GatewayKeyPair {
  publicKey: GatewayCryptoKey;
  privateKey: GatewayCryptoKey;
}

type Bytes = Uint8Array;
type AlgorithmParams = { name: string } & Record<string, unknown>;

interface SubtleSubset {
  generateKey(
    algorithm: AlgorithmParams,
    extractable: boolean,
    usages: string[],
  ): Promise<GatewayKeyPair>;
  importKey(
    format: 'spki' | 'pkcs8' | 'raw',
    data: Bytes,
    algorithm: AlgorithmParams,
    extractable: boolean,
    usages: string[],
  ): Promise<GatewayCryptoKey>;
  exportKey(format: 'spki' | 'pkcs8', key: GatewayCryptoKey): Promise<ArrayBuffer>;
  sign(algorithm: AlgorithmParams, key: GatewayCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  verify(
    algorithm: AlgorithmParams,
    key: GatewayCryptoKey,
    signature: Bytes,
    data: Bytes,
  ): Promise<boolean>;
  encrypt(algorithm: AlgorithmParams, key: GatewayCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  decrypt(algorithm: AlgorithmParams, key: GatewayCryptoKey, data: Bytes): Promise<ArrayBuffer>;
  digest(algorithm: string, data: Bytes): Promise<ArrayBuffer>;
}

interface CryptoSubset {
  subtle: SubtleSubset;
  getRandomValues<T extends Uint8Array>(array: T): T;
}

interface TextCodecs {
  TextEncoder: new () => { encode(text: string): Uint8Array };
  TextDecoder: new (
    label?: string,
    options?: { fatal?: boolean },
  ) => {
    decode(bytes: Uint8Array): string;
  };
}

function webCrypto(): CryptoSubset {
  const crypto = (globalThis as unknown as { crypto?: CryptoSubset }).crypto;
  if (!crypto?.subtle) throw new Error('Web Crypto is not available (secure context required)');
  return crypto;
}

function subtle(): SubtleSubset {
  return webCrypto().subtle;
}

function randomOf(length: number): Uint8Array {
  return webCrypto().getRandomValues(new Uint8Array(length));
}

export function utf8(text: string): Uint8Array {
  return new (globalThis as unknown as TextCodecs).TextEncoder().encode(text);
}

function fromUtf8(bytes: Uint8Array): string {
  return new (globalThis as unknown as TextCodecs).TextDecoder('utf-8', { fatal: true }).decode(
    bytes,
  );
}

// ---------------------------------------------------------------- base64 and PEM

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

export function toBase64(input: Uint8Array | ArrayBuffer): string {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const a = bytes[i] ?? 0;
    const b = bytes[i + 1] ?? 0;
    const c = bytes[i + 2] ?? 0;
    const n = (a << 16) | (b << 8) | c;
    out += B64[(n >> 18) & 63]! + B64[(n >> 12) & 63]!;
    out += i + 1 < bytes.length ? B64[(n >> 6) & 63]! : '=';
    out += i + 2 < bytes.length ? B64[n & 63]! : '=';
  }
  return out;
}

/** Strict standard base64 (padding required, no whitespace); throws on anything else. */
export function fromBase64(text: string): Uint8Array {
  if (text.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(text)) {
    throw new Error('invalid base64');
  }
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  const out = new Uint8Array((text.length / 4) * 3 - padding);
  let o = 0;
  for (let i = 0; i < text.length; i += 4) {
    const n =
      ((B64_INDEX.get(text[i]!) ?? 0) << 18) |
      ((B64_INDEX.get(text[i + 1]!) ?? 0) << 12) |
      ((B64_INDEX.get(text[i + 2]!) ?? 0) << 6) |
      (B64_INDEX.get(text[i + 3]!) ?? 0);
    if (o < out.length) out[o++] = (n >> 16) & 255;
    if (o < out.length) out[o++] = (n >> 8) & 255;
    if (o < out.length) out[o++] = n & 255;
  }
  return out;
}

/** PEM text with `\n` line ends, 64 base64 characters a line, ending in `\n`. */
export function toPem(label: 'PUBLIC KEY' | 'PRIVATE KEY', der: Uint8Array | ArrayBuffer): string {
  const lines = toBase64(der).match(/.{1,64}/g) ?? [];
  return `-----BEGIN ${label}-----\n${lines.join('\n')}\n-----END ${label}-----\n`;
}

export function fromPem(pem: string, label: 'PUBLIC KEY' | 'PRIVATE KEY'): Uint8Array {
  const match = new RegExp(
    `-----BEGIN ${label}-----([A-Za-z0-9+/=\\s]+)-----END ${label}-----`,
  ).exec(pem);
  if (!match?.[1]) throw new Error(`not a ${label} PEM`);
  return fromBase64(match[1].replace(/\s+/g, ''));
}

// ---------------------------------------------------------------- keys

const PKCS1_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };
const OAEP_SHA256 = { name: 'RSA-OAEP', hash: 'SHA-256' };

/**
 * A client key pair for signing. The private key is non-extractable unless
 * asked (tests); the public key is always exportable.
 */
export async function generateClientKeyPair(
  algorithm: SignAlgorithm,
  extractable = false,
): Promise<GatewayKeyPair> {
  return subtle().generateKey(
    {
      ...PKCS1_SHA256,
      modulusLength: MODULUS_BITS[algorithm],
      publicExponent: new Uint8Array([1, 0, 1]),
    },
    extractable,
    ['sign', 'verify'],
  );
}

/** A PKCS#8 PEM private key for RSASSA-PKCS1-v1_5 / SHA-256 signing. */
export function importSigningPrivateKey(pkcs8Pem: string, extractable = false) {
  return subtle().importKey('pkcs8', fromPem(pkcs8Pem, 'PRIVATE KEY'), PKCS1_SHA256, extractable, [
    'sign',
  ]);
}

export function importVerifyingPublicKey(spkiPem: string) {
  return subtle().importKey('spki', fromPem(spkiPem, 'PUBLIC KEY'), PKCS1_SHA256, true, ['verify']);
}

/** The server's PKCS#8 PEM private key for RSA-OAEP / SHA-256 decryption. */
export function importDecryptionPrivateKey(pkcs8Pem: string) {
  return subtle().importKey('pkcs8', fromPem(pkcs8Pem, 'PRIVATE KEY'), OAEP_SHA256, false, [
    'decrypt',
  ]);
}

export function importEncryptionPublicKey(spkiPem: string) {
  return subtle().importKey('spki', fromPem(spkiPem, 'PUBLIC KEY'), OAEP_SHA256, true, ['encrypt']);
}

export async function exportPublicKeyPem(publicKey: GatewayCryptoKey): Promise<string> {
  return toPem('PUBLIC KEY', await subtle().exportKey('spki', publicKey));
}

/** RSA modulus length of an SPKI public key, read from the imported key. */
export async function modulusBitsOf(spkiPem: string): Promise<number> {
  const key = await importVerifyingPublicKey(spkiPem);
  const algorithm = key.algorithm as { modulusLength?: number };
  return algorithm.modulusLength ?? 0;
}

/** A client key's id: the first 32 hex characters of SHA-256 over its SPKI DER. */
export async function clientKeyId(spkiPem: string): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', fromPem(spkiPem, 'PUBLIC KEY')));
  return [...digest.slice(0, 16)].map((b) => b.toString(16).padStart(2, '0')).join('');
}

// ---------------------------------------------------------------- signatures

/** RSASSA-PKCS1-v1_5 / SHA-256 over the UTF-8 bytes of `message`, base64. */
export async function signText(privateKey: GatewayCryptoKey, message: string): Promise<string> {
  return toBase64(await subtle().sign(PKCS1_SHA256, privateKey, utf8(message)));
}

/** False (never a throw) for a malformed signature or key. */
export async function verifyText(
  publicKey: GatewayCryptoKey | string,
  message: string,
  signatureBase64: string,
): Promise<boolean> {
  try {
    const key =
      typeof publicKey === 'string' ? await importVerifyingPublicKey(publicKey) : publicKey;
    return await subtle().verify(PKCS1_SHA256, key, fromBase64(signatureBase64), utf8(message));
  } catch {
    return false;
  }
}

/** serverPublicKeySign: the root key's signature over the serverPublicKey PEM text. */
export function signServerPublicKey(rootPrivateKey: GatewayCryptoKey, serverPublicKeyPem: string) {
  return signText(rootPrivateKey, serverPublicKeyPem);
}

export function verifyServerPublicKey(
  rootPublicKeyPem: string,
  serverPublicKeyPem: string,
  serverPublicKeySign: string,
): Promise<boolean> {
  return verifyText(rootPublicKeyPem, serverPublicKeyPem, serverPublicKeySign);
}

/** Registration body: the public key and a signature over keyCheckMessage. */
export interface ClientKeyRegistration {
  publicKey: string;
  algorithm: SignAlgorithm;
  /** Epoch ms (server-corrected) as decimal digits; must lie within the window. */
  time: string;
  checkSign: string;
}

/** The key-pair check message: proves the caller holds the private key. */
export function keyCheckMessage(input: {
  keyId: string;
  algorithm: SignAlgorithm;
  time: string;
}): string {
  return `quay-key-check\n${input.algorithm}\n${input.keyId}\n${input.time}`;
}

export async function buildClientKeyRegistration(
  keyPair: GatewayKeyPair,
  algorithm: SignAlgorithm,
  time: string,
): Promise<ClientKeyRegistration & { keyId: string }> {
  const publicKey = await exportPublicKeyPem(keyPair.publicKey);
  const keyId = await clientKeyId(publicKey);
  const checkSign = await signText(keyPair.privateKey, keyCheckMessage({ keyId, algorithm, time }));
  return { publicKey, algorithm, time, checkSign, keyId };
}

export interface SignRequestInput {
  privateKey: GatewayCryptoKey;
  keyId: string;
  mode: SignMode;
  path: string;
  /** The exact body string sent ('' for none). */
  body: string;
  requestTime: string;
  traceId: string;
}

/**
 * Every header of a signed call. traceId and device-sign-data-md5 are sent
 * in every mode (the md5 header in all modes lets the server log a mismatch);
 * only the mode's parts enter the signature.
 */
export async function signRequestHeaders(input: SignRequestInput): Promise<Record<string, string>> {
  const dataMd5 = bodyMd5(input.body);
  const canonical = canonicalSignString({
    mode: input.mode,
    path: input.path,
    requestTime: input.requestTime,
    traceId: input.traceId,
    dataMd5,
  });
  return {
    [SIGN_HEADERS.sign]: await signText(input.privateKey, canonical),
    [SIGN_HEADERS.mode]: input.mode,
    [SIGN_HEADERS.dataMd5]: dataMd5,
    [SIGN_HEADERS.key]: input.keyId,
    [SIGN_HEADERS.requestTime]: input.requestTime,
    [SIGN_HEADERS.traceId]: input.traceId,
  };
}

// ---------------------------------------------------------------- login encryption

/**
 * Fields that travel inside bodyCiphertext per path (spec section 7 table);
 * every other field of the body stays in clear beside it.
 */
export const ENCRYPTED_BODY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  '/v1/user/login': ['loginName', 'pwd', 'areaCode'],
  '/v1/user/agency/login': ['loginName', 'pwd', 'areaCode'],
  '/v1/user/register/email': ['email', 'pwd', 'verifyCode', 'rePwd'],
  '/v1/user/register/mobile': ['mobile', 'areaCode', 'pwd', 'verifyCode', 'rePwd'],
  '/v1/user/register/mobileAndEmail': [
    'mobile',
    'areaCode',
    'pwd',
    'email',
    'emailVerifyCode',
    'verifyCode',
    'rePwd',
  ],
};

/** The body field holding the ciphertext. */
export const BODY_CIPHERTEXT_FIELD = 'bodyCiphertext';

/**
 * Wire format of bodyCiphertext, all binary fields standard base64:
 * key  = RSA-OAEP(SHA-256, server public key) of the 32-byte AES key,
 * iv   = the 16-byte IV,
 * data = AES-256-CBC (PKCS#7 padding) of the UTF-8 JSON object of the fields.
 */
export interface BodyCiphertext {
  v: 1;
  key: string;
  iv: string;
  data: string;
}

/** AES-256-CBC with PKCS#7 padding (the Web Crypto AES-CBC), base64 out. */
export async function aesCbcEncrypt(key: Uint8Array, iv: Uint8Array, plaintext: string) {
  const aesKey = await subtle().importKey('raw', key, { name: 'AES-CBC' }, false, ['encrypt']);
  return toBase64(await subtle().encrypt({ name: 'AES-CBC', iv }, aesKey, utf8(plaintext)));
}

export async function aesCbcDecrypt(key: Uint8Array, iv: Uint8Array, dataBase64: string) {
  const aesKey = await subtle().importKey('raw', key, { name: 'AES-CBC' }, false, ['decrypt']);
  return fromUtf8(
    new Uint8Array(await subtle().decrypt({ name: 'AES-CBC', iv }, aesKey, fromBase64(dataBase64))),
  );
}

/**
 * Encrypt fields for bodyCiphertext. `aesKey` and `iv` may be given (tests);
 * by default they are fresh random bytes.
 */
export async function encryptBodyFields(
  serverPublicKeyPem: string,
  fields: Record<string, string>,
  aesKey: Uint8Array = randomOf(AES_KEY_BYTES),
  iv: Uint8Array = randomOf(AES_IV_BYTES),
): Promise<BodyCiphertext> {
  const rsaKey = await importEncryptionPublicKey(serverPublicKeyPem);
  const wrapped = await subtle().encrypt(OAEP_SHA256, rsaKey, aesKey);
  return {
    v: 1,
    key: toBase64(wrapped),
    iv: toBase64(iv),
    data: await aesCbcEncrypt(aesKey, iv, JSON.stringify(fields)),
  };
}

/**
 * Split a body for a path with encrypted fields: the listed fields go into
 * bodyCiphertext, the rest stay. Bodies of other paths come back unchanged.
 */
export async function encryptRequestBody(
  serverPublicKeyPem: string,
  path: string,
  body: Record<string, unknown>,
): Promise<Record<string, unknown>> {
  const listed = ENCRYPTED_BODY_FIELDS[path];
  if (!listed) return body;
  const secret: Record<string, string> = {};
  const clear: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(body)) {
    if (listed.includes(name) && typeof value === 'string') secret[name] = value;
    else clear[name] = value;
  }
  return {
    ...clear,
    [BODY_CIPHERTEXT_FIELD]: await encryptBodyFields(serverPublicKeyPem, secret),
  };
}

/**
 * Decrypt bodyCiphertext to its fields: a flat object of strings. Throws on
 * any malformed part (wrong version, bad base64, wrong key, bad padding,
 * non-JSON, non-string values).
 */
export async function decryptBodyFields(
  serverPrivateKey: GatewayCryptoKey,
  ciphertext: BodyCiphertext,
): Promise<Record<string, string>> {
  if (ciphertext.v !== 1) throw new Error('unsupported bodyCiphertext version');
  const aesKey = new Uint8Array(
    await subtle().decrypt(OAEP_SHA256, serverPrivateKey, fromBase64(ciphertext.key)),
  );
  const iv = fromBase64(ciphertext.iv);
  if (aesKey.length !== AES_KEY_BYTES || iv.length !== AES_IV_BYTES) {
    throw new Error('bad key or iv length');
  }
  const parsed: unknown = JSON.parse(await aesCbcDecrypt(aesKey, iv, ciphertext.data));
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw new Error('bodyCiphertext is not an object');
  }
  const fields: Record<string, string> = {};
  for (const [name, value] of Object.entries(parsed)) {
    if (typeof value !== 'string') throw new Error('bodyCiphertext field is not a string');
    fields[name] = value;
  }
  return fields;
}
