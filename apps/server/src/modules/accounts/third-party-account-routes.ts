/**
 * Routes that settle a pending third-party identity and manage linked ones:
 * the password checks (third/check by email, third/bind/check with an area
 * code, tg/checkUserExit, wallet/check), bind/choose, the four third-party
 * registrations and tg/generateVirtual, third/securityVerify (the second
 * factor after a third-party login), and the linked identities in settings
 * (third/list, third/unbind with the second factor).
 */
import { THIRD_PARTY_PATHS as P, type FactorCodes, type ThirdPartyKind } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import { currentUser, requireUser, setSessionCookie } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  areaCode,
  commonQuery,
  email,
  mobile,
  password,
  sessionHeaders,
  sessionSchema,
  verifyCode,
} from '../../kernel/http/schemas';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import { factorCodes } from './second-factor-routes';
import { answerSign, pendingSchema, publicRoute, signAnswerSchema } from './third-party-routes';
import type { NewContact } from './third-party';

/** A serialNO: 32 random bytes, base64url. */
const serialNO = { type: 'string', minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]{43}$' };
const signature = { type: 'string', pattern: '^0x[0-9a-fA-F]{2,2048}$' } as const;
const loginName = { type: 'string', minLength: 1, maxLength: 254 } as const;
const ticket = { type: 'string', minLength: 43, maxLength: 43, pattern: '^[A-Za-z0-9_-]{43}$' };
const identitySchema = {
  type: 'object',
  required: ['id', 'provider', 'kind', 'label', 'createdAt', 'lastUsedAt'],
  properties: {
    id: { type: 'string' },
    provider: { type: 'string' },
    kind: { type: 'string' },
    label: { type: 'string' },
    createdAt: { type: 'integer' },
    lastUsedAt: { type: ['integer', 'null'] },
  },
} as const;

const bodyOf = (required: string[], properties: Record<string, unknown>) => ({
  type: 'object',
  required,
  properties,
  additionalProperties: false,
});

interface CheckBody {
  loginName: string;
  pwd: string;
  areaCode?: string;
  serialNO?: string;
  signature?: string;
}

/** Each password check: its path, the handle it names and the identities it accepts. */
const CHECKS: {
  path: string;
  handle: 'serialNO' | 'signature';
  area: boolean;
  kind: ThirdPartyKind | null;
}[] = [
  { path: P.thirdCheck, handle: 'serialNO', area: false, kind: null },
  { path: P.thirdBindCheck, handle: 'serialNO', area: true, kind: null },
  { path: P.tgCheckUserExit, handle: 'serialNO', area: false, kind: 'telegram' },
  { path: P.walletCheck, handle: 'signature', area: false, kind: 'wallet' },
];

/** Each registration: its path, the identities it accepts and the contact it asks for. */
const REGISTERS: {
  path: string;
  kinds: ThirdPartyKind[];
  code: 'emailCode' | 'verifyCode' | null;
}[] = [
  { path: P.registerGoogle, kinds: ['oidc'], code: null },
  { path: P.registerApple, kinds: ['oidc'], code: 'emailCode' },
  { path: P.registerTg, kinds: ['telegram'], code: 'verifyCode' },
  { path: P.registerWallet, kinds: ['wallet'], code: 'verifyCode' },
];

export function thirdPartyAccountRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  const { thirdParty } = services;
  const auth = requireUser(services);
  const strict = { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } };

  for (const check of CHECKS) {
    app.post<{ Body: CheckBody }>(
      check.path,
      {
        config: strict,
        schema: {
          ...publicRoute,
          summary:
            'Prove an existing account by its password, to bind the pending identity at bind/choose',
          body: bodyOf(['loginName', 'pwd', check.handle], {
            loginName,
            pwd: password,
            ...(check.area ? { areaCode } : {}),
            [check.handle]: check.handle === 'serialNO' ? serialNO : signature,
          }),
          response: responses(pendingSchema),
        },
      },
      async (request) => {
        const { loginName: name, pwd, areaCode: area } = request.body;
        const handle =
          check.handle === 'serialNO'
            ? { serialNO: request.body.serialNO ?? '' }
            : { signature: request.body.signature ?? '' };
        const login = { loginName: name, pwd, areaCode: area };
        return ok(request, await thirdParty.prove(handle, login, clientOf(request), check.kind));
      },
    );
  }

  app.post<{ Body: { email?: string; serialNO: string } }>(
    P.bindChoose,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary:
          'Bind the pending identity to the account a password proved and log in, or open an account with the address the provider vouched for',
        body: bodyOf(['serialNO'], { serialNO, email }),
        response: responses(signAnswerSchema),
      },
    },
    async (request, reply) => {
      const { serialNO: serial, email: address } = request.body;
      const answer = await thirdParty.choose(serial, address ?? '', clientOf(request));
      return answerSign(request, reply, answer, config);
    },
  );

  for (const register of REGISTERS) {
    app.post<{ Body: NewContact & { serialNO: string; emailCode?: string; verifyCode?: string } }>(
      register.path,
      {
        config: strict,
        schema: {
          ...publicRoute,
          summary: register.code
            ? 'Open an account for the pending identity with an email or mobile number confirmed by a code'
            : 'Open an account for the pending identity with the address the provider vouched for',
          body: bodyOf(
            register.code ? ['serialNO', register.code] : ['serialNO', 'email'],
            register.code === 'emailCode'
              ? { serialNO, email, emailCode: verifyCode }
              : register.code
                ? { serialNO, email, mobile, areaCode, verifyCode }
                : { serialNO, email },
          ),
          response: responses(signAnswerSchema),
        },
      },
      async (request, reply) => {
        const { serialNO: serial, email: address, mobile: number, areaCode: area } = request.body;
        const code = register.code ? request.body[register.code] : undefined;
        const contact: NewContact = { email: address, mobile: number, areaCode: area, code };
        const answer = await thirdParty.register(
          serial,
          register.kinds,
          contact,
          clientOf(request),
        );
        return answerSign(request, reply, answer, config);
      },
    );
  }

  app.post<{ Body: { serialNO: string } }>(
    P.tgGenerateVirtual,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'Open an account with no email or mobile number for a pending Telegram identity',
        body: bodyOf(['serialNO'], { serialNO }),
        response: responses(signAnswerSchema),
      },
    },
    async (request, reply) => {
      const answer = await thirdParty.openVirtual(request.body.serialNO, clientOf(request));
      return answerSign(request, reply, answer, config);
    },
  );

  app.post<{ Body: { ticket: string } & FactorCodes }>(
    P.securityVerify,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'Second step of a third-party login: the ticket and the code of every factor',
        body: bodyOf(['ticket'], { ticket, ...factorCodes }),
        response: responses(sessionSchema),
      },
    },
    async (request, reply) => {
      const { ticket: t, ...codes } = request.body;
      const session = await services.secondFactor.verifyLogin(t, codes, clientOf(request));
      setSessionCookie(request, reply, session.token, config.sessionTtl_s);
      return ok(request, session);
    },
  );

  const privateRoute = {
    tags: ['user'],
    security: [{ session: [] }],
    querystring: commonQuery,
    headers: sessionHeaders,
  };

  app.get(
    P.list,
    {
      preHandler: auth,
      schema: {
        ...privateRoute,
        summary: 'The third-party identities and wallets linked to the account',
        response: responses({ type: 'array', items: identitySchema }),
      },
    },
    async (request) => ok(request, await thirdParty.identities(currentUser(request).userRowId)),
  );

  app.post<{ Body: { id: string } & FactorCodes }>(
    P.unbind,
    {
      preHandler: auth,
      config: strict,
      schema: {
        ...privateRoute,
        summary:
          'Unlink an identity, confirmed by the second factor (never the last way in of an account without a password)',
        body: bodyOf(['id'], {
          id: { type: 'string', minLength: 1, maxLength: 64 },
          ...factorCodes,
        }),
        response: responses({ type: 'null' }),
      },
    },
    async (request) => {
      const { id, ...codes } = request.body;
      await thirdParty.unlink(currentUser(request).userRowId, id, codes, clientOf(request));
      return ok(request, null);
    },
  );
}
