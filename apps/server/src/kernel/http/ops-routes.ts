/**
 * /health and /metrics: outside /v1, for operators and load balancers.
 * /metrics (and /docs, registered by the app) can be switched off and asked
 * for OPS_TOKEN: `Authorization: Bearer <token>`, or Basic with the token as
 * the password, so that a browser prompts for it.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { BETA_HEADER, BETA_HEADER_VALUE } from '@quay/core';
import { failure } from './envelope';

const digest = (text: string) => createHash('sha256').update(text).digest();

/** The token an Authorization header presents: a Bearer token or a Basic password. */
function presentedOpsToken(header: string | undefined): string | null {
  if (!header) return null;
  const bearer = /^Bearer\s+(\S+)$/i.exec(header.trim())?.[1];
  if (bearer) return bearer;
  const basic = /^Basic\s+([A-Za-z0-9+/=]+)$/i.exec(header.trim())?.[1];
  if (!basic) return null;
  const pair = Buffer.from(basic, 'base64').toString('utf8');
  const colon = pair.indexOf(':');
  return colon >= 0 ? pair.slice(colon + 1) : null;
}

/** onRequest gate of the operator paths: 401 (and a Basic challenge) without the token. */
export function opsGate(token: string) {
  const expected = digest(token);
  return async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (token === '') return;
    const presented = presentedOpsToken(request.headers.authorization);
    if (presented !== null && timingSafeEqual(digest(presented), expected)) return;
    await reply
      .code(401)
      .header('www-authenticate', 'Basic realm="Quay operations", charset="UTF-8"')
      .send(failure(request.locale ?? 'en', 'UNAUTHORISED'));
  };
}

export function opsRoutes(
  app: FastifyInstance,
  services: { health(): Promise<void>; clusterMetrics?(): Record<string, number> },
  ops: { metrics: boolean; opsToken: string },
): void {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by route pattern and status code',
    labelNames: ['method', 'route', 'status_code'] as const,
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer HTTP requests, by route pattern',
    labelNames: ['method', 'route'] as const,
    buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    registers: [registry],
  });

  const clusterMetrics = services.clusterMetrics;
  if (clusterMetrics) {
    new Gauge({
      name: 'quay_cluster',
      help: "This process's part among several (ROLE): its role, the writer's epoch and sequence, commands",
      labelNames: ['what'] as const,
      registers: [registry],
      collect() {
        for (const [what, value] of Object.entries(clusterMetrics())) this.set({ what }, value);
      },
    });
  }
  const betaCalls = new Counter({
    name: 'http_beta_requests_total',
    help: 'HTTP requests carrying the beta marker header (BETA deployments), by route pattern',
    labelNames: ['route'] as const,
    registers: [registry],
  });

  app.addHook('onResponse', (request, reply, done) => {
    // The route pattern, never the raw URL, keeps label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    if (request.headers[BETA_HEADER] === BETA_HEADER_VALUE) betaCalls.inc({ route });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    done();
  });

  const healthAnswer = {
    type: 'object',
    required: ['status', 'db'],
    properties: { status: { type: 'string' }, db: { type: 'string' } },
  } as const;
  app.get(
    '/health',
    { schema: { hide: true, response: { 200: healthAnswer, 503: healthAnswer } } },
    async (request, reply) => {
      try {
        await services.health();
        return { status: 'ok', db: 'ok' };
      } catch (err) {
        request.log.error({ err }, 'health check: the database does not answer');
        return reply.code(503).send({ status: 'error', db: 'down' });
      }
    },
  );

  if (!ops.metrics) return;
  // Prometheus text, not JSON: no response schema to serialize through.
  const onRequest = opsGate(ops.opsToken);
  app.get('/metrics', { schema: { hide: true }, onRequest }, async (_request, reply) => {
    void reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
