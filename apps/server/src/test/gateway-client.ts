/**
 * A client of the gateway as the web app is one: reads the signing
 * configuration, checks the server key against the root key, registers a
 * key pair, fetches a device token, and signs and encrypts its calls with
 * @quay/core's protocol.
 */
import {
  CLIENT_KEY_REGISTER_PATH,
  DEVICE_APP_IDS,
  DEVICE_TOKEN_PATH,
  GATEWAY_SIGN_CONFIG_PATH,
  SIMULATED_HEADER,
  SIMULATED_HEADER_VALUE,
  buildClientKeyRegistration,
  buildDeviceCheckFields,
  encryptRequestBody,
  generateClientKeyPair,
  newTraceId,
  signModeFor,
  signRequestHeaders,
  verifyServerPublicKey,
  type GatewayKeyPair,
  type GatewaySignConfig,
  type SignAlgorithm,
} from '@quay/core';
import { loadRootKey } from '../kernel/gateway/gateway-keys';
import { call, type Answer, type TestApp } from './harness';

export interface SignedRequest {
  url: string;
  body: string;
  headers: Record<string, string>;
}

export class GatewayClient {
  config!: GatewaySignConfig;
  keyPair!: GatewayKeyPair;
  keyId = '';
  deviceToken = '';
  /** The user of the last login or registration answer (for device-check URLs). */
  userId: string | null = null;

  constructor(
    private readonly t: TestApp,
    readonly deviceId = `device-${Math.random().toString(36).slice(2, 10)}`,
    private readonly algorithm: SignAlgorithm = 'rsa1024',
  ) {}

  async init(): Promise<this> {
    const answer = await call<{ gatewaySignConfig: GatewaySignConfig }>(
      this.t.app,
      'GET',
      `${GATEWAY_SIGN_CONFIG_PATH}?languageType=0`,
    );
    this.config = answer.data.gatewaySignConfig;
    const trusted = await verifyServerPublicKey(
      loadRootKey(this.t.config.rootKeyFile).publicKey,
      this.config.serverPublicKey,
      this.config.serverPublicKeySign,
    );
    if (!trusted) throw new Error('serverPublicKeySign does not verify with the root key');
    this.keyPair = await generateClientKeyPair(this.algorithm);
    const registration = await buildClientKeyRegistration(
      this.keyPair,
      this.algorithm,
      String(this.t.clock.now()),
    );
    const { keyId, ...body } = registration;
    const registered = await call<{ keyId: string }>(
      this.t.app,
      'POST',
      `${CLIENT_KEY_REGISTER_PATH}?languageType=0`,
      body,
    );
    if (registered.code !== '0' || registered.data.keyId !== keyId) {
      throw new Error(`key not registered: ${registered.code} ${registered.msg}`);
    }
    this.keyId = keyId;
    const token = await call<string>(this.t.app, 'POST', `${DEVICE_TOKEN_PATH}?languageType=0`, {
      appId: DEVICE_APP_IDS.test,
      deviceId: this.deviceId,
    });
    this.deviceToken = token.data;
    return this;
  }

  /** A call as the client would send it: encrypted body, signature and device headers. */
  async prepare(
    path: string,
    body: Record<string, unknown>,
    options: {
      encrypt?: boolean;
      requestTimeMs?: number;
      /** The trace id's own time, when it differs from the request time. */
      traceTimeMs?: number;
      headers?: Record<string, string>;
      /** Device-check fields of a device-check URL: replaced, or left out with null. */
      deviceCheck?: Record<string, unknown> | null;
    } = {},
  ): Promise<SignedRequest> {
    const url = `${path}?languageType=0`;
    const time = options.requestTimeMs ?? this.t.clock.now();
    const checked =
      this.userId && this.config.userCheckDeviceUrl.includes(path) && options.deviceCheck !== null
        ? {
            ...body,
            ...(await buildDeviceCheckFields({
              privateKey: this.keyPair.privateKey,
              userId: this.userId,
              requestTime: String(time),
              lastAlgorithm: this.algorithm,
            })),
            ...options.deviceCheck,
          }
        : body;
    const sent =
      options.encrypt === false
        ? checked
        : await encryptRequestBody(this.config.serverPublicKey, path, checked);
    const text = JSON.stringify(sent);
    const mode = signModeFor(this.config, path);
    const signed = mode
      ? await signRequestHeaders({
          privateKey: this.keyPair.privateKey,
          keyId: this.keyId,
          mode,
          method: 'POST',
          target: url,
          simulated: options.headers?.[SIMULATED_HEADER] === SIMULATED_HEADER_VALUE,
          body: text,
          requestTime: String(time),
          traceId: newTraceId(options.traceTimeMs ?? time),
        })
      : {};
    return {
      url,
      body: text,
      headers: {
        ...signed,
        'device-token': this.deviceToken,
        terminalcode: this.deviceId,
        ...options.headers,
      },
    };
  }

  async send<T = Record<string, unknown>>(request: SignedRequest): Promise<Answer<T>> {
    const answer = await call<T>(this.t.app, 'POST', request.url, request.body, request.headers);
    const userId = (answer.data as { userInfo?: { userId?: unknown } } | null)?.userInfo?.userId;
    if (answer.code === '0' && typeof userId === 'string') this.userId = userId;
    return answer;
  }

  async post<T = Record<string, unknown>>(
    path: string,
    body: Record<string, unknown>,
    headers: Record<string, string> = {},
  ): Promise<Answer<T>> {
    return this.send<T>(await this.prepare(path, body, { headers }));
  }
}
