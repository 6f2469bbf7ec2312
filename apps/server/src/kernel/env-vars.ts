/**
 * The one list of the server's environment variables, with their defaults
 * and meanings (README.md copies it into its table); `config.ts` reads them.
 */
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
    name: 'ROLE',
    default: 'all',
    meaning:
      'all: one process does everything (the default); gateway: HTTP, WebSocket and the web app, commands sent to the engine over NATS; engine: the single writer (active or standby). gateway and engine need DATABASE_URL, NATS_URL and REDIS_URL',
  },
  {
    name: 'MARKETS',
    default: '',
    meaning:
      'ROLE=engine: the spot markets this engine group owns, comma-separated; empty or every market (balances are one ledger: a group owns all markets)',
  },
  {
    name: 'NATS_URL',
    default: '',
    meaning:
      'nats://host:4222 of a NATS server with JetStream: the bus between gateways and engines',
  },
  {
    name: 'REDIS_URL',
    default: '',
    meaning:
      'redis://host:6379 of a Redis server: where gateways and engines count the rate limits together (refused with ROLE=all, which counts in its memory)',
  },
  {
    name: 'CLUSTER_NAME',
    default: 'quay',
    meaning:
      'Prefix of the NATS subjects and streams and name of the writer lease: processes of one exchange share it',
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
    name: 'WEBAUTHN_RP_ID',
    default: '',
    meaning:
      'Relying-party id of passkeys: the domain they are bound to, e.g. quay.example. Unset: the host name the request was sent to',
  },
  {
    name: 'WEBAUTHN_ORIGINS',
    default: '',
    meaning:
      'Comma-separated origins a passkey ceremony may come from, e.g. https://quay.example. Unset: PUBLIC_ORIGINS, or else the origin of the host the request was sent to',
  },
  {
    name: 'OIDC_PROVIDERS',
    default: '',
    meaning:
      "OpenID Connect sign-in providers as a JSON array: per provider id, name, style (google, or apple to register with a mailed code), issuer, clientId, clientSecret, redirectUri (the web app's /login/oauth/callback) and scope. Unset: no such buttons",
  },
  {
    name: 'TELEGRAM_BOT_TOKEN',
    default: '',
    meaning:
      'Token of the Telegram bot whose login widget and Mini App sign users in. Unset: no Telegram login',
  },
  {
    name: 'TELEGRAM_BOT_NAME',
    default: '',
    meaning: 'User name of that bot, which the login widget names',
  },
  {
    name: 'TELEGRAM_AUTH_MAX_AGE_S',
    default: '3600',
    meaning: 'How many seconds old Telegram login data may be',
  },
  {
    name: 'WALLET_LOGIN_CHAIN_IDS',
    default: '',
    meaning:
      'Comma-separated EIP-155 chain ids a wallet may sign in on (Sign-In with Ethereum), e.g. 1. Unset: no wallet login',
  },
  {
    name: 'WALLET_LOGIN_ORIGIN',
    default: '',
    meaning:
      'The origin a wallet sign-in message must name (its domain and URI). Unset: the first of PUBLIC_ORIGINS, or else the origin the request was sent to',
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
    name: 'APP_DOWNLOAD_IOS',
    default: '',
    meaning:
      "https link to the exchange's iPhone app (App Store or TestFlight), shown with its QR code on /download. Unset: no iPhone entry",
  },
  {
    name: 'APP_DOWNLOAD_ANDROID',
    default: '',
    meaning:
      "https link to the exchange's Android app on a store (Google Play), shown with its QR code on /download. Unset: no store entry",
  },
  {
    name: 'APP_DOWNLOAD_APK',
    default: '',
    meaning:
      "https link to the exchange's Android APK for direct download, shown with its QR code on /download. Unset: no APK entry",
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
    name: 'COPY_TRADING_SETTINGS',
    default: '',
    meaning:
      'Copy trading terms as JSON over the defaults (modules/copy-trading/copy-trading-settings.ts): the futures equity a lead needs, the profit-share rate range, followers per lead, the least investment, the check interval and the settlement day offset (UTC+8)',
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
    name: 'BETA',
    default: 'off',
    meaning:
      'on marks this deployment as the beta environment: the web app shows a Beta badge and sends the beta header on its calls, and the server counts those calls in /metrics',
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
