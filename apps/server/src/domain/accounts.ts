import { passwordRuleFailures } from '@quay/core';
import type { SessionsRepository } from '../store/sessions-repository';
import type { UserRow, UsersRepository } from '../store/users-repository';
import { appError } from './app-error';
import { newId, newPublicUserId, newReferralCode } from './ids';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { SessionService, IssuedSession, ClientInfo } from './sessions';
import type { VerifyCodeService } from './verify-codes';

export const MAX_FAILED_LOGINS = 5;
export const LOCK_S = 15 * 60;

export interface ReferralFields {
  registerVipNo?: string | undefined;
  registerChannel?: string | undefined;
  clacCode?: string | undefined;
  commonCode?: string | undefined;
  groupId?: string | undefined;
  actCode?: string | undefined;
}

export type RegisterInput = ReferralFields & { pwd: string; rePwd: string; verifyCode: string } & (
    { kind: 'email'; email: string } | { kind: 'mobile'; areaCode: string; mobile: string }
  );

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

export function maskEmail(email: string): string {
  const [name = '', domain = ''] = email.split('@');
  const shown = name.slice(0, Math.min(2, Math.max(1, name.length - 1)));
  return `${shown}***@${domain}`;
}

export function maskMobile(mobile: string): string {
  if (mobile.length <= 4) return `${mobile.slice(0, 1)}***`;
  const head = mobile.slice(0, Math.min(3, mobile.length - 4));
  return `${head}****${mobile.slice(-4)}`;
}

export function normaliseAreaCode(areaCode: string): string {
  return areaCode.replace(/^\+/, '');
}

export function userInfoOf(user: UserRow): UserInfo {
  const email = user.email ? maskEmail(user.email) : null;
  const mobile = user.mobile ? maskMobile(user.mobile) : null;
  return {
    userId: user.user_id,
    loginName: email ?? (mobile ? `+${user.area_code ?? ''} ${mobile}` : user.user_id),
    email,
    mobile,
    areaCode: user.area_code,
    referralCode: user.referral_code,
    registerTime: user.created_at,
    vipLevel: 0,
  };
}

export class AccountService {
  constructor(
    private readonly users: UsersRepository,
    private readonly sessionsRepo: SessionsRepository,
    private readonly codes: VerifyCodeService,
    private readonly sessions: SessionService,
    private readonly now: () => number,
  ) {}

  async register(
    input: RegisterInput,
    client: ClientInfo,
  ): Promise<IssuedSession & { userInfo: UserInfo }> {
    if (input.pwd !== input.rePwd) throw appError('PASSWORD_MISMATCH');
    if (passwordRuleFailures(input.pwd).length > 0) throw appError('PASSWORD_WEAK');
    const email = input.kind === 'email' ? input.email.toLowerCase() : null;
    const areaCode = input.kind === 'mobile' ? normaliseAreaCode(input.areaCode) : null;
    const mobile = input.kind === 'mobile' ? input.mobile : null;
    if (email && (await this.users.byEmail(email))) throw appError('EMAIL_TAKEN');
    if (areaCode && mobile && (await this.users.byMobile(areaCode, mobile)))
      throw appError('MOBILE_TAKEN');
    let referrerId: string | null = null;
    if (input.registerVipNo) {
      const referrer = await this.users.byReferralCode(input.registerVipNo);
      if (!referrer) throw appError('REFERRAL_CODE_UNKNOWN');
      referrerId = referrer.id;
    }
    await this.codes.consume(
      email
        ? { channel: 'email', email }
        : { channel: 'sms', areaCode: areaCode ?? '', mobile: mobile ?? '' },
      'register',
      input.verifyCode,
    );
    const user: UserRow = {
      id: newId(),
      user_id: await this.freshPublicId(),
      email,
      mobile,
      area_code: areaCode,
      password_hash: await hashPassword(input.pwd),
      referral_code: await this.freshReferralCode(),
      referrer_user_id: referrerId,
      register_vip_no: input.registerVipNo ?? null,
      register_channel: input.registerChannel ?? null,
      clac_code: input.clacCode ?? null,
      common_code: input.commonCode ?? null,
      group_id: input.groupId ?? null,
      act_code: input.actCode ?? null,
      status: 'active',
      failed_logins: 0,
      locked_until: null,
      created_at: this.now(),
    };
    try {
      await this.users.insert(user);
    } catch (err) {
      // Two registrations racing for one address: the unique index decides.
      if (email && (await this.users.byEmail(email))) throw appError('EMAIL_TAKEN');
      if (areaCode && mobile && (await this.users.byMobile(areaCode, mobile)))
        throw appError('MOBILE_TAKEN');
      throw err;
    }
    const session = await this.sessions.issue(user.id, client);
    return { ...session, userInfo: userInfoOf(user) };
  }

  async login(
    input: { loginName: string; pwd: string; areaCode?: string | undefined },
    client: ClientInfo,
  ): Promise<IssuedSession & { userInfo: UserInfo }> {
    const now = this.now();
    const name = input.loginName.trim();
    const user = name.includes('@')
      ? await this.users.byEmail(name.toLowerCase())
      : input.areaCode
        ? await this.users.byMobile(normaliseAreaCode(input.areaCode), name)
        : undefined;
    if (!user) {
      await verifyPassword(input.pwd, await dummyPasswordHash());
      throw appError('LOGIN_FAILED');
    }
    if (user.locked_until !== null && user.locked_until > now) {
      throw appError('ACCOUNT_LOCKED', { seconds: Math.ceil((user.locked_until - now) / 1000) });
    }
    if (user.status !== 'active') throw appError('ACCOUNT_DISABLED');
    if (!(await verifyPassword(input.pwd, user.password_hash))) {
      const failed = user.failed_logins + 1;
      const locked = failed >= MAX_FAILED_LOGINS;
      await this.users.update(user.id, {
        failed_logins: locked ? 0 : failed,
        locked_until: locked ? now + LOCK_S * 1000 : user.locked_until,
      });
      await this.sessionsRepo.recordLogin({
        id: newId(),
        user_id: user.id,
        ip: client.ip,
        user_agent: client.userAgent,
        success: 0,
        created_at: now,
      });
      if (locked) throw appError('ACCOUNT_LOCKED', { seconds: LOCK_S });
      throw appError('LOGIN_FAILED');
    }
    await this.users.update(user.id, { failed_logins: 0, locked_until: null });
    const session = await this.sessions.issue(user.id, client);
    return { ...session, userInfo: userInfoOf(user) };
  }

  async userInfo(userRowId: string): Promise<UserInfo> {
    const user = await this.users.byId(userRowId);
    if (!user) throw appError('LOGIN_REQUIRED');
    if (user.status !== 'active') throw appError('ACCOUNT_DISABLED');
    return userInfoOf(user);
  }

  private async freshPublicId(): Promise<string> {
    for (;;) {
      const id = newPublicUserId();
      if (!(await this.users.userIdTaken(id))) return id;
    }
  }

  private async freshReferralCode(): Promise<string> {
    for (;;) {
      const code = newReferralCode();
      if (!(await this.users.byReferralCode(code))) return code;
    }
  }
}
