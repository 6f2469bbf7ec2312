import { SESSION_COOKIE } from '@quay/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { SessionUser } from '../domain/sessions';
import type { Services } from '../domain/services';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

/** The session token from `Authorization: Bearer` or the httpOnly cookie. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const match = /^Bearer\s+([A-Za-z0-9_-]{16,128})$/.exec(header.trim());
    if (match?.[1]) return match[1];
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie && /^[A-Za-z0-9_-]{16,128}$/.test(cookie) ? cookie : null;
}

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  maxAge_s: number,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
    maxAge: maxAge_s,
  });
}

export function clearSessionCookie(reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * preHandler for private routes: 00004 without a session, 00006 when it was
 * revoked, 20906 when it expired (and the cookie is cleared).
 */
export function requireUser(services: Services) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    try {
      request.sessionUser = await services.sessions.authenticate(sessionTokenOf(request));
    } catch (err) {
      if (request.cookies[SESSION_COOKIE]) clearSessionCookie(reply);
      throw err;
    }
  };
}
