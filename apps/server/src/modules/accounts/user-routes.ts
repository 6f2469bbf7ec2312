import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import {
  clearSessionCookie,
  currentUser,
  requireUser,
  sessionTokenOf,
  setSessionCookie,
} from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { pagedQuery, pageOf, pagingOf } from '../../kernel/http/paging';
import {
  areaCode,
  commonQuery,
  email,
  emptyBody,
  epochMs,
  mobile,
  password,
  referralFields,
  sessionHeaders,
  sessionSchema,
  userInfoSchema,
  verifyCode,
} from '../../kernel/http/schemas';
import { loginAnswerSchema } from './second-factor-routes';

interface ReferralBody {
  registerVipNo?: string;
  registerChannel?: string;
  clacCode?: string;
  commonCode?: string;
  groupId?: string;
  actCode?: string;
}

export function userRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  const auth = requireUser(services);

  app.post<{
    Body: { email: string; pwd: string; rePwd: string; verifyCode: string } & ReferralBody;
  }>(
    '/v1/user/register/email',
    {
      schema: {
        tags: ['user'],
        summary: 'Register with an email address and its code; logs in',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['email', 'pwd', 'rePwd', 'verifyCode'],
          properties: { email, pwd: password, rePwd: password, verifyCode, ...referralFields },
          additionalProperties: false,
        },
        response: responses(sessionSchema),
      },
    },
    async (request, reply) => {
      const { email: address, ...rest } = request.body;
      const session = await services.accounts.register(
        { kind: 'email', email: address, ...rest },
        clientOf(request),
      );
      setSessionCookie(request, reply, session.token, config.sessionTtl_s);
      return ok(request, session);
    },
  );

  app.post<{
    Body: {
      mobile: string;
      areaCode: string;
      pwd: string;
      rePwd: string;
      verifyCode: string;
    } & ReferralBody;
  }>(
    '/v1/user/register/mobile',
    {
      schema: {
        tags: ['user'],
        summary: 'Register with a mobile number and its code; logs in',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['mobile', 'areaCode', 'pwd', 'rePwd', 'verifyCode'],
          properties: {
            mobile,
            areaCode,
            pwd: password,
            rePwd: password,
            verifyCode,
            ...referralFields,
          },
          additionalProperties: false,
        },
        response: responses(sessionSchema),
      },
    },
    async (request, reply) => {
      const session = await services.accounts.register(
        { kind: 'mobile', ...request.body },
        clientOf(request),
      );
      setSessionCookie(request, reply, session.token, config.sessionTtl_s);
      return ok(request, session);
    },
  );

  app.post<{ Body: { loginName: string; pwd: string; areaCode?: string } }>(
    '/v1/user/login',
    {
      config: { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } },
      schema: {
        tags: ['user'],
        summary:
          'Log in with an email or mobile number and password; an account with second factors answers a ticket for verify-login',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['loginName', 'pwd'],
          properties: {
            loginName: { type: 'string', minLength: 1, maxLength: 254 },
            pwd: password,
            areaCode,
          },
          additionalProperties: false,
        },
        // A session, or `{ verification }` when the account has second factors.
        response: responses(loginAnswerSchema),
      },
    },
    async (request, reply) => {
      const answer = await services.accounts.login(request.body, clientOf(request));
      if ('token' in answer) setSessionCookie(request, reply, answer.token, config.sessionTtl_s);
      return ok(request, answer);
    },
  );

  app.post(
    '/v1/user/logout',
    {
      schema: {
        tags: ['user'],
        summary: 'End the current session (fine without one)',
        querystring: commonQuery,
        headers: sessionHeaders,
        body: emptyBody,
        response: responses({ type: 'null' }),
      },
    },
    async (request, reply) => {
      await services.sessions.revoke(sessionTokenOf(request));
      clearSessionCookie(request, reply);
      return ok(request, null);
    },
  );

  app.get(
    '/v1/user/overview/userinfo',
    {
      preHandler: auth,
      schema: {
        tags: ['user'],
        summary: 'The logged-in user, masked',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        response: responses(userInfoSchema),
      },
    },
    async (request) =>
      ok(request, await services.accounts.userInfo(currentUser(request).userRowId)),
  );

  app.get(
    '/v1/user/referral/invitees',
    {
      preHandler: auth,
      schema: {
        tags: ['user'],
        summary:
          'The referral code and the accounts it brought in (masked, newest first, at most 100)',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        response: responses({
          type: 'object',
          required: ['referralCode', 'inviteeCount', 'invitees'],
          properties: {
            referralCode: { type: 'string' },
            inviteeCount: { type: 'integer' },
            invitees: {
              type: 'array',
              items: {
                type: 'object',
                required: ['userId', 'registerTime', 'channel'],
                properties: {
                  userId: { type: 'string' },
                  registerTime: { type: 'integer' },
                  channel: { type: ['string', 'null'] },
                },
              },
            },
          },
        }),
      },
    },
    async (request) =>
      ok(request, await services.accounts.referralOverview(currentUser(request).userRowId)),
  );

  app.get<{
    Querystring: {
      begin?: string;
      end?: string;
      result?: 'all' | 'success' | 'failure';
      pageNo?: string;
      pageSize?: string;
    };
  }>(
    '/v1/user/login-history',
    {
      preHandler: auth,
      schema: {
        tags: ['user'],
        summary: 'Login attempts of the current user, newest first',
        security: [{ session: [] }],
        querystring: {
          ...pagedQuery,
          properties: {
            ...pagedQuery.properties,
            begin: epochMs,
            end: epochMs,
            result: { type: 'string', maxLength: 7, pattern: '^(all|success|failure)$' },
          },
        },
        headers: sessionHeaders,
        response: responses(
          pageOf({
            type: 'object',
            required: ['id', 'ip', 'userAgent', 'success', 'createdAt'],
            properties: {
              id: { type: 'string' },
              ip: { type: ['string', 'null'] },
              userAgent: { type: ['string', 'null'] },
              success: { type: 'boolean' },
              createdAt: { type: 'integer' },
            },
          }),
        ),
      },
    },
    async (request) => {
      const q = request.query;
      const result = q.result ?? 'all';
      const { pageNo, pageSize } = pagingOf(q);
      return ok(
        request,
        await services.accounts.loginHistory(
          currentUser(request).userRowId,
          {
            begin: q.begin !== undefined ? Number(q.begin) : null,
            end: q.end !== undefined ? Number(q.end) : null,
            success: result === 'all' ? null : result === 'success',
          },
          pageNo,
          pageSize,
        ),
      );
    },
  );
}
