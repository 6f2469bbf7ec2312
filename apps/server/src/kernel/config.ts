/**
 * Configuration from the environment, read in one place. ENV_VARS is the one
 * list of variables (README.md copies it into its table); loadConfig reads
 * them and refuses a value it cannot use, so a typo stops the start instead of
 * running with a surprise.
 */
import { dirname, resolve } from 'node:path';
import type { CampaignCacheSettings } from '@quay/core';
import { fileURLToPath } from 'node:url';
import { campaignCacheOf, DEFAULT_CAMPAIGN_CACHE } from './campaign-cache-config';

export interface EnvVar {
  name: string;
  /** The default as a person would write it; '' when unset means off. */
  default: string;
  meaning: string;
}

export const ENV_VARS = [
  {
    name: 'PORT',
    default: '8080',
    meaning: 'HTTP port: /v1 API, /v1/ws, /health, /metrics, /docs and the web app',
  },
  { name: 'HOST', default: '0.0.0.0', meaning: 'Address to listen on' },
  {
    name: 'DATA_DIR',
    default: './data',
    meaning:
      'Folder for the SQLite database (quay.db) and the outbox (relative to the working directory)',
  },
  {
    name: 'DATABASE_URL',
    default: '',
    meaning:
      'postgres://user:pass@host:5432/db to use PostgreSQL instead of SQLite; ?schema=name selects (and creates) a schema',
  },
  {
    name: 'WEB_DIST',
    default: 'apps/web/dist',
    meaning:
      "Built web app to serve, index.html for every non-file path; default: this repository's apps/web/dist",
  },
  {
    name: 'SMTP_HOST',
    default: '',
    meaning:
      'SMTP server for verification mail; unset writes mail to DATA_DIR/outbox/mail.log and the log',
  },
  { name: 'SMTP_PORT', default: '587', meaning: 'SMTP port' },
  {
    name: 'SMTP_SECURE',
    default: 'false',
    meaning: 'true for implicit TLS (usually port 465); false uses STARTTLS when offered',
  },
  { name: 'SMTP_USER', default: '', meaning: 'SMTP user name; unset sends without authentication' },
  { name: 'SMTP_PASS', default: '', meaning: 'SMTP password' },
  {
    name: 'SMTP_TLS_VERIFY',
    default: 'true',
    meaning: 'false accepts a self-signed SMTP certificate (local mail servers only)',
  },
  {
    name: 'MAIL_FROM',
    default: 'Quay <no-reply@quay.local>',
    meaning: 'Sender of verification mail',
  },
  {
    name: 'SESSION_TTL_S',
    default: '604800',
    meaning: 'Session lifetime in seconds (7 days); also the cookie max-age',
  },
  {
    name: 'LOG_LEVEL',
    default: 'info',
    meaning: 'fatal, error, warn, info, debug, trace or silent',
  },
  {
    name: 'PUBLIC_ORIGINS',
    default: '',
    meaning:
      'Comma-separated origins the web app is served from, e.g. https://quay.example; a state-changing call or a WebSocket upgrade whose Origin (or Sec-Fetch-Site) names another site is refused (14005). Unset: the host the request was sent to. Calls without Origin and Sec-Fetch-Site (curl, bots) pass',
  },
  {
    name: 'METRICS',
    default: '',
    meaning: 'on serves /metrics, off answers 404. Unset: on, but off when NODE_ENV=production',
  },
  {
    name: 'DOCS',
    default: '',
    meaning:
      'on serves the OpenAPI UI and document under /docs, off answers 404. Unset: on, but off when NODE_ENV=production',
  },
  {
    name: 'OPS_TOKEN',
    default: '',
    meaning:
      'When set, /metrics and /docs ask for it: Authorization: Bearer <token>, or Basic with the token as password (a browser prompts)',
  },
  {
    name: 'TRUST_PROXY',
    default: 'false',
    meaning:
      'true, a hop count or a list of proxy addresses/CIDRs whose X-Forwarded-For/-Proto to trust (client IP for rate limits, https for the Secure cookie)',
  },
  {
    name: 'RATE_LIMIT_LOGIN_PER_MIN',
    default: '20',
    meaning: 'POST /v1/user/login calls per IP per minute',
  },
  {
    name: 'RATE_LIMIT_CODE_PER_10MIN',
    default: '10',
    meaning: 'POST /v1/msg/verify-code/send calls per IP per 10 minutes',
  },
  {
    name: 'RATE_LIMIT_KEY_PER_10MIN',
    default: '20',
    meaning:
      'Client signing-key registrations (POST /v1/mix/config/gatewayClientKey) per IP per 10 minutes; keys never bound to a user are dropped after a day',
  },
  {
    name: 'CODE_RESEND_S',
    default: '60',
    meaning: 'Seconds before another code may be sent to the same address or number',
  },
  {
    name: 'PRODUCT_DOMAINS',
    default: '',
    meaning:
      "Comma-separated domains of the product's own (links there get no rel=nofollow), e.g. quay.example,quay-mirror.example",
  },
  {
    name: 'IMAGE_HOSTS',
    default: '',
    meaning:
      'Comma-separated image hosts as http(s) origins; clients race them and load images from the fastest. Unset: images come from the page origin',
  },
  {
    name: 'CAMPAIGN_CACHE_FILE',
    default: '',
    meaning:
      'JSON file of campaign-cache rules for referral codes (open, cacheEffectiveTime days, windows, channelCodeList, activeLinkList). Unset: every code kept 30 days',
  },
  {
    name: 'WS_IDLE_S',
    default: '60',
    meaning: 'Seconds after which a WebSocket that sent nothing (no ping) is closed',
  },
  {
    name: 'SIMULATOR',
    default: 'on',
    meaning:
      'off stops the market simulator (index prices, market makers and takers that keep the spot markets live, and synthetic kline history at first start)',
  },
  {
    name: 'SIMULATOR_MINUTE_VOLATILITY',
    default: '0.0008',
    meaning:
      'How far the simulated index prices move: standard deviation per minute, as a fraction (about 3 % a day)',
  },
  {
    name: 'FUNDING_INTERVAL_MS',
    default: '28800000',
    meaning: 'Milliseconds between funding settlements of the perpetuals (8 hours)',
  },
  {
    name: 'MARK_INTERVAL_MS',
    default: '1000',
    meaning: 'Milliseconds between mark price updates, trigger checks and liquidation checks',
  },
  {
    name: 'MARKET_PRICE_BAND_BPS',
    default: '500',
    meaning:
      'Price protection of market orders, in basis points (1 to 5000): a market order fills only within this band around the last trade price (spot) or the mark price (perpetuals); the rest is cancelled',
  },
  {
    name: 'PROTECTION_FUND_SEED',
    default: '1000000',
    meaning: 'What the protection fund starts with in each settlement coin, credited once',
  },
  {
    name: 'MARGIN_SETTINGS',
    default: '',
    meaning:
      'Margin trading terms as JSON over the defaults (modules/margin/margin-settings.ts): daily rates, borrow caps and pool funding per coin, leverage, call and liquidation levels, isolated markets. The lending pool and the margin fund are funded once, unless "seed" is false or PROTECTION_FUND_SEED is 0',
  },
  {
    name: 'SWAP_SETTINGS',
    default: '',
    meaning:
      'Web3 swap terms as JSON over the defaults (modules/swap/swap-settings.ts): fee, quote lifetime and the pools with what each is funded with once at start (unless "seed" is false or PROTECTION_FUND_SEED is 0)',
  },
  {
    name: 'RED_PACKET_SETTINGS',
    default: '',
    meaning:
      'Red packet terms as JSON over the defaults (modules/red-packets/red-packet-settings.ts): coins, the most shares, lifetime, second-factor thresholds',
  },
  {
    name: 'EARN_SETTINGS',
    default: '',
    meaning:
      'Earn products as JSON over the defaults (modules/earn/earn-settings.ts): per product its coin, type, term, APR tiers, minimum and caps, and what the interest fund starts with per coin. Written to the store at start for products it does not know yet; the operator changes them with `quay earn`',
  },
  {
    name: 'SIMULATOR_SEED',
    default: '1',
    meaning: 'Seed of the simulator random walks: the same seed replays the same walk',
  },
  {
    name: 'SIGN_CLIENT_OPEN',
    default: 'on',
    meaning:
      'Gateway signing and login encryption: on makes core calls carry a client-key signature and login/register bodies travel encrypted; off signs and encrypts nothing and accepts unsigned calls',
  },
  {
    name: 'ROOT_KEY_FILE',
    default: '',
    meaning:
      'PEM (PKCS#8) root private key that signs the server public key; the web app is built with its public half. Unset: .keys/root-key.pem of this repository, created by the build (or the first start) when absent',
  },
  {
    name: 'SERVER_KEY_FILE',
    default: '',
    meaning:
      'PEM (PKCS#8) RSA private key of the server (login encryption). Unset: DATA_DIR/keys/server-key.pem, created at first start',
  },
  {
    name: 'DEVICE_TOKEN_REQUIRED',
    default: 'on',
    meaning:
      'off lets the sensitive paths (login, register, verify-code send, withdraw ...) through without a device token',
  },
  {
    name: 'DEVICE_APP_ID',
    default: 'quay-web,quay-web-test',
    meaning: 'Comma-separated app ids the device-id service /v1/constantid/udid/c1 accepts',
  },
  {
    name: 'DEVICE_TOKEN_TTL_S',
    default: '14400',
    meaning: 'Lifetime of a device token in seconds',
  },
] as const satisfies readonly EnvVar[];

export type EnvName = (typeof ENV_VARS)[number]['name'];

export interface SmtpConfig {
  host: string;
  port: number;
  secure: boolean;
  user: string | undefined;
  pass: string | undefined;
  tlsVerify: boolean;
}

/** Fastify's trustProxy forms: off, all, a hop count, or addresses. */
export type TrustProxy = boolean | number | string[];

export interface AppConfig {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  webDist: string;
  smtp: SmtpConfig | null;
  mailFrom: string;
  sessionTtl_s: number;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Origins state-changing calls and socket upgrades may come from; empty: the request's own host. */
  publicOrigins: string[];
  /** /metrics and /docs are served, and the token they ask for ('' none). */
  metrics: boolean;
  docs: boolean;
  opsToken: string;
  rateLimitLoginPerMin: number;
  rateLimitCodePer10Min: number;
  rateLimitKeyPer10Min: number;
  codeResend_s: number;
  wsIdle_s: number;
  /** The product's own domains, lower case. */
  productDomains: string[];
  /** Candidate image hosts as origins; the first is the one answers name. */
  imageHosts: string[];
  campaignCache: CampaignCacheSettings;
  /** The market simulator runs (SIMULATOR, default on). */
  simulator: boolean;
  simulatorSeed: number;
  /** Standard deviation of the simulated index per minute, as a fraction. */
  simulatorMinuteVolatility: number;
  /** Perpetual funding interval, mark tick and the protection fund's seed. */
  fundingIntervalMs: number;
  markIntervalMs: number;
  /** How far from the reference price a market order may fill (MARKET_PRICE_BAND_BPS). */
  marketPriceBand_bps: number;
  protectionFundSeed: string;
  /** Margin trading terms over the defaults, as JSON ('' for the defaults). */
  marginSettings: string;
  /** Web3 swap terms over the defaults, as JSON ('' for the defaults). */
  swapSettings: string;
  /** Red packet terms over the defaults, as JSON ('' for the defaults). */
  redPacketSettings: string;
  /** Earn products and the interest fund's seed over the defaults, as JSON ('' for the defaults). */
  earnSettings: string;
  /** Gateway signing and login encryption are enforced (SIGN_CLIENT_OPEN). */
  signClientOpen: boolean;
  /** Root private key file; null: the repository's .keys/root-key.pem, created when absent. */
  rootKeyFile: string | null;
  /** Server private key file; null: DATA_DIR/keys/server-key.pem, created when absent. */
  serverKeyFile: string | null;
  deviceTokenRequired: boolean;
  deviceAppIds: string[];
  deviceTokenTtl_s: number;
  /** Clock of the services; tests pass their own to move time. */
  now: () => number;
  /** Where log lines go (default standard output); tests read them. */
  logStream?: { write(line: string): void };
}

const here = dirname(fileURLToPath(import.meta.url));
/** The web app's build output in this repository, wherever the process starts. */
const REPO_WEB_DIST = resolve(here, '../../../web/dist');
const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

const defaults = new Map<string, string>(ENV_VARS.map((v) => [v.name, v.default]));

class EnvReader {
  constructor(private readonly env: NodeJS.ProcessEnv) {}

  /** The trimmed value, or the default from ENV_VARS when unset or blank. */
  text(name: EnvName): string {
    const raw = this.env[name]?.trim();
    return raw ? raw : (defaults.get(name) ?? '');
  }

  optional(name: EnvName): string | undefined {
    return this.text(name) || undefined;
  }

  int(name: EnvName, min: number, max: number): number {
    const raw = this.text(name);
    const value = /^[0-9]+$/.test(raw) ? Number(raw) : NaN;
    if (!Number.isSafeInteger(value) || value < min || value > max) {
      throw new Error(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
    }
    return value;
  }

  /** A switch whose unset value is `fallback`. */
  switch(name: EnvName, fallback: boolean): boolean {
    return this.text(name) === '' ? fallback : this.bool(name);
  }

  bool(name: EnvName): boolean {
    const raw = this.text(name).toLowerCase();
    if (['true', '1', 'yes', 'on'].includes(raw)) return true;
    if (['false', '0', 'no', 'off'].includes(raw)) return false;
    throw new Error(`${name} must be true or false, got "${raw}"`);
  }
}

function trustProxyOf(raw: string): TrustProxy {
  const lower = raw.toLowerCase();
  if (lower === 'true') return true;
  if (lower === 'false' || lower === '') return false;
  if (/^[0-9]+$/.test(raw)) return Number(raw);
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

const HOSTNAME =
  /^(?=.{1,253}$)([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/;

function listOf(raw: string): string[] {
  return raw
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
}

function productDomainsOf(raw: string): string[] {
  return listOf(raw).map((domain) => {
    const lower = domain.toLowerCase();
    if (!HOSTNAME.test(lower)) {
      throw new Error(`PRODUCT_DOMAINS must list host names such as quay.example, got "${domain}"`);
    }
    return lower;
  });
}

/** `http(s)://host[:port]` with at most a trailing slash: nothing a URL parser would quietly drop. */
const ORIGIN = /^https?:\/\/[^/?#@\s\\]+\/?$/i;

function originsOf(name: EnvName, raw: string, example: string): string[] {
  const origins = listOf(raw).map((host) => {
    let url: URL | null = null;
    try {
      url = ORIGIN.test(host) ? new URL(host) : null;
    } catch {
      url = null;
    }
    if (!url || url.hostname === '') {
      throw new Error(
        `${name} must list http(s) origins without a path, such as ${example}, got "${host}"`,
      );
    }
    return url.origin;
  });
  const repeated = origins.find((origin, i) => origins.indexOf(origin) !== i);
  if (repeated) throw new Error(`${name} lists ${repeated} twice`);
  return origins;
}

function deviceAppIdsOf(raw: string): string[] {
  const ids = listOf(raw);
  if (ids.length === 0 || ids.some((id) => !/^[A-Za-z0-9_.-]{1,64}$/.test(id))) {
    throw new Error(`DEVICE_APP_ID must list app ids of letters, digits and _.-, got "${raw}"`);
  }
  return ids;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): AppConfig {
  const read = new EnvReader(env);
  const production = env.NODE_ENV?.trim() === 'production';
  const smtpHost = read.optional('SMTP_HOST');
  const logLevel = read.text('LOG_LEVEL').toLowerCase();
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new Error(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}"`);
  }
  const databaseUrl = read.optional('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new Error('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  return {
    port: read.int('PORT', 0, 65_535),
    host: read.text('HOST'),
    dataDir: resolve(read.text('DATA_DIR')),
    databaseUrl,
    webDist: env.WEB_DIST?.trim() ? resolve(env.WEB_DIST.trim()) : REPO_WEB_DIST,
    smtp: smtpHost
      ? {
          host: smtpHost,
          port: read.int('SMTP_PORT', 1, 65_535),
          secure: read.bool('SMTP_SECURE'),
          user: read.optional('SMTP_USER'),
          pass: env.SMTP_PASS || undefined,
          tlsVerify: read.bool('SMTP_TLS_VERIFY'),
        }
      : null,
    mailFrom: read.text('MAIL_FROM'),
    sessionTtl_s: read.int('SESSION_TTL_S', 1, 10 * 365 * 24 * 3600),
    logLevel,
    trustProxy: trustProxyOf(read.text('TRUST_PROXY')),
    publicOrigins: originsOf('PUBLIC_ORIGINS', read.text('PUBLIC_ORIGINS'), 'https://quay.example'),
    metrics: read.switch('METRICS', !production),
    docs: read.switch('DOCS', !production),
    opsToken: env.OPS_TOKEN?.trim() ?? '',
    rateLimitLoginPerMin: read.int('RATE_LIMIT_LOGIN_PER_MIN', 1, 1_000_000),
    rateLimitCodePer10Min: read.int('RATE_LIMIT_CODE_PER_10MIN', 1, 1_000_000),
    rateLimitKeyPer10Min: read.int('RATE_LIMIT_KEY_PER_10MIN', 1, 1_000_000),
    codeResend_s: read.int('CODE_RESEND_S', 0, 24 * 3600),
    wsIdle_s: read.int('WS_IDLE_S', 1, 24 * 3600),
    productDomains: productDomainsOf(read.text('PRODUCT_DOMAINS')),
    imageHosts: originsOf('IMAGE_HOSTS', read.text('IMAGE_HOSTS'), 'https://img.quay.example'),
    campaignCache: read.optional('CAMPAIGN_CACHE_FILE')
      ? campaignCacheOf(resolve(read.text('CAMPAIGN_CACHE_FILE')))
      : DEFAULT_CAMPAIGN_CACHE,
    simulator: read.bool('SIMULATOR'),
    simulatorSeed: read.int('SIMULATOR_SEED', 0, 4_294_967_295),
    simulatorMinuteVolatility: volatilityOf(read.text('SIMULATOR_MINUTE_VOLATILITY')),
    fundingIntervalMs: read.int('FUNDING_INTERVAL_MS', 1000, 7 * 86_400_000),
    markIntervalMs: read.int('MARK_INTERVAL_MS', 50, 60_000),
    marketPriceBand_bps: read.int('MARKET_PRICE_BAND_BPS', 1, 5000),
    protectionFundSeed: read.text('PROTECTION_FUND_SEED'),
    marginSettings: read.text('MARGIN_SETTINGS'),
    swapSettings: read.text('SWAP_SETTINGS'),
    redPacketSettings: read.text('RED_PACKET_SETTINGS'),
    earnSettings: read.text('EARN_SETTINGS'),
    signClientOpen: read.bool('SIGN_CLIENT_OPEN'),
    rootKeyFile: read.optional('ROOT_KEY_FILE') ? resolve(read.text('ROOT_KEY_FILE')) : null,
    serverKeyFile: read.optional('SERVER_KEY_FILE') ? resolve(read.text('SERVER_KEY_FILE')) : null,
    deviceTokenRequired: read.bool('DEVICE_TOKEN_REQUIRED'),
    deviceAppIds: deviceAppIdsOf(read.text('DEVICE_APP_ID')),
    deviceTokenTtl_s: read.int('DEVICE_TOKEN_TTL_S', 60, 30 * 24 * 3600),
    now: () => Date.now(),
  };
}

function volatilityOf(raw: string): number {
  const value = /^0(\.[0-9]{1,8})?$/.test(raw) ? Number(raw) : NaN;
  if (!(value > 0 && value < 0.5)) {
    throw new Error(
      `SIMULATOR_MINUTE_VOLATILITY must be a fraction above 0 and below 0.5, got "${raw}"`,
    );
  }
  return value;
}
