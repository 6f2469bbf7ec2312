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
