/**
 * Gateway request signing (spec section 7), RSASSA-PKCS1-v1_5 / SHA-256 over
 * Web Crypto: client key pairs, key import and export, key ids, signatures,
 * the root check of the server key, the client key registration and the
 * headers of a signed call.
 */
import type { SignAlgorithm, SignMode, SignedTarget } from './gateway-protocol';
import {
  MODULUS_BITS,
  SIGN_HEADERS,
  bodyMd5,
  canonicalSignString,
  signedPathOf,
} from './gateway-protocol';
import type { GatewayCryptoKey, GatewayKeyPair } from './gateway-web-crypto';
import { fromBase64, fromPem, subtle, toBase64, toPem, utf8 } from './gateway-web-crypto';

// ---------------------------------------------------------------- keys

const PKCS1_SHA256 = { name: 'RSASSA-PKCS1-v1_5', hash: 'SHA-256' };

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

export interface SignRequestInput extends SignedTarget {
  privateKey: GatewayCryptoKey;
  keyId: string;
  mode: SignMode;
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
    path: signedPathOf(input),
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

// ---------------------------------------------------------------- device check

/**
 * The fields a client adds to the body of a device-check URL
 * (`userCheckDeviceUrl`): the SHA-256 hex of its user id, a signature with
 * the call's own key over deviceCheckMessage, and the algorithm this browser
 * last signed with for that user (this key's on the first call).
 */
export interface DeviceCheckFields {
  userCheckDeviceUserIdHash: string;
  userCheckDeviceSign: string;
  lastAlgorithm: SignAlgorithm;
}

export const DEVICE_CHECK_FIELD_NAMES = [
  'userCheckDeviceUserIdHash',
  'userCheckDeviceSign',
  'lastAlgorithm',
] as const;

/** Lower-case SHA-256 hex of a user id's UTF-8 bytes. */
export async function userIdHashOf(userId: string): Promise<string> {
  const digest = new Uint8Array(await subtle().digest('SHA-256', utf8(userId)));
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** What userCheckDeviceSign signs: the user-id hash and the call's request-time header. */
export function deviceCheckMessage(userIdHash: string, requestTime: string): string {
  return `quay-device-check\n${userIdHash}\n${requestTime}`;
}

export async function buildDeviceCheckFields(input: {
  privateKey: GatewayCryptoKey;
  userId: string;
  requestTime: string;
  lastAlgorithm: SignAlgorithm;
}): Promise<DeviceCheckFields> {
  const userCheckDeviceUserIdHash = await userIdHashOf(input.userId);
  return {
    userCheckDeviceUserIdHash,
    userCheckDeviceSign: await signText(
      input.privateKey,
      deviceCheckMessage(userCheckDeviceUserIdHash, input.requestTime),
    ),
    lastAlgorithm: input.lastAlgorithm,
  };
}
