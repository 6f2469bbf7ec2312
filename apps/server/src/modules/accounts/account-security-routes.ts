/**
 * The account-security routes of /account/setting: overview, password change
 * and reset, anti-phishing code, sessions, freezing. Bodies that carry a
 * password travel encrypted (ENCRYPTED_BODY_FIELDS) and arrive decrypted.
 */
import {
  ANTI_PHISHING_PATTERN,
  type AntiPhishingChange,
  type FreezeRequest,
  type PasswordChange,
  type PasswordReset,
} from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import { clearSessionCookie, currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  commonQuery,
  email,
  emptyBody,
  password,
  sessionHeaders,
  verifyCode,
} from '../../kernel/http/schemas';
import { codeSentSchema, factorCode, factorCodes } from './second-factor-routes';

const overviewSchema = {
  type: 'object',
  required: ['passwordChangedAt', 'antiPhishingCode', 'withdrawHeldUntil', 'sessionCount'],
  properties: {
    passwordChangedAt: { type: ['integer', 'null'] },
    antiPhishingCode: { type: ['string', 'null'] },
    withdrawHeldUntil: { type: ['integer', 'null'] },
    sessionCount: { type: 'integer' },
  },
} as const;

const nullableText = { type: ['string', 'null'] } as const;
const sessionsSchema = {
  type: 'array',
  items: {
    type: 'object',
    required: ['id', 'ip', 'place', 'userAgent', 'browser', 'system', 'firstSeenAt'],
    properties: {
      id: { type: 'string' },
      ip: nullableText,
      place: nullableText,
      userAgent: nullableText,
      browser: nullableText,
      system: nullableText,
      firstSeenAt: { type: 'integer' },
      lastSeenAt: { type: 'integer' },
      expiresAt: { type: 'integer' },
      current: { type: 'boolean' },
    },
  },
} as const;

const resetStart = { email, verifyCode };
const privateRoute = {
  tags: ['user'],
  security: [{ session: [] }],
  querystring: commonQuery,
  headers: sessionHeaders,
};

export function accountSecurityRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  const auth = requireUser(services);
  const security = services.accountSecurity;
  const strict = { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } };

  app.get(
    '/v1/user/security/overview',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: 'Password change time, anti-phishing code, withdrawal hold and session count',
        response: responses(overviewSchema),
      },
    },
    async (request) => ok(request, await security.overview(currentUser(request).userRowId)),
  );

  app.post<{ Body: PasswordChange }>(
    '/v1/user/security/password',
    {
      preHandler: auth,
      config: strict,
      schema: {
        ...privateRoute,
        summary:
          'Change the password (old password and the second factor); every other session ends at once',
        body: {
          type: 'object',
          required: ['oldPwd', 'pwd', 'rePwd'],
          properties: { oldPwd: password, pwd: password, rePwd: password, ...factorCodes },
          additionalProperties: false,
        },
        response: responses({ type: 'null' }),
      },
    },
    async (request) => {
      await security.changePassword(currentUser(request), request.body, clientOf(request));
      return ok(request, null);
    },
  );

  app.post<{ Body: { email: string; verifyCode: string } }>(
    '/v1/user/password/forgot/verify',
    {
      config: strict,
      schema: {
        tags: ['user'],
        summary:
          'Check the code mailed for reset_password; answers the factors the reset also needs',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['email', 'verifyCode'],
          properties: resetStart,
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          required: ['factors', 'mobile'],
          properties: {
            factors: { type: 'array', items: { type: 'string' } },
            mobile: nullableText,
          },
        }),
      },
    },
    async (request) =>
      ok(request, await security.resetRequirements(request.body.email, request.body.verifyCode)),
  );

  app.post<{ Body: { email: string; verifyCode: string } }>(
    '/v1/user/password/forgot/send-code',
    {
      config: { rateLimit: { max: config.rateLimitCodePer10Min, timeWindow: 600_000 } },
      schema: {
        tags: ['user'],
        summary: "Send the reset's mobile code to the account's own number (mobile factor on)",
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['email', 'verifyCode'],
          properties: resetStart,
          additionalProperties: false,
        },
        response: responses(codeSentSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await security.sendResetMobileCode(
          request.body.email,
          request.body.verifyCode,
          request.locale,
        ),
      ),
  );

  app.post<{ Body: PasswordReset }>(
    '/v1/user/password/reset',
    {
      config: strict,
      schema: {
        tags: ['user'],
        summary:
          'Reset a forgotten password: the mailed code and the bound factors; every session ends and withdrawals wait 24 hours',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['email', 'verifyCode', 'pwd', 'rePwd'],
          properties: {
            ...resetStart,
            pwd: password,
            rePwd: password,
            googleCode: factorCode,
            mobileCode: factorCode,
          },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          required: ['withdrawHeldUntil'],
          properties: { withdrawHeldUntil: { type: 'integer' } },
        }),
      },
    },
    async (request) => ok(request, await security.resetPassword(request.body, clientOf(request))),
  );

  app.post<{ Body: AntiPhishingChange }>(
    '/v1/user/security/anti-phishing',
    {
      preHandler: auth,
      config: strict,
      schema: {
        ...privateRoute,
        summary: 'Set the anti-phishing code every mail shows (4-20 letters or digits)',
        body: {
          type: 'object',
          required: ['code'],
          properties: {
            code: { type: 'string', maxLength: 20, pattern: ANTI_PHISHING_PATTERN },
            ...factorCodes,
          },
          additionalProperties: false,
        },
        response: responses(overviewSchema),
      },
    },
    async (request) =>
      ok(
        request,
        await security.setAntiPhishingCode(
          currentUser(request).userRowId,
          request.body,
          clientOf(request),
        ),
      ),
  );

  app.get(
    '/v1/user/security/sessions',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: "The account's live sessions: device, browser, address, first and last seen",
        response: responses(sessionsSchema),
      },
    },
    async (request) => ok(request, await security.sessionsOf(currentUser(request))),
  );

  app.post<{ Body: { id: string } }>(
    '/v1/user/security/sessions/revoke',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: 'End another session of the account at once',
        body: {
          type: 'object',
          required: ['id'],
          properties: { id: { type: 'string', maxLength: 32, pattern: '^[0-9a-f]{32}$' } },
          additionalProperties: false,
        },
        response: responses({ type: 'null' }),
      },
    },
    async (request) => {
      await security.revokeSession(currentUser(request), request.body.id);
      return ok(request, null);
    },
  );

  app.post(
    '/v1/user/security/sessions/revoke-others',
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: 'End every session of the account but this one',
        body: emptyBody,
        response: responses({
          type: 'object',
          required: ['ended'],
          properties: { ended: { type: 'integer' } },
        }),
      },
    },
    async (request) => ok(request, await security.revokeOtherSessions(currentUser(request))),
  );

  app.post<{ Body: FreezeRequest }>(
    '/v1/user/security/freeze',
    {
      preHandler: auth,
      config: strict,
      schema: {
        ...privateRoute,
        summary:
          'Freeze the account (password or second factor): every session ends; only the operator unfreezes',
        body: {
          type: 'object',
          properties: { pwd: password, ...factorCodes },
          additionalProperties: false,
        },
        response: responses({ type: 'null' }),
      },
    },
    async (request, reply) => {
      await security.freeze(currentUser(request).userRowId, request.body, clientOf(request));
      clearSessionCookie(request, reply);
      return ok(request, null);
    },
  );
}
