/**
 * Account security on the wire (/account/setting and its pages): password
 * change and reset, the anti-phishing code, devices and sessions, freezing.
 */
import type { FactorCodes, SecondFactor } from './accounts';

/** The anti-phishing code: 4 to 20 letters or digits, shown in every mail Quay sends. */
export const ANTI_PHISHING_PATTERN = '^[A-Za-z0-9]{4,20}$';
export const ANTI_PHISHING_MIN = 4;
export const ANTI_PHISHING_MAX = 20;

/** After a password reset, withdrawals wait this long (as on the large exchanges). */
export const WITHDRAW_HOLD_AFTER_RESET_S = 24 * 3600;

/** The security page's overview of the signed-in account. */
export interface SecurityOverview {
  /** When the password was last changed or reset; null when never since registration. */
  passwordChangedAt: number | null;
  /** The anti-phishing code as set, or null. */
  antiPhishingCode: string | null;
  /** Withdrawals are refused until this time (after a password reset), or null. */
  withdrawHeldUntil: number | null;
  /** Active sessions, this one included. */
  sessionCount: number;
}

/** One signed-in session of the account, as the devices page lists it. */
export interface AccountSession {
  /** Stable public id of the session (not its token). */
  id: string;
  ip: string | null;
  /** Where the address is, when known; null when no location data is at hand. */
  place: string | null;
  userAgent: string | null;
  /** Browser and system read from the user agent, e.g. "Chrome", "Windows"; null when unknown. */
  browser: string | null;
  system: string | null;
  /** When the session was opened and when it was last used. */
  firstSeenAt: number;
  lastSeenAt: number;
  expiresAt: number;
  /** The session this request came with. */
  current: boolean;
}

/** Change the password: the old one and the codes of every factor on (or a mailed code when none is). */
export interface PasswordChange extends FactorCodes {
  oldPwd: string;
  pwd: string;
  rePwd: string;
}

/** A forgotten password: the code mailed for reset_password, and the factors bound to the account. */
export interface PasswordReset {
  email: string;
  verifyCode: string;
  pwd: string;
  rePwd: string;
  googleCode?: string | undefined;
  mobileCode?: string | undefined;
}

/** What a reset asks for besides the mailed code. */
export interface ResetRequirements {
  factors: SecondFactor[];
  /** Where the mobile code goes, masked; null when the mobile factor is off. */
  mobile: string | null;
}

/** Set or replace the anti-phishing code, confirmed by the factors. */
export interface AntiPhishingChange extends FactorCodes {
  code: string;
}

/** Freeze the account: the password, or the codes of the factors. */
export interface FreezeRequest extends FactorCodes {
  pwd?: string | undefined;
}
