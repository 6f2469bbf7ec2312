/**
 * The owner's API keys over /v1 (the web session, never a key): list,
 * create (the secret answered once), edit, disable or enable, delete.
 */
import {
  API_KEY_LABEL_MAX,
  API_KEY_MAX_IPS,
  API_KEY_PATHS,
  API_KEY_SCOPES,
  VERIFY_CODE_PATTERN,
  type ApiKeyStatusChange,
  type CreateApiKey,
  type UpdateApiKey,
} from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { pageOf, pagedQueryWith, pagingOf, type PagingQuery } from '../../kernel/http/paging';
import { commonQuery, envelopeOf, errorEnvelope, sessionHeaders } from '../../kernel/http/schemas';
import { clientOf } from '../accounts';
import type { ApiKeysServices } from './api-keys-services';

const factorCode = { type: 'string', minLength: 6, maxLength: 6, pattern: VERIFY_CODE_PATTERN };
const factorCodes = { googleCode: factorCode, emailCode: factorCode, mobileCode: factorCode };
const apiKey = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_]{1,64}$' };
/** Printable text, no control or invisible format characters. */
const label = {
  type: 'string',
  minLength: 1,
  maxLength: API_KEY_LABEL_MAX,
  pattern: '^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]+$',
};
const scopes = {
  type: 'array',
  maxItems: API_KEY_SCOPES.length,
  items: { type: 'string', maxLength: 16 },
};
const ips = {
  type: 'array',
  maxItems: API_KEY_MAX_IPS,
  items: { type: 'string', minLength: 1, maxLength: 64 },
};
const status = { type: 'string', maxLength: 8, pattern: '^(active|disabled)$' };

const keySchema = {
  type: 'object',
  required: ['apiKey', 'label', 'scopes', 'ips', 'status', 'createdAt', 'lastUsedAt'],
  properties: {
    apiKey: { type: 'string' },
    label: { type: 'string' },
    scopes: { type: 'array', items: { type: 'string' } },
    ips: { type: 'array', items: { type: 'string' } },
    status: { type: 'string' },
    createdAt: { type: 'integer' },
    lastUsedAt: { type: ['integer', 'null'] },
  },
} as const;

const responses = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
});

export function apiKeysRoutes(app: FastifyInstance, services: ApiKeysServices): void {
  const auth = requireUser(services);
  const userId = (request: FastifyRequest) => currentUser(request).userRowId;
  const common = (summary: string) => ({
    tags: ['api-keys'],
    summary,
    security: [{ session: [] }],
    querystring: commonQuery,
    headers: sessionHeaders,
  });

  app.get(
    API_KEY_PATHS.list,
    {
      preHandler: auth,
      schema: {
        ...common("The current user's API keys, newest first (never a secret)"),
        response: responses({ type: 'array', items: keySchema }),
      },
    },
    async (request) => ok(request, await services.apiKeys.list(userId(request))),
  );

  app.get<{ Querystring: PagingQuery & { apiKey: string } }>(
    API_KEY_PATHS.requests,
    {
      preHandler: auth,
      schema: {
        ...common('The public API calls made with one of the user’s keys, newest first'),
        querystring: pagedQueryWith({ apiKey }, ['apiKey']),
        response: responses(
          pageOf({
            type: 'object',
            required: ['id', 'time', 'method', 'path', 'status', 'code', 'ip'],
            properties: {
              id: { type: 'string' },
              time: { type: 'integer' },
              method: { type: 'string' },
              path: { type: 'string' },
              status: { type: 'integer' },
              code: { type: 'string' },
              ip: { type: 'string' },
            },
          }),
        ),
      },
    },
    async (request) =>
      ok(
        request,
        await services.apiKeys.requests.page(
          userId(request),
          request.query.apiKey,
          pagingOf(request.query),
        ),
      ),
  );

  app.post<{ Body: CreateApiKey }>(
    API_KEY_PATHS.create,
    {
      preHandler: auth,
      schema: {
        ...common(
          'Create an API key, confirmed by every second factor on; the secret is answered once',
        ),
        body: {
          type: 'object',
          required: ['label', 'scopes', 'ips', 'passphrase'],
          additionalProperties: false,
          properties: {
            label,
            scopes,
            ips,
            passphrase: { type: 'string', minLength: 1, maxLength: 64 },
            ...factorCodes,
          },
        },
        response: responses({
          type: 'object',
          required: ['key', 'secret'],
          properties: { key: keySchema, secret: { type: 'string' } },
        }),
      },
    },
    async (request) =>
      ok(request, await services.apiKeys.create(userId(request), request.body, clientOf(request))),
  );

  app.post<{ Body: UpdateApiKey }>(
    API_KEY_PATHS.update,
    {
      preHandler: auth,
      schema: {
        ...common("Change a key's label, scopes or IP allow-list, confirmed by the second factor"),
        body: {
          type: 'object',
          required: ['apiKey'],
          additionalProperties: false,
          properties: { apiKey, label, scopes, ips, ...factorCodes },
        },
        response: responses(keySchema),
      },
    },
    async (request) =>
      ok(request, await services.apiKeys.update(userId(request), request.body, clientOf(request))),
  );

  app.post<{ Body: ApiKeyStatusChange }>(
    API_KEY_PATHS.status,
    {
      preHandler: auth,
      schema: {
        ...common('Disable a key at once, or enable it again (confirmed by the second factor)'),
        body: {
          type: 'object',
          required: ['apiKey', 'status'],
          additionalProperties: false,
          properties: { apiKey, status, ...factorCodes },
        },
        response: responses(keySchema),
      },
    },
    async (request) =>
      ok(
        request,
        await services.apiKeys.setStatus(userId(request), request.body, clientOf(request)),
      ),
  );

  app.post<{ Body: { apiKey: string } }>(
    API_KEY_PATHS.delete,
    {
      preHandler: auth,
      schema: {
        ...common('Delete a key; signed requests with it are refused from now on'),
        body: {
          type: 'object',
          required: ['apiKey'],
          additionalProperties: false,
          properties: { apiKey },
        },
        response: responses({ type: 'null' }),
      },
    },
    async (request) => {
      await services.apiKeys.remove(userId(request), request.body.apiKey);
      return ok(request, null);
    },
  );
}
