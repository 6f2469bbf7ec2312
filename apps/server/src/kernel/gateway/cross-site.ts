/**
 * Cross-site protection beyond the cookie's SameSite=Lax (DESIGN.md section
 * 10): a call that can change something (any method but GET, HEAD and
 * OPTIONS) and every WebSocket upgrade must come from one of the public
 * origins (PUBLIC_ORIGINS, else the host the request was sent to). The
 * browser says where a call comes from in `Origin`, else in
 * `Sec-Fetch-Site`; a call with neither (curl, a bot, an API client) is no
 * browser acting for someone else, and passes. Refused calls get 14005.
 */
import { SAFE_METHODS } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { appError } from '../app-error';

/** Sec-Fetch-Site values of a call the page itself (or the user, typing) made. */
const OWN_FETCH_SITES = ['same-origin', 'none'];

function headerOf(request: FastifyRequest, name: string): string | null {
  const value = request.headers[name];
  return typeof value === 'string' ? value : null;
}

/** Whether a call may act with the caller's cookie: it comes from one of our origins, or from no browser page. */
export function fromOwnSite(request: FastifyRequest, publicOrigins: readonly string[]): boolean {
  const origin = headerOf(request, 'origin');
  if (origin !== null) {
    let url: URL;
    try {
      url = new URL(origin);
    } catch {
      return false; // `null` (a sandboxed or privacy-redirected page) included
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return false;
    if (publicOrigins.length > 0) return publicOrigins.includes(url.origin);
    // Behind a proxy that ends TLS the scheme seen here may differ: the host
    // decides, read as the Origin's scheme reads it (a default port dropped).
    try {
      return url.host === new URL(`${url.protocol}//${request.host}`).host;
    } catch {
      return false;
    }
  }
  const site = headerOf(request, 'sec-fetch-site');
  return site === null || OWN_FETCH_SITES.includes(site);
}

function isUpgrade(request: FastifyRequest): boolean {
  return headerOf(request, 'upgrade')?.toLowerCase() === 'websocket';
}

export function registerCrossSiteCheck(
  app: FastifyInstance,
  publicOrigins: readonly string[],
): void {
  // A callback hook, not an async one: no promise per request on the hot path.
  app.addHook('onRequest', (request, _reply, done) => {
    if (
      (SAFE_METHODS.includes(request.method) && !isUpgrade(request)) ||
      fromOwnSite(request, publicOrigins)
    ) {
      done();
      return;
    }
    request.log.info(
      { origin: headerOf(request, 'origin'), site: headerOf(request, 'sec-fetch-site') },
      'cross-site call refused',
    );
    done(appError('CROSS_SITE_REFUSED'));
  });
}
