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
import { appError } from './kernel/app-error';
import type { AppConfig, TrustProxy } from './kernel/config';
import { openStore } from './store';
import { GatewayService } from './kernel/gateway/gateway-service';
import { StoreReplayMemory } from './kernel/replay-memory';
import { loadGatewayKeys } from './kernel/gateway/gateway-keys';
import { registerGateway } from './kernel/gateway/gateway-plugin';
import { frameworkError, registerEnvelope } from './kernel/http/envelope';
import { opsGate, opsRoutes } from './kernel/http/ops-routes';
import { publicRoutes } from './kernel/http/public-routes';
import { registerSimulationHeader } from './kernel/http/simulation-header';
import { registerStaticImages, registerWebApp } from './kernel/http/web-app';
import { ChannelHub, socketErrorHandler, wsRoutes } from './kernel/http/ws-routes';
import { MODULES } from './modules';
import { NatsBus } from './kernel/cluster/nats-bus';
import { shareSessionEnds } from './kernel/cluster/session-ends';
import { rateLimitCounters } from './kernel/cluster/shared-rate-limits';
import type { Bus } from './kernel/cluster/bus';
import { createServices, type Services } from './services';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** WebSocket channels; later areas register theirs here. */
    channels: ChannelHub;
  }
}

/** No request needs more; the largest today is a registration form. */
const BODY_LIMIT_BYTES = 64 * 1024;

/** A hop count becomes the function form Fastify's types accept (what it does with a number itself). */
function trustProxyOption(
  trust: TrustProxy,
): boolean | string[] | ((address: string, hop: number) => boolean) {
  return typeof trust === 'number' ? (_address, hop) => hop < trust : trust;
}

export async function buildApp(config: AppConfig): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(config.logStream ? { stream: config.logStream } : {}),
      // The default serializers log no headers or bodies; these paths stay
      // hidden should anyone log a request or reply object in full.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'res.headers["set-cookie"]',
          'headers.authorization',
          'headers.cookie',
        ],
        censor: '[redacted]',
      },
    },
    bodyLimit: BODY_LIMIT_BYTES,
    frameworkErrors: frameworkError,
    trustProxy: trustProxyOption(config.trustProxy),
    ajv: {
      // Honest validation: no coercion ("1" stays a string), nothing silently
      // dropped, and the first problem is the one reported.
      customOptions: {
        coerceTypes: false,
        removeAdditional: false,
        allErrors: false,
        useDefaults: false,
      },
    },
  });

  const store = await openStore({
    dataDir: config.dataDir,
    databaseUrl: config.databaseUrl,
    onBackgroundError: (err) => app.log.error({ err }, 'database connection error'),
  });
  let bus: Bus | null = null;
  // Several processes count the rate limits together; one counts in its memory.
  const counters = rateLimitCounters(config.cluster, app.log);
  try {
    // Several processes (ROLE=gateway/engine) talk over the bus; one process has none.
    if (config.cluster.natsUrl)
      bus = await NatsBus.connect(config.cluster.natsUrl, config.cluster.name);
    const services = createServices(store, config, app.log, bus);
    // A session revoked on one process is refused, and its sockets signed out, on every one.
    if (bus) shareSessionEnds(services.sessions, bus, app.log);
    const channels = new ChannelHub();
    app.decorate('services', services);
    app.decorate('channels', channels);
    app.decorateRequest('sessionUser', null);
    // Registered before every module's hooks, so it runs after them: the
    // engine hosts have drained when the store closes.
    app.addHook('onClose', () => services.close());
    if (counters) app.addHook('onClose', () => counters.close());
    // Node closes only idle keep-alive connections when the server closes; a
    // response still in flight then would hold its connection (and the
    // shutdown) open until the keep-alive timeout. Telling the client to
    // close lets it end with the response.
    let draining = false;
    app.addHook('preClose', async () => {
      draining = true;
    });
    app.addHook('onSend', (_request, reply, payload, done) => {
      if (draining) void reply.header('connection', 'close');
      done(null, payload);
    });

    registerEnvelope(app);
    registerSimulationHeader(app);
    // /v1 speaks JSON only; a text body is refused with 415 rather than parsed as a string.
    app.removeContentTypeParser('text/plain');
    await app.register(fastifyCookie);
    await app.register(fastifyRateLimit, {
      global: false,
      ...counters?.options,
      errorResponseBuilder: (_request, context) =>
        appError('TOO_MANY_REQUESTS', { seconds: Math.max(1, Math.ceil(context.ttl / 1000)) }),
    });
    await app.register(fastifyWebsocket, {
      options: { maxPayload: BODY_LIMIT_BYTES },
      errorHandler: socketErrorHandler,
    });
    await app.register(fastifySwagger, {
      openapi: {
        info: {
          title: 'Quay API',
          version: '1',
          description:
            'Every /v1 answer is { code, msg, data, status }; msg is in the language of languageType.',
        },
        components: {
          securitySchemes: { session: { type: 'http', scheme: 'bearer' } },
        },
      },
    });
    if (config.docs) {
      await app.register(fastifySwaggerUi, {
        routePrefix: '/docs',
        uiHooks: { onRequest: opsGate(config.opsToken) },
      });
    }

    const gateway = new GatewayService(
      store,
      loadGatewayKeys({
        dataDir: config.dataDir,
        rootKeyFile: config.rootKeyFile,
        serverKeyFile: config.serverKeyFile,
      }),
      {
        signClientOpen: config.signClientOpen,
        deviceTokenTtl_s: config.deviceTokenTtl_s,
        deviceAppIds: config.deviceAppIds,
        now: config.now,
        // Several gateways remember the trace ids they have seen in the store they share.
        ...(config.cluster.role === 'all' ? {} : { replay: new StoreReplayMemory(store) }),
        publicUserIdOf: async (rowId) => (await store.repos.users.byId(rowId))?.user_id ?? null,
      },
    );
    registerGateway(app, services, gateway, config);
    opsRoutes(app, services, config);
    publicRoutes(app, config);
    wsRoutes(app, services, channels, config);
    for (const module of MODULES) {
      await module.register({ app, config, store, channels, services });
    }
    await registerStaticImages(app);
    await registerWebApp(app, config.webDist);
    return app;
  } catch (err) {
    await counters?.close();
    await bus?.close();
    await store.close();
    throw err;
  }
}
