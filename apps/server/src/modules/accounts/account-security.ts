/**
 * Account security (/account/setting): change and reset the password, the
 * anti-phishing code every mail shows, the account's sessions, and freezing
 * by its owner. Every change is confirmed by the second factor; a password
 * change ends every other session at once, a reset ends them all and holds
 * withdrawals for WITHDRAW_HOLD_AFTER_RESET_S.
 */
import {
  WITHDRAW_HOLD_AFTER_RESET_S,
  parseUserAgent,
  passwordRuleFailures,
  type AccountSession,
  type AntiPhishingChange,
  type FreezeRequest,
  type Locale,
  type PasswordChange,
  type PasswordReset,
  type ResetRequirements,
  type SecurityOverview,
} from '@quay/core';
import type { AccountsStore as Store } from './accounts-repositories';
import type { UserRow } from './users-repository';
import { appError } from '../../kernel/app-error';
import type { Mailer } from '../../kernel/mailer';
import { serverMessage, type MessageParams } from '../../kernel/messages';
import type { MessageName } from '../../kernel/messages/names';
import {
  sessionPublicId,
  type ClientInfo,
  type SessionService,
  type SessionUser,
} from '../../kernel/sessions';
import { emailAddress } from './accounts';
import { mailTime } from './device-watch';
import { activeUserOf, assertMayLogIn, countFailedLogin, maskMobile } from './login-guard';
import { hashPassword, isLoginPassword, verifyPassword } from './passwords';
import type { SecondFactorService } from './second-factor';
import type { VerifyCodeService } from './verify-codes';

export class AccountSecurityService {
  constructor(
    private readonly store: Store,
    private readonly sessions: SessionService,
    private readonly secondFactor: SecondFactorService,
    private readonly codes: VerifyCodeService,
    private readonly mailer: Mailer,
    private readonly now: () => number,
  ) {}

  async overview(userRowId: string): Promise<SecurityOverview> {
    const user = await this.activeUser(userRowId);
    const settings = await this.store.repos.accountSecurity.settingsOf(user.id);
    const hold = settings?.withdraw_hold_until ?? null;
    return {
      passwordChangedAt: settings?.password_changed_at ?? null,
      antiPhishingCode: settings?.anti_phishing_code ?? null,
      withdrawHeldUntil: hold !== null && hold > this.now() ? hold : null,
      sessionCount: (await this.sessions.activeOf(user.id)).length,
    };
  }

  /**
   * A new password, given the old one and the second factor. Every other
   * session ends at once (their cookies fail, their sockets are signed out);
   * this one stays.
   */
  async changePassword(
    session: SessionUser,
    input: PasswordChange,
    client: ClientInfo,
  ): Promise<void> {
    const now = this.now();
    const user = await this.activeUser(session.userRowId);
    assertMayLogIn(user, now);
    assertNewPassword(input.pwd, input.rePwd);
    if (!(await verifyPassword(input.oldPwd, user.password_hash))) {
      return countFailedLogin(this.store, user, client, now, 'PASSWORD_OLD_WRONG', false);
    }
    if (input.pwd === input.oldPwd) throw appError('PASSWORD_UNCHANGED');
    const confirmed = await this.secondFactor.confirmChange(user, input, client);
    const hash = await hashPassword(input.pwd);
    const ended = await this.store.transaction(async (repos) => {
      await this.secondFactor.spendConfirmed(repos, user.id, confirmed);
      await repos.users.update(user.id, { password_hash: hash });
      await repos.accountSecurity.save(user.id, { password_changed_at: now, updated_at: now });
      return this.sessions.revokeAllIn(repos, user.id, session.tokenHash);
    });
    await this.sessions.ended(ended);
    await this.notify(user, client.locale, 'MAIL_PASSWORD_CHANGED', { time: mailTime(now) });
  }

  /**
   * What a reset of this account asks for besides the mailed code. The code
   * is checked (a wrong one counts) but not spent.
   */
  async resetRequirements(email: string, verifyCode: string): Promise<ResetRequirements> {
    const user = await this.resetUser(email, verifyCode);
    const factors = await this.secondFactor.resetFactors(user);
    return {
      factors,
      mobile: factors.includes('mobile') && user.mobile ? maskMobile(user.mobile) : null,
    };
  }

  async sendResetMobileCode(
    email: string,
    verifyCode: string,
    locale: Locale,
  ): Promise<{ expireSeconds: number; resendSeconds: number }> {
    const user = await this.resetUser(email, verifyCode);
    return this.secondFactor.sendResetMobileCode(user, locale);
  }

  /**
   * A forgotten password: the code mailed for reset_password and the codes of
   * the bound factors. Every session ends and withdrawals wait 24 hours.
   */
  async resetPassword(
    input: PasswordReset,
    client: ClientInfo,
  ): Promise<{ withdrawHeldUntil: number }> {
    const now = this.now();
    assertNewPassword(input.pwd, input.rePwd);
    const address = emailAddress(input.email);
    const checked = await this.codes.check(
      { channel: 'email', email: address },
      'reset_password',
      input.verifyCode,
    );
    const user = await this.store.repos.users.byEmail(address);
    // A code goes to any address; one without an account (or without a
    // password to log in with: a sub-account's) has nothing to reset.
    if (!user || !isLoginPassword(user.password_hash)) throw appError('VERIFY_CODE_INVALID');
    if (user.status === 'frozen') throw appError('ACCOUNT_FROZEN');
    if (user.status !== 'active') throw appError('ACCOUNT_DISABLED');
    const confirmed = await this.secondFactor.confirmReset(user, input, client);
    const hash = await hashPassword(input.pwd);
    const holdUntil = now + WITHDRAW_HOLD_AFTER_RESET_S * 1000;
    const ended = await this.store.transaction(async (repos) => {
      await this.codes.consume(repos, checked);
      await this.secondFactor.spendConfirmed(repos, user.id, confirmed);
      await repos.users.update(user.id, { password_hash: hash });
      await repos.accountSecurity.save(user.id, {
        password_changed_at: now,
        withdraw_hold_until: holdUntil,
        updated_at: now,
      });
      return this.sessions.revokeAllIn(repos, user.id, null);
    });
    await this.sessions.ended(ended);
    await this.notify(user, client.locale, 'MAIL_PASSWORD_RESET', {
      time: mailTime(now),
      until: mailTime(holdUntil),
    });
    return { withdrawHeldUntil: holdUntil };
  }

  /** Sets or replaces the anti-phishing code; every mail from now on opens with it. */
  async setAntiPhishingCode(
    userRowId: string,
    change: AntiPhishingChange,
    client: ClientInfo,
  ): Promise<SecurityOverview> {
    const now = this.now();
    const user = await this.activeUser(userRowId);
    assertMayLogIn(user, now);
    const confirmed = await this.secondFactor.confirmChange(user, change, client);
    await this.store.transaction(async (repos) => {
      await this.secondFactor.spendConfirmed(repos, user.id, confirmed);
      await repos.accountSecurity.save(user.id, {
        anti_phishing_code: change.code,
        updated_at: now,
      });
    });
    return this.overview(user.id);
  }

  /** The code mails to this address open with, or null (the mailer asks for every mail). */
  async antiPhishingCodeFor(address: string): Promise<string | null> {
    return this.store.repos.accountSecurity.antiPhishingCodeByEmail(address);
  }

  /** When withdrawals are allowed again (after a password reset), or null when they are. */
  async withdrawalHeldUntil(userRowId: string): Promise<number | null> {
    const settings = await this.store.repos.accountSecurity.settingsOf(userRowId);
    const hold = settings?.withdraw_hold_until ?? null;
    return hold !== null && hold > this.now() ? hold : null;
  }

  /** Refuses a withdrawal while the account is held after a password reset. */
  async assertMayWithdraw(userRowId: string): Promise<void> {
    const until = await this.withdrawalHeldUntil(userRowId);
    if (until !== null) throw appError('WITHDRAW_HELD', { until: mailTime(until) });
  }

  /** The account's live sessions, this one marked current, newest first. */
  async sessionsOf(session: SessionUser): Promise<AccountSession[]> {
    const rows = await this.sessions.activeOf(session.userRowId);
    return rows.map((row) => ({
      id: sessionPublicId(row.token_hash),
      ip: row.ip,
      // No location database ships with Quay: the address is shown, the place is unknown.
      place: null,
      userAgent: row.user_agent,
      ...parseUserAgent(row.user_agent),
      firstSeenAt: row.created_at,
      lastSeenAt: row.last_seen_at ?? row.created_at,
      expiresAt: row.expires_at,
      current: row.token_hash === session.tokenHash,
    }));
  }

  /** Ends one other session of the account at once. */
  async revokeSession(session: SessionUser, id: string): Promise<void> {
    const rows = await this.sessions.activeOf(session.userRowId);
    const row = rows.find((r) => sessionPublicId(r.token_hash) === id);
    if (!row) throw appError('ACCOUNT_SESSION_NOT_FOUND');
    if (row.token_hash === session.tokenHash) throw appError('ACCOUNT_SESSION_CURRENT');
    await this.sessions.revokeHash(row.token_hash);
  }

  /** Ends every session of the account but this one; answers how many ended. */
  async revokeOtherSessions(session: SessionUser): Promise<{ ended: number }> {
    return { ended: await this.sessions.revokeAllOf(session.userRowId, session.tokenHash) };
  }

  /**
   * The owner freezes the account (a stolen password, a lost phone): with the
   * password or the second factor. Every session ends, logins are refused, and
   * only the operator unfreezes it (`npm run quay -- user unfreeze <email>`).
   */
  async freeze(userRowId: string, request: FreezeRequest, client: ClientInfo): Promise<void> {
    const now = this.now();
    const user = await this.activeUser(userRowId);
    let confirmed = null;
    if (request.pwd !== undefined) {
      if (!(await verifyPassword(request.pwd, user.password_hash))) {
        return countFailedLogin(this.store, user, client, now, 'PASSWORD_OLD_WRONG', false);
      }
    } else {
      confirmed = await this.secondFactor.confirmChange(user, request, client);
    }
    const ended = await this.store.transaction(async (repos) => {
      if (confirmed) await this.secondFactor.spendConfirmed(repos, user.id, confirmed);
      await repos.users.update(user.id, { status: 'frozen' });
      await repos.accountSecurity.save(user.id, { frozen_at: now, updated_at: now });
      return this.sessions.revokeAllIn(repos, user.id, null);
    });
    await this.sessions.ended(ended);
    await this.notify(user, client.locale, 'MAIL_FROZEN', { time: mailTime(now) });
  }

  private async resetUser(email: string, verifyCode: string): Promise<UserRow> {
    const address = emailAddress(email);
    await this.codes.check({ channel: 'email', email: address }, 'reset_password', verifyCode);
    const user = await this.store.repos.users.byEmail(address);
    if (!user || !isLoginPassword(user.password_hash)) throw appError('VERIFY_CODE_INVALID');
    if (user.status === 'frozen') throw appError('ACCOUNT_FROZEN');
    return user;
  }

  private activeUser(userRowId: string): Promise<UserRow> {
    return activeUserOf(this.store, userRowId);
  }

  /** Tells the owner by mail; a mail that cannot go out does not undo the change. */
  private async notify(
    user: UserRow,
    locale: Locale | undefined,
    kind: 'MAIL_PASSWORD_CHANGED' | 'MAIL_PASSWORD_RESET' | 'MAIL_FROZEN',
    params: MessageParams,
  ): Promise<void> {
    if (user.email === null) return;
    const lang = locale ?? 'en';
    try {
      await this.mailer.send({
        channel: 'email',
        to: user.email,
        locale: lang,
        subject: serverMessage(`${kind}_SUBJECT` as MessageName, lang),
        text: serverMessage(`${kind}_BODY` as MessageName, lang, params),
      });
    } catch {
      // The change is made; the security page and login history show it.
    }
  }
}

function assertNewPassword(pwd: string, rePwd: string): void {
  if (pwd !== rePwd) throw appError('PASSWORD_MISMATCH');
  if (passwordRuleFailures(pwd).length > 0) throw appError('PASSWORD_WEAK');
}

/** The operator's unfreeze (the command line): the account may log in again. */
export async function unfreezeAccount(store: Store, email: string, now: number): Promise<boolean> {
  const user = await store.repos.users.byEmail(emailAddress(email));
  if (!user || user.status !== 'frozen') return false;
  await store.transaction(async (repos) => {
    await repos.users.update(user.id, { status: 'active', failed_logins: 0, locked_until: null });
    await repos.accountSecurity.save(user.id, { frozen_at: null, updated_at: now });
  });
  return true;
}
