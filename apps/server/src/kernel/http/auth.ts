/**
 * Sessions over HTTP: the token travels as `Authorization: Bearer <token>`
 * or in the httpOnly cookie; requireUser is the one gate of private routes.
 */
import { SESSION_COOKIE } from '@quay/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { appError } from '../app-error';
import type { SessionService, SessionUser } from '../sessions';
import { sideOf } from './simulation-header';

declare module 'fastify' {
  interface FastifyRequest {
    sessionUser: SessionUser | null;
  }
}

const TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

interface PresentedToken {
  token: string;
  from: 'header' | 'cookie';
}

function presentedToken(request: FastifyRequest): PresentedToken | null {
  const header = request.headers.authorization;
  if (typeof header === 'string') {
    const token = /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1];
    if (token && TOKEN.test(token)) return { token, from: 'header' };
  }
  const cookie = request.cookies[SESSION_COOKIE];
  return cookie && TOKEN.test(cookie) ? { token: cookie, from: 'cookie' } : null;
}

/** The session token from `Authorization: Bearer` or the httpOnly cookie; null when neither holds one. */
export function sessionTokenOf(request: FastifyRequest): string | null {
  return presentedToken(request)?.token ?? null;
}

/**
 * How long the cookie outlives its session. A browser that dropped the
 * cookie exactly at expiry would look never logged in (00004, answered
 * quietly); keeping it a day longer lets the server say 20906 and the web
 * app tell the user the login expired (spec section 8).
 */
export const SESSION_COOKIE_GRACE_S = 24 * 3600;

export function setSessionCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  token: string,
  sessionTtl_s: number,
): void {
  void reply.setCookie(SESSION_COOKIE, token, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    // Over plain http a Secure cookie would be dropped by the browser.
    secure: request.protocol === 'https',
    maxAge: sessionTtl_s + SESSION_COOKIE_GRACE_S,
  });
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  void reply.clearCookie(SESSION_COOKIE, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: request.protocol === 'https',
  });
}

/**
 * preHandler of every private route: 00004 without a session or with an
 * unknown token, 00006 when it was revoked, 20906 when it expired. A cookie
 * holding a dead token is cleared so the browser stops sending it.
 */
/** What the session gate needs: sessions, and the demo ledger opened on a user's first simulated call. */
export interface UserGate {
  sessions: Pick<SessionService, 'authenticate'>;
  demo: { ensure(userRowId: string): Promise<unknown> };
}

export function requireUser(services: UserGate) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    const presented = presentedToken(request);
    try {
      request.sessionUser = await services.sessions.authenticate(presented?.token ?? null);
    } catch (err) {
      if (presented?.from === 'cookie') clearSessionCookie(request, reply);
      throw err;
    }
    // A user's first simulated call opens the demo ledger with its grant.
    if (sideOf(request) === 'demo') await services.demo.ensure(request.sessionUser.userRowId);
  };
}

/** The user requireUser let through; a route without that gate gets 00004. */
export function currentUser(request: FastifyRequest): SessionUser {
  if (!request.sessionUser) throw appError('LOGIN_REQUIRED');
  return request.sessionUser;
}
