import { CURRENCY_OPTIONS, LANGUAGES } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../config';
import { ok } from './envelope';
import { commonQuery, envelopeOf } from './schemas';

export function publicRoutes(app: FastifyInstance, config: AppConfig): void {
  app.get(
    '/v1/public/time',
    {
      schema: {
        tags: ['public'],
        summary: 'Server time in epoch milliseconds',
        querystring: commonQuery,
        response: {
          200: envelopeOf({
            type: 'object',
            required: ['serverTime'],
            properties: { serverTime: { type: 'integer' } },
          }),
        },
      },
    },
    async (request) => ok(request, { serverTime: config.now() }),
  );

  app.get(
    '/v1/public/languages',
    {
      schema: {
        tags: ['public'],
        summary: 'Interface languages',
        querystring: commonQuery,
        response: {
          200: envelopeOf({
            type: 'array',
            items: {
              type: 'object',
              required: ['locale', 'languageKey', 'languageName', 'languageType', 'dir'],
              properties: {
                locale: { type: 'string' },
                languageKey: { type: 'string' },
                languageName: { type: 'string' },
                languageType: { type: 'integer' },
                dir: { type: 'string' },
              },
            },
          }),
        },
      },
    },
    async (request) => ok(request, LANGUAGES),
  );

  app.get(
    '/v1/public/currencies',
    {
      schema: {
        tags: ['public'],
        summary: 'Valuation currencies',
        querystring: commonQuery,
        response: {
          200: envelopeOf({
            type: 'array',
            items: {
              type: 'object',
              required: ['symbol', 'name', 'value', 'type', 'showName'],
              properties: {
                symbol: { type: 'string' },
                name: { type: 'string' },
                value: { type: 'string' },
                type: { type: 'string' },
                showName: { type: 'string' },
              },
            },
          }),
        },
      },
    },
    async (request) => ok(request, CURRENCY_OPTIONS),
  );
}
