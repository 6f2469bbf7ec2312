/**
 * Key material of the gateway (DESIGN.md section 10, "Gateway keys"): the
 * root key that vouches for the server key, the server key that login bodies
 * are encrypted to, and the secret device tokens are signed with. Nothing
 * here is in git: the root key lives in the repository's ignored `.keys/`
 * (or ROOT_KEY_FILE), the rest in DATA_DIR/keys.
 */
import {
  createPrivateKey,
  createPublicKey,
  createSign,
  generateKeyPairSync,
  hkdfSync,
  randomBytes,
} from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
/** The repository's ignored key folder; the web build reads root-public.pem from it. */
export const REPO_KEYS_DIR = resolve(here, '../../../../../.keys');
export const ROOT_KEY_FILE_NAME = 'root-key.pem';
export const ROOT_PUBLIC_FILE_NAME = 'root-public.pem';

export interface GatewayKeys {
  rootPublicKey: string;
  serverPublicKey: string;
  /** PKCS#8 PEM; decrypts the AES keys of login bodies. */
  serverPrivateKey: string;
  /** The root key's signature over serverPublicKey (base64). */
  serverPublicKeySign: string;
  deviceTokenSecret: Buffer;
}

function rsaPair(): { privateKey: string; publicKey: string } {
  const pair = generateKeyPairSync('rsa', { modulusLength: 2048, publicExponent: 0x10001 });
  return {
    privateKey: pair.privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
    publicKey: pair.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  };
}

/** Writes a new file only; a file another process wrote first wins. */
function writeOnce(file: string, content: string | Buffer): void {
  mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
  try {
    writeFileSync(file, content, { flag: 'wx', mode: 0o600 });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
  }
}

/** The private key in a PEM file, created (with its public half beside it) when absent. */
function privateKeyPem(file: string, publicFile: string | null, create: boolean): string {
  if (!existsSync(file)) {
    if (!create) throw new Error(`key file ${file} does not exist`);
    const pair = rsaPair();
    writeOnce(file, pair.privateKey);
  }
  const pem = readFileSync(file, 'utf8');
  let key;
  try {
    key = createPrivateKey(pem);
  } catch (err) {
    throw new Error(`key file ${file} is not a PEM private key: ${(err as Error).message}`);
  }
  if (key.asymmetricKeyType !== 'rsa') throw new Error(`key file ${file} is not an RSA key`);
  const pkcs8 = key.export({ type: 'pkcs8', format: 'pem' }).toString();
  if (publicFile) writeOnce(publicFile, publicPemOf(pkcs8));
  return pkcs8;
}

function publicPemOf(privatePem: string): string {
  return createPublicKey(privatePem).export({ type: 'spki', format: 'pem' }).toString();
}

/**
 * The root key: ROOT_KEY_FILE, else the repository's `.keys/root-key.pem`,
 * created with `.keys/root-public.pem` when absent (the build does the same
 * first, so the web app and the server agree).
 */
export function loadRootKey(rootKeyFile: string | null): { privateKey: string; publicKey: string } {
  const file = rootKeyFile ?? join(REPO_KEYS_DIR, ROOT_KEY_FILE_NAME);
  const publicFile = rootKeyFile ? null : join(REPO_KEYS_DIR, ROOT_PUBLIC_FILE_NAME);
  const privateKey = privateKeyPem(file, publicFile, rootKeyFile === null);
  return { privateKey, publicKey: publicPemOf(privateKey) };
}

export function loadGatewayKeys(options: {
  dataDir: string;
  rootKeyFile: string | null;
  serverKeyFile: string | null;
}): GatewayKeys {
  const root = loadRootKey(options.rootKeyFile);
  const keysDir = join(options.dataDir, 'keys');
  const serverPrivateKey = privateKeyPem(
    options.serverKeyFile ?? join(keysDir, 'server-key.pem'),
    null,
    options.serverKeyFile === null,
  );
  const serverPublicKey = publicPemOf(serverPrivateKey);
  // RSASSA-PKCS1-v1_5 / SHA-256 over the PEM text, as verifyServerPublicKey checks it.
  const serverPublicKeySign = createSign('sha256')
    .update(serverPublicKey, 'utf8')
    .sign(root.privateKey)
    .toString('base64');
  const secretFile = join(keysDir, 'device-token.key');
  if (!existsSync(secretFile)) writeOnce(secretFile, randomBytes(32).toString('hex'));
  const deviceTokenSecret = Buffer.from(readFileSync(secretFile, 'utf8').trim(), 'hex');
  if (deviceTokenSecret.length < 32) throw new Error(`${secretFile} must hold 32 bytes in hex`);
  return {
    rootPublicKey: root.publicKey,
    serverPublicKey,
    serverPrivateKey,
    serverPublicKeySign,
    deviceTokenSecret,
  };
}

/**
 * A key of one purpose, derived (HKDF-SHA256) from the server private key
 * under `DATA_DIR/keys`: the same on every process that shares that folder.
 */
export function serverDerivedKey(
  options: { dataDir: string; rootKeyFile: string | null; serverKeyFile: string | null },
  salt: string,
  info: string,
): Buffer {
  const { serverPrivateKey } = loadGatewayKeys(options);
  const der = createPrivateKey(serverPrivateKey).export({ type: 'pkcs8', format: 'der' });
  return Buffer.from(hkdfSync('sha256', der, salt, info, 32));
}
