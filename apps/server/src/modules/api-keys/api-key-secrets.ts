/**
 * Key material of API keys. The HMAC secret must be read back to check a
 * signature, so it is kept sealed (AES-256-GCM, the key's id as associated
 * data) under a key derived (HKDF-SHA256) from the server's private key in
 * DATA_DIR/keys or SERVER_KEY_FILE: a copy of the database alone reveals no
 * secret. Replacing the server key makes every API key unusable (recreate them).
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { serverDerivedKey } from '../../kernel/gateway/gateway-keys';

const SEAL_VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The sealing key: HKDF over the server private key (DER), one purpose of its own. */
export function apiKeySealingKey(config: {
  dataDir: string;
  rootKeyFile: string | null;
  serverKeyFile: string | null;
}): Buffer {
  return serverDerivedKey(config, 'quay api keys', 'api-key-secret-seal v1');
}

/** `v1.iv.tag.ciphertext`, base64url parts. */
export function sealSecret(key: Buffer, apiKey: string, secret: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(apiKey, 'utf8'));
  const sealed = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  return [SEAL_VERSION, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The secret, or null when the sealed text is not ours (another server key, or tampered with). */
export function openSecret(key: Buffer, apiKey: string, sealed: string): string | null {
  const [version, iv, tag, data] = sealed.split('.');
  if (version !== SEAL_VERSION || !iv || !tag || data === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'), {
      authTagLength: TAG_BYTES,
    });
    decipher.setAAD(Buffer.from(apiKey, 'utf8'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const plain = Buffer.concat([
      decipher.update(Buffer.from(data, 'base64url')),
      decipher.final(),
    ]);
    return plain.toString('utf8');
  } catch {
    return null;
  }
}

/** A new key id as Bitget writes them (`bg_` and 32 hex digits) and its secret (64 hex digits). */
export function newKeyPair(): { apiKey: string; secret: string } {
  return {
    apiKey: `bg_${randomBytes(16).toString('hex')}`,
    secret: randomBytes(32).toString('hex'),
  };
}

/** A passphrase the operator's command line hands out: 20 letters and digits. */
export function newPassphrase(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz23456789';
  const bytes = randomBytes(20);
  return [...bytes].map((b) => alphabet[b % alphabet.length]).join('');
}
