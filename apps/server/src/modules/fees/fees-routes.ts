/** VIP and fees over REST: the fee schedule (public) and the caller's tier (logged in). */
import { FEE_PATHS } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, envelopeOf, errorEnvelope, sessionHeaders } from '../../kernel/http/schemas';
import type { FeesServices } from './fees-services';

const text = { type: 'string' } as const;

const tierSchema = {
  type: 'object',
  required: [
    'level',
    'spotVolume',
    'futuresVolume',
    'assets',
    'spotMakerRate',
    'spotTakerRate',
    'futuresMakerRate',
    'futuresTakerRate',
  ],
  properties: {
    level: { type: 'integer' },
    spotVolume: text,
    futuresVolume: text,
    assets: text,
    spotMakerRate: text,
    spotTakerRate: text,
    futuresMakerRate: text,
    futuresTakerRate: text,
  },
} as const;

const responses = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
  503: errorEnvelope,
});

export function feesRoutes(app: FastifyInstance, services: FeesServices): void {
  app.get(
    FEE_PATHS.schedule,
    {
      schema: {
        tags: ['fee'],
        summary:
          'The VIP tiers: thresholds in USDT (any one qualifies) and maker/taker rates as fractions',
        querystring: commonQuery,
        response: responses({
          type: 'object',
          required: ['tiers'],
          properties: { tiers: { type: 'array', items: tierSchema } },
        }),
      },
    },
    async (request) => ok(request, await services.fees.schedule()),
  );

  app.get(
    FEE_PATHS.myVip,
    {
      preHandler: requireUser(services),
      schema: {
        tags: ['fee'],
        security: [{ session: [] }],
        headers: sessionHeaders,
        summary: 'The current user’s tier, its 30-day volumes and assets, and the next tier',
        querystring: commonQuery,
        response: responses({
          type: 'object',
          required: [
            'level',
            'assigned',
            'spotVolume',
            'futuresVolume',
            'assets',
            'computedAt',
            'rates',
            'next',
          ],
          properties: {
            level: { type: 'integer' },
            assigned: { type: 'boolean' },
            spotVolume: text,
            futuresVolume: text,
            assets: text,
            computedAt: { type: ['integer', 'null'] },
            rates: tierSchema,
            next: { anyOf: [tierSchema, { type: 'null' }] },
          },
        }),
      },
    },
    async (request) => ok(request, await services.fees.myVip(currentUser(request).userRowId)),
  );
}
