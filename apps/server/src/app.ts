/**
 * Builds the Fastify app: plugins first, then services, then routes.
 * Tests drive it through app.inject; main.ts makes it listen.
 */
import fastifyCookie from '@fastify/cookie';
import fastifyRateLimit from '@fastify/rate-limit';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import fastifyWebsocket from '@fastify/websocket';
import Fastify, { type FastifyInstance } from 'fastify';
import type { AppConfig } from './config';
import { appError } from './domain/app-error';
import { createServices, type Services } from './domain/services';
import { registerEnvelope } from './http/envelope';
import { msgRoutes } from './http/routes/msg-routes';
import { opsRoutes } from './http/routes/ops-routes';
import { publicRoutes } from './http/routes/public-routes';
import { userRoutes } from './http/routes/user-routes';
import { ChannelHub, wsRoutes } from './http/routes/ws-routes';
import { registerWebApp } from './http/web-app';
import { openStore } from './store/db';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    channels: ChannelHub;
  }
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 64 * 1024,
    trustProxy: true,
    ajv: {
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        allErrors: false,
        useDefaults: true,
      },
    },
  });

  const store = await openStore({ dataDir: config.dataDir, databaseUrl: config.databaseUrl });
  const services = createServices(store, config, app.log);
  const channels = new ChannelHub();
  app.decorate('services', services);
  app.decorate('channels', channels);
  app.addHook('onClose', async () => services.close());

  registerEnvelope(app);
  await app.register(fastifyCookie);
  await app.register(fastifyRateLimit, {
    global: false,
    errorResponseBuilder: (_request, context) =>
      appError('TOO_MANY_REQUESTS', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
  });
  await app.register(fastifyWebsocket, { options: { maxPayload: 64 * 1024 } });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: 'Quay API', version: '1' },
      components: {
        securitySchemes: { session: { type: 'http', scheme: 'bearer' } },
      },
    },
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/docs' });

  opsRoutes(app, services);
  publicRoutes(app, config);
  msgRoutes(app, services, config);
  userRoutes(app, services, config);
  wsRoutes(app, services, channels);
  await registerWebApp(app, config.webDist);
  return app;
}
