import {
  GATEWAY_SIGN_CONFIG_PATH,
  bodyMd5,
  canonicalSignString,
  decryptBodyFields,
  generateClientKeyPair,
  importDecryptionPrivateKey,
  keyCheckMessage,
  verifyText,
  type BodyCiphertext,
  type ClientKeyRegistration,
  type GatewayKeyPair,
  type GatewaySignConfig,
  type SignAlgorithm,
} from '@quay/core';
import { VECTOR_KEYS, VECTOR_SERVER_PUBLIC_KEY_SIGN } from '@quay/core/gateway-vectors';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { keyEntry, type KeyStore, type StoredClientKey } from './key-store';
import {
  SIGNING_EVENTS,
  SigningService,
  SigningUnavailableError,
  type SigningDeps,
} from './signing-service';

const CONFIG: GatewaySignConfig = {
  clientOpen: true,
  serverPublicKey: VECTOR_KEYS.server.publicKey,
  serverPublicKeySign: VECTOR_SERVER_PUBLIC_KEY_SIGN,
  defaultAlgorithm: 'rsa1024',
  exactUrls: ['/v1/user/login', '/v1/user/register/email'],
  prefixUrls: ['/v1/spot/order/'],
  signModes: { '/v1/user/login': 'path_time_traceId_body', '/v1/spot/order/': 'path_time_traceId' },
  userCheckDeviceUrl: ['/v1/spot/order/place'],
};

class MapKeyStore implements KeyStore {
  readonly map = new Map<string, StoredClientKey | string>();
  async get(name: string) {
    return this.map.get(name);
  }
  async set(name: string, value: StoredClientKey | string) {
    this.map.set(name, value);
  }
  async del(name: string) {
    this.map.delete(name);
  }
}

interface Setup {
  deps: SigningDeps;
  store: MapKeyStore;
  registrations: ClientKeyRegistration[];
  reports: Array<[string, string]>;
  configFetches: number;
}

function setup(overrides: Partial<SigningDeps> & { config?: unknown } = {}): Setup {
  const s: Setup = {
    store: new MapKeyStore(),
    registrations: [],
    reports: [],
    configFetches: 0,
    deps: undefined as unknown as SigningDeps,
  };
  s.deps = {
    fetchConfig: async () => {
      s.configFetches += 1;
      return overrides.config ?? CONFIG;
    },
    registerKey: async (registration) => {
      s.registrations.push(registration);
      const { clientKeyId } = await import('@quay/core');
      return clientKeyId(registration.publicKey);
    },
    keyStore: s.store,
    rootPublicKey: VECTOR_KEYS.root.publicKey,
    secureContext: () => true,
    now: () => Date.now(),
    report: (event, reason) => s.reports.push([event, reason]),
    isNetworkError: (error) => error instanceof TypeError,
    sessionId: () => 'tab-1',
    ...overrides,
  };
  return s;
}

beforeEach(() => {
  sessionStorage.clear();
});

describe('the signing setup', () => {
  it('goes config loaded, server key verified, key pair ready, ready; registers a checked key', async () => {
    const s = setup();
    const service = new SigningService(s.deps);
    const states: string[] = [];
    service.onState((state) => states.push(state));
    await expect(service.init()).resolves.toBe('ready');
    expect(states).toEqual(['config-loaded', 'server-key-verified', 'key-pair-ready', 'ready']);
    const [registration] = s.registrations;
    expect(registration?.algorithm).toBe('rsa1024');
    const keyId = service.clientKey!.keyId;
    expect(
      await verifyText(
        registration!.publicKey,
        keyCheckMessage({ keyId, algorithm: 'rsa1024', time: registration!.time }),
        registration!.checkSign,
      ),
    ).toBe(true);
    // The private key is stored and never extractable.
    const stored = s.store.map.get(keyEntry.session('tab-1')) as StoredClientKey;
    expect(stored.keyPair.privateKey.extractable).toBe(false);
    // The config is cached for the tab session.
    expect(sessionStorage.getItem('quay.session.gatewaySignConfig')).toContain('serverPublicKey');
    await new SigningService(s.deps).init();
    expect(s.configFetches).toBe(1);
  });

  it('a call made while the setup runs waits for it, then goes out signed', async () => {
    const s = setup();
    let registered!: () => void;
    const registration = new Promise<void>((resolve) => (registered = resolve));
    const registerKey = s.deps.registerKey;
    const service = new SigningService({
      ...s.deps,
      registerKey: async (body) => {
        await registration;
        return registerKey(body);
      },
    });
    const first = service.init();
    await vi.waitFor(() => expect(service.state).toBe('key-pair-ready'));
    // A page's signed call while the key is being registered (the boot started the setup).
    const second = service.init();
    registered();
    await expect(second).resolves.toBe('ready');
    await expect(first).resolves.toBe('ready');
    const signed = await service.prepare('/v1/user/login', { username: 'a@b.c', password: 'x' });
    expect(Object.keys(signed.headers).length).toBeGreaterThan(0);
  });

  it('refuses a server key the root key does not vouch for: nothing signed or encrypted', async () => {
    const s = setup({ config: { ...CONFIG, serverPublicKey: VECTOR_KEYS.client2048.publicKey } });
    const service = new SigningService(s.deps);
    await expect(service.init()).resolves.toBe('refused');
    expect(s.registrations).toEqual([]);
    expect(s.reports.map(([event]) => event)).toEqual([SIGNING_EVENTS.serverKeyRefused]);
    await expect(
      service.prepare('/v1/user/login', { loginName: 'a', pwd: 'p' }),
    ).rejects.toBeInstanceOf(SigningUnavailableError);
    await expect(service.prepare('/v1/spot/order/place', { a: '1' })).rejects.toBeInstanceOf(
      SigningUnavailableError,
    );
    // Other calls go as they are.
    await expect(service.prepare('/v1/public/coins', null)).resolves.toMatchObject({ headers: {} });
    // The forged config is not kept.
    expect(sessionStorage.getItem('quay.session.gatewaySignConfig')).toBeNull();
  });

  it('refuses everything without a root key in the build', async () => {
    const s = setup({ rootPublicKey: '' });
    await expect(new SigningService(s.deps).init()).resolves.toBe('refused');
  });

  it('signs and encrypts nothing when the config turns the client off', async () => {
    const s = setup({ config: { ...CONFIG, clientOpen: false } });
    const service = new SigningService(s.deps);
    await expect(service.init()).resolves.toBe('off');
    const prepared = await service.prepare('/v1/user/login', { loginName: 'a', pwd: 'secret' });
    expect(prepared.headers).toEqual({});
    expect(prepared.bodyText).toBe('{"loginName":"a","pwd":"secret"}');
    expect(s.registrations).toEqual([]);
  });

  it('encrypts the login fields and signs the exact text sent', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(1_767_225_600_000);
    const s = setup();
    const service = new SigningService(s.deps);
    // The server clock runs 5 s ahead.
    service.observeServerTime('1767225605000');
    await service.init();
    const target = { method: 'POST', target: '/v1/user/login?languageType=1', simulated: true };
    const prepared = await service.prepare(
      '/v1/user/login',
      { loginName: 'me@example.com', pwd: 'S3cret!', areaCode: '', extra: 'kept' },
      target,
    );
    vi.useRealTimers();
    expect(prepared.bodyText).not.toContain('S3cret!');
    const sent = JSON.parse(prepared.bodyText) as { bodyCiphertext: BodyCiphertext; extra: string };
    expect(sent.extra).toBe('kept');
    const serverKey = await importDecryptionPrivateKey(VECTOR_KEYS.server.privateKey);
    expect(await decryptBodyFields(serverKey, sent.bodyCiphertext)).toEqual({
      loginName: 'me@example.com',
      pwd: 'S3cret!',
      areaCode: '',
    });
    const h = prepared.headers;
    expect(h['request-time']).toBe('1767225605000');
    expect(h['device-sign-mode']).toBe('path_time_traceId_body');
    expect(h['device-sign-key']).toBe(service.clientKey!.keyId);
    expect(h['device-sign-data-md5']).toBe(bodyMd5(prepared.bodyText));
    expect(h.traceid).toMatch(/^w[0-9]{13}[0-9a-z]{11}$/);
    const canonical = canonicalSignString({
      mode: 'path_time_traceId_body',
      path: 'POST /v1/user/login?languageType=1 x-simulated:1',
      requestTime: h['request-time']!,
      traceId: h.traceid,
      dataMd5: h['device-sign-data-md5'],
    });
    expect(await verifyText(service.clientKey!.publicKeyPem, canonical, h['device-sign']!)).toBe(
      true,
    );
  });

  it('signs prefix rules in their mode and leaves other paths unsigned', async () => {
    const s = setup();
    const service = new SigningService(s.deps);
    await service.init();
    const order = await service.prepare('/v1/spot/order/cancel', { orderNo: '1' });
    expect(order.headers['device-sign-mode']).toBe('path_time_traceId');
    const plain = await service.prepare('/v1/user/overview/userinfo', null);
    expect(plain.headers).toEqual({});
  });

  it('adds the device-check fields for a bound user on device-check URLs', async () => {
    const written: Record<string, string> = {};
    const s = setup({
      lastAlgorithm: {
        read: (hash) => written[hash] ?? null,
        write: (hash, a) => (written[hash] = a),
      },
    });
    const service = new SigningService(s.deps);
    await service.init();
    await service.bindToUser('42', 'session-token');
    const prepared = await service.prepare('/v1/spot/order/place', { symbol: 'BTCUSDT' });
    const body = JSON.parse(prepared.bodyText) as Record<string, string>;
    // SHA-256 of the UTF-8 text "42".
    expect(body.userCheckDeviceUserIdHash).toBe(
      '73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049',
    );
    expect(body.lastAlgorithm).toBe('rsa1024');
    expect(written[body.userCheckDeviceUserIdHash!]).toBe('rsa1024');
    expect(
      await verifyText(
        service.clientKey!.publicKeyPem,
        `quay-device-check\n${body.userCheckDeviceUserIdHash}\n${prepared.headers['request-time']}`,
        body.userCheckDeviceSign!,
      ),
    ).toBe(true);
  });

  it('adds the device-check fields for a user known from the user info, without a login here', async () => {
    const s = setup();
    const service = new SigningService(s.deps);
    await service.init();
    const before = await service.prepare('/v1/spot/order/place', { symbol: 'BTCUSDT' });
    expect(JSON.parse(before.bodyText)).not.toHaveProperty('userCheckDeviceSign');
    service.knowUser('42');
    const after = await service.prepare('/v1/spot/order/place', { symbol: 'BTCUSDT' });
    expect(JSON.parse(after.bodyText)).toMatchObject({
      userCheckDeviceUserIdHash: '73475cb40a568e8da8a045ced110137e159f890ac4da883b6b17dc651b3a8049',
    });
  });

  it('binds the key to the user after login, restores it on the next page, forgets it at logout', async () => {
    const s = setup();
    const service = new SigningService(s.deps);
    await service.init();
    const keyId = service.clientKey!.keyId;
    await service.bindToUser('7', 'token-abc');
    expect((s.store.map.get(keyEntry.user('7')) as StoredClientKey).keyId).toBe(keyId);
    expect(s.store.map.get(keyEntry.currentUser)).toBe('7');

    const nextPage = new SigningService({ ...s.deps, sessionId: () => 'tab-2' });
    await nextPage.init();
    expect(nextPage.clientKey!.keyId).toBe(keyId);

    await nextPage.forgetUser();
    expect(s.store.map.has(keyEntry.currentUser)).toBe(false);
    await nextPage.init();
    expect(nextPage.clientKey!.keyId).not.toBe(keyId);
  });

  it('takes a backup key before generating one', async () => {
    const s = setup();
    const backup = new SigningService(setup().deps);
    await backup.init();
    s.store.map.set(keyEntry.backup('rsa1024'), backup.clientKey!);
    const generate = vi.fn<(a: SignAlgorithm) => Promise<GatewayKeyPair>>();
    const service = new SigningService({ ...s.deps, generate });
    await service.init();
    expect(generate).not.toHaveBeenCalled();
    expect(service.clientKey!.keyId).toBe(backup.clientKey!.keyId);
    expect(s.store.map.has(keyEntry.backup('rsa1024'))).toBe(false);
  });

  it('fails after 8 s of key generation, logs genKeypairFailed, and keeps the late key as backup', async () => {
    vi.useFakeTimers();
    let finish: (pair: GatewayKeyPair) => void = () => undefined;
    const s = setup({
      generate: () => new Promise<GatewayKeyPair>((resolve) => (finish = resolve)),
    });
    const service = new SigningService(s.deps);
    const verified = new Promise<void>((resolve) =>
      service.onState((state) => state === 'server-key-verified' && resolve()),
    );
    const result = service.init();
    // The root-key check runs in real crypto; the clock starts with the generation.
    await verified;
    await vi.advanceTimersByTimeAsync(0);
    await vi.advanceTimersByTimeAsync(7_999);
    expect(service.state).toBe('server-key-verified');
    await vi.advanceTimersByTimeAsync(1);
    await expect(result).resolves.toBe('failed');
    expect(s.reports.map(([event]) => event)).toEqual([SIGNING_EVENTS.genKeypairFailed]);
    vi.useRealTimers();
    finish(await generateClientKeyPair('rsa1024'));
    await vi.waitFor(() => expect(s.store.map.has(keyEntry.backup('rsa1024'))).toBe(true));
  });

  it('does not generate keys outside a secure context', async () => {
    const s = setup({ secureContext: () => false });
    await expect(new SigningService(s.deps).init()).resolves.toBe('failed');
    expect(s.reports).toEqual([[SIGNING_EVENTS.genKeypairFailed, 'not a secure context']]);
  });

  it('does not report network failures', async () => {
    const s = setup({
      fetchConfig: () => Promise.reject(new TypeError('Failed to fetch')),
    });
    await expect(new SigningService(s.deps).init()).resolves.toBe('failed');
    expect(s.reports).toEqual([]);
    const broken = setup({ registerKey: () => Promise.reject(new Error('14004 bad key')) });
    await expect(new SigningService(broken.deps).init()).resolves.toBe('failed');
    expect(broken.reports.map(([event]) => event)).toEqual([SIGNING_EVENTS.loginEncryptFailed]);
  });

  it('names the config path it reads', () => {
    expect(GATEWAY_SIGN_CONFIG_PATH).toBe('/v1/mix/config/gatewaySignConfig');
  });
});
