import { PLATFORM_CONFIG_PATH, IMAGE_PROBE_PATH } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { AppConfig } from '../../kernel/config';
import type { ContentServices } from './content-services';
import { ok } from '../../kernel/http/envelope';
import { pagedQuery, pageOf, pagingOf } from '../../kernel/http/paging';
import { commonQuery, envelopeOf, errorEnvelope } from '../../kernel/http/schemas';
import { sideOf } from '../../kernel/http/simulation-header';

const nullableTime = { type: ['integer', 'null'] } as const;

const campaignCacheSchema = {
  type: 'object',
  required: ['open', 'cacheEffectiveTime', 'channelCodeList', 'activeLinkList'],
  properties: {
    open: { type: 'boolean' },
    cacheEffectiveTime: { type: 'integer' },
    cacheBeginTime: nullableTime,
    cacheEndTime: nullableTime,
    channelCodeList: {
      type: 'array',
      items: {
        type: 'object',
        required: ['channelCode', 'cacheEffectiveTime'],
        properties: {
          channelCode: { type: 'string' },
          cacheEffectiveTime: { type: 'integer' },
          channelCodeBeginTime: nullableTime,
          channelCodeEndTime: nullableTime,
        },
      },
    },
    activeLinkList: {
      type: 'array',
      items: {
        type: 'object',
        required: ['activeLink', 'cacheEffectiveTime'],
        properties: {
          activeLink: { type: 'string' },
          cacheEffectiveTime: { type: 'integer' },
          activeLinkBeginTime: nullableTime,
          activeLinkEndTime: nullableTime,
        },
      },
    },
  },
} as const;

const announcementSummary = {
  type: 'object',
  required: ['id', 'title', 'bannerUrl', 'publishedAt'],
  properties: {
    id: { type: 'string' },
    title: { type: 'string' },
    bannerUrl: { type: ['string', 'null'] },
    publishedAt: { type: 'integer' },
  },
} as const;

const responses = (data: object) => ({ 200: envelopeOf(data), 400: errorEnvelope });

/** What every client reads at start, and the public content that carries images and HTML. */
export function contentRoutes(
  app: FastifyInstance,
  services: ContentServices,
  config: AppConfig,
): void {
  app.get(
    PLATFORM_CONFIG_PATH,
    {
      schema: {
        tags: ['public'],
        summary: 'Product domains, image hosts and campaign-cache rules for the web app',
        querystring: commonQuery,
        response: responses({
          type: 'object',
          required: [
            'productDomains',
            'imageHosts',
            'imageProbePath',
            'campaignCache',
            'appDownloads',
          ],
          properties: {
            productDomains: { type: 'array', items: { type: 'string' } },
            imageHosts: { type: 'array', items: { type: 'string' } },
            imageProbePath: { type: 'string' },
            campaignCache: campaignCacheSchema,
            appDownloads: {
              type: 'object',
              required: ['ios', 'android', 'apk'],
              properties: {
                ios: { type: 'string' },
                android: { type: 'string' },
                apk: { type: 'string' },
              },
            },
          },
        }),
      },
    },
    async (request) =>
      ok(request, {
        productDomains: config.productDomains,
        imageHosts: config.imageHosts,
        imageProbePath: IMAGE_PROBE_PATH,
        campaignCache: config.campaignCache,
        appDownloads: config.appDownloads,
      }),
  );

  app.get(
    '/v1/public/coins',
    {
      schema: {
        tags: ['public'],
        summary:
          'Listed coins with icon and description (HTML); in simulation mode also their demo twins',
        querystring: commonQuery,
        response: responses({
          type: 'array',
          items: {
            type: 'object',
            required: ['coin', 'name', 'iconUrl', 'descriptionHtml'],
            properties: {
              coin: { type: 'string' },
              name: { type: 'string' },
              iconUrl: { type: 'string' },
              descriptionHtml: { type: 'string' },
            },
          },
        }),
      },
    },
    async (request) => ok(request, services.content.coins(sideOf(request))),
  );

  app.get(
    '/v1/public/banners',
    {
      schema: {
        tags: ['public'],
        summary: 'Home-page banners',
        querystring: commonQuery,
        response: responses({
          type: 'array',
          items: {
            type: 'object',
            required: ['id', 'title', 'imageUrl', 'link'],
            properties: {
              id: { type: 'string' },
              title: { type: 'string' },
              imageUrl: { type: 'string' },
              link: { type: 'string' },
            },
          },
        }),
      },
    },
    async (request) => ok(request, await services.content.banners()),
  );

  app.get<{ Querystring: { pageNo?: string; pageSize?: string } }>(
    '/v1/public/announcements',
    {
      schema: {
        tags: ['public'],
        summary: 'Announcements, newest first',
        querystring: pagedQuery,
        response: responses(pageOf(announcementSummary)),
      },
    },
    async (request) => {
      const { pageNo, pageSize } = pagingOf(request.query);
      return ok(request, await services.content.announcements(pageNo, pageSize));
    },
  );

  app.get<{ Params: { id: string } }>(
    '/v1/public/announcements/:id',
    {
      schema: {
        tags: ['public'],
        summary: 'One announcement with its body (HTML)',
        querystring: commonQuery,
        params: {
          type: 'object',
          required: ['id'],
          properties: {
            id: { type: 'string', minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9-]{1,64}$' },
          },
        },
        response: responses({
          type: 'object',
          required: [...announcementSummary.required, 'bodyHtml'],
          properties: { ...announcementSummary.properties, bodyHtml: { type: 'string' } },
        }),
      },
    },
    async (request) => ok(request, await services.content.announcement(request.params.id)),
  );
}
