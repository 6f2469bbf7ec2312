/**
 * Telegram sign-in: the login widget's data (tg/sign) and a Mini App's
 * initData (tg/signV2), each checked by its HMAC-SHA-256 over the
 * data-check-string (every field but `hash`, as `key=value` sorted by key,
 * joined by line feeds) and by the freshness of its `auth_date`.
 * Widget: the key is SHA-256 of the bot token. Mini App: the key is
 * HMAC-SHA-256 of the bot token under the key "WebAppData".
 */
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { appError } from '../../kernel/app-error';
import type { ExternalIdentity } from './third-party';

/** Seconds an auth_date may lie ahead of our clock. */
const FUTURE_SKEW_S = 60;

export interface TelegramSettings {
  botToken: string;
  maxAge_s: number;
}

export function dataCheckString(fields: URLSearchParams): string {
  return [...fields.entries()]
    .filter(([key]) => key !== 'hash')
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([key, value]) => `${key}=${value}`)
    .join('\n');
}

export function widgetKey(botToken: string): Buffer {
  return createHash('sha256').update(botToken).digest();
}

export function miniAppKey(botToken: string): Buffer {
  return createHmac('sha256', 'WebAppData').update(botToken).digest();
}

/** The hex HMAC of fields under a key: what Telegram puts in `hash`. */
export function telegramHash(fields: URLSearchParams, key: Buffer): string {
  return createHmac('sha256', key).update(dataCheckString(fields)).digest('hex');
}

function checked(
  raw: string,
  key: Buffer,
  settings: TelegramSettings,
  now: number,
): URLSearchParams {
  const fields = new URLSearchParams(raw);
  const hash = fields.get('hash') ?? '';
  const expected = Buffer.from(telegramHash(fields, key), 'hex');
  const given = /^[0-9a-f]{64}$/i.test(hash) ? Buffer.from(hash, 'hex') : Buffer.alloc(0);
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
    throw appError('TELEGRAM_HASH_INVALID');
  }
  const authDate = Number(fields.get('auth_date'));
  if (!Number.isSafeInteger(authDate)) throw appError('TELEGRAM_HASH_INVALID');
  const age_s = now / 1000 - authDate;
  if (age_s > settings.maxAge_s || age_s < -FUTURE_SKEW_S) throw appError('TELEGRAM_AUTH_EXPIRED');
  return fields;
}

function identityOf(id: string, username: string | null, name: string): ExternalIdentity {
  if (!/^[0-9]{1,20}$/.test(id)) throw appError('TELEGRAM_HASH_INVALID');
  return {
    provider: 'telegram',
    kind: 'telegram',
    subject: id,
    label: username ? `@${username}` : name || id,
    email: null,
  };
}

/** tg/sign: the widget's fields as a query string (id, first_name, username, photo_url, auth_date, hash). */
export function telegramWidgetIdentity(
  sign: string,
  settings: TelegramSettings,
  now: number,
): ExternalIdentity {
  const fields = checked(sign, widgetKey(settings.botToken), settings, now);
  const name = [fields.get('first_name'), fields.get('last_name')].filter(Boolean).join(' ');
  return identityOf(fields.get('id') ?? '', fields.get('username'), name);
}

/** tg/signV2: a Mini App's initData; `id` must be the Telegram user it names. */
export function telegramMiniAppIdentity(
  initData: string,
  id: string,
  settings: TelegramSettings,
  now: number,
): ExternalIdentity {
  const fields = checked(initData, miniAppKey(settings.botToken), settings, now);
  let user: { id?: unknown; username?: unknown; first_name?: unknown; last_name?: unknown };
  try {
    user = JSON.parse(fields.get('user') ?? '') as typeof user;
  } catch {
    throw appError('TELEGRAM_HASH_INVALID');
  }
  const userId = typeof user.id === 'number' || typeof user.id === 'string' ? String(user.id) : '';
  if (userId !== id) throw appError('TELEGRAM_HASH_INVALID');
  const name = [user.first_name, user.last_name].filter((p) => typeof p === 'string').join(' ');
  return identityOf(userId, typeof user.username === 'string' ? user.username : null, name);
}
