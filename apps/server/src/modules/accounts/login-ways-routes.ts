/**
 * Routes of the other ways in: passkeys (/v1/user/fido2/*, the login at
 * /v1/user/login/verify-auth-login) and QR login (/v1/user/public/qrcode/*,
 * /v1/user/public/getQrKeyStatus, /v1/user/qrcode/*). verify-auth-login and
 * getQrKeyStatus are signed calls, fido2 start-register and getQrKeyStatus
 * carry the device token (the gateway's lists).
 */
import type { FactorCodes } from '@quay/core';
import type { RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import { currentUser, requireUser, setSessionCookie } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  commonQuery,
  emptyBody,
  sessionHeaders,
  sessionSchema,
  userInfoSchema,
} from '../../kernel/http/schemas';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import type { LoginWaysService, RelyingParty } from './login-ways';
import { factorCodes } from './second-factor-routes';

const base64url = { type: 'string', minLength: 1, maxLength: 4096, pattern: '^[A-Za-z0-9_-]+$' };
const qrcodeKey = { type: 'string', minLength: 16, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' };
const anyObject = { type: 'object', additionalProperties: true } as const;

const registrationSchema = {
  type: 'object',
  required: ['id', 'rawId', 'type', 'response'],
  properties: {
    id: base64url,
    rawId: base64url,
    type: { type: 'string', const: 'public-key' },
    authenticatorAttachment: { type: 'string', maxLength: 32 },
    clientExtensionResults: anyObject,
    response: {
      type: 'object',
      required: ['clientDataJSON', 'attestationObject'],
      properties: {
        clientDataJSON: base64url,
        attestationObject: { ...base64url, maxLength: 8192 },
        authenticatorData: { ...base64url, maxLength: 8192 },
        transports: {
          type: 'array',
          maxItems: 8,
          items: { type: 'string', maxLength: 16 },
        },
        publicKeyAlgorithm: { type: 'integer' },
        publicKey: { ...base64url, maxLength: 8192 },
      },
      additionalProperties: false,
    },
  },
  additionalProperties: false,
} as const;

const passkeySchema = {
  type: 'object',
  required: ['id', 'name', 'createdAt', 'lastUsedAt'],
  properties: {
    id: { type: 'string' },
    name: { type: 'string' },
    createdAt: { type: 'integer' },
    lastUsedAt: { type: ['integer', 'null'] },
  },
} as const;

/** WebAuthn options as @simplewebauthn answers them (JSON, passed through). */
const optionsSchema = { type: 'object', additionalProperties: true } as const;

const qrStatusSchema = {
  type: 'object',
  required: ['status'],
  properties: {
    status: { type: 'string', enum: ['waiting', 'scanned', 'confirmed', 'canceled', 'expired'] },
    token: { type: 'string' },
    expiresAt: { type: 'integer' },
    userInfo: userInfoSchema,
  },
} as const;

const qrRequestSchema = {
  type: 'object',
  required: ['ip', 'userAgent', 'createdAt', 'expireTime'],
  properties: {
    ip: { type: ['string', 'null'] },
    userAgent: { type: ['string', 'null'] },
    createdAt: { type: 'integer' },
    expireTime: { type: 'integer' },
  },
} as const;

const publicRoute = { tags: ['user'], querystring: commonQuery };
const privateRoute = {
  tags: ['user'],
  security: [{ session: [] }],
  querystring: commonQuery,
  headers: sessionHeaders,
};

/** The relying party of a request: configured, or the host it was sent to. */
export function relyingPartyOf(request: FastifyRequest, config: AppConfig): RelyingParty {
  const own = new URL(`${request.protocol}://${request.host}`).origin;
  const origins =
    config.webauthnOrigins.length > 0
      ? config.webauthnOrigins
      : config.publicOrigins.length > 0
        ? config.publicOrigins
        : [own];
  return { rpId: config.webauthnRpId || request.hostname, origins };
}

export function loginWaysRoutes(
  app: FastifyInstance,
  services: AccountsServices & { loginWays: LoginWaysService },
  config: AppConfig,
): void {
  const auth = requireUser(services);
  const ways = services.loginWays;
  const strict = { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } };

  app.post(
    '/v1/user/fido2/start-register',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: 'Options to create a passkey for the logged-in user (WebAuthn creation options)',
        body: emptyBody,
        response: responses(optionsSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await ways.startRegister(currentUser(request).userRowId, relyingPartyOf(request, config)),
      ),
  );

  app.post<{ Body: { credential: RegistrationResponseJSON; name?: string } }>(
    '/v1/user/fido2/finish-register',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: 'Register the passkey the browser created (the attestation is checked)',
        body: {
          type: 'object',
          required: ['credential'],
          properties: {
            credential: registrationSchema,
            name: { type: 'string', maxLength: 40 },
          },
          additionalProperties: false,
        },
        response: responses(passkeySchema),
      },
    },
    async (request) =>
      ok(
        request,
        await ways.finishRegister(
          currentUser(request).userRowId,
          request.body.credential,
          request.body.name ?? '',
          relyingPartyOf(request, config),
        ),
      ),
  );

  app.get(
    '/v1/user/fido2/list',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: "The logged-in user's passkeys, oldest first",
        response: responses({ type: 'array', items: passkeySchema }),
      },
    },
    async (request) => ok(request, await ways.passkeys(currentUser(request).userRowId)),
  );

  app.post<{ Body: { id: string } & FactorCodes }>(
    '/v1/user/fido2/remove',
    {
      preHandler: auth,
      config: strict,
      schema: {
        ...privateRoute,
        summary: 'Remove a passkey (confirmed by the second factor)',
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: base64url, ...factorCodes },
          additionalProperties: false,
        },
        response: responses({ type: 'null' }),
      },
    },
    async (request) => {
      const { id, ...codes } = request.body;
      await ways.removePasskey(currentUser(request).userRowId, id, codes, clientOf(request));
      return ok(request, null);
    },
  );

  app.post(
    '/v1/user/public/fido2/start-auth',
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'Options to log in with a passkey (WebAuthn request options, no user named)',
        body: emptyBody,
        response: responses(optionsSchema),
      },
    },
    async (request) => ok(request, await ways.startLogin(relyingPartyOf(request, config))),
  );

  app.post<{ Body: { fidoVerifyCode: string } }>(
    '/v1/user/login/verify-auth-login',
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'Log in with a passkey: fidoVerifyCode is the assertion as JSON text',
        body: {
          type: 'object',
          required: ['fidoVerifyCode'],
          properties: { fidoVerifyCode: { type: 'string', minLength: 2, maxLength: 16384 } },
          additionalProperties: false,
        },
        response: responses(sessionSchema),
      },
    },
    async (request, reply) => {
      const session = await ways.login(
        request.body.fidoVerifyCode,
        relyingPartyOf(request, config),
        clientOf(request),
      );
      setSessionCookie(request, reply, session.token, config.sessionTtl_s);
      return ok(request, session);
    },
  );

  app.post(
    '/v1/user/public/qrcode/create',
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'A QR login key for this browser, shown as a QR code until it expires',
        body: emptyBody,
        response: responses({
          type: 'object',
          required: ['qrcodeKey', 'expireTime'],
          properties: { qrcodeKey: { type: 'string' }, expireTime: { type: 'integer' } },
        }),
      },
    },
    async (request) => ok(request, await ways.issueQrKey(clientOf(request))),
  );

  app.post<{ Body: { qrcodeKey: string } }>(
    '/v1/user/public/getQrKeyStatus',
    {
      schema: {
        ...publicRoute,
        summary:
          "The status of this browser's QR login key; once approved, the first poll logs in (the key is then used up)",
        body: {
          type: 'object',
          required: ['qrcodeKey'],
          properties: { qrcodeKey },
          additionalProperties: false,
        },
        response: responses(qrStatusSchema),
      },
    },
    async (request, reply) => {
      const answer = await ways.qrKeyStatus(request.body.qrcodeKey, clientOf(request));
      if (answer.token) setSessionCookie(request, reply, answer.token, config.sessionTtl_s);
      return ok(request, answer);
    },
  );

  app.post<{ Body: { qrcodeKey: string } }>(
    '/v1/user/qrcode/scan',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: 'Open a QR login key from a logged-in session: the device asking to log in',
        body: {
          type: 'object',
          required: ['qrcodeKey'],
          properties: { qrcodeKey },
          additionalProperties: false,
        },
        response: responses(qrRequestSchema),
      },
    },
    async (request) =>
      ok(request, await ways.scanQrKey(currentUser(request).userRowId, request.body.qrcodeKey)),
  );

  for (const [path, approve] of [
    ['/v1/user/qrcode/confirm', true],
    ['/v1/user/qrcode/cancel', false],
  ] as const) {
    app.post<{ Body: { qrcodeKey: string } }>(
      path,
      {
        preHandler: auth,
        schema: {
          ...privateRoute,
          summary: approve
            ? 'Approve the QR login this session scanned: the other browser is logged in'
            : 'Refuse the QR login this session scanned',
          body: {
            type: 'object',
            required: ['qrcodeKey'],
            properties: { qrcodeKey },
            additionalProperties: false,
          },
          response: responses({ type: 'null' }),
        },
      },
      async (request) => {
        await ways.answerQrKey(currentUser(request).userRowId, request.body.qrcodeKey, approve);
        return ok(request, null);
      },
    );
  }
}
