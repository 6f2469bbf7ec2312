/**
 * Request signing and login encryption, client side (spec sections 3, 4, 7;
 * DESIGN.md sections 4 and 10), over @quay/core's gateway protocol. Setup
 * states: not initialised -> config loaded -> server public key verified ->
 * key pair ready (generated or restored) -> ready. The config may turn the
 * feature off ("off": nothing signed or encrypted). A server key that the
 * built-in root key does not vouch for ends in "refused": nothing is signed
 * or encrypted with it, and the calls that need it are not sent.
 */
import {
  ENCRYPTED_BODY_FIELDS,
  KEY_GENERATION_LIMIT_MS,
  buildClientKeyRegistration,
  buildDeviceCheckFields,
  clockOffsetOf,
  encryptRequestBody,
  exportPublicKeyPem,
  clientKeyId,
  generateClientKeyPair,
  isSignAlgorithm,
  newTraceId,
  requestTimeOf,
  signModeFor,
  signRequestHeaders,
  type SignedTarget,
  userIdHashOf,
  utf8,
  verifyServerPublicKey,
  type ClientKeyRegistration,
  type GatewayKeyPair,
  type GatewaySignConfig,
  type SignAlgorithm,
} from '@quay/core';
import { SigningUnavailableError, type SigningState } from './signing-unavailable';
import { isStoredClientKey, keyEntry, type KeyStore, type StoredClientKey } from './key-store';
import {
  cacheSignConfig,
  cachedSignConfig,
  forgetSignConfig,
  parseSignConfig,
} from './sign-config';

export type { SigningState };
export { SigningUnavailableError };

/** Init failures logged by name (spec section 8). */
export const SIGNING_EVENTS = {
  loginEncryptFailed: 'loginEncryptFailed',
  genKeypairFailed: 'genKeypairFailed',
  serverKeyRefused: 'serverPublicKeyRefused',
} as const;

export interface SigningDeps {
  /** data.gatewaySignConfig as the server answers it. */
  fetchConfig(): Promise<unknown>;
  /** Registers a key; resolves with the key id the server gives it. */
  registerKey(registration: ClientKeyRegistration): Promise<string>;
  keyStore: KeyStore;
  rootPublicKey: string;
  secureContext(): boolean;
  now(): number;
  report(event: string, reason: string): void;
  /** Failures of the network itself are not reported (spec section 8). */
  isNetworkError(error: unknown): boolean;
  /** Names this tab session's key entry. */
  sessionId(): string;
  generate?(algorithm: SignAlgorithm): Promise<GatewayKeyPair>;
  keyGenerationLimit_ms?: number;
  /** The algorithm last used for a user-id hash, and its update (device checks). */
  lastAlgorithm?: {
    read(userIdHash: string): string | null;
    write(userIdHash: string, algorithm: string): void;
  };
}

class KeyGenerationTimeout extends Error {
  constructor() {
    super('key generation timed out');
  }
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(
    await crypto.subtle.digest('SHA-256', new Uint8Array(utf8(text)) as Uint8Array<ArrayBuffer>),
  );
  return [...digest].map((b) => b.toString(16).padStart(2, '0')).join('');
}

export class SigningService {
  private stateValue: SigningState = 'not-initialised';
  private config: GatewaySignConfig | null = null;
  private key: StoredClientKey | null = null;
  private userId: string | null = null;
  private initializing: Promise<SigningState> | null = null;
  private clockOffset_ms = 0;
  private readonly listeners = new Set<(state: SigningState) => void>();

  constructor(private readonly deps: SigningDeps) {}

  get state(): SigningState {
    return this.stateValue;
  }

  get signConfig(): GatewaySignConfig | null {
    return this.config;
  }

  get clientKey(): StoredClientKey | null {
    return this.key;
  }

  get clockOffset(): number {
    return this.clockOffset_ms;
  }

  onState(listener: (state: SigningState) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private setState(state: SigningState): void {
    this.stateValue = state;
    for (const listener of this.listeners) listener(state);
  }

  /** The server clock from an answer's request-time / requesttime header. */
  observeServerTime(header: string | null | undefined): void {
    const offset = clockOffsetOf(header, this.deps.now());
    if (offset !== null) this.clockOffset_ms = offset;
  }

  /**
   * Sets up (once at a time); resolves with the state it reached. A call
   * while the setup runs waits for it: a call that must be signed then goes
   * out signed, not refused half-way through the setup.
   */
  init(): Promise<SigningState> {
    if (this.initializing) return this.initializing;
    if (this.stateValue !== 'not-initialised' && this.stateValue !== 'failed') {
      return Promise.resolve(this.stateValue);
    }
    this.initializing ??= this.setUp().finally(() => {
      this.initializing = null;
    });
    return this.initializing;
  }

  private async setUp(): Promise<SigningState> {
    let config = cachedSignConfig();
    if (!config) {
      try {
        config = parseSignConfig(await this.deps.fetchConfig());
      } catch (error) {
        if (!this.deps.isNetworkError(error)) {
          this.deps.report(SIGNING_EVENTS.loginEncryptFailed, `config: ${reasonOf(error)}`);
        }
        this.setState('failed');
        return this.stateValue;
      }
      if (!config) {
        this.deps.report(SIGNING_EVENTS.loginEncryptFailed, 'config unreadable');
        this.setState('failed');
        return this.stateValue;
      }
    }
    this.config = config;
    cacheSignConfig(config);
    this.setState('config-loaded');
    if (!config.clientOpen) {
      this.setState('off');
      return this.stateValue;
    }
    const trusted =
      this.deps.rootPublicKey !== '' &&
      (await verifyServerPublicKey(
        this.deps.rootPublicKey,
        config.serverPublicKey,
        config.serverPublicKeySign,
      ));
    if (!trusted) {
      forgetSignConfig();
      this.deps.report(SIGNING_EVENTS.serverKeyRefused, 'serverPublicKeySign does not verify');
      this.setState('refused');
      return this.stateValue;
    }
    this.setState('server-key-verified');
    try {
      this.key = await this.restoreOrCreateKey(config.defaultAlgorithm);
    } catch (error) {
      this.deps.report(SIGNING_EVENTS.genKeypairFailed, reasonOf(error));
      this.setState('failed');
      return this.stateValue;
    }
    this.setState('key-pair-ready');
    try {
      const registration = await buildClientKeyRegistration(
        this.key.keyPair,
        this.key.algorithm,
        requestTimeOf(this.deps.now(), this.clockOffset_ms),
      );
      const { keyId: _ours, ...body } = registration;
      const keyId = await this.deps.registerKey(body);
      if (keyId !== this.key.keyId) throw new Error('server named another key id');
    } catch (error) {
      if (!this.deps.isNetworkError(error)) {
        this.deps.report(SIGNING_EVENTS.loginEncryptFailed, `key registration: ${reasonOf(error)}`);
      }
      this.setState('failed');
      return this.stateValue;
    }
    await this.deps.keyStore.set(keyEntry.session(this.deps.sessionId()), this.key);
    this.setState('ready');
    return this.stateValue;
  }

  /** The user's key after a login, else this session's, else a backup, else a new one. */
  private async restoreOrCreateKey(algorithm: SignAlgorithm): Promise<StoredClientKey> {
    const store = this.deps.keyStore;
    const user = await store.get(keyEntry.currentUser);
    if (typeof user === 'string') {
      const entry = await store.get(keyEntry.user(user));
      if (isStoredClientKey(entry)) {
        this.userId = user;
        return entry;
      }
    }
    const session = await store.get(keyEntry.session(this.deps.sessionId()));
    if (isStoredClientKey(session)) return session;
    const backup = await store.get(keyEntry.backup(algorithm));
    if (isStoredClientKey(backup)) {
      await store.del(keyEntry.backup(algorithm));
      return backup;
    }
    return this.generateWithinLimit(algorithm);
  }

  private async describe(
    keyPair: GatewayKeyPair,
    algorithm: SignAlgorithm,
  ): Promise<StoredClientKey> {
    const publicKeyPem = await exportPublicKeyPem(keyPair.publicKey);
    return { keyPair, algorithm, publicKeyPem, keyId: await clientKeyId(publicKeyPem) };
  }

  private generate(algorithm: SignAlgorithm): Promise<GatewayKeyPair> {
    return this.deps.generate
      ? this.deps.generate(algorithm)
      : generateClientKeyPair(algorithm, false);
  }

  /**
   * Web Crypto only in a secure context, within 8 s. When the limit passes the
   * attempt fails and the key still being made is kept as the backup.
   */
  private async generateWithinLimit(algorithm: SignAlgorithm): Promise<StoredClientKey> {
    if (!this.deps.secureContext()) throw new Error('not a secure context');
    const limit = this.deps.keyGenerationLimit_ms ?? KEY_GENERATION_LIMIT_MS;
    const making = this.generate(algorithm);
    let timer: ReturnType<typeof setTimeout> | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new KeyGenerationTimeout()), limit);
    });
    try {
      return await this.describe(await Promise.race([making, late]), algorithm);
    } catch (error) {
      if (error instanceof KeyGenerationTimeout) {
        void making
          .then((pair) => this.describe(pair, algorithm))
          .then((entry) => this.deps.keyStore.set(keyEntry.backup(algorithm), entry))
          .catch(() => undefined);
      }
      throw error;
    } finally {
      clearTimeout(timer);
    }
  }

  /** Whether a path's calls must be signed or encrypted (known once the config is). */
  guards(path: string): boolean {
    if (ENCRYPTED_BODY_FIELDS[path]) return true;
    return !!this.config && signModeFor(this.config, path) !== null;
  }

  /**
   * The body text and headers of a call: listed fields moved into
   * bodyCiphertext, device-check fields added, and the sign headers for a
   * core URL, signing its method, request target (path and query string, as
   * sent) and demo flag. Throws SigningUnavailableError for a call that
   * needs signing or encryption while the setup is not ready (and the
   * feature is not off).
   */
  async prepare(
    path: string,
    body: Record<string, unknown> | null,
    call: Partial<SignedTarget> = {},
  ): Promise<{
    body: Record<string, unknown> | null;
    bodyText: string;
    headers: Record<string, string>;
  }> {
    const plain = { body, bodyText: body ? JSON.stringify(body) : '', headers: {} };
    if (this.stateValue === 'off') return plain;
    if (this.stateValue !== 'ready' || !this.config || !this.key) {
      if (this.guards(path)) throw new SigningUnavailableError(this.stateValue);
      return plain;
    }
    const config = this.config;
    let sent = body;
    if (sent && ENCRYPTED_BODY_FIELDS[path]) {
      try {
        sent = await encryptRequestBody(config.serverPublicKey, path, sent);
      } catch (error) {
        this.deps.report(SIGNING_EVENTS.loginEncryptFailed, reasonOf(error));
        throw new SigningUnavailableError(this.stateValue);
      }
    }
    const now = this.deps.now();
    const requestTime = requestTimeOf(now, this.clockOffset_ms);
    if (sent && this.userId && config.userCheckDeviceUrl.includes(path)) {
      sent = { ...sent, ...(await this.deviceCheckFields(this.userId, requestTime)) };
    }
    const bodyText = sent ? JSON.stringify(sent) : '';
    const mode = signModeFor(config, path);
    if (!mode) return { body: sent, bodyText, headers: {} };
    const headers = await signRequestHeaders({
      privateKey: this.key.keyPair.privateKey,
      keyId: this.key.keyId,
      mode,
      method: call.method ?? 'POST',
      target: call.target ?? path,
      simulated: call.simulated ?? false,
      body: bodyText,
      requestTime,
      traceId: newTraceId(now + this.clockOffset_ms),
    });
    return { body: sent, bodyText, headers };
  }

  /**
   * Device-check fields: the user-id hash, a signature over it with the time,
   * and the algorithm last used for that user here (then this key's).
   */
  private async deviceCheckFields(userId: string, requestTime: string) {
    const key = this.key!;
    const userIdHash = await userIdHashOf(userId);
    const read = this.deps.lastAlgorithm?.read(userIdHash) ?? null;
    const last = isSignAlgorithm(read) ? read : key.algorithm;
    this.deps.lastAlgorithm?.write(userIdHash, key.algorithm);
    return buildDeviceCheckFields({
      privateKey: key.keyPair.privateKey,
      userId,
      requestTime,
      lastAlgorithm: last,
    });
  }

  /**
   * The logged-in user, learnt from the user info when no login happened in
   * this browser session: device-check fields are added for them. The key is
   * bound by the server at the first signed call of the session.
   */
  knowUser(userId: string): void {
    this.userId ??= userId;
  }

  /** After a login with a token and a user id: the key pair belongs to that user. */
  async bindToUser(userId: string, sessionToken: string | null): Promise<void> {
    if (!this.key) return;
    this.userId = userId;
    const store = this.deps.keyStore;
    await store.set(keyEntry.user(userId), this.key);
    await store.set(keyEntry.currentUser, userId);
    if (sessionToken) {
      await store.set(
        keyEntry.session(`token-${(await sha256Hex(sessionToken)).slice(0, 32)}`),
        this.key,
      );
    }
  }

  /** After a logout: the next user of this browser gets a key of their own. */
  async forgetUser(): Promise<void> {
    const store = this.deps.keyStore;
    await store.del(keyEntry.currentUser);
    await store.del(keyEntry.session(this.deps.sessionId()));
    this.userId = null;
    this.key = null;
    this.config = null;
    this.setState('not-initialised');
  }

  /** Reset (sign errors): the config is read again at the next init; keys are kept. */
  reset(): void {
    forgetSignConfig();
    this.config = null;
    this.setState('not-initialised');
  }
}
