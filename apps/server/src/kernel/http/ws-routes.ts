/**
 * WebSocket /v1/ws. JSON messages: ping/pong, auth with a session token, and
 * subscribe/unsubscribe to channels registered in the hub. A browser cannot
 * read its httpOnly session cookie, so `auth` without a token uses the session
 * the upgrade request carried (cookie or bearer header). Market channels
 * register themselves as they arrive; unknown channels are refused one by one.
 * A socket stays signed in only while its session lives: when the session is
 * revoked (logout) or expires, its private subscriptions stop and it is told
 * so with an unasked `auth` message carrying 00006 or 20906.
 */
import { ERRORS, type ErrorName, type Locale } from '@quay/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WebSocket } from 'ws';
import type { AppConfig } from '../config';
import { AppError } from '../app-error';
import { serverMessage, type MessageParams } from '../messages';
import type { SessionService, SessionUser } from '../sessions';
import { sessionTokenOf } from './auth';
import { localeOf } from './envelope';
import { commonQuery } from './schemas';

const MAX_MESSAGE_BYTES = 16 * 1024;
/** setTimeout's longest delay; a later expiry is watched in steps of it. */
const MAX_TIMER_MS = 2_147_483_647;
const MAX_ARGS = 50;
const MAX_CHANNEL_NAME = 64;

export interface ChannelContext {
  /** Pushes one message to this socket (dropped once it has closed). */
  send(message: unknown): void;
  /**
   * Pushes a message already serialised, so a fan-out stringifies it once for
   * every socket; as UTF-8 bytes it is not even encoded again per socket.
   */
  sendRaw(text: string | Buffer): void;
  /** The user after a successful auth, else null. */
  user: SessionUser | null;
  /**
   * Whether the socket is still signed in; once its session has expired it
   * is signed out first (private subscriptions stopped, the client told).
   * Private pushes ask before each send. Sockets have it; a test double may not.
   */
  signedIn?(): boolean;
}

export interface Channel {
  /** Private channels need a successful `auth` first. */
  private: boolean;
  /** Starts pushing to one socket; returns how to stop. */
  subscribe(context: ChannelContext): () => void;
}

/** Channels a client may subscribe to, by name. */
export class ChannelHub {
  private readonly channels = new Map<string, Channel>();

  register(name: string, channel: Channel): void {
    if (this.channels.has(name)) throw new Error(`channel ${name} is already registered`);
    this.channels.set(name, channel);
  }

  get(name: string): Channel | undefined {
    return this.channels.get(name);
  }
}

/**
 * Errors of an open socket: what a client did wrong on the wire (a frame over
 * the limit, bad UTF-8, a wrong opcode: ws names them WS_ERR_*) is a warning;
 * anything else an error. The socket is ended either way.
 */
export function socketErrorHandler(error: Error, socket: WebSocket, request: FastifyRequest): void {
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string' && code.startsWith('WS_ERR_')) {
    request.log.warn({ err: error }, 'websocket closed: the client broke the protocol');
  } else {
    request.log.error({ err: error }, 'websocket error');
  }
  socket.terminate();
}

interface ClientMessage {
  op?: unknown;
  token?: unknown;
  args?: unknown;
}

export function wsRoutes(
  app: FastifyInstance,
  services: { sessions: Pick<SessionService, 'authenticate' | 'onEnd'> },
  hub: ChannelHub,
  config: AppConfig,
): void {
  app.get(
    '/v1/ws',
    {
      websocket: true,
      schema: { hide: true, querystring: commonQuery },
    },
    (socket: WebSocket, request) => {
      const locale: Locale = localeOf(request);
      const subscriptions = new Map<string, () => void>();
      const context: ChannelContext = {
        send(message) {
          if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
        },
        sendRaw(text) {
          if (socket.readyState === socket.OPEN) socket.send(text, { binary: false });
        },
        user: null,
      };
      const send = context.send;
      const refuse = (
        name: ErrorName,
        extra: Record<string, unknown> = {},
        params: MessageParams = {},
      ) =>
        send({
          ...extra,
          op: 'error',
          code: ERRORS[name].code,
          msg: serverMessage(name, locale, params),
        });

      // A client that sends nothing, not even a ping, for WS_IDLE_S is gone.
      let idle: NodeJS.Timeout;
      const armIdle = () => {
        clearTimeout(idle);
        idle = setTimeout(() => socket.close(4000, 'idle'), config.wsIdle_s * 1000);
      };
      armIdle();
      socket.on('close', () => {
        clearTimeout(idle);
        unwatchSession();
        for (const stop of subscriptions.values()) stop();
        subscriptions.clear();
      });

      // The session the socket signed in with: revoked or expired, it signs the socket out.
      let unwatchSession = () => {};
      const dropPrivate = () => {
        for (const [name, stop] of subscriptions) {
          if (!hub.get(name)?.private) continue;
          stop();
          subscriptions.delete(name);
        }
      };
      const signOut = (reason: 'SESSION_REVOKED' | 'SESSION_EXPIRED') => {
        unwatchSession();
        if (!context.user) return;
        context.user = null;
        dropPrivate();
        send({ op: 'auth', code: ERRORS[reason].code, msg: serverMessage(reason, locale) });
      };
      const watchSession = (user: SessionUser) => {
        unwatchSession();
        const stopListening = services.sessions.onEnd(user.tokenHash, () =>
          signOut('SESSION_REVOKED'),
        );
        let timer: NodeJS.Timeout | undefined;
        const arm = () => {
          const left = user.expiresAt - config.now();
          if (left <= 0) return signOut('SESSION_EXPIRED');
          timer = setTimeout(arm, Math.min(left, MAX_TIMER_MS));
        };
        arm();
        unwatchSession = () => {
          stopListening();
          clearTimeout(timer);
          unwatchSession = () => {};
        };
      };
      context.signedIn = () => {
        if (context.user && context.user.expiresAt <= config.now()) signOut('SESSION_EXPIRED');
        return context.user !== null;
      };

      const authenticate = async (token: unknown) => {
        try {
          const presented =
            token === undefined
              ? sessionTokenOf(request)
              : typeof token === 'string'
                ? token
                : null;
          const user = await services.sessions.authenticate(
            presented !== null && presented.length <= 256 ? presented : null,
          );
          if (socket.readyState !== socket.OPEN) return;
          // Another user's private channels are not this one's to keep.
          if (context.user && context.user.userRowId !== user.userRowId) dropPrivate();
          context.user = user;
          watchSession(user);
          send({ op: 'auth', code: ERRORS.SUCCESS.code, msg: serverMessage('SUCCESS', locale) });
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          unwatchSession();
          if (context.user) dropPrivate();
          context.user = null;
          send({
            op: 'auth',
            code: err.code,
            msg: serverMessage(err.errorName, locale, err.params),
          });
        }
      };

      const subscribe = (op: 'subscribe' | 'unsubscribe', args: unknown) => {
        if (
          !Array.isArray(args) ||
          args.length === 0 ||
          args.length > MAX_ARGS ||
          !args.every((a) => typeof a === 'string' && a.length > 0 && a.length <= MAX_CHANNEL_NAME)
        ) {
          return refuse('FIELD_FORMAT', {}, { field: 'args' });
        }
        for (const name of args as string[]) {
          if (op === 'unsubscribe') {
            subscriptions.get(name)?.();
            subscriptions.delete(name);
            send({ op, channel: name, code: ERRORS.SUCCESS.code });
            continue;
          }
          const channel = hub.get(name);
          if (!channel) {
            refuse('FIELD_FORMAT', { channel: name }, { field: 'args' });
            continue;
          }
          if (channel.private && !context.signedIn?.()) {
            refuse('LOGIN_REQUIRED', { channel: name });
            continue;
          }
          // Confirm first, so the channel's first push follows the confirmation.
          send({ op, channel: name, code: ERRORS.SUCCESS.code });
          if (!subscriptions.has(name)) subscriptions.set(name, channel.subscribe(context));
        }
      };

      socket.on('message', (raw: Buffer, isBinary: boolean) => {
        armIdle();
        if (isBinary || raw.length > MAX_MESSAGE_BYTES) return refuse('BODY_MALFORMED');
        let message: ClientMessage;
        try {
          message = JSON.parse(raw.toString('utf8')) as ClientMessage;
        } catch {
          return refuse('BODY_MALFORMED');
        }
        if (typeof message !== 'object' || message === null || Array.isArray(message)) {
          return refuse('BODY_MALFORMED');
        }
        switch (message.op) {
          case 'ping':
            return send({ op: 'pong', ts: config.now() });
          case 'auth':
            return void authenticate(message.token).catch((err: unknown) => {
              request.log.error({ err }, 'websocket auth failed');
              refuse('ERROR');
            });
          case 'subscribe':
          case 'unsubscribe':
            return subscribe(message.op, message.args);
          default:
            return refuse('FIELD_FORMAT', {}, { field: 'op' });
        }
      });
    },
  );
}
