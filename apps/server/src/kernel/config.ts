/**
 * Configuration from the environment, read in one place. ENV_VARS is the one
 * list of variables (README.md copies it into its table); loadConfig reads
 * them and refuses a value it cannot use, so a typo stops the start instead of
 * running with a surprise.
 */
import { dirname, resolve } from 'node:path';
import type { AppDownloads, CampaignCacheSettings } from '@quay/core';
import { fileURLToPath } from 'node:url';
import { campaignCacheOf, DEFAULT_CAMPAIGN_CACHE } from './campaign-cache-config';
import { clusterConfigOf, type ClusterConfig } from './cluster/cluster-config';
import { ENV_VARS, type EnvName } from './env-vars';
import {
  chainIdsOf,
  oidcProvidersOf,
  telegramTokenOf,
  type ThirdPartyLoginConfig,
} from './third-party-config';

export { ENV_VARS, type EnvName, type EnvVar } from './env-vars';

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
  /** ROLE, MARKETS, NATS_URL, CLUSTER_NAME: one process (the default) or one of several. */
  cluster: ClusterConfig;
  webDist: string;
  smtp: SmtpConfig | null;
  mailFrom: string;
  sessionTtl_s: number;
  logLevel: string;
  trustProxy: TrustProxy;
  /** Origins state-changing calls and socket upgrades may come from; empty: the request's own host. */
  publicOrigins: string[];
  /** Relying-party id of passkeys; '' takes the request's host name. */
  webauthnRpId: string;
  /** Origins passkey ceremonies may come from; empty takes publicOrigins, else the request's own. */
  webauthnOrigins: string[];
  /** OpenID Connect, Telegram and wallet sign-in; empty lists and '' turn each off. */
  thirdPartyLogin: ThirdPartyLoginConfig;
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
  /** Links to the exchange's native apps shown on /download ('' when there is none). */
  appDownloads: AppDownloads;
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
  copyTradingSettings: string;
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
  /** This deployment is the beta environment (BETA): the web app marks its calls and header. */
  beta: boolean;
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
  const cluster = clusterConfigOf({
    role: read.text('ROLE'),
    markets: read.text('MARKETS'),
    natsUrl: read.optional('NATS_URL'),
    redisUrl: read.optional('REDIS_URL'),
    name: read.text('CLUSTER_NAME'),
    databaseUrl,
  });
  return {
    port: read.int('PORT', 0, 65_535),
    host: read.text('HOST'),
    dataDir: resolve(read.text('DATA_DIR')),
    databaseUrl,
    cluster,
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
    webauthnRpId: rpIdOf(read.text('WEBAUTHN_RP_ID')),
    webauthnOrigins: originsOf(
      'WEBAUTHN_ORIGINS',
      read.text('WEBAUTHN_ORIGINS'),
      'https://quay.example',
    ),
    thirdPartyLogin: {
      oidc: oidcProvidersOf(read.text('OIDC_PROVIDERS')),
      telegramBotToken: telegramTokenOf(env.TELEGRAM_BOT_TOKEN?.trim() ?? ''),
      telegramBotName: read.text('TELEGRAM_BOT_NAME'),
      telegramAuthMaxAge_s: read.int('TELEGRAM_AUTH_MAX_AGE_S', 10, 30 * 86_400),
      walletChainIds: chainIdsOf(read.text('WALLET_LOGIN_CHAIN_IDS')),
      walletOrigin:
        originsOf(
          'WALLET_LOGIN_ORIGIN',
          read.text('WALLET_LOGIN_ORIGIN'),
          'https://quay.example',
        )[0] ?? '',
    },
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
    appDownloads: {
      ios: appLinkOf('APP_DOWNLOAD_IOS', read.text('APP_DOWNLOAD_IOS')),
      android: appLinkOf('APP_DOWNLOAD_ANDROID', read.text('APP_DOWNLOAD_ANDROID')),
      apk: appLinkOf('APP_DOWNLOAD_APK', read.text('APP_DOWNLOAD_APK')),
    },
    campaignCache: read.optional('CAMPAIGN_CACHE_FILE')
      ? campaignCacheOf(resolve(read.text('CAMPAIGN_CACHE_FILE')))
      : DEFAULT_CAMPAIGN_CACHE,
    // A gateway places no orders of its own: the simulator runs where the writer is.
    simulator: read.bool('SIMULATOR') && cluster.role !== 'gateway',
    simulatorSeed: read.int('SIMULATOR_SEED', 0, 4_294_967_295),
    simulatorMinuteVolatility: volatilityOf(read.text('SIMULATOR_MINUTE_VOLATILITY')),
    fundingIntervalMs: read.int('FUNDING_INTERVAL_MS', 1000, 7 * 86_400_000),
    markIntervalMs: read.int('MARK_INTERVAL_MS', 50, 60_000),
    marketPriceBand_bps: read.int('MARKET_PRICE_BAND_BPS', 1, 5000),
    protectionFundSeed: read.text('PROTECTION_FUND_SEED'),
    marginSettings: read.text('MARGIN_SETTINGS'),
    swapSettings: read.text('SWAP_SETTINGS'),
    redPacketSettings: read.text('RED_PACKET_SETTINGS'),
    copyTradingSettings: read.text('COPY_TRADING_SETTINGS'),
    earnSettings: read.text('EARN_SETTINGS'),
    signClientOpen: read.bool('SIGN_CLIENT_OPEN'),
    rootKeyFile: read.optional('ROOT_KEY_FILE') ? resolve(read.text('ROOT_KEY_FILE')) : null,
    serverKeyFile: read.optional('SERVER_KEY_FILE') ? resolve(read.text('SERVER_KEY_FILE')) : null,
    deviceTokenRequired: read.bool('DEVICE_TOKEN_REQUIRED'),
    deviceAppIds: deviceAppIdsOf(read.text('DEVICE_APP_ID')),
    deviceTokenTtl_s: read.int('DEVICE_TOKEN_TTL_S', 60, 30 * 24 * 3600),
    beta: read.bool('BETA'),
    now: () => Date.now(),
  };
}

/** An app link: https only (it becomes a QR code a phone follows), nothing a parser would drop. */
function appLinkOf(name: EnvName, raw: string): string {
  if (raw === '') return '';
  let url: URL | null = null;
  try {
    url = /^https:\/\/[^\s\\@]+$/i.test(raw) ? new URL(raw) : null;
  } catch {
    url = null;
  }
  if (!url || url.hostname === '') {
    throw new Error(
      `${name} must be an https link such as https://apps.example/quay, got "${raw}"`,
    );
  }
  return url.href;
}

function rpIdOf(raw: string): string {
  const id = raw.toLowerCase();
  if (id !== '' && !/^(?=.{1,253}$)[a-z0-9-]+(\.[a-z0-9-]+)*$/.test(id)) {
    throw new Error(`WEBAUTHN_RP_ID must be a domain such as quay.example, got "${raw}"`);
  }
  return id;
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
