/** Account shapes on the wire, shared by the server's answers and the web's calls. */

/** The current user as /v1/user/overview/userinfo and login answer it; email and mobile masked. */
export interface UserInfo {
  userId: string;
  loginName: string;
  email: string | null;
  mobile: string | null;
  areaCode: string | null;
  referralCode: string;
  registerTime: number;
  vipLevel: number;
}

/** Referral and campaign fields of the registration payload (spec section 3). */
export interface ReferralFields {
  registerVipNo?: string | undefined;
  registerChannel?: string | undefined;
  clacCode?: string | undefined;
  commonCode?: string | undefined;
  groupId?: string | undefined;
  actCode?: string | undefined;
}

/** The answer to login and registration. */
export interface SessionAnswer {
  token: string;
  expiresAt: number;
  userInfo: UserInfo;
}

/** Second factors a login can ask for: Google Authenticator (TOTP), a mailed code, a texted code. */
export const SECOND_FACTORS = ['google', 'email', 'mobile'] as const;
export type SecondFactor = (typeof SECOND_FACTORS)[number];

/** Seconds a login ticket (password checked, second factor pending) stays usable. */
export const LOGIN_TICKET_TTL_S = 300;

/** A login whose password was right and whose account asks for its second factors. */
export interface LoginVerification {
  /** Single use, expires at expiresAt; sent back with the codes to verify-login. */
  ticket: string;
  expiresAt: number;
  /** The codes verify-login needs: googleCode, emailCode, mobileCode. */
  factors: SecondFactor[];
  /** Where the email and mobile codes go, masked. */
  email: string | null;
  mobile: string | null;
}

/** A login whose password was right from a device the account has not used: a code confirms it. */
export interface SystemLoginVerification {
  /** Single use; sent back with the code to /v1/user/login/verifySystemLogin. */
  ticket: string;
  expiresAt: number;
  /** Where the code went: the account's email, else its mobile number (masked). */
  channel: 'email' | 'mobile';
  target: string;
}

/**
 * The answer to /v1/user/login: a session, the second step, or the
 * confirmation of a login from a new device (see login-checks.ts).
 */
export type LoginAnswer =
  | SessionAnswer
  | { verification: LoginVerification }
  | { systemVerification: SystemLoginVerification };

/** The codes of the second step and of a change of factors. */
export interface FactorCodes {
  googleCode?: string | undefined;
  emailCode?: string | undefined;
  mobileCode?: string | undefined;
}

/** The v2 verify-login answer: the session nested the way some clients read it. */
export interface SessionAnswerV2 {
  accessTokenResVO: SessionAnswer;
}

/** A user's second factors as the security page shows them. */
export interface SecondFactorStatus {
  google: boolean;
  email: boolean;
  mobile: boolean;
  /** The account's email and mobile, masked; null when it has none (that factor cannot be used). */
  maskedEmail: string | null;
  maskedMobile: string | null;
}

/** A new authenticator key, shown once: confirmed by a first code through modify. */
export interface GoogleSetup {
  secret: string;
  otpauthUri: string;
  /** Confirm before this time, or ask for a new key. */
  expiresAt: number;
}

/** A change of one factor; codes of every factor on now confirm it. */
export interface FactorChange extends FactorCodes {
  factor: SecondFactor;
  enable: boolean;
  /** A code of the new authenticator key (enabling or changing Google Authenticator). */
  newGoogleCode?: string | undefined;
}
