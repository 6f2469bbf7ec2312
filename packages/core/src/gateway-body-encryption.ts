/**
 * Login-body encryption (spec section 7): the listed fields of a path travel
 * in `bodyCiphertext`, AES-256-CBC under a fresh key that is wrapped with the
 * server's RSA-OAEP / SHA-256 public key; the RSA-OAEP key imports live here
 * with it.
 */
import { AES_IV_BYTES, AES_KEY_BYTES } from './gateway-protocol';
import type { GatewayCryptoKey } from './gateway-web-crypto';
import {
  fromBase64,
  fromPem,
  fromUtf8,
  randomOf,
  subtle,
  toBase64,
  utf8,
} from './gateway-web-crypto';

// ---------------------------------------------------------------- login encryption

const OAEP_SHA256 = { name: 'RSA-OAEP', hash: 'SHA-256' };

/** The server's PKCS#8 PEM private key for RSA-OAEP / SHA-256 decryption. */
export function importDecryptionPrivateKey(pkcs8Pem: string) {
  return subtle().importKey('pkcs8', fromPem(pkcs8Pem, 'PRIVATE KEY'), OAEP_SHA256, false, [
    'decrypt',
  ]);
}

export function importEncryptionPublicKey(spkiPem: string) {
  return subtle().importKey('spki', fromPem(spkiPem, 'PUBLIC KEY'), OAEP_SHA256, true, ['encrypt']);
}

/**
 * Fields that travel inside bodyCiphertext per path (spec section 7 table);
 * every other field of the body stays in clear beside it.
 */
export const ENCRYPTED_BODY_FIELDS: Readonly<Record<string, readonly string[]>> = {
  '/v1/user/login': ['loginName', 'pwd', 'areaCode'],
  '/v1/user/agency/login': ['loginName', 'pwd', 'areaCode'],
  '/v1/user/register/email': ['email', 'pwd', 'verifyCode', 'rePwd'],
  '/v1/user/register/mobile': ['mobile', 'areaCode', 'pwd', 'verifyCode', 'rePwd'],
  // Ours: the account-security calls that carry a password travel the same way.
  '/v1/user/security/password': ['oldPwd', 'pwd', 'rePwd'],
  '/v1/user/password/reset': ['email', 'verifyCode', 'pwd', 'rePwd'],
  '/v1/user/security/freeze': ['pwd'],
  // Third-party sign-in: the rows that carry a password or open an account.
  '/v1/user/third/check': ['loginName', 'pwd', 'serialNO'],
  '/v1/user/third/bind/check': ['loginName', 'pwd', 'areaCode', 'serialNO'],
  '/v1/user/tg/checkUserExit': ['loginName', 'pwd', 'serialNO'],
  '/v1/user/wallet/check': ['loginName', 'pwd', 'signature'],
  '/v1/user/third/register/apple': ['email', 'emailCode'],
  '/v1/user/third/register/google': ['email', 'serialNO'],
  '/v1/user/third/register/wallet': ['email', 'mobile', 'areaCode', 'serialNO'],
  '/v1/user/third/register/tg': ['email', 'mobile', 'areaCode', 'verifyCode'],
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
