/**
 * Third-party and wallet sign-in settings (OIDC_PROVIDERS, TELEGRAM_*,
 * WALLET_LOGIN_*): read once at start, refused with a message naming the
 * field when they cannot be used. Nothing configured: no such way in.
 */

/** An OpenID Connect provider: its issuer, our client there and where it sends the browser back. */
export interface OidcProviderConfig {
  /** Our name for it in paths and rows: lower case letters, digits and dashes. */
  id: string;
  /** What the button says. */
  name: string;
  /** 'apple': the provider may hide the address, so registering asks for a mailed code. */
  style: 'google' | 'apple';
  issuer: string;
  clientId: string;
  clientSecret: string;
  redirectUri: string;
  /** Scopes asked for, 'openid email profile' unless set. */
  scope: string;
}

export interface ThirdPartyLoginConfig {
  oidc: OidcProviderConfig[];
  /** Telegram bot token ('' no Telegram login) and the bot's user name for the widget. */
  telegramBotToken: string;
  telegramBotName: string;
  /** How old a Telegram auth_date may be. */
  telegramAuthMaxAge_s: number;
  /** Chains a wallet may sign in on; empty: no wallet login. */
  walletChainIds: number[];
  /** The origin EIP-4361 messages must name ('' PUBLIC_ORIGINS' first, else the request's). */
  walletOrigin: string;
}

const ID = /^[a-z0-9-]{1,32}$/;

function text(value: unknown, field: string, optional = false): string {
  if (optional && value === undefined) return '';
  if (typeof value !== 'string' || value.trim() === '' || value.length > 2048) {
    throw new Error(`OIDC_PROVIDERS: ${field} must be a non-empty string`);
  }
  return value.trim();
}

function httpUrl(value: unknown, field: string): string {
  const raw = text(value, field);
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`OIDC_PROVIDERS: ${field} must be an http(s) URL, got "${raw}"`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new Error(`OIDC_PROVIDERS: ${field} must be an http(s) URL, got "${raw}"`);
  }
  return raw;
}

/** OIDC_PROVIDERS: a JSON array of providers ('' none). */
export function oidcProvidersOf(raw: string): OidcProviderConfig[] {
  if (raw === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    throw new Error('OIDC_PROVIDERS must be a JSON array of providers');
  }
  if (!Array.isArray(parsed)) throw new Error('OIDC_PROVIDERS must be a JSON array of providers');
  const providers = parsed.map((entry: Record<string, unknown>, i): OidcProviderConfig => {
    const at = `provider ${i + 1}`;
    const id = text(entry.id, `${at} id`);
    if (!ID.test(id)) throw new Error(`OIDC_PROVIDERS: ${at} id must be a-z, 0-9 and -`);
    const style = entry.style === undefined ? 'google' : entry.style;
    if (style !== 'google' && style !== 'apple') {
      throw new Error(`OIDC_PROVIDERS: ${at} style must be google or apple`);
    }
    return {
      id,
      name: entry.name === undefined ? id : text(entry.name, `${at} name`),
      style,
      issuer: httpUrl(entry.issuer, `${at} issuer`),
      clientId: text(entry.clientId, `${at} clientId`),
      clientSecret: text(entry.clientSecret, `${at} clientSecret`, true),
      redirectUri: httpUrl(entry.redirectUri, `${at} redirectUri`),
      scope: entry.scope === undefined ? 'openid email profile' : text(entry.scope, `${at} scope`),
    };
  });
  const ids = providers.map((p) => p.id);
  const twice = ids.find((id, i) => ids.indexOf(id) !== i);
  if (twice) throw new Error(`OIDC_PROVIDERS lists ${twice} twice`);
  return providers;
}

/** WALLET_LOGIN_CHAIN_IDS: comma-separated EIP-155 chain ids ('' no wallet login). */
export function chainIdsOf(raw: string): number[] {
  if (raw === '') return [];
  return raw.split(',').map((part) => {
    const id = /^[0-9]{1,15}$/.test(part.trim()) ? Number(part.trim()) : 0;
    if (!(id > 0)) throw new Error(`WALLET_LOGIN_CHAIN_IDS must list chain ids, got "${part}"`);
    return id;
  });
}

/** TELEGRAM_BOT_TOKEN as BotFather gives it: `<bot id>:<secret>`. */
export function telegramTokenOf(raw: string): string {
  if (raw !== '' && !/^[0-9]{1,20}:[A-Za-z0-9_-]{20,100}$/.test(raw)) {
    throw new Error('TELEGRAM_BOT_TOKEN must be a bot token such as 123456:ABC-...');
  }
  return raw;
}
