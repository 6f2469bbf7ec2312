/**
 * Copy trading over REST (COPY_TRADING_PATHS in core): the terms, the
 * leaderboard and a lead's profile are public; applying, following,
 * stopping and a user's copies need a session. Real coins only.
 */
import {
  COPY_LEVERAGE_MODES,
  COPY_PERIODS,
  COPY_SIZE_MODES,
  COPY_SORTS,
  COPY_TRADING_PATHS,
  type ApplyLead,
  type CopyPeriod,
  type CopySort,
  type FollowLead,
  type StopCopy,
} from '@quay/core/copy-trading';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../../kernel/app-error';
import { currentUser, requireUser } from '../../kernel/http/auth';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, envelopeOf, errorEnvelope, sessionHeaders } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';
import type { CopyTradingServices } from './copy-trading-services';

const tags = ['copy-trading'];
const text = { type: 'string' } as const;
const integer = { type: 'integer' } as const;
const nullableText = { type: ['string', 'null'] } as const;
const amount = { type: 'string', pattern: '^(0|[1-9][0-9]{0,11})(\\.[0-9]{1,8})?$' } as const;
const id = { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' } as const;
/** Every answer: the envelope with its data, or an error envelope. */
function answer(data: object) {
  const failed = errorEnvelope;
  return { 200: envelopeOf(data), '4xx': failed, '5xx': failed };
}
/** An object whose every field is sent. */
function objectOf(properties: Record<string, object>) {
  return { type: 'object', properties, required: Object.keys(properties) } as const;
}
const arrayOf = (items: object) => ({ type: 'array', items }) as const;

const statsProperties = {
  period: integer,
  roi: text,
  pnl: text,
  winRate: text,
  maxDrawdown: text,
  followers: integer,
  aum: text,
};
const leaderSchema = objectOf({
  leadId: text,
  nickname: text,
  shareRate: text,
  symbols: arrayOf(text),
  maxFollowers: integer,
  since: integer,
  ...statsProperties,
});
const positionSchema = objectOf({
  symbol: text,
  side: text,
  quantity: text,
  entryPrice: text,
  markPrice: text,
  leverage: integer,
  marginShare: text,
  unrealisedPnl: text,
});
const followSchema = objectOf({
  followId: text,
  leadId: text,
  nickname: text,
  status: text,
  sizeMode: text,
  size: text,
  leverageMode: text,
  leverage: { type: ['integer', 'null'] },
  symbolLeverage: { type: 'object', additionalProperties: integer },
  stopLoss: nullableText,
  takeProfit: nullableText,
  investment: text,
  equity: text,
  pnl: text,
  highWaterMark: text,
  sharePaid: text,
  positions: arrayOf(positionSchema),
  createdAt: integer,
  stoppedAt: { type: ['integer', 'null'] },
});
const tradeSchema = objectOf({
  id: text,
  followId: text,
  symbol: text,
  side: text,
  action: text,
  status: text,
  quantity: text,
  price: nullableText,
  realisedPnl: text,
  fee: text,
  reason: nullableText,
  time: integer,
});
const profileSchema = objectOf({
  leader: leaderSchema,
  stats: arrayOf(objectOf(statsProperties)),
  equity: arrayOf(objectOf({ time: integer, equity: text })),
  positions: arrayOf(positionSchema),
  trades: arrayOf(
    objectOf({
      symbol: text,
      side: text,
      quantity: text,
      price: text,
      realisedPnl: text,
      time: integer,
    }),
  ),
});
const termsSchema = objectOf({
  minLeadEquity: text,
  minShareRate: text,
  maxShareRate: text,
  maxFollowers: integer,
  minInvestment: text,
  symbols: arrayOf(text),
});
const periodField = { type: 'string', enum: COPY_PERIODS.map(String), default: '30' };
const periodOf = (text: string | undefined): CopyPeriod => Number(text ?? '30') as CopyPeriod;

export function copyTradingRoutes(app: FastifyInstance, services: CopyTradingServices): void {
  const { copyTrading } = services;
  const me = (request: FastifyRequest) => currentUser(request).userRowId;
  const gate = [
    requireUser(services),
    async (request: FastifyRequest) => {
      if (sideOf(request) === 'demo') throw appError('COPY_DEMO_UNAVAILABLE');
    },
  ];
  const session = { tags, headers: sessionHeaders, security: [{ session: [] }] };

  app.get(
    COPY_TRADING_PATHS.terms,
    {
      schema: {
        tags,
        summary: 'Copy trading terms: what a lead needs, the share rates, the symbols',
        querystring: commonQuery,
        response: answer(termsSchema),
      },
    },
    async (request) => ok(request, copyTrading.terms()),
  );

  app.get<{ Querystring: { period?: string; sort?: CopySort } }>(
    COPY_TRADING_PATHS.leaders,
    {
      schema: {
        tags,
        summary: 'The lead traders with their figures over a period, sorted',
        querystring: {
          ...commonQuery,
          properties: {
            ...commonQuery.properties,
            period: periodField,
            sort: { type: 'string', enum: [...COPY_SORTS], default: 'roi' },
          },
        },
        response: answer(arrayOf(leaderSchema)),
      },
    },
    async (request) =>
      ok(
        request,
        await copyTrading.leaders(periodOf(request.query.period), request.query.sort ?? 'roi'),
      ),
  );

  app.get<{ Querystring: { leadId: string; period?: string } }>(
    COPY_TRADING_PATHS.leader,
    {
      schema: {
        tags,
        summary: "A lead trader's profile: figures, equity curve, open positions, trades",
        querystring: {
          ...commonQuery,
          required: ['leadId'],
          properties: { ...commonQuery.properties, leadId: id, period: periodField },
        },
        response: answer(profileSchema),
      },
    },
    async (request) =>
      ok(request, await copyTrading.leader(request.query.leadId, periodOf(request.query.period))),
  );

  app.post<{ Body: ApplyLead }>(
    COPY_TRADING_PATHS.apply,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: 'Apply to lead: the futures equity condition, a share rate, the symbols',
        querystring: commonQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['nickname', 'shareRate', 'symbols'],
          properties: {
            nickname: {
              type: 'string',
              minLength: 2,
              maxLength: 24,
              pattern: '^[^\\p{Cc}\\p{Cf}\\p{Zl}\\p{Zp}]*$',
            },
            shareRate: { type: 'string', pattern: '^0(\\.[0-9]{1,4})?$' },
            symbols: {
              type: 'array',
              minItems: 1,
              maxItems: 50,
              items: { type: 'string', pattern: '^[A-Z0-9_]{2,24}$' },
            },
          },
        },
        response: answer(leaderSchema),
      },
    },
    async (request) => ok(request, await copyTrading.apply(me(request), request.body)),
  );

  app.post<{ Body: FollowLead }>(
    COPY_TRADING_PATHS.follow,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: 'Copy a lead trader: the investment moves from spot into a copy account',
        querystring: commonQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['leadId', 'investment', 'sizeMode', 'size', 'leverageMode'],
          properties: {
            leadId: id,
            investment: amount,
            sizeMode: { type: 'string', enum: [...COPY_SIZE_MODES] },
            size: amount,
            leverageMode: { type: 'string', enum: [...COPY_LEVERAGE_MODES] },
            leverage: { type: 'integer', minimum: 1, maximum: 200 },
            symbolLeverage: {
              type: 'object',
              maxProperties: 50,
              propertyNames: { type: 'string', pattern: '^[A-Z0-9_]{1,32}$' },
              additionalProperties: { type: 'integer', minimum: 1, maximum: 200 },
            },
            stopLoss: amount,
            takeProfit: amount,
          },
        },
        response: answer(followSchema),
      },
    },
    async (request) => ok(request, await copyTrading.follow(me(request), request.body)),
  );

  app.post<{ Body: StopCopy }>(
    COPY_TRADING_PATHS.stop,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: 'Stop copying: close the copied positions at market, or keep them',
        querystring: commonQuery,
        body: {
          type: 'object',
          additionalProperties: false,
          required: ['followId', 'close'],
          properties: { followId: id, close: { type: 'boolean' } },
        },
        response: answer(followSchema),
      },
    },
    async (request) => ok(request, await copyTrading.stopCopy(me(request), request.body)),
  );

  app.get(
    COPY_TRADING_PATHS.mine,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: "The current user's copies, and the lead profile if the user leads",
        querystring: commonQuery,
        response: answer(
          objectOf({
            leading: { anyOf: [{ type: 'null' }, leaderSchema] },
            follows: arrayOf(followSchema),
          }),
        ),
      },
    },
    async (request) => ok(request, await copyTrading.mine(me(request))),
  );

  app.get<{ Querystring: { followId: string } }>(
    COPY_TRADING_PATHS.trades,
    {
      preHandler: gate,
      schema: {
        ...session,
        summary: "A copy's copied and skipped orders, newest first",
        querystring: {
          ...commonQuery,
          required: ['followId'],
          properties: { ...commonQuery.properties, followId: id },
        },
        response: answer(arrayOf(tradeSchema)),
      },
    },
    async (request) => ok(request, await copyTrading.trades(me(request), request.query.followId)),
  );
}
