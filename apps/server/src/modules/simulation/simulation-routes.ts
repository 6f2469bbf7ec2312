/**
 * Simulation mode's own route: reset the caller's demo ledger. Every other
 * demo call is an ordinary spot or asset route with `x-simulated: 1`.
 */
import { SIMULATION_PATHS } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { SimulationServices } from './simulation-services';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  commonQuery,
  emptyBody,
  envelopeOf,
  errorEnvelope,
  sessionHeaders,
} from '../../kernel/http/schemas';

const text = { type: 'string' } as const;

export function simulationRoutes(app: FastifyInstance, services: SimulationServices): void {
  app.post(
    SIMULATION_PATHS.reset,
    {
      preHandler: requireUser(services),
      schema: {
        tags: ['simulation'],
        summary:
          'Reset the demo ledger: cancel demo orders, take back every demo coin, grant 50,000 SUSDT again',
        security: [{ session: [] }],
        querystring: commonQuery,
        headers: sessionHeaders,
        body: emptyBody,
        response: {
          200: envelopeOf({
            type: 'array',
            items: {
              type: 'object',
              required: ['coin', 'available', 'frozen', 'total'],
              properties: { coin: text, available: text, frozen: text, total: text },
            },
          }),
          400: errorEnvelope,
          429: errorEnvelope,
          503: errorEnvelope,
        },
      },
    },
    async (request) => ok(request, await services.demo.reset(currentUser(request).userRowId)),
  );
}
