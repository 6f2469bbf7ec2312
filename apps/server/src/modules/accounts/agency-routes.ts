/**
 * The agency's own way in and its dashboard: /v1/user/agency/login and
 * /v1/user/agency/verify-login (the user login's bodies and answers, for
 * agency accounts only; the second-factor code is sent with the user login's
 * /v1/user/login/send-code), and GET /v1/agency/overview.
 */
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser, setSessionCookie } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import type { AppConfig } from '../../kernel/config';
import { clientOf, responses } from './account-http';
import type { AccountsServices } from './accounts-services';
import {
  areaCode,
  commonQuery,
  password,
  sessionHeaders,
  sessionSchema,
} from '../../kernel/http/schemas';
import { factorCodes, loginAnswerSchema, ticket } from './second-factor-routes';

const volume = { type: 'string' } as const;

/** The user login's body: the same fields, the same limits. */
const agencyLoginBody = {
  type: 'object',
  additionalProperties: false,
  required: ['loginName', 'pwd'],
  properties: {
    areaCode,
    pwd: password,
    loginName: { type: 'string', minLength: 1, maxLength: 254 },
  },
} as const;

const overviewSchema = {
  type: 'object',
  required: [
    'userId',
    'referralCode',
    'commissionShareBps',
    'since',
    'inviteeCount',
    'spotVolume',
    'futuresVolume',
    'invitees',
  ],
  properties: {
    userId: { type: 'string' },
    referralCode: { type: 'string' },
    commissionShareBps: { type: 'integer' },
    since: { type: 'integer' },
    inviteeCount: { type: 'integer' },
    spotVolume: volume,
    futuresVolume: volume,
    invitees: {
      type: 'array',
      items: {
        type: 'object',
        required: ['userId', 'registerTime', 'channel', 'spotVolume', 'futuresVolume'],
        properties: {
          userId: { type: 'string' },
          registerTime: { type: 'integer' },
          channel: { type: ['string', 'null'] },
          spotVolume: volume,
          futuresVolume: volume,
        },
      },
    },
  },
} as const;

export function agencyRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  const auth = requireUser(services);
  const loginLimit = { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } };
  const isAgency = (user: { id: string }) => services.agency.assertAgency(user);

  app.post<{ Body: { loginName: string; pwd: string; areaCode?: string } }>(
    '/v1/user/agency/login',
    {
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary:
          "An agency's login: as /v1/user/login, and an account that is no agency is refused (11760) once its password was right",
        querystring: commonQuery,
        body: agencyLoginBody,
        response: responses(loginAnswerSchema),
      },
    },
    async (request, reply) => {
      const answer = await services.accounts.login(request.body, clientOf(request), isAgency);
      if ('token' in answer) setSessionCookie(request, reply, answer.token, config.sessionTtl_s);
      return ok(request, answer);
    },
  );

  app.post<{
    Body: { ticket: string; googleCode?: string; emailCode?: string; mobileCode?: string };
  }>(
    '/v1/user/agency/verify-login',
    {
      config: loginLimit,
      schema: {
        tags: ['user'],
        summary: "Second step of an agency's login: the ticket and the code of every factor",
        querystring: commonQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['ticket'],
          properties: { ...factorCodes, ticket },
        },
        response: responses(sessionSchema),
      },
    },
    async (request, reply) => {
      const client = clientOf(request);
      const { ticket: t, ...codes } = request.body;
      const session = await services.secondFactor.verifyLogin(t, codes, client, isAgency);
      setSessionCookie(request, reply, session.token, config.sessionTtl_s);
      return ok(request, session);
    },
  );

  app.get(
    '/v1/agency/overview',
    {
      preHandler: auth,
      schema: {
        tags: ['user'],
        summary:
          "The agency's dashboard: its share, the accounts its code brought in (masked) and their 30-day volumes",
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        response: responses(overviewSchema),
      },
    },
    async (request) => ok(request, await services.agency.overview(currentUser(request).userRowId)),
  );
}
