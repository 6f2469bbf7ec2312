/**
 * Sub-accounts on the wire: a main account's subs (virtual email, no
 * password of their own), their assets, freezing, transfers between the
 * main and its subs, their API keys and settings, and switching: the main
 * acts as a sub in the same browser and comes back.
 */
import type { FactorCodes } from './accounts';
import type { ApiKeyScope } from './api-keys';

export const SUB_ACCOUNT_PATHS = {
  list: '/v1/user/sub/list',
  create: '/v1/user/sub/create',
  freeze: '/v1/user/sub/freeze',
  unfreeze: '/v1/user/sub/unfreeze',
  transfer: '/v1/user/sub/transfer',
  transfers: '/v1/user/sub/transfers',
  /** Spec section 7: signed (field userId) and carrying the device token. */
  switchLogin: '/v1/user/sub/switLogin',
  switchWeb: '/v1/user/sub/switchWeb',
  switchApp: '/v1/user/sub/switchApp',
  /** From a switched session back to the main's (signed, so the client key follows the user back). */
  switchBack: '/v1/user/sub/switchBack',
  /** Who the session is: a main, a sub, and whether it was switched into from the main. */
  state: '/v1/user/sub/state',
  settings: '/v1/user/sub/settings',
  antiPhishing: '/v1/user/sub/anti-phishing',
  revokeSession: '/v1/user/sub/sessions/revoke',
  loginHistory: '/v1/user/sub/login-history',
  apiKeys: '/v1/user/sub/api-keys/list',
  createApiKey: '/v1/user/sub/api-keys/create',
  deleteApiKey: '/v1/user/sub/api-keys/delete',
} as const;

/** Sub-accounts one main account may hold. */
export const SUB_ACCOUNT_MAX = 20;
/** A sub's name: the local part of its virtual email. */
export const SUB_ACCOUNT_NAME_PATTERN = '^[a-z][a-z0-9]{3,15}$';
/** The virtual email's domain: `<name>@virtual.<main uid>.sub`. */
export function subAccountEmail(name: string, mainUserId: string): string {
  return `${name}@virtual.${mainUserId}.sub`;
}
/** The cookie that keeps the main's session while the browser acts as a sub. */
export const MAIN_SESSION_COOKIE = 'quay_main_session';

export type SubAccountStatus = 'active' | 'frozen';

export interface SubAccountSummary {
  /** The sub's public user id: what switching and transfers name it by. */
  userId: string;
  name: string;
  email: string;
  status: SubAccountStatus;
  createdAt: number;
  /** Everything the sub holds on spot, valued in USDT at the live prices. */
  totalUsdt: string;
  /** Coins the sub holds (available and frozen), the others left out. */
  assets: Array<{ coin: string; available: string; frozen: string; usdt: string }>;
}

export interface SubAccountList {
  /** The main's own public user id (a transfer end). */
  mainUserId: string;
  max: number;
  subs: SubAccountSummary[];
}

/** POST transfer: between the main and a sub, or two subs; user ids are public ids. */
export interface SubAccountTransferRequest {
  fromUserId: string;
  toUserId: string;
  coin: string;
  amount: string;
}

export interface SubAccountTransfer {
  id: string;
  fromUserId: string;
  toUserId: string;
  coin: string;
  amount: string;
  createdAt: number;
}

export interface SubAccountState {
  /** The session's user is a sub-account. */
  isSub: boolean;
  /** The session is a main's switch into this sub: switchBack leads home. */
  switched: boolean;
  subName: string | null;
  /** The main's public user id, for a sub. */
  mainUserId: string | null;
}

export interface SubAccountSettings {
  userId: string;
  name: string;
  antiPhishingCode: string | null;
  sessions: Array<{
    id: string;
    ip: string | null;
    userAgent: string | null;
    firstSeenAt: number;
    lastSeenAt: number;
    expiresAt: number;
  }>;
}

export interface SubAccountApiKeyCreate extends FactorCodes {
  subUserId: string;
  label: string;
  scopes: ApiKeyScope[];
  ips: string[];
  passphrase: string;
}
