/**
 * Serves the built web app from WEB_DIST, with index.html for every GET that
 * is not a file (the SPA fallback for language-prefixed paths such as
 * /ja/login), and the 404 envelope for unknown API paths.
 */
import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { STATIC_DIR } from './static-files';
import { notFoundEnvelope } from './envelope';

/** Paths the server answers itself: never the web app. */
const SERVER_PATHS = ['/v1', '/docs', '/health', '/metrics', '/static'];
const ASSETS = '/assets/';

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
    // A missing hashed asset is a stale page asking for an old build: HTML would not help it.
    if (path.startsWith(ASSETS)) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found\n');
    }
    return reply
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .sendFile('index.html');
  });
}
