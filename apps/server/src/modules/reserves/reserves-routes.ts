/**
 * Proof of reserves over REST (RESERVES_PATHS in core): the newest snapshot
 * and the history in public; with a session, the caller's own proof.
 */
import { RESERVES_PATHS } from '@quay/core/earn';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import {
  pageAnswer,
  pageOf,
  pagedQuery,
  pagingOf,
  type PagingQuery,
} from '../../kernel/http/paging';
import { commonQuery, envelopeOf, errorEnvelope, sessionHeaders } from '../../kernel/http/schemas';
import type { ReservesServices } from './reserves-services';

const tags = ['reserves'];
const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const balances = { type: 'object', additionalProperties: { type: 'string' } } as const;

function shape(properties: Record<string, object>) {
  return { type: 'object', required: Object.keys(properties), properties } as const;
}
const responses = (data: object) => ({ 200: envelopeOf(data), default: errorEnvelope });

const snapshotSchema = shape({
  id: text,
  time: integer,
  root: text,
  users: integer,
  coins: {
    type: 'array',
    items: shape({ coin: text, liabilities: text, reserves: text, ratio: text }),
  },
});

export function reservesRoutes(app: FastifyInstance, services: ReservesServices): void {
  const { reserves } = services;
  const auth = requireUser(services);
  const user = (request: FastifyRequest) => currentUser(request).userRowId;

  app.get(
    RESERVES_PATHS.latest,
    {
      schema: {
        tags,
        summary: 'The newest proof-of-reserves snapshot (null before the first)',
        querystring: commonQuery,
        response: responses({ ...snapshotSchema, type: ['object', 'null'] }),
      },
    },
    async (request) => ok(request, await reserves.latest()),
  );
  app.get<{ Querystring: PagingQuery }>(
    RESERVES_PATHS.history,
    {
      schema: {
        tags,
        summary: 'Proof-of-reserves snapshots, newest first',
        querystring: pagedQuery,
        response: responses(pageOf(snapshotSchema)),
      },
    },
    async (request) => {
      const paging = pagingOf(request.query);
      const page = await reserves.history(paging);
      return ok(request, pageAnswer(paging, page.total, page.items));
    },
  );
  app.get<{ Querystring: { snapshotId?: string } }>(
    RESERVES_PATHS.proof,
    {
      schema: {
        tags,
        summary: 'My leaf and Merkle path in a snapshot (the newest when none is named)',
        headers: sessionHeaders,
        security: [{ session: [] }],
        querystring: {
          ...commonQuery,
          properties: {
            ...commonQuery.properties,
            snapshotId: {
              type: 'string',
              minLength: 1,
              maxLength: 40,
              pattern: '^[A-Za-z0-9_-]{1,40}$',
            },
          },
        },
        response: responses(
          shape({
            snapshotId: text,
            time: integer,
            root: text,
            uid: text,
            nonce: text,
            balances,
            leaf: text,
            path: {
              type: 'array',
              items: shape({ hash: text, balances, side: text, level: integer }),
            },
          }),
        ),
      },
      preHandler: [auth],
    },
    async (request) =>
      ok(request, await reserves.proof(user(request), request.query.snapshotId ?? null)),
  );
}
