/**
 * Web Crypto access for the gateway protocol and the byte encodings around it
 * (UTF-8, strict base64, PEM). Isomorphic: only `globalThis.crypto.subtle`,
 * which browsers (secure contexts) and Node 20 both provide, typed by the
 * narrow interfaces below so that the DOM and Node key types both fit.
 */

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

export function subtle(): SubtleSubset {
  return webCrypto().subtle;
}

export function randomOf(length: number): Uint8Array {
  return webCrypto().getRandomValues(new Uint8Array(length));
}

export function utf8(text: string): Uint8Array {
  return new (globalThis as unknown as TextCodecs).TextEncoder().encode(text);
}

export function fromUtf8(bytes: Uint8Array): string {
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
