import {
  normaliseEmail,
  passwordRuleFailures,
  type LoginAnswer,
  type LoginVerification,
  type LoginRecord,
  type Page,
  type ReferralFields,
  type ReferralOverview,
  type UserInfo,
} from '@quay/core';
import type { LoginHistoryFilter } from '../../kernel/db/login-history-repository';
import type {
  AccountsRepos as Repositories,
  AccountsStore as Store,
} from './accounts-repositories';
import type { UserRow } from './users-repository';
import { appError } from '../../kernel/app-error';
import { newId, newPublicUserId, newReferralCode } from '../../kernel/ids';
import { LoginThrottle } from './login-throttle';
import { dummyPasswordHash, hashPassword, verifyPassword } from './passwords';
import type { DeviceWatch } from './device-watch';
import type { SecondFactorService } from './second-factor';
import type { ClientInfo, SessionService } from '../../kernel/sessions';
import type { CheckedCode, CodeTarget, VerifyCodeService } from './verify-codes';
import type { PasswordLoginChecks } from './system-login';
import {
  assertMayLogIn,
  recordFailedLogin,
  maskUserId,
  openSession,
  userInfoOf,
  type SessionAnswer,
} from './login-guard';

export type RegisterInput = ReferralFields & { pwd: string; rePwd: string; verifyCode: string } & (
    | { kind: 'email'; email: string }
    | { kind: 'mobile'; areaCode: string; mobile: string }
    // Both at once: verifyCode is the mobile number's code, emailVerifyCode the email's.
    | { kind: 'both'; email: string; emailVerifyCode: string; areaCode: string; mobile: string }
  );

/** Not an scrypt hash, so verifyPassword refuses every password against it. */
export const SYSTEM_PASSWORD_HASH = 'system-account:no-login';

/** How many of an account's latest successful logins tell which addresses it is used from. */
const KNOWN_SOURCE_LOGINS = 200;

/** Invitees listed on the referral page. */
export const MAX_INVITEES_LISTED = 100;

export function normaliseAreaCode(areaCode: string): string {
  return areaCode.replace(/^\+/, '');
}

/**
 * An address as stored (see core's normaliseEmail: lower case, ASCII domain);
 * EMAIL_INVALID for control or invisible characters, a bad domain or length.
 */
export function emailAddress(raw: string): string {
  const address = normaliseEmail(raw);
  if (address === null) throw appError('EMAIL_INVALID');
  return address;
}

export class AccountService {
  constructor(
    private readonly store: Store,
    private readonly codes: VerifyCodeService,
    private readonly sessions: SessionService,
    private readonly now: () => number,
    private readonly secondFactor: SecondFactorService,
    private readonly devices: DeviceWatch | null = null,
    private readonly checks: PasswordLoginChecks | null = null,
  ) {}

  private readonly throttle = new LoginThrottle(() => this.now());

  /**
   * Opens an account with a verified email or mobile number and logs it in.
   * Nothing is written unless everything holds, except a wrong code, which
   * counts against the code's attempts.
   */
  async register(input: RegisterInput, client: ClientInfo): Promise<SessionAnswer> {
    if (input.pwd !== input.rePwd) throw appError('PASSWORD_MISMATCH');
    if (passwordRuleFailures(input.pwd).length > 0) throw appError('PASSWORD_WEAK');
    // Each address with its own code: the email's, the mobile number's.
    const targets: { target: CodeTarget; code: string }[] = [];
    if (input.kind !== 'mobile') {
      const code = input.kind === 'both' ? input.emailVerifyCode : input.verifyCode;
      targets.push({ target: { channel: 'email', email: emailAddress(input.email) }, code });
    }
    if (input.kind !== 'email') {
      const target: CodeTarget = {
        channel: 'sms',
        areaCode: normaliseAreaCode(input.areaCode),
        mobile: input.mobile,
      };
      targets.push({ target, code: input.verifyCode });
    }
    for (const { target } of targets) await this.assertFree(this.store.repos, target);
    let referrerId: string | null = null;
    if (input.registerVipNo !== undefined) {
      const referrer = await this.store.repos.users.byReferralCode(input.registerVipNo);
      if (!referrer) throw appError('REFERRAL_CODE_UNKNOWN');
      referrerId = referrer.id;
    } else if (input.registerChannel !== undefined) {
      // A user's share link carries their referral code as the channel code;
      // any other channel code is a marketing channel, recorded as it is.
      const owner = await this.store.repos.users.byReferralCode(input.registerChannel);
      referrerId = owner?.id ?? null;
    }
    const checked: CheckedCode[] = [];
    for (const { target, code } of targets) {
      checked.push(await this.codes.check(target, 'register', code));
    }
    const emailTarget = targets.find((t) => t.target.channel === 'email')?.target;
    const smsTarget = targets.find((t) => t.target.channel === 'sms')?.target;
    const user: UserRow = {
      id: newId(),
      user_id: await this.freshPublicId(),
      email: emailTarget?.channel === 'email' ? emailTarget.email : null,
      mobile: smsTarget?.channel === 'sms' ? smsTarget.mobile : null,
      area_code: smsTarget?.channel === 'sms' ? smsTarget.areaCode : null,
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
      return await this.openAccount(user, client, async (repos) => {
        for (const code of checked) await this.codes.consume(repos, code);
      });
    } catch (err) {
      // Two registrations racing for one address: the unique index decided.
      for (const { target } of targets) await this.assertFree(this.store.repos, target);
      throw err;
    }
  }

  /**
   * Logs in with an email, or a mobile number (with its area code, or alone
   * when only one account holds it). The answer to a wrong password and to an
   * unknown account is the same. Wrong passwords make their source wait (see
   * login-throttle.ts); five wrong second-factor codes lock the account for
   * LOCK_S. An account with second
   * factors answers a login ticket instead of a session (see SecondFactorService).
   */
  async login(
    input: { loginName: string; pwd: string; areaCode?: string | undefined },
    client: ClientInfo,
    /** A check of the account once its password was found right (the agency login's role). */
    gate: ((user: UserRow) => Promise<void>) | null = null,
  ): Promise<LoginAnswer> {
    const user = await this.checkPassword(input, client);
    await gate?.(user);
    await this.checks?.assertPasswordAllowed(user);
    const systemVerification = await this.checks?.hold(user, client);
    if (systemVerification) return { systemVerification };
    return this.finishLogin(user, client);
  }

  /**
   * A login's last step for an account something proved (a password, a
   * third-party identity): a ticket when it has second factors, else a session.
   */
  async finishLogin(
    user: UserRow,
    client: ClientInfo,
  ): Promise<SessionAnswer | { verification: LoginVerification }> {
    // The failure count is reset only once every factor is through, so a known
    // password does not buy fresh guesses at the second factor.
    const verification = await this.secondFactor.challenge(user);
    if (verification) return { verification };
    const answer = await this.store.transaction((repos) =>
      openSession(repos, this.sessions, user, client),
    );
    await this.devices?.noteLogin(user, client);
    return answer;
  }

  /**
   * The account a login name and password prove, with login's throttling and
   * refusals (the first step of a login, and of binding a third-party identity).
   */
  async checkPassword(
    input: { loginName: string; pwd: string; areaCode?: string | undefined },
    client: ClientInfo,
  ): Promise<UserRow> {
    const now = this.now();
    const user = await this.findLoginUser(input.loginName.trim(), input.areaCode);
    if (!user) {
      // Spend the same time as a real check, so timing does not tell who has an account.
      await verifyPassword(input.pwd, await dummyPasswordHash());
      throw appError('LOGIN_FAILED');
    }
    assertMayLogIn(user, now);
    const source = client.ip ?? 'unknown';
    // The login history is read only while the account is under a spread attack.
    const known = this.throttle.underAttack(user.id) && (await this.knownSource(user.id, client));
    const wait = this.throttle.wait(user.id, source, known);
    if (wait > 0) throw appError('ACCOUNT_LOCKED', { seconds: wait });
    if (!(await verifyPassword(input.pwd, user.password_hash))) {
      const delay = this.throttle.fail(user.id, source);
      await recordFailedLogin(this.store.repos, user, client, now);
      throw delay > 0 ? appError('ACCOUNT_LOCKED', { seconds: delay }) : appError('LOGIN_FAILED');
    }
    this.throttle.succeed(user.id, source);
    return user;
  }

  /** Whether the account has logged in successfully from this address before. */
  private async knownSource(userRowId: string, client: ClientInfo): Promise<boolean> {
    if (client.ip === null) return false;
    const recent = await this.store.repos.loginHistory.page(
      userRowId,
      { begin: null, end: null, success: true },
      0,
      KNOWN_SOURCE_LOGINS,
    );
    return recent.some((entry) => entry.ip === client.ip);
  }

  /**
   * An account the exchange itself trades from (the market simulator's): found
   * by email, or opened active with a password hash no password matches, so
   * nobody can log in as it. Answers its row id.
   */
  async ensureSystemUser(email: string): Promise<string> {
    const address = emailAddress(email);
    const existing = await this.store.repos.users.byEmail(address);
    if (existing) return existing.id;
    const user = await this.newAccountRow(
      { email: address, mobile: null, areaCode: null },
      SYSTEM_PASSWORD_HASH,
    );
    try {
      await this.store.repos.users.insert(user);
      return user.id;
    } catch (err) {
      // Two starts racing for the same account: the unique email decided.
      const winner = await this.store.repos.users.byEmail(address);
      if (winner) return winner.id;
      throw err;
    }
  }

  /**
   * Inserts a new account (after `within`, in the same transaction) and logs
   * it in: a registration's last step.
   */
  async openAccount(
    user: UserRow,
    client: ClientInfo,
    within: (repos: Repositories) => Promise<void>,
  ): Promise<SessionAnswer> {
    const answer = await this.store.transaction(async (repos) => {
      await repos.users.insert(user);
      await within(repos);
      const session = await this.sessions.issue(repos, user.id, client);
      return { ...session, userInfo: userInfoOf(user) };
    });
    await this.devices?.noteRegistration(user.id, client);
    return answer;
  }

  /**
   * A new active account's row with fresh public id and referral code, not
   * inserted: for accounts opened another way (a third-party identity).
   */
  async newAccountRow(
    contact: { email: string | null; mobile: string | null; areaCode: string | null },
    passwordHash: string,
  ): Promise<UserRow> {
    return {
      id: newId(),
      user_id: await this.freshPublicId(),
      email: contact.email,
      mobile: contact.mobile,
      area_code: contact.areaCode,
      password_hash: passwordHash,
      referral_code: await this.freshReferralCode(),
      referrer_user_id: null,
      register_vip_no: null,
      register_channel: null,
      clac_code: null,
      common_code: null,
      group_id: null,
      act_code: null,
      status: 'active',
      failed_logins: 0,
      locked_until: null,
      created_at: this.now(),
    };
  }

  async userInfo(userRowId: string): Promise<UserInfo> {
    const user = await this.store.repos.users.byId(userRowId);
    if (!user) throw appError('LOGIN_REQUIRED');
    if (user.status !== 'active') throw appError('ACCOUNT_DISABLED');
    return userInfoOf(user);
  }

  /** The user's referral code and the accounts it brought in, newest first. */
  async referralOverview(userRowId: string): Promise<ReferralOverview> {
    const repos = this.store.repos;
    const user = await repos.users.byId(userRowId);
    if (!user) throw appError('LOGIN_REQUIRED');
    const [count, invitees] = await Promise.all([
      repos.users.inviteeCount(user.id),
      repos.users.invitees(user.id, MAX_INVITEES_LISTED),
    ]);
    return {
      referralCode: user.referral_code,
      inviteeCount: count,
      invitees: invitees.map((i) => ({
        userId: maskUserId(i.user_id),
        registerTime: i.created_at,
        channel: i.register_channel,
      })),
    };
  }

  /** One page of the user's login attempts, newest first. */
  async loginHistory(
    userRowId: string,
    filter: LoginHistoryFilter,
    pageNo: number,
    pageSize: number,
  ): Promise<Page<LoginRecord>> {
    if (filter.begin !== null && filter.end !== null && filter.begin > filter.end) {
      throw appError('TIME_RANGE_INVALID');
    }
    const repos = this.store.repos;
    const [total, rows] = await Promise.all([
      repos.loginHistory.count(userRowId, filter),
      repos.loginHistory.page(userRowId, filter, (pageNo - 1) * pageSize, pageSize),
    ]);
    return {
      total,
      pageNo,
      pageSize,
      items: rows.map((r) => ({
        id: r.id,
        ip: r.ip,
        userAgent: r.user_agent,
        success: r.success === 1,
        createdAt: r.created_at,
      })),
    };
  }

  private async findLoginUser(
    loginName: string,
    areaCode: string | undefined,
  ): Promise<UserRow | undefined> {
    const users = this.store.repos.users;
    if (loginName.includes('@')) {
      const address = normaliseEmail(loginName);
      return address === null ? undefined : users.byEmail(address);
    }
    if (areaCode !== undefined) return users.byMobile(normaliseAreaCode(areaCode), loginName);
    // Without an area code the number must name exactly one account.
    const holders = await users.byMobileAnyArea(loginName, 2);
    return holders.length === 1 ? holders[0] : undefined;
  }

  private async assertFree(repos: Repositories, target: CodeTarget): Promise<void> {
    if (target.channel === 'email') {
      if (await repos.users.byEmail(target.email)) throw appError('EMAIL_TAKEN');
    } else if (await repos.users.byMobile(target.areaCode, target.mobile)) {
      throw appError('MOBILE_TAKEN');
    }
  }

  private async freshPublicId(): Promise<string> {
    // 9 billion ids: a collision is rare, a second one rarer still.
    for (;;) {
      const id = newPublicUserId();
      if (!(await this.store.repos.users.userIdTaken(id))) return id;
    }
  }

  private async freshReferralCode(): Promise<string> {
    for (;;) {
      const code = newReferralCode();
      if (!(await this.store.repos.users.byReferralCode(code))) return code;
    }
  }
}
