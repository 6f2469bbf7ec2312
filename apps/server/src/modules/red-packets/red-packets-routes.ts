/**
 * Red packets over REST (RED_PACKET_PATHS in core): what a code shows is
 * public, so the claim page works before logging in; creating (a signed,
 * device-token path), claiming and the histories need a session.
 */
import { VERIFY_CODE_PATTERN } from '@quay/core';
import {
  RED_PACKET_PATHS,
  RED_PACKET_SPLITS,
  type RedPacketClaim,
  type RedPacketCreate,
} from '@quay/core/swap-api';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { clientOf } from '../accounts';
import { appError } from '../../kernel/app-error';
import { envelopeOf, errorEnvelope, commonQuery, sessionHeaders } from '../../kernel/http/schemas';
import { currentUser, requireUser, sessionTokenOf } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { pagingOf, pageOf, pagedQueryWith, type PagingQuery } from '../../kernel/http/paging';
import { sideOf } from '../../kernel/http/simulation-header';
import type { RedPacketsServices } from './red-packets-services';

const tags = ['red-packets'];
const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const codeField = { type: 'string', minLength: 4, maxLength: 16, pattern: '^[A-Z0-9]{4,16}$' };
const factorCode = { type: 'string', minLength: 6, maxLength: 6, pattern: VERIFY_CODE_PATTERN };
/** Printable text, no control or invisible format characters. */
const printable = (max: number) => ({
  type: 'string',
  maxLength: max,
  pattern: '^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]*$',
});
const answer = (data: object) => ({
  200: envelopeOf(data),
  '4xx': errorEnvelope,
  '5xx': errorEnvelope,
});
const objectOf = (properties: Record<string, object>) =>
  ({ type: 'object', required: Object.keys(properties), properties }) as const;
const infoProperties = {
  code: text,
  coin: text,
  count: integer,
  split: text,
  greeting: text,
  hasPassword: { type: 'boolean' },
  claimedCount: integer,
  status: text,
  expiresAt: integer,
  myShare: { type: ['string', 'null'] },
};
const infoSchema = objectOf(infoProperties);
const sentSchema = objectOf({
  ...infoProperties,
  amount: text,
  remaining: text,
  refunded: text,
  createdAt: integer,
});
const receivedSchema = objectOf({
  code: text,
  coin: text,
  amount: text,
  greeting: text,
  claimedAt: integer,
});

export function redPacketsRoutes(app: FastifyInstance, services: RedPacketsServices): void {
  const { redPackets } = services;
  const me = (request: FastifyRequest) => currentUser(request).userRowId;
  const gate = [
    requireUser(services),
    // Red packets move real coins only.
    async (request: FastifyRequest) => {
      if (sideOf(request) === 'demo') throw appError('RED_PACKET_DEMO_UNAVAILABLE');
    },
  ];
  // `info` is public; a caller with a live session also sees their own share. A missing,
  // expired or revoked session is simply a visitor here, never a refusal.
  const callerIfAny = async (request: FastifyRequest): Promise<string | null> => {
    const token = sessionTokenOf(request);
    if (token === null) return null;
    try {
      return (await services.sessions.authenticate(token)).userRowId;
    } catch {
      return null;
    }
  };
  const session = { tags, headers: sessionHeaders, security: [{ session: [] }] };

  app.post<{ Body: RedPacketCreate }>(
    RED_PACKET_PATHS.create,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: 'Create a red packet: the total is frozen into escrow at once',
        querystring: commonQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['coin', 'amount', 'count', 'split'],
          properties: {
            coin: { type: 'string', pattern: '^[A-Z0-9]{1,12}$', maxLength: 12 },
            amount: { type: 'string', pattern: '^(0|[1-9][0-9]{0,17})(\\.[0-9]{1,8})?$' },
            count: { type: 'integer', minimum: 1, maximum: 100000 },
            split: { type: 'string', enum: [...RED_PACKET_SPLITS] },
            password: { type: 'string', minLength: 1, maxLength: 32 },
            greeting: printable(80),
            googleCode: factorCode,
            emailCode: factorCode,
            mobileCode: factorCode,
          },
        },
        response: answer(sentSchema),
      },
    },
    async (request) =>
      ok(request, await redPackets.create(me(request), request.body, clientOf(request))),
  );

  app.get<{ Querystring: { code: string } }>(
    RED_PACKET_PATHS.info,
    {
      schema: {
        tags,
        summary: 'What a red packet shows to anyone with its code',
        querystring: {
          ...commonQuery,
          required: ['code'],
          properties: { ...commonQuery.properties, code: codeField },
        },
        response: answer(infoSchema),
      },
    },
    async (request) =>
      ok(request, await redPackets.info(request.query.code, await callerIfAny(request))),
  );

  app.post<{ Body: RedPacketClaim }>(
    RED_PACKET_PATHS.claim,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: 'Claim one share of a red packet, once per user',
        querystring: commonQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['code'],
          properties: { code: codeField, password: { type: 'string', maxLength: 32 } },
        },
        response: answer(receivedSchema),
      },
    },
    async (request) => ok(request, await redPackets.claim(me(request), request.body)),
  );

  app.get<{ Querystring: PagingQuery }>(
    RED_PACKET_PATHS.sent,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: 'Red packets the current user sent, newest first',
        querystring: pagedQueryWith({}),
        response: answer(pageOf(sentSchema)),
      },
    },
    async (request) => ok(request, await redPackets.sent(me(request), pagingOf(request.query))),
  );

  app.get<{ Querystring: PagingQuery }>(
    RED_PACKET_PATHS.received,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: 'Red packet shares the current user claimed, newest first',
        querystring: pagedQueryWith({}),
        response: answer(pageOf(receivedSchema)),
      },
    },
    async (request) => ok(request, await redPackets.received(me(request), pagingOf(request.query))),
  );
}
