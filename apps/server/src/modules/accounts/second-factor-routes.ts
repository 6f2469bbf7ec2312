import { SECOND_FACTORS, VERIFY_CODE_PATTERN, type FactorChange } from '@quay/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import { currentUser, requireUser, setSessionCookie } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, emptyBody, sessionHeaders, sessionSchema } from '../../kernel/http/schemas';
import { systemVerificationSchema } from './system-login-schemas';

/** A login ticket: 32 random bytes, base64url. */
export const ticket = {
  type: 'string',
  minLength: 43,
  maxLength: 43,
  pattern: '^[A-Za-z0-9_-]{43}$',
};
export const factorCode = {
  type: 'string',
  minLength: 6,
  maxLength: 6,
  pattern: VERIFY_CODE_PATTERN,
} as const;
// Patterns rather than enums, so that a number is reported as a wrong type first.
const channel = { type: 'string', maxLength: 6, pattern: '^(email|mobile)$' } as const;
const factor = {
  type: 'string',
  maxLength: 6,
  pattern: `^(${SECOND_FACTORS.join('|')})$`,
} as const;
export const factorCodes = {
  googleCode: factorCode,
  emailCode: factorCode,
  mobileCode: factorCode,
};

export const verificationSchema = {
  type: 'object',
  required: ['ticket', 'expiresAt', 'factors', 'email', 'mobile'],
  properties: {
    ticket: { type: 'string' },
    expiresAt: { type: 'integer' },
    factors: { type: 'array', items: { type: 'string', enum: [...SECOND_FACTORS] } },
    email: { type: ['string', 'null'] },
    mobile: { type: ['string', 'null'] },
  },
} as const;

/**
 * What /v1/user/login answers: a session (token, expiresAt, userInfo), or
 * `{ verification }` for the second step. One object schema with the fields
 * of both, as the serializer needs a type where the envelope allows null.
 */
export const loginAnswerSchema = {
  type: 'object',
  properties: {
    ...sessionSchema.properties,
    verification: verificationSchema,
    systemVerification: systemVerificationSchema,
  },
} as const;

export const codeSentSchema = {
  type: 'object',
  required: ['expireSeconds', 'resendSeconds'],
  properties: { expireSeconds: { type: 'integer' }, resendSeconds: { type: 'integer' } },
} as const;

const statusSchema = {
  type: 'object',
  required: ['google', 'email', 'mobile', 'maskedEmail', 'maskedMobile'],
  properties: {
    google: { type: 'boolean' },
    email: { type: 'boolean' },
    mobile: { type: 'boolean' },
    maskedEmail: { type: ['string', 'null'] },
    maskedMobile: { type: ['string', 'null'] },
  },
} as const;

interface VerifyLoginBody {
  ticket: string;
  googleCode?: string;
  emailCode?: string;
  mobileCode?: string;
}

/**
 * The second step of a login and the user's own factors (/modifyverification).
 * verify-login and verify-login-v2 take the same body; v2 answers the session
 * under `accessTokenResVO`, where some clients read it (spec section 3).
 */
export function secondFactorRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  const auth = requireUser(services);
  const loginLimit = { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } };
  /** Both verify-login paths: the session, also set as the cookie. */
  const verifyLogin = async (
    request: FastifyRequest<{ Body: VerifyLoginBody }>,
    reply: FastifyReply,
  ) => {
    const { ticket: t, ...codes } = request.body;
    const session = await services.secondFactor.verifyLogin(t, codes, clientOf(request));
    setSessionCookie(request, reply, session.token, config.sessionTtl_s);
    return session;
  };
  const verifyLoginBody = {
    type: 'object',
    required: ['ticket'],
    properties: { ticket, ...factorCodes },
    additionalProperties: false,
  } as const;

  app.post<{ Body: { ticket: string; channel: 'email' | 'mobile' } }>(
    '/v1/user/login/send-code',
    {
      config: { rateLimit: { max: config.rateLimitCodePer10Min, timeWindow: 600_000 } },
      schema: {
        tags: ['user'],
        summary: "Send the login code of a ticket's account by mail or text",
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['ticket', 'channel'],
          properties: { ticket, channel },
          additionalProperties: false,
        },
        response: responses(codeSentSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await services.secondFactor.sendLoginCode(
          request.body.ticket,
          request.body.channel,
          request.locale,
        ),
      ),
  );

  app.post<{ Body: VerifyLoginBody }>(
    '/v1/user/login/verify-login',
    {
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary: 'Second step of a login: the ticket and the code of every factor; logs in',
        querystring: commonQuery,
        body: verifyLoginBody,
        response: responses(sessionSchema),
      },
    },
    async (request, reply) => ok(request, await verifyLogin(request, reply)),
  );

  app.post<{ Body: VerifyLoginBody }>(
    '/v1/user/login/verify-login-v2',
    {
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary: 'verify-login, answering the session under accessTokenResVO',
        querystring: commonQuery,
        body: verifyLoginBody,
        response: responses({
          type: 'object',
          required: ['accessTokenResVO'],
          properties: { accessTokenResVO: sessionSchema },
        }),
      },
    },
    async (request, reply) => ok(request, { accessTokenResVO: await verifyLogin(request, reply) }),
  );

  app.get(
    '/v1/user/security/factors',
    {
      preHandler: auth,
      schema: {
        tags: ['user'],
        summary: "The user's second factors and the masked addresses codes would go to",
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        response: responses(statusSchema),
      },
    },
    async (request) =>
      ok(request, await services.secondFactor.status(currentUser(request).userRowId)),
  );

  app.post<{ Body: { channel: 'email' | 'mobile' } }>(
    '/v1/user/security/send-code',
    {
      preHandler: auth,
      config: { rateLimit: { max: config.rateLimitCodePer10Min, timeWindow: 600_000 } },
      schema: {
        tags: ['user'],
        summary: "Send a code for a change of factors to the user's own email or mobile",
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: {
          type: 'object',
          required: ['channel'],
          properties: { channel },
          additionalProperties: false,
        },
        response: responses(codeSentSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await services.secondFactor.sendSecurityCode(
          currentUser(request).userRowId,
          request.body.channel,
          request.locale,
        ),
      ),
  );

  app.post(
    '/v1/user/security/google/setup',
    {
      preHandler: auth,
      schema: {
        tags: ['user'],
        summary:
          'A new Google Authenticator key (shown once, as the key and an otpauth URI); confirm it with modify',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: emptyBody,
        response: responses({
          type: 'object',
          required: ['secret', 'otpauthUri', 'expiresAt'],
          properties: {
            secret: { type: 'string' },
            otpauthUri: { type: 'string' },
            expiresAt: { type: 'integer' },
          },
        }),
      },
    },
    async (request) =>
      ok(request, await services.secondFactor.beginGoogleSetup(currentUser(request).userRowId)),
  );

  app.post<{ Body: FactorChange }>(
    '/v1/user/security/modify',
    {
      preHandler: auth,
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary:
          'Turn a factor on or off (enable google binds the pending key); codes of every factor on now confirm it',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: {
          type: 'object',
          required: ['factor', 'enable'],
          properties: {
            factor,
            enable: { type: 'boolean' },
            newGoogleCode: factorCode,
            ...factorCodes,
          },
          additionalProperties: false,
        },
        response: responses(statusSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await services.secondFactor.modify(
          currentUser(request).userRowId,
          request.body,
          clientOf(request),
        ),
      ),
  );
}
