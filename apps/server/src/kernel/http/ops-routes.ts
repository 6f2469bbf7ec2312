/** /health and /metrics: outside /v1, for operators and load balancers. */
import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';

export function opsRoutes(app: FastifyInstance, services: { health(): Promise<void> }): void {
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

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, never the raw URL, keeps label cardinality bounded.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status_code: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
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

  // Prometheus text, not JSON: no response schema to serialize through.
  app.get('/metrics', { schema: { hide: true } }, async (_request, reply) => {
    void reply.header('content-type', registry.contentType);
    return registry.metrics();
  });
}
