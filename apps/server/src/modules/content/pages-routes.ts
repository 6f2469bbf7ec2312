import { HELP_SLUG_PATTERN, LEGAL_DOCS, type LegalDoc } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import { ok } from '../../kernel/http/envelope';
import { commonQuery, envelopeOf, errorEnvelope } from '../../kernel/http/schemas';
import type { SitePages } from './site-pages';

const helpArticle = {
  type: 'object',
  required: ['slug', 'title', 'bodyHtml', 'updatedAt'],
  properties: {
    slug: { type: 'string' },
    title: { type: 'string' },
    bodyHtml: { type: 'string' },
    updatedAt: { type: ['integer', 'null'] },
  },
} as const;

const responses = (data: object) => ({ 200: envelopeOf(data), 400: errorEnvelope });

/** The operator's legal texts and help centre, in the caller's language. */
export function pagesRoutes(app: FastifyInstance, pages: SitePages): void {
  app.get<{ Params: { doc: LegalDoc } }>(
    '/v1/public/legal/:doc',
    {
      schema: {
        tags: ['public'],
        summary: "The operator's Terms of Use or Privacy Notice (HTML), in the caller's language",
        querystring: commonQuery,
        params: {
          type: 'object',
          required: ['doc'],
          properties: { doc: { type: 'string', enum: [...LEGAL_DOCS] } },
        },
        response: responses({
          type: 'object',
          required: ['doc', 'title', 'bodyHtml', 'updatedAt'],
          properties: {
            doc: { type: 'string', enum: [...LEGAL_DOCS] },
            title: { type: 'string' },
            bodyHtml: { type: 'string' },
            updatedAt: { type: ['integer', 'null'] },
          },
        }),
      },
    },
    async (request) => ok(request, await pages.legal(request.params.doc, request.locale)),
  );

  app.get(
    '/v1/public/help',
    {
      schema: {
        tags: ['public'],
        summary: "The help centre's articles (HTML), in order, in the caller's language",
        querystring: commonQuery,
        response: responses({ type: 'array', items: helpArticle }),
      },
    },
    async (request) => ok(request, await pages.helpArticles(request.locale)),
  );

  app.get<{ Params: { slug: string } }>(
    '/v1/public/help/:slug',
    {
      schema: {
        tags: ['public'],
        summary: "One help article (HTML), in the caller's language",
        querystring: commonQuery,
        params: {
          type: 'object',
          required: ['slug'],
          properties: { slug: { type: 'string', pattern: HELP_SLUG_PATTERN } },
        },
        response: responses(helpArticle),
      },
    },
    async (request) => ok(request, await pages.helpArticle(request.params.slug, request.locale)),
  );
}
