/**
 * The batch withdrawal query (spec section 7, "batch withdraw query"): the
 * caller's withdrawals by id, several in one call, in the order asked. An id
 * that is not a withdrawal of the caller's (someone else's, a deposit, or
 * none) is answered in `missing`, the same for each, so nothing is told
 * about other accounts' records.
 */
import { WITHDRAW_BATCH_MAX } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AssetsServices } from './assets-services';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, sessionHeaders } from '../../kernel/http/schemas';
import { recordSchema, refuseInSimulation, responses } from './asset-routes';

export const WITHDRAW_BATCH_PATH = '/v1/asset/batch-withdraw/query';

export function withdrawBatchRoutes(app: FastifyInstance, services: AssetsServices): void {
  app.post<{ Body: { ids: string[] } }>(
    WITHDRAW_BATCH_PATH,
    {
      preHandler: requireUser(services),
      schema: {
        tags: ['asset'],
        summary: `The caller's withdrawals by id, up to ${WITHDRAW_BATCH_MAX} in one call; the others in missing`,
        security: [{ session: [] }],
        headers: sessionHeaders,
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['ids'],
          additionalProperties: false,
          properties: {
            ids: {
              type: 'array',
              minItems: 1,
              maxItems: WITHDRAW_BATCH_MAX,
              uniqueItems: true,
              items: { type: 'string', minLength: 1, maxLength: 64 },
            },
          },
        },
        response: responses({
          type: 'object',
          required: ['items', 'missing'],
          properties: {
            items: { type: 'array', items: recordSchema },
            missing: { type: 'array', items: { type: 'string' } },
          },
        }),
      },
    },
    async (request) => {
      refuseInSimulation(request);
      const answer = await services.ledger.withdrawalsByIds(
        currentUser(request).userRowId,
        request.body.ids,
      );
      return ok(request, answer);
    },
  );
}
