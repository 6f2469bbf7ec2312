/**
 * Gateway security over HTTP (DESIGN.md sections 4 and 10): the signing
 * configuration, client key registration, the device-id service, the
 * security report endpoint, and the hooks that check signatures and device
 * tokens and open encrypted login bodies before a route validates them.
 */
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  CLIENT_KEY_REGISTER_PATH,
  CSP_REPORT_PATH,
  DEVICE_TOKEN_COOKIE,
  DEVICE_TOKEN_HEADER,
  DEVICE_TOKEN_PATH,
  ENCRYPTED_BODY_FIELDS,
  GATEWAY_SIGN_CONFIG_PATH,
  SERVER_TIME_HEADERS,
  SAFE_METHODS,
  SIGN_ALGORITHMS,
  SIGN_ERROR_HEADER,
  TERMINAL_CODE_HEADER,
  type ClientKeyRegistration,
} from '@quay/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppConfig } from '../config';
import { AppError, appError } from '../app-error';
import type { SessionService } from '../sessions';
import type { GatewayService } from './gateway-service';
import {
  CSP_REPORT_MAX_BYTES,
  USER_CHECK_DEVICE_URLS,
  needsDeviceToken,
  needsSignature,
} from './gateway-service';
import { registerCrossSiteCheck } from './cross-site';
import { sessionTokenOf } from '../http/auth';
import { ok } from '../http/envelope';
import { setSecurityHeaders } from '../http/security-headers';
import { sideOf } from '../http/simulation-header';
import { commonQuery, envelopeOf, errorEnvelope } from '../http/schemas';

declare module 'fastify' {
  interface FastifyRequest {
    /** The body text as received, for the body md5 of signed calls. */
    rawBody: string | null;
    /** The client key that signed this call, when it was checked. */
    gatewayKeyId: string | null;
  }
}

const DEVICE_ID = { type: 'string', pattern: '^[A-Za-z0-9_.:-]{1,128}$', maxLength: 128 } as const;
const APP_ID = { type: 'string', pattern: '^[A-Za-z0-9_.-]{1,64}$', maxLength: 64 } as const;
/** Content types browsers send security reports with. */
const REPORT_TYPES = ['application/csp-report', 'application/reports+json'];

async function userOfSession(
  services: SessionGate,
  request: FastifyRequest,
): Promise<string | null> {
  const token = sessionTokenOf(request);
  if (!token) return null;
  try {
    return (await services.sessions.authenticate(token)).userRowId;
  } catch {
    return null;
  }
}

/**
 * The page policy: scripts only from this origin (plus the hashes of the
 * inline scripts of index.html); styles from this origin and inline, which
 * antd (CSS-in-JS) and lightweight-charts need; images also from the image
 * hosts, data: and blob:; connections to this origin (and its WebSocket).
 */
export function contentSecurityPolicy(webDist: string, imageHosts: string[]): string {
  const scriptHashes: string[] = [];
  try {
    const html = readFileSync(join(webDist, 'index.html'), 'utf8');
    for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
      const body = match[1] ?? '';
      if (body.trim()) {
        scriptHashes.push(`'sha256-${createHash('sha256').update(body).digest('base64')}'`);
      }
    }
  } catch {
    // No built app: no inline scripts to allow.
  }
  const hosts = imageHosts.join(' ');
  return [
    "default-src 'self'",
    `script-src 'self' ${scriptHashes.join(' ')}`.trim(),
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob: ${hosts}`.trim(),
    "font-src 'self' data:",
    `connect-src 'self' ${hosts}`.trim(),
    "worker-src 'self' blob:",
    "object-src 'none'",
    "base-uri 'self'",
    "form-action 'self'",
    "frame-ancestors 'none'",
    `report-uri ${CSP_REPORT_PATH}`,
  ].join('; ');
}

/** The gateway reads the session a call carries, to bind keys to its user. */
interface SessionGate {
  sessions: Pick<SessionService, 'authenticate'>;
}

export function registerGateway(
  app: FastifyInstance,
  services: SessionGate,
  gateway: GatewayService,
  config: AppConfig,
): void {
  app.decorateRequest('rawBody', null);
  app.decorateRequest('gatewayKeyId', null);
  registerCrossSiteCheck(app, config.publicOrigins);

  // JSON as before (with prototype-poisoning protection), keeping the text for body md5s.
  const parseJson = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    request.rawBody = body as string;
    parseJson(request, body as string, done);
  });
  app.addContentTypeParser(
    REPORT_TYPES,
    { parseAs: 'string', bodyLimit: CSP_REPORT_MAX_BYTES * 4 },
    (request, body, done) => {
      request.rawBody = body as string;
      done(null, body);
    },
  );

  const policy = contentSecurityPolicy(config.webDist, config.imageHosts);
  app.addHook('onSend', (request, reply, payload, done) => {
    const now = String(config.now());
    for (const name of SERVER_TIME_HEADERS) void reply.header(name, now);
    setSecurityHeaders(request, reply);
    const type = reply.getHeader('content-type');
    if (
      typeof type === 'string' &&
      type.startsWith('text/html') &&
      !request.url.startsWith('/docs')
    ) {
      void reply.header('content-security-policy', policy);
    }
    done(null, payload);
  });

  app.addHook('preValidation', async (request: FastifyRequest, reply: FastifyReply) => {
    // Which rule applies is read off the route that matched, so no spelling
    // of the path (encoded, say) slips past it; the signature covers the
    // method, the request target as the client sent it (path and query) and
    // the demo flag: everything that decides what the call does but its body.
    const route = request.routeOptions.url;
    if (!route || SAFE_METHODS.includes(request.method)) return;
    if (gateway.signingOn && needsSignature(route)) {
      const mode = gateway.requiredMode(route);
      if (mode) {
        try {
          const sessionUserId = await userOfSession(services, request);
          const keyId = await gateway.verifySignedCall(
            {
              method: request.method,
              target: request.url,
              simulated: sideOf(request) === 'demo',
              headers: request.headers,
              rawBody: request.rawBody ?? '',
              sessionUserId,
            },
            mode,
          );
          request.gatewayKeyId = keyId;
          // Without a session the route's own authentication refuses the call.
          if (sessionUserId && USER_CHECK_DEVICE_URLS.includes(route)) {
            const checked = await gateway.verifyDeviceCheck({
              keyId,
              userRowId: sessionUserId,
              requestTime: String(request.headers['request-time']),
              body: request.body,
            });
            request.body = checked.body;
            if (checked.algorithmChanged) {
              request.log.info(
                { route },
                'device check: the user last signed with another algorithm',
              );
            }
          }
        } catch (err) {
          if (err instanceof AppError && err.errorName.startsWith('SIGN_')) {
            void reply.header(SIGN_ERROR_HEADER, err.code);
            request.log.info(
              { reason: (err as { signReason?: string }).signReason },
              'sign refused',
            );
          }
          throw err;
        }
      }
    }
    if (config.deviceTokenRequired && needsDeviceToken(route)) {
      const fromHeader = request.headers[DEVICE_TOKEN_HEADER];
      const token =
        (typeof fromHeader === 'string' ? fromHeader : null) ??
        request.cookies[DEVICE_TOKEN_COOKIE] ??
        null;
      const deviceId = request.headers[TERMINAL_CODE_HEADER];
      if (!gateway.deviceTokenValid(token, typeof deviceId === 'string' ? deviceId : null)) {
        throw appError('DEVICE_TOKEN_INVALID');
      }
    }
    if (ENCRYPTED_BODY_FIELDS[route]) request.body = await gateway.openBody(route, request.body);
  });

  // A login or registration signed with a client key binds that key to the user.
  app.addHook('preSerialization', async (request, _reply, payload) => {
    const keyId = request.gatewayKeyId;
    const data = (payload as { code?: string; data?: { token?: unknown } } | null)?.data;
    if (keyId && typeof data?.token === 'string') {
      try {
        const user = await services.sessions.authenticate(data.token);
        await gateway.bindAfterLogin(keyId, user.userRowId);
      } catch (err) {
        request.log.error({ err }, 'binding a client key failed');
      }
    }
    return payload;
  });

  app.get(
    GATEWAY_SIGN_CONFIG_PATH,
    {
      schema: {
        tags: ['gateway'],
        summary: 'Signing configuration: server public key (root-signed), core URLs, modes',
        querystring: commonQuery,
        response: {
          200: envelopeOf({
            type: 'object',
            required: ['gatewaySignConfig'],
            properties: {
              gatewaySignConfig: {
                type: 'object',
                required: [
                  'clientOpen',
                  'serverPublicKey',
                  'serverPublicKeySign',
                  'defaultAlgorithm',
                  'exactUrls',
                  'prefixUrls',
                  'signModes',
                  'userCheckDeviceUrl',
                ],
                properties: {
                  clientOpen: { type: 'boolean' },
                  serverPublicKey: { type: 'string' },
                  serverPublicKeySign: { type: 'string' },
                  defaultAlgorithm: { type: 'string' },
                  exactUrls: { type: 'array', items: { type: 'string' } },
                  prefixUrls: { type: 'array', items: { type: 'string' } },
                  signModes: { type: 'object', additionalProperties: { type: 'string' } },
                  userCheckDeviceUrl: { type: 'array', items: { type: 'string' } },
                },
              },
            },
          }),
        },
      },
    },
    async (request) => ok(request, { gatewaySignConfig: gateway.signConfig() }),
  );

  app.post<{ Body: ClientKeyRegistration }>(
    CLIENT_KEY_REGISTER_PATH,
    {
      // Anyone may register a key, so each address may register only a few.
      config: { rateLimit: { max: config.rateLimitKeyPer10Min, timeWindow: 600_000 } },
      schema: {
        tags: ['gateway'],
        summary: 'Register a client public key with a signature over the key-pair check message',
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['publicKey', 'algorithm', 'time', 'checkSign'],
          properties: {
            publicKey: { type: 'string', minLength: 1, maxLength: 1000 },
            algorithm: { type: 'string', enum: [...SIGN_ALGORITHMS] },
            time: { type: 'string', pattern: '^[0-9]{13}$', maxLength: 13 },
            checkSign: { type: 'string', minLength: 1, maxLength: 400 },
          },
          additionalProperties: false,
        },
        response: {
          200: envelopeOf({
            type: 'object',
            required: ['keyId'],
            properties: { keyId: { type: 'string' } },
          }),
          400: errorEnvelope,
          429: errorEnvelope,
        },
      },
    },
    async (request) =>
      ok(request, await gateway.registerKey(request.body, await userOfSession(services, request))),
  );

  const deviceTokenRoute = {
    schema: {
      tags: ['gateway'],
      summary: 'Device-id service: a 40-character device token bound to the device id',
      response: { 200: envelopeOf({ type: 'string' }), 400: errorEnvelope },
    },
  };
  app.get<{ Querystring: { appId: string; deviceId: string } }>(
    DEVICE_TOKEN_PATH,
    {
      ...deviceTokenRoute,
      schema: {
        ...deviceTokenRoute.schema,
        querystring: {
          type: 'object',
          required: ['appId', 'deviceId'],
          properties: { ...commonQuery.properties, appId: APP_ID, deviceId: DEVICE_ID },
          additionalProperties: false,
        },
      },
    },
    async (request) =>
      ok(request, gateway.issueDeviceToken(request.query.appId, request.query.deviceId)),
  );
  app.post<{ Body: { appId: string; deviceId: string } }>(
    DEVICE_TOKEN_PATH,
    {
      ...deviceTokenRoute,
      schema: {
        ...deviceTokenRoute.schema,
        querystring: commonQuery,
        body: {
          type: 'object',
          required: ['appId', 'deviceId'],
          properties: { appId: APP_ID, deviceId: DEVICE_ID },
          additionalProperties: false,
        },
      },
    },
    async (request) =>
      ok(request, gateway.issueDeviceToken(request.body.appId, request.body.deviceId)),
  );

  app.post(
    CSP_REPORT_PATH,
    {
      config: { rateLimit: { max: 60, timeWindow: 60_000 } },
      schema: {
        tags: ['gateway'],
        summary: 'Store a Content-Security-Policy or client security report',
        response: { 200: envelopeOf({ type: 'null' }), 400: errorEnvelope },
      },
    },
    async (request) => {
      const text = request.rawBody ?? '';
      if (!text.trim()) throw appError('BODY_MALFORMED');
      try {
        JSON.parse(text);
      } catch {
        throw appError('BODY_MALFORMED');
      }
      const ua = request.headers['user-agent'];
      await gateway.saveCspReport({
        contentType: String(request.headers['content-type'] ?? ''),
        body: text,
        ip: request.ip ?? null,
        userAgent: typeof ua === 'string' ? ua : null,
      });
      return ok(request, null);
    },
  );
}
