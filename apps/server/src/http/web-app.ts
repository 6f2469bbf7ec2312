/**
 * Serves the built web app from WEB_DIST, with index.html for every path that
 * is not a file (the SPA fallback for language-prefixed paths), and the 404
 * envelope for unknown API paths.
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFoundEnvelope } from './envelope';

const API_PREFIXES = ['/v1/', '/v1', '/docs', '/health', '/metrics'];

function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return API_PREFIXES.some((p) => path === p || path.startsWith(p.endsWith('/') ? p : `${p}/`));
}

export async function registerWebApp(app: FastifyInstance, webDist: string): Promise<void> {
  const hasApp = existsSync(join(webDist, 'index.html'));
  if (hasApp) {
    await app.register(fastifyStatic, {
      root: webDist,
      prefix: '/',
      index: 'index.html',
      cacheControl: false,
      setHeaders(res, path) {
        if (path.includes(`${'/'}assets${'/'}`)) {
          res.setHeader('cache-control', 'public, max-age=31536000, immutable');
        } else {
          res.setHeader('cache-control', 'no-cache');
        }
      },
    });
  }

  app.setNotFoundHandler(async (request, reply) => {
    if (isApiPath(request.url) || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return notFoundEnvelope(request, reply);
    }
    if (!hasApp) {
      return reply
        .code(200)
        .type('text/plain; charset=utf-8')
        .send('Quay API is running. The web app is not built: run `npm run build`, then restart.');
    }
    void reply.header('cache-control', 'no-cache');
    return reply.type('text/html; charset=utf-8').sendFile('index.html');
  });
}
