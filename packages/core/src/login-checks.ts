/**
 * The checks around a login and the agency's view, on the wire: the
 * confirmation of a login from a new device (verifySystemLogin), the
 * pre-login check, the password-free flag, and what an agency sees of the
 * accounts it brought in.
 */
import type { LoginVerification, SessionAnswer } from './accounts';

export type { SystemLoginVerification } from './accounts';

/** Seconds a new-device login ticket (and its code) stays usable. */
export const SYSTEM_LOGIN_TTL_S = 600;

/**
 * The v1 answer of verifySystemLogin: a session, or the second-factor step
 * when the account has factors on (the same shapes /v1/user/login answers).
 */
export type SystemLoginAnswer = SessionAnswer | { verification: LoginVerification };

/** The v2 answer: always both keys, exactly one of them set. */
export interface SystemLoginAnswerV2 {
  accessTokenResVO: SessionAnswer | null;
  verification: LoginVerification | null;
}

/** Ways in the server offers before any account is named. */
export const LOGIN_METHODS = ['password', 'passkey', 'qr'] as const;
export type LoginMethod = (typeof LOGIN_METHODS)[number];

/**
 * The pre-login check: the same for every name of the same form, whether an
 * account holds it or not. What the account itself asks for (second factors,
 * a new-device code, passkey-only) is told only after the password.
 */
export interface LoginPreCheck {
  loginNameType: 'email' | 'mobile' | 'invalid';
  /** A mobile number logs in without its area code only when one account holds it. */
  areaCodeAdvised: boolean;
  methods: LoginMethod[];
  /** This server asks for no captcha: wrong passwords slow their source down instead. */
  captcha: false;
  /** Second factors and a new-device code, when the account has them, come after the password. */
  nextStep: 'password';
}

/** The account's login options as its owner sees them. */
export interface LoginOptions {
  /** Password-free: the password no longer logs in; passkeys and QR login do. */
  noPwd: boolean;
  /** Logins from a device the account has not used wait for a code by mail or text. */
  systemLoginCheck: boolean;
  passkeyCount: number;
}

/** An agency's commission share is at most this many basis points (100 %). */
export const AGENCY_SHARE_MAX_BPS = 10_000;
/** Invitees listed on the agency dashboard. */
export const AGENCY_INVITEES_LISTED = 100;

/** One account an agency brought in: masked, with its 30-day volumes (USDT). */
export interface AgencyInvitee {
  userId: string;
  registerTime: number;
  channel: string | null;
  spotVolume: string;
  futuresVolume: string;
}

/** The agency dashboard: its code, its share of its accounts' fees, and the accounts. */
export interface AgencyOverview {
  userId: string;
  referralCode: string;
  /** Share of the fees its accounts pay, in basis points (2000 = 20 %). */
  commissionShareBps: number;
  since: number;
  inviteeCount: number;
  /** Sums over the accounts listed, 30 days, USDT. */
  spotVolume: string;
  futuresVolume: string;
  invitees: AgencyInvitee[];
}

/** Withdrawals asked for by id in one batch query. */
export const WITHDRAW_BATCH_MAX = 50;
