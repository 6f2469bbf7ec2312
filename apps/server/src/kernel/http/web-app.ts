/**
 * Serves the built web app from WEB_DIST: index.html for every page of the
 * shared route list (`APP_ROUTES`, also under a language segment such as
 * /ja/login), the same page with status 404 for any other path, where the
 * app shows its not-found page, a plain 404 for a missing file, and the 404
 * envelope for unknown API paths.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import { isAppPath } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import { STATIC_DIR } from './static-files';
import { notFoundEnvelope } from './envelope';

/** Paths the server answers itself: never the web app. */
const SERVER_PATHS = ['/v1', '/docs', '/health', '/metrics', '/static'];
const ASSETS = '/assets/';
/** A last segment with an extension names a file, never a page. */
const FILE_LIKE = /\.[A-Za-z0-9]{1,8}$/;

function pathOf(url: string): string {
  return url.split('?')[0] ?? '';
}

function isServerPath(path: string): boolean {
  return SERVER_PATHS.some((p) => path === p || path.startsWith(`${p}/`));
}

/**
 * Serves /static/: images any origin may load (image hosts are other
 * origins of this same server), cached for a day.
 */
export async function registerStaticImages(app: FastifyInstance): Promise<void> {
  await app.register(fastifyStatic, {
    root: STATIC_DIR,
    prefix: '/static/',
    decorateReply: false,
    index: false,
    // Files only: a folder is not found, like any other missing image.
    allowedPath: (pathName) => /\.(svg|png)$/.test(pathName),
    cacheControl: false,
    setHeaders(res) {
      res.setHeader('cache-control', 'public, max-age=86400');
      res.setHeader('access-control-allow-origin', '*');
      res.setHeader('x-content-type-options', 'nosniff');
    },
  });
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(join(webDist, 'index.html'));
  if (hasApp) {
    const assetsDir = `${sep}assets${sep}`;
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: 'index.html',
      // The build writes .br and .gz twins of its text files (apps/web/vite.config.ts).
      preCompressed: true,
      cacheControl: false,
      setHeaders(res, filePath) {
        // Vite puts content-hashed files under assets/: they never change.
        res.setHeader(
          'cache-control',
          filePath.includes(assetsDir) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    const path = pathOf(request.url);
    if (path === '/static' || path.startsWith('/static/')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    if (isServerPath(path) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return notFoundEnvelope(request, reply);
    }
    if (!hasApp) {
      return reply
        .code(path === '/' ? 200 : 404)
        .type('text/plain; charset=utf-8')
        .send(
          'Quay API is running, but the web app is not built: run `npm run build`, then restart.\n',
        );
    }
    // A missing hashed asset is a stale page asking for an old build, a missing
    // image or script a broken reference: HTML would not help either.
    if (path.startsWith(ASSETS) || FILE_LIKE.test(path)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    return reply
      .code(isAppPath(path) ? 200 : 404)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });
}
