/** The main's care of one sub (/subaccount/setting): anti-phishing code, sessions, login history, API keys. */
import { SUB_ACCOUNT_PATHS, type SubAccountApiKeyCreate } from '@quay/core/sub-accounts';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { clientOf } from '../accounts';
import {
  antiPhishingField,
  apiKeyField,
  apiKeySchema,
  body,
  loginPageSchema,
  privateRoutes,
  responses,
  sessionIdField,
  settingsSchema,
  subApiKeyBody,
  subQuery,
  userIdField,
} from './sub-accounts-schemas';
import type { SubAccountsServices } from './sub-accounts-services';

interface SubQuery {
  subUserId: string;
}

export function subAccountSettingsRoutes(
  app: FastifyInstance,
  services: SubAccountsServices,
): void {
  const settings = services.subAccountSettings;
  const auth = requireUser(services);
  const user = (request: FastifyRequest) => currentUser(request).userRowId;
  const priv = privateRoutes(auth);

  app.get<{ Querystring: SubQuery }>(
    SUB_ACCOUNT_PATHS.settings,
    priv("A sub's anti-phishing code and live sessions", {
      querystring: subQuery,
      response: responses(settingsSchema),
    }),
    async (request) => ok(request, await settings.settings(user(request), request.query.subUserId)),
  );

  app.post<{ Body: { subUserId: string; code: string } }>(
    SUB_ACCOUNT_PATHS.antiPhishing,
    priv("Set a sub's anti-phishing code", {
      body: body({ subUserId: userIdField, code: antiPhishingField }),
      response: responses(settingsSchema),
    }),
    async (request) =>
      ok(
        request,
        await settings.setAntiPhishingCode(
          user(request),
          request.body.subUserId,
          request.body.code,
        ),
      ),
  );

  app.post<{ Body: { subUserId: string; id: string } }>(
    SUB_ACCOUNT_PATHS.revokeSession,
    priv("End one of a sub's sessions", {
      body: body({ subUserId: userIdField, id: sessionIdField }),
      response: responses({ type: 'null' }),
    }),
    async (request) => {
      await settings.revokeSession(user(request), request.body.subUserId, request.body.id);
      return ok(request, null);
    },
  );

  app.get<{ Querystring: SubQuery }>(
    SUB_ACCOUNT_PATHS.loginHistory,
    priv("A sub's logins (switches into it among them), newest first", {
      querystring: subQuery,
      response: responses(loginPageSchema),
    }),
    async (request) =>
      ok(request, await settings.loginHistory(user(request), request.query.subUserId)),
  );

  app.get<{ Querystring: SubQuery }>(
    SUB_ACCOUNT_PATHS.apiKeys,
    priv("A sub's API keys (never a secret)", {
      querystring: subQuery,
      response: responses({ type: 'array', items: apiKeySchema }),
    }),
    async (request) =>
      ok(request, await settings.apiKeysOf(user(request), request.query.subUserId)),
  );

  app.post<{ Body: SubAccountApiKeyCreate }>(
    SUB_ACCOUNT_PATHS.createApiKey,
    priv("Create an API key of a sub, confirmed by the main's second factor", {
      body: subApiKeyBody,
      response: responses({
        type: 'object',
        required: ['key', 'secret'],
        properties: { key: apiKeySchema, secret: { type: 'string' } },
      }),
    }),
    async (request) =>
      ok(request, await settings.createApiKey(user(request), request.body, clientOf(request))),
  );

  app.post<{ Body: { subUserId: string; apiKey: string } }>(
    SUB_ACCOUNT_PATHS.deleteApiKey,
    priv('Delete an API key of a sub', {
      body: body({ subUserId: userIdField, apiKey: apiKeyField }),
      response: responses({ type: 'null' }),
    }),
    async (request) => {
      await settings.deleteApiKey(user(request), request.body.subUserId, request.body.apiKey);
      return ok(request, null);
    },
  );
}
