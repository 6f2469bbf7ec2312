/**
 * WebSocket /v1/ws. JSON messages: ping/pong, auth with a session token, and
 * subscribe to channels registered in the hub. Market channels register
 * themselves as they arrive; unknown channels are refused one by one.
 */
import { ERRORS, serverMessage, type Locale } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../domain/app-error';
import type { Services } from '../../domain/services';
import { localeOf } from '../envelope';

export const IDLE_TIMEOUT_MS = 60_000;
const MAX_MESSAGE_BYTES = 16 * 1024;
const MAX_ARGS = 50;

export type ChannelSubscriber = (send: (message: unknown) => void) => () => void;

/** Channels a client may subscribe to, by name. */
export class ChannelHub {
  private readonly channels = new Map<string, ChannelSubscriber>();

  register(name: string, subscriber: ChannelSubscriber): void {
    this.channels.set(name, subscriber);
  }

  get(name: string): ChannelSubscriber | undefined {
    return this.channels.get(name);
  }
}

interface ClientMessage {
  op?: unknown;
  token?: unknown;
  args?: unknown;
}

export function wsRoutes(app: FastifyInstance, services: Services, hub: ChannelHub): void {
  app.get('/v1/ws', { websocket: true, schema: { hide: true } }, (socket: WebSocket, request) => {
    const locale: Locale = localeOf(request);
    const unsubscribes = new Map<string, () => void>();
    const send = (message: unknown) => {
      if (socket.readyState === socket.OPEN) socket.send(JSON.stringify(message));
    };
    const error = (name: keyof typeof ERRORS, extra: Record<string, unknown> = {}, params = {}) =>
      send({
        op: 'error',
        code: ERRORS[name].code,
        msg: serverMessage(name, locale, params),
        ...extra,
      });

    let idle = setTimeout(() => socket.close(1000, 'idle'), IDLE_TIMEOUT_MS);
    socket.on('close', () => {
      clearTimeout(idle);
      for (const stop of unsubscribes.values()) stop();
      unsubscribes.clear();
    });

    socket.on('message', async (raw: Buffer) => {
      clearTimeout(idle);
      idle = setTimeout(() => socket.close(1000, 'idle'), IDLE_TIMEOUT_MS);
      if (raw.length > MAX_MESSAGE_BYTES) return error('PAYLOAD_TOO_LARGE');
      let message: ClientMessage;
      try {
        message = JSON.parse(raw.toString('utf8')) as ClientMessage;
      } catch {
        return error('BODY_MALFORMED');
      }
      if (typeof message !== 'object' || message === null) return error('BODY_MALFORMED');
      switch (message.op) {
        case 'ping':
          return send({ op: 'pong', ts: Date.now() });
        case 'auth': {
          const token = typeof message.token === 'string' ? message.token : null;
          try {
            await services.sessions.authenticate(token);
            return send({
              op: 'auth',
              code: ERRORS.SUCCESS.code,
              msg: serverMessage('SUCCESS', locale),
            });
          } catch (err) {
            if (err instanceof AppError) {
              return send({
                op: 'auth',
                code: err.code,
                msg: serverMessage(err.errorName, locale, err.params),
              });
            }
            throw err;
          }
        }
        case 'subscribe':
        case 'unsubscribe': {
          const args = message.args;
          if (
            !Array.isArray(args) ||
            args.length === 0 ||
            args.length > MAX_ARGS ||
            !args.every((a) => typeof a === 'string' && a.length <= 64)
          ) {
            return error('FIELD_FORMAT', { op: message.op }, { field: 'args' });
          }
          for (const channel of args as string[]) {
            if (message.op === 'unsubscribe') {
              unsubscribes.get(channel)?.();
              unsubscribes.delete(channel);
              send({ op: 'unsubscribe', channel, code: ERRORS.SUCCESS.code });
              continue;
            }
            const subscriber = hub.get(channel);
            if (!subscriber) {
              error('FIELD_FORMAT', { channel }, { field: 'args' });
              continue;
            }
            if (!unsubscribes.has(channel)) unsubscribes.set(channel, subscriber(send));
            send({ op: 'subscribe', channel, code: ERRORS.SUCCESS.code });
          }
          return;
        }
        default:
          return error('FIELD_FORMAT', {}, { field: 'op' });
      }
    });
  });
}
