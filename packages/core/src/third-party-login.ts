/**
 * Third-party and wallet sign-in: OpenID Connect providers (Google- and
 * Apple-style), the Telegram login widget and Mini App, and Sign-In with
 * Ethereum (EIP-4361). The paths and wire shapes, shared by the server and
 * the web app.
 */
import type { LoginVerification, UserInfo } from './accounts';

/** Seconds a pending third-party identity (its serialNO) may be bound or registered. */
export const THIRD_PARTY_PENDING_TTL_S = 900;
/** Seconds an OpenID Connect sign-in may take from the button to the callback. */
export const OIDC_FLOW_TTL_S = 600;
/** Seconds a wallet sign-in nonce stays usable. */
export const WALLET_NONCE_TTL_S = 600;
/** The web app's route the providers send the browser back to. */
export const OIDC_CALLBACK_PATH = '/login/oauth/callback';
/** The web app's route Telegram's login page sends the browser back to (`#tgAuthResult=`). */
export const TELEGRAM_CALLBACK_PATH = '/login/telegram/callback';

/** The spec's paths of third-party sign-in (section 7), and ours beside them. */
export const THIRD_PARTY_PATHS = {
  providers: '/v1/user/public/third/providers',
  oauthAuthorize: '/v1/user/public/oauth/authorize',
  oauthSign: '/v1/user/oauth/sign',
  tgSign: '/v1/user/tg/sign',
  tgSignV2: '/v1/user/tg/signV2',
  tgCheckUserExit: '/v1/user/tg/checkUserExit',
  tgGenerateVirtual: '/v1/user/tg/generateVirtual',
  walletNonce: '/v1/user/public/wallet/nonce',
  walletSign: '/v1/user/wallet/sign',
  walletCheck: '/v1/user/wallet/check',
  thirdCheck: '/v1/user/third/check',
  thirdBindCheck: '/v1/user/third/bind/check',
  bindChoose: '/v1/user/bind/choose',
  securityVerify: '/v1/user/third/securityVerify',
  registerApple: '/v1/user/third/register/apple',
  registerGoogle: '/v1/user/third/register/google',
  registerTg: '/v1/user/third/register/tg',
  registerWallet: '/v1/user/third/register/wallet',
  list: '/v1/user/third/list',
  unbind: '/v1/user/third/unbind',
} as const;

/** Kinds of third-party identity. */
export type ThirdPartyKind = 'oidc' | 'telegram' | 'wallet';

/** A configured OpenID Connect provider as the login page shows it. */
export interface OidcProviderInfo {
  id: string;
  name: string;
  /** 'apple' registers with a code sent to the address the user types; others with the provider's verified email. */
  style: 'google' | 'apple';
}

/** The ways in the login page may offer; empty lists and nulls show no button. */
export interface ThirdPartyProviders {
  oidc: OidcProviderInfo[];
  /** The bot's user name for the Telegram login widget, null without a bot. */
  telegramBot: string | null;
  /** The bot's numeric id (the public part of its token) for Telegram's login page, null without a bot. */
  telegramBotId: string | null;
  /** Chains a wallet may sign in on, empty when wallet sign-in is off. */
  walletChainIds: number[];
}

/** What a wallet signs into its EIP-4361 message: issued by the server, used once. */
export interface WalletNonce {
  nonce: string;
  domain: string;
  uri: string;
  chainIds: number[];
  /** Epoch ms after which the nonce is refused. */
  expiresAt: number;
}

/** A third-party identity not linked yet: bind it to an account or open one with it. */
export interface PendingIdentity {
  serialNO: string;
  provider: string;
  /** The name the provider knows the user by (an address, a user name). */
  label: string;
  /** The address the provider vouches for, null when it gives none. */
  email: string | null;
  /** Set once a password proved an existing account (third/check and its kin). */
  boundLoginName: string | null;
  expiresAt: number;
}

/**
 * What a third-party sign-in answers: a session (token, expiresAt,
 * userInfo), `{ verification }` when the account has a second factor (sent
 * to third/securityVerify), or `{ pending }` for an identity no account has.
 */
export interface ThirdPartySignAnswer {
  token?: string;
  expiresAt?: number;
  userInfo?: UserInfo;
  verification?: LoginVerification;
  pending?: PendingIdentity;
}

/** A linked identity as its owner sees it in settings. */
export interface LinkedIdentity {
  id: string;
  provider: string;
  kind: ThirdPartyKind;
  label: string;
  createdAt: number;
  lastUsedAt: number | null;
}
