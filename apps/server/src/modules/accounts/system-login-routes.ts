/**
 * The checks around a login: the new-device confirmation
 * (/v1/user/login/verifySystemLogin and -v2), the pre-login check
 * (/v1/user/login/pre-check), and the account's login options
 * (/v1/user/set-no-pwd-flag, /v1/user/security/system-login-check,
 * /v1/user/security/login-options).
 */
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { SystemLoginAnswer } from '@quay/core';
import type { AppConfig } from '../../kernel/config';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import { currentUser, requireUser, setSessionCookie } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  areaCode,
  commonQuery,
  sessionHeaders,
  sessionSchema,
  verifyCode,
} from '../../kernel/http/schemas';
import { factorCodes, loginAnswerSchema, ticket, verificationSchema } from './second-factor-routes';
import { preCheck } from './login-options';

interface VerifySystemLoginBody {
  ticket: string;
  verifyCode: string;
}

const optionsSchema = {
  type: 'object',
  required: ['noPwd', 'systemLoginCheck', 'passkeyCount'],
  properties: {
    noPwd: { type: 'boolean' },
    systemLoginCheck: { type: 'boolean' },
    passkeyCount: { type: 'integer' },
  },
} as const;

const preCheckSchema = {
  type: 'object',
  required: ['loginNameType', 'areaCodeAdvised', 'methods', 'captcha', 'nextStep'],
  properties: {
    loginNameType: { type: 'string' },
    areaCodeAdvised: { type: 'boolean' },
    methods: { type: 'array', items: { type: 'string' } },
    captcha: { type: 'boolean' },
    nextStep: { type: 'string' },
  },
} as const;

export function systemLoginRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  const auth = requireUser(services);
  const loginLimit = { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } };
  const verifyBody = {
    type: 'object',
    required: ['ticket', 'verifyCode'],
    properties: { ticket, verifyCode },
    additionalProperties: false,
  } as const;
  /** Both paths: the next step; a session is also set as the cookie. */
  const verify = async (
    request: FastifyRequest<{ Body: VerifySystemLoginBody }>,
    reply: FastifyReply,
  ): Promise<SystemLoginAnswer> => {
    const { ticket: t, verifyCode: code } = request.body;
    const answer = await services.systemLogin.verify(t, code, clientOf(request));
    if ('token' in answer) setSessionCookie(request, reply, answer.token, config.sessionTtl_s);
    return answer;
  };

  app.post<{ Body: VerifySystemLoginBody }>(
    '/v1/user/login/verifySystemLogin',
    {
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary:
          'Confirm a login from a new device with the code sent to the owner: a session, or the second-factor step',
        querystring: commonQuery,
        body: verifyBody,
        response: responses(loginAnswerSchema),
      },
    },
    async (request, reply) => ok(request, await verify(request, reply)),
  );

  app.post<{ Body: VerifySystemLoginBody }>(
    '/v1/user/login/verifySystemLogin-v2',
    {
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary:
          'verifySystemLogin answering { accessTokenResVO, verification }: exactly one set, the other null',
        querystring: commonQuery,
        body: verifyBody,
        response: responses({
          type: 'object',
          required: ['accessTokenResVO', 'verification'],
          properties: {
            accessTokenResVO: { ...sessionSchema, type: ['object', 'null'] },
            verification: { ...verificationSchema, type: ['object', 'null'] },
          },
        }),
      },
    },
    async (request, reply) => {
      const answer = await verify(request, reply);
      return ok(
        request,
        'token' in answer
          ? { accessTokenResVO: answer, verification: null }
          : { accessTokenResVO: null, verification: answer.verification },
      );
    },
  );

  app.post<{ Body: { loginName: string; areaCode?: string } }>(
    '/v1/user/login/pre-check',
    {
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary:
          'Before a login: the form of the name and the ways in; the same answer whether an account holds the name or not',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['loginName'],
          properties: { loginName: { type: 'string', minLength: 1, maxLength: 254 }, areaCode },
          additionalProperties: false,
        },
        response: responses(preCheckSchema),
      },
    },
    async (request) => ok(request, preCheck(request.body.loginName, request.body.areaCode)),
  );

  app.get(
    '/v1/user/security/login-options',
    {
      preHandler: auth,
      schema: {
        tags: ['user'],
        summary: 'Password-free flag, new-device check and passkey count of the current user',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        response: responses(optionsSchema),
      },
    },
    async (request) =>
      ok(request, await services.loginOptions.options(currentUser(request).userRowId)),
  );

  const optionBody = (flag: string) =>
    ({
      type: 'object',
      required: [flag],
      properties: { [flag]: { type: 'boolean' }, ...factorCodes },
      additionalProperties: false,
    }) as const;

  app.post<{
    Body: { noPwd: boolean; googleCode?: string; emailCode?: string; mobileCode?: string };
  }>(
    '/v1/user/set-no-pwd-flag',
    {
      preHandler: auth,
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary:
          'Password-free on or off (the password stops or starts logging in); needs a passkey to turn on, and the second factor',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: optionBody('noPwd'),
        response: responses(optionsSchema),
      },
    },
    async (request) => {
      const { noPwd, ...codes } = request.body;
      return ok(
        request,
        await services.loginOptions.setNoPwd(
          currentUser(request).userRowId,
          noPwd,
          codes,
          clientOf(request),
        ),
      );
    },
  );

  app.post<{ Body: { on: boolean; googleCode?: string; emailCode?: string; mobileCode?: string } }>(
    '/v1/user/security/system-login-check',
    {
      preHandler: auth,
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary:
          'Logins from a new device wait for a code (on) or not (off); confirmed by the second factor',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: optionBody('on'),
        response: responses(optionsSchema),
      },
    },
    async (request) => {
      const { on, ...codes } = request.body;
      return ok(
        request,
        await services.loginOptions.setSystemLoginCheck(
          currentUser(request).userRowId,
          on,
          codes,
          clientOf(request),
        ),
      );
    },
  );
}
