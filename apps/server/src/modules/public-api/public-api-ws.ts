/**
 * The public API's WebSocket in Bitget's v2 dialect, at Bitget's paths:
 * /v2/ws/public (market channels) and /v2/ws/private (the same, and after a
 * `login` with an API key the account's channels). Text `ping` is answered
 * `pong`; `{op:'subscribe'|'unsubscribe', args:[{instType, channel, instId}]}`
 * is confirmed arg by arg (`{event:'subscribe', arg}`) or refused
 * (`{event:'error', code, msg, arg}` with Bitget's 30xxx codes); a push is
 * `{action:'snapshot'|'update', arg, data, ts}`. The pushes come from the
 * channels the web app's socket uses (public-api-ws-channels.ts). A key
 * disabled or deleted after login stops the private channels.
 */
import type { Locale } from '@quay/core';
import type { FastifyInstance } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../../kernel/app-error';
import type { AppConfig } from '../../kernel/config';
import { localeOf } from '../../kernel/http/envelope';
import type { ChannelHub } from '../../kernel/http/ws-routes';
import { serverMessage } from '../../kernel/messages';
import type { KeyCaller } from '../api-keys';
import type { PublicApiServices } from './public-api-services';
import { wsFeeds, type WsArg } from './public-api-ws-channels';

export const PUBLIC_WS_PATHS = { public: '/v2/ws/public', private: '/v2/ws/private' } as const;

const MAX_MESSAGE_BYTES = 16 * 1024;
const MAX_ARGS = 50;
/** Bitget allows up to 1000 channels a connection and advises fewer than 50. */
const MAX_SUBSCRIPTIONS = 240;
/** How often a logged-in socket checks that its key is still active. */
const KEY_CHECK_MS = 30_000;

/** Bitget's WebSocket codes. */
export const WS_CODES = {
  channelUnknown: 30001,
  illegalRequest: 30002,
  opUnknown: 30003,
  loginRequired: 30004,
  loginFailed: 30005,
  tooMany: 30007,
  keyInvalid: 30011,
  passphraseInvalid: 30012,
  timestampInvalid: 30013,
  timestampExpired: 30014,
  signInvalid: 30015,
  paramError: 30016,
} as const;

/** A refused login's Bitget code, by the key check's refusal. */
const LOGIN_CODES: Record<string, number> = {
  API_KEY_INVALID: WS_CODES.keyInvalid,
  API_KEY_UNKNOWN: WS_CODES.keyInvalid,
  API_KEY_DISABLED: WS_CODES.keyInvalid,
  API_PASSPHRASE_MISSING: WS_CODES.passphraseInvalid,
  API_PASSPHRASE_INVALID: WS_CODES.passphraseInvalid,
  API_TIMESTAMP_INVALID: WS_CODES.timestampInvalid,
  API_TIMESTAMP_EXPIRED: WS_CODES.timestampExpired,
  API_SIGN_INVALID: WS_CODES.signInvalid,
  API_SIGN_REPLAYED: WS_CODES.signInvalid,
};

const isText = (v: unknown, max: number): v is string =>
  typeof v === 'string' && v.length > 0 && v.length <= max;

/** An arg as sent; the account channels may name `coin` (Bitget's `default`) in place of `instId`. */
function argOf(value: unknown): { arg: WsArg; sent: Record<string, string> } | null {
  if (typeof value !== 'object' || value === null) return null;
  const { instType, channel, instId, coin } = value as Record<string, unknown>;
  const id = instId ?? coin;
  if (!isText(instType, 16) || !isText(channel, 32) || !isText(id, 32)) return null;
  const sent: Record<string, string> = { instType, channel };
  if (instId !== undefined) sent.instId = id;
  else sent.coin = id;
  return { arg: { instType, channel, instId: id }, sent };
}

const SOCKET_DOC = [
  'Upgrade to a WebSocket. Send the text `ping` (answered `pong`) at least every WS_IDLE_S seconds.',
  'Subscribe: `{"op":"subscribe","args":[{"instType":"SPOT"|"USDT-FUTURES","channel":"ticker","instId":"BTCUSDT"}]}`,',
  'confirmed `{"event":"subscribe","arg":{...}}`; refused `{"event":"error","code":30001,"msg":"...","arg":{...}}`.',
  'Public channels: ticker, books (snapshot then updates, with a CRC-32 checksum of the best 25 levels), books1, books5, books15,',
  'trade, candle1m/5m/15m/30m/1H/4H/1Dutc/1Wutc. Pushes: `{"action":"snapshot"|"update","arg":{...},"data":[...],"ts":ms}`.',
  'Private path only: `{"op":"login","args":[{"apiKey","passphrase","timestamp":epoch seconds,"sign"}]}` where sign is',
  'base64 HMAC-SHA256 of timestamp + \'GET\' + \'/user/verify\' with the key\'s secret; answered `{"event":"login","code":0}`',
  'or refused with 30011 (key), 30012 (passphrase), 30013/30014 (timestamp), 30015 (signature), 30005 (other).',
  'Then: orders (SPOT by symbol or default; USDT-FUTURES default), account, positions (USDT-FUTURES), fill: the snapshot first, then each change.',
].join(' ');

const keyOf = (arg: WsArg) => `${arg.instType.toUpperCase()}|${arg.channel}|${arg.instId}`;

export function publicApiSockets(
  app: FastifyInstance,
  services: PublicApiServices,
  hub: ChannelHub,
  config: AppConfig,
): void {
  const feedOf = wsFeeds(services, hub, config.now);
  for (const path of [PUBLIC_WS_PATHS.public, PUBLIC_WS_PATHS.private]) {
    const privatePath = path === PUBLIC_WS_PATHS.private;
    const schema = {
      tags: ['public-api'],
      summary: privatePath
        ? 'WebSocket (Bitget v2), private: login with an API key, then orders, account, positions, fill'
        : 'WebSocket (Bitget v2), public: ticker, books, books1/5/15, trade, candle*',
      description: SOCKET_DOC,
    };
    // A plain GET (not upgraded) is told to upgrade; with a wsHandler the route stays in /docs.
    app.route({
      method: 'GET',
      url: path,
      schema,
      handler: async (_request, reply) =>
        reply
          .code(426)
          .header('upgrade', 'websocket')
          .send({
            code: String(WS_CODES.illegalRequest),
            msg: 'upgrade to a WebSocket',
            requestTime: config.now(),
            data: null,
          }),
      wsHandler: (socket: WebSocket, request) => {
        const locale: Locale = localeOf(request);
        const subscriptions = new Map<
          string,
          { arg: WsArg; private: boolean; live: boolean; stop: () => void }
        >();
        let caller: KeyCaller | null = null;
        let keyTimer: NodeJS.Timeout | undefined;

        const sendText = (text: string) => {
          if (socket.readyState === socket.OPEN) socket.send(text);
        };
        const send = (message: unknown) => sendText(JSON.stringify(message));
        const refuse = (code: number, msg: string, arg?: object) =>
          send({ event: 'error', ...(arg ? { arg } : {}), code, msg });

        let idle: NodeJS.Timeout;
        const armIdle = () => {
          clearTimeout(idle);
          idle = setTimeout(() => socket.close(4000, 'idle'), config.wsIdle_s * 1000);
        };
        armIdle();

        const dropPrivate = () => {
          for (const [key, sub] of subscriptions) {
            if (!sub.private) continue;
            sub.stop();
            subscriptions.delete(key);
          }
        };
        const signOut = () => {
          clearInterval(keyTimer);
          caller = null;
          dropPrivate();
        };
        socket.on('close', () => {
          clearTimeout(idle);
          clearInterval(keyTimer);
          for (const sub of subscriptions.values()) sub.stop();
          subscriptions.clear();
        });

        const login = async (args: unknown) => {
          const first = Array.isArray(args)
            ? (args[0] as Record<string, unknown> | undefined)
            : null;
          if (!privatePath || !first || typeof first !== 'object') {
            return refuse(WS_CODES.illegalRequest, 'login is on the private path with one arg');
          }
          const { apiKey, passphrase, timestamp, sign } = first;
          // A login naming a key is logged for its owner, as a REST call is.
          const logged = (code: number) => {
            if (typeof apiKey !== 'string' || !/^bg_[0-9a-f]{32}$/.test(apiKey)) return;
            services.apiKeys.requests.record({
              apiKey,
              method: 'WS',
              path: `${PUBLIC_WS_PATHS.private} login`,
              status: 101,
              code: String(code),
              ip: request.ip ?? '',
            });
          };
          try {
            const who = await services.apiKeys.authenticateLogin({
              apiKey: typeof apiKey === 'string' ? apiKey.slice(0, 64) : '',
              passphrase: typeof passphrase === 'string' ? passphrase.slice(0, 64) : '',
              timestamp:
                typeof timestamp === 'string'
                  ? timestamp.slice(0, 16)
                  : Number.isSafeInteger(timestamp)
                    ? String(timestamp)
                    : '',
              sign: typeof sign === 'string' ? sign.slice(0, 64) : '',
              ip: request.ip ?? null,
            });
            if (socket.readyState !== socket.OPEN) return;
            if (caller && caller.userRowId !== who.userRowId) dropPrivate();
            caller = who;
            clearInterval(keyTimer);
            keyTimer = setInterval(() => {
              const key = caller?.apiKey;
              if (!key) return;
              services.apiKeys.isActive(key).then(
                (active) => {
                  if (active || caller?.apiKey !== key) return;
                  signOut();
                  refuse(WS_CODES.loginFailed, serverMessage('API_KEY_DISABLED', locale));
                },
                (err: unknown) => request.log.error({ err }, 'api key check failed'),
              );
            }, KEY_CHECK_MS);
            logged(0);
            send({ event: 'login', code: 0, msg: '' });
          } catch (err) {
            if (!(err instanceof AppError)) throw err;
            const code = LOGIN_CODES[err.errorName] ?? WS_CODES.loginFailed;
            logged(code);
            refuse(code, serverMessage(err.errorName, locale, err.params));
          }
        };

        const subscribe = (op: 'subscribe' | 'unsubscribe', args: unknown) => {
          if (!Array.isArray(args) || args.length === 0 || args.length > MAX_ARGS) {
            return refuse(
              WS_CODES.paramError,
              serverMessage('FIELD_FORMAT', locale, { field: 'args' }),
            );
          }
          for (const raw of args) {
            const parsed = argOf(raw);
            if (!parsed) {
              refuse(WS_CODES.paramError, serverMessage('FIELD_FORMAT', locale, { field: 'args' }));
              continue;
            }
            const { arg, sent: echo } = parsed;
            const key = keyOf(arg);
            if (op === 'unsubscribe') {
              subscriptions.get(key)?.stop();
              subscriptions.delete(key);
              send({ event: 'unsubscribe', arg: echo });
              continue;
            }
            const feed = feedOf(arg);
            if (!feed) {
              refuse(
                WS_CODES.channelUnknown,
                `channel ${arg.channel} ${arg.instId} does not exist`,
                echo,
              );
              continue;
            }
            if (feed.private && caller === null) {
              refuse(WS_CODES.loginRequired, serverMessage('LOGIN_REQUIRED', locale), echo);
              continue;
            }
            if (subscriptions.has(key)) {
              send({ event: 'subscribe', arg: echo });
              continue;
            }
            if (subscriptions.size >= MAX_SUBSCRIPTIONS) {
              refuse(WS_CODES.tooMany, `at most ${MAX_SUBSCRIPTIONS} channels`, echo);
              continue;
            }
            // Confirm first, so the channel's snapshot follows the confirmation.
            send({ event: 'subscribe', arg: echo });
            const sub = { arg, private: feed.private, live: true, stop: () => undefined };
            subscriptions.set(key, sub);
            const stop = feed.open({
              userId: caller?.userRowId ?? null,
              push: (action, data) => {
                if (sub.live) send({ action, arg: echo, data, ts: config.now() });
              },
              onError: (err) => request.log.error({ err }, 'public API socket push failed'),
            });
            sub.stop = () => {
              sub.live = false;
              stop();
            };
          }
        };

        socket.on('message', (raw: Buffer, isBinary: boolean) => {
          armIdle();
          if (isBinary || raw.length > MAX_MESSAGE_BYTES) {
            return refuse(WS_CODES.illegalRequest, serverMessage('BODY_MALFORMED', locale));
          }
          const text = raw.toString('utf8');
          if (text === 'ping') return sendText('pong');
          let message: { op?: unknown; args?: unknown };
          try {
            message = JSON.parse(text) as { op?: unknown; args?: unknown };
          } catch {
            return refuse(WS_CODES.illegalRequest, serverMessage('BODY_MALFORMED', locale));
          }
          if (typeof message !== 'object' || message === null || Array.isArray(message)) {
            return refuse(WS_CODES.illegalRequest, serverMessage('BODY_MALFORMED', locale));
          }
          switch (message.op) {
            case 'login':
              return void login(message.args).catch((err: unknown) => {
                request.log.error({ err }, 'public API socket login failed');
                refuse(WS_CODES.loginFailed, serverMessage('ERROR', locale));
              });
            case 'subscribe':
            case 'unsubscribe':
              return subscribe(message.op, message.args);
            default:
              return refuse(
                WS_CODES.opUnknown,
                serverMessage('FIELD_FORMAT', locale, { field: 'op' }),
              );
          }
        });
      },
    });
  }
}
