/** What the accounts module's routes share: the caller as a session records it, and the answers a route may give. */
import { TERMINAL_CODE_HEADER } from '@quay/core';
import type { FastifyRequest } from 'fastify';
import { envelopeOf, errorEnvelope } from '../../kernel/http/schemas';
import type { ClientInfo } from '../../kernel/sessions';

/** The address and browser a session or a login attempt is recorded with. */
export function clientOf(request: FastifyRequest): ClientInfo {
  const ua = request.headers['user-agent'];
  const device = request.headers[TERMINAL_CODE_HEADER];
  return {
    ip: request.ip ?? null,
    userAgent: typeof ua === 'string' ? ua.slice(0, 512) : null,
    deviceId: typeof device === 'string' ? device.slice(0, 128) : null,
    locale: request.locale,
  };
}

/** A route's answers: the envelope with `data`, a refused request, a rate limit. */
export const responses = (data: object) => ({
  200: envelopeOf(data),
  400: errorEnvelope,
  429: errorEnvelope,
});
