/**
 * Routes of third-party and wallet sign-in (paths in core's
 * THIRD_PARTY_PATHS): the providers the login page may offer, the OpenID
 * Connect button and callback (oauth/sign), Telegram (tg/sign, tg/signV2)
 * and wallets (wallet/nonce, wallet/sign). Each sign answers a session, a
 * second-factor ticket, or a pending identity (third-party-account-routes.ts
 * binds or registers it). The gateway signs and asks the device token of the
 * spec's paths.
 */
import { THIRD_PARTY_PATHS as P, type ThirdPartySignAnswer } from '@quay/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../../kernel/app-error';
import type { AppConfig } from '../../kernel/config';
import { setSessionCookie } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, emptyBody, sessionSchema } from '../../kernel/http/schemas';
import type { AccountsServices } from './accounts-services';
import { clientOf, responses } from './account-http';
import { verificationSchema } from './second-factor-routes';
import { telegramMiniAppIdentity, telegramWidgetIdentity } from './telegram-login';
import { WALLET_MESSAGE_MAX, type WalletSite } from './wallet-login';

const pendingSchema = {
  type: 'object',
  required: ['provider', 'label', 'email', 'boundLoginName', 'expiresAt'],
  properties: {
    serialNO: { type: 'string' },
    provider: { type: 'string' },
    label: { type: 'string' },
    email: { type: ['string', 'null'] },
    boundLoginName: { type: ['string', 'null'] },
    expiresAt: { type: 'integer' },
  },
} as const;

/** A session, `{ verification }`, or `{ pending }`: one object schema with the fields of each. */
export const signAnswerSchema = {
  type: 'object',
  properties: {
    ...sessionSchema.properties,
    verification: verificationSchema,
    pending: pendingSchema,
  },
} as const;
export { pendingSchema };

export const publicRoute = { tags: ['user'], querystring: commonQuery };
const text = (max: number) => ({ type: 'string', minLength: 1, maxLength: max }) as const;

/** Answers a sign; a session is also set as the cookie. */
export function answerSign(
  request: FastifyRequest,
  reply: FastifyReply,
  answer: ThirdPartySignAnswer,
  config: AppConfig,
) {
  if (answer.token) setSessionCookie(request, reply, answer.token, config.sessionTtl_s);
  return ok(request, answer);
}

/** The site wallet messages name: configured, else the first public origin, else the request's. */
function walletSiteOf(request: FastifyRequest, config: AppConfig): WalletSite {
  const own = new URL(`${request.protocol}://${request.host}`).origin;
  const origin = config.thirdPartyLogin.walletOrigin || config.publicOrigins[0] || own;
  return { origin, chainIds: config.thirdPartyLogin.walletChainIds };
}

export function thirdPartyRoutes(
  app: FastifyInstance,
  services: AccountsServices,
  config: AppConfig,
): void {
  const { thirdParty, oidcLogin, walletLogin } = services;
  const settings = config.thirdPartyLogin;
  const strict = { rateLimit: { max: config.rateLimitLoginPerMin, timeWindow: 60_000 } };
  const telegram = () => {
    if (settings.telegramBotToken === '') throw appError('THIRD_PARTY_PROVIDER_UNKNOWN');
    return { botToken: settings.telegramBotToken, maxAge_s: settings.telegramAuthMaxAge_s };
  };
  const wallet = (request: FastifyRequest) => {
    if (settings.walletChainIds.length === 0) throw appError('THIRD_PARTY_PROVIDER_UNKNOWN');
    return walletSiteOf(request, config);
  };

  app.get(
    P.providers,
    {
      schema: {
        ...publicRoute,
        summary: 'The third-party and wallet sign-ins this server offers (none when unconfigured)',
        response: responses({
          type: 'object',
          required: ['oidc', 'telegramBot', 'telegramBotId', 'walletChainIds'],
          properties: {
            oidc: {
              type: 'array',
              items: {
                type: 'object',
                required: ['id', 'name', 'style'],
                properties: {
                  id: { type: 'string' },
                  name: { type: 'string' },
                  style: { type: 'string' },
                },
              },
            },
            telegramBot: { type: ['string', 'null'] },
            telegramBotId: { type: ['string', 'null'] },
            walletChainIds: { type: 'array', items: { type: 'integer' } },
          },
        }),
      },
    },
    async (request) =>
      ok(request, {
        oidc: oidcLogin.list(),
        telegramBot: settings.telegramBotToken !== '' ? settings.telegramBotName || null : null,
        // The bot's id is the token's public part, before the colon.
        telegramBotId: settings.telegramBotToken.split(':')[0] || null,
        walletChainIds: settings.walletChainIds,
      }),
  );

  app.post<{ Body: { provider: string } }>(
    P.oauthAuthorize,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'Begin an OpenID Connect sign-in: the provider URL to send the browser to',
        body: {
          type: 'object',
          required: ['provider'],
          properties: { provider: { type: 'string', minLength: 1, maxLength: 32 } },
          additionalProperties: false,
        },
        response: responses({
          type: 'object',
          required: ['url'],
          properties: { url: { type: 'string' } },
        }),
      },
    },
    async (request) =>
      ok(request, await oidcLogin.authorize(request.body.provider, clientOf(request))),
  );

  app.post<{ Body: { token: string } }>(
    P.oauthSign,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary:
          'OpenID Connect callback: `token` is the query the provider sent the browser back with (code, state)',
        body: {
          type: 'object',
          required: ['token'],
          properties: { token: text(8192) },
          additionalProperties: false,
        },
        response: responses(signAnswerSchema),
      },
    },
    async (request, reply) => {
      const client = clientOf(request);
      const identity = await oidcLogin.callback(request.body.token, client);
      return answerSign(request, reply, await thirdParty.signIn(identity, client), config);
    },
  );

  app.post<{ Body: { sign: string } }>(
    P.tgSign,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary:
          "Telegram login widget: `sign` is the widget's fields as a query string, hash included",
        body: {
          type: 'object',
          required: ['sign'],
          properties: { sign: text(4096) },
          additionalProperties: false,
        },
        response: responses(signAnswerSchema),
      },
    },
    async (request, reply) => {
      const identity = telegramWidgetIdentity(request.body.sign, telegram(), config.now());
      return answerSign(
        request,
        reply,
        await thirdParty.signIn(identity, clientOf(request)),
        config,
      );
    },
  );

  app.post<{ Body: { initData: string; id: string } }>(
    P.tgSignV2,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'Telegram Mini App: its initData, and the Telegram user id it names',
        body: {
          type: 'object',
          required: ['initData', 'id'],
          properties: { initData: text(8192), id: { type: 'string', pattern: '^[0-9]{1,20}$' } },
          additionalProperties: false,
        },
        response: responses(signAnswerSchema),
      },
    },
    async (request, reply) => {
      const { initData, id } = request.body;
      const identity = telegramMiniAppIdentity(initData, id, telegram(), config.now());
      return answerSign(
        request,
        reply,
        await thirdParty.signIn(identity, clientOf(request)),
        config,
      );
    },
  );

  app.post(
    P.walletNonce,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary:
          'A nonce for an EIP-4361 (Sign-In with Ethereum) message, with the domain, URI and chains it must name',
        body: emptyBody,
        response: responses({
          type: 'object',
          required: ['nonce', 'domain', 'uri', 'chainIds', 'expiresAt'],
          properties: {
            nonce: { type: 'string' },
            domain: { type: 'string' },
            uri: { type: 'string' },
            chainIds: { type: 'array', items: { type: 'integer' } },
            expiresAt: { type: 'integer' },
          },
        }),
      },
    },
    async (request) => ok(request, await walletLogin.nonce(wallet(request))),
  );

  app.post<{ Body: { publicAddress: string; signature: string; message: string } }>(
    P.walletSign,
    {
      config: strict,
      schema: {
        ...publicRoute,
        summary: 'Wallet sign-in: the EIP-4361 message, the address and its signature',
        body: {
          type: 'object',
          required: ['publicAddress', 'signature', 'message'],
          properties: {
            publicAddress: { type: 'string', pattern: '^0x[0-9a-fA-F]{40}$' },
            signature: { type: 'string', pattern: '^0x[0-9a-fA-F]{2,2048}$' },
            message: text(WALLET_MESSAGE_MAX),
          },
          additionalProperties: false,
        },
        response: responses(signAnswerSchema),
      },
    },
    async (request, reply) => {
      const identity = await walletLogin.verify(request.body, wallet(request));
      const answer = await thirdParty.signIn(identity, clientOf(request), request.body.signature);
      return answerSign(request, reply, answer, config);
    },
  );
}
