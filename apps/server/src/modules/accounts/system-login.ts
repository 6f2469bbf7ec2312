/**
 * Confirming a login from a new device (/v1/user/login/verifySystemLogin):
 * an account whose owner turned the check on (login options) and whose
 * password was right from a device it has not used gets a ticket instead of
 * the next step, and a code by mail (by text when it has no email). The code
 * with the ticket, from the same device, lets the login go on: to the
 * second factors when the account has them, else to a session. The device
 * is known from its first session on. Password-free accounts refuse the
 * password here too (PASSWORD_LOGIN_OFF, told only after a right password).
 */
import {
  SYSTEM_LOGIN_TTL_S,
  type SystemLoginAnswer,
  type SystemLoginVerification,
} from '@quay/core';
import type { AccountsStore as Store } from './accounts-repositories';
import type { UserRow } from './users-repository';
import { AppError, appError } from '../../kernel/app-error';
import { newSessionToken, sha256 } from '../../kernel/ids';
import type { ClientInfo, SessionService } from '../../kernel/sessions';
import { deviceHashOf, type DeviceWatch } from './device-watch';
import {
  assertMayLogIn,
  countFailedLogin,
  maskEmail,
  maskMobile,
  openSession,
} from './login-guard';
import type { SecondFactorService } from './second-factor';
import type { CodeTarget, VerifyCodeService } from './verify-codes';

/** What a password login asks of the checks after the password was found right. */
export interface PasswordLoginChecks {
  /** Refuses a password-free account. */
  assertPasswordAllowed(user: UserRow): Promise<void>;
  /** A ticket when the login must be confirmed from a new device, else null. */
  hold(user: UserRow, client: ClientInfo): Promise<SystemLoginVerification | null>;
}

function codeTarget(user: UserRow, channel: 'email' | 'mobile'): CodeTarget {
  if (channel === 'email' && user.email !== null) return { channel: 'email', email: user.email };
  if (user.mobile === null || user.area_code === null) throw appError('FACTOR_UNAVAILABLE');
  return { channel: 'sms', areaCode: user.area_code, mobile: user.mobile };
}

export class SystemLoginService implements PasswordLoginChecks {
  constructor(
    private readonly store: Store,
    private readonly codes: VerifyCodeService,
    private readonly sessions: SessionService,
    private readonly secondFactor: SecondFactorService,
    private readonly now: () => number,
    private readonly devices: DeviceWatch | null = null,
  ) {}

  async assertPasswordAllowed(user: UserRow): Promise<void> {
    const options = await this.store.repos.loginChecks.options(user.id);
    if (options?.no_pwd === 1) throw appError('PASSWORD_LOGIN_OFF');
  }

  async hold(user: UserRow, client: ClientInfo): Promise<SystemLoginVerification | null> {
    const repos = this.store.repos;
    const options = await repos.loginChecks.options(user.id);
    if (options?.system_login_check !== 1) return null;
    const deviceHash = deviceHashOf(client);
    if (await repos.loginChecks.knowsDevice(user.id, deviceHash)) return null;
    const now = this.now();
    const channel = user.email !== null ? 'email' : 'mobile';
    const ticket = newSessionToken();
    const expiresAt = now + SYSTEM_LOGIN_TTL_S * 1000;
    await this.store.transaction(async (tx) => {
      await tx.loginChecks.deleteTicketsBefore(now);
      await tx.loginChecks.insertTicket({
        ticket_hash: sha256(ticket),
        user_id: user.id,
        device_hash: deviceHash,
        channel,
        created_at: now,
        expires_at: expiresAt,
        consumed_at: null,
      });
    });
    try {
      await this.codes.send(codeTarget(user, channel), 'system_login', client.locale ?? 'en');
    } catch (err) {
      // A login again within the resend wait: the code sent a moment ago still counts.
      if (!(err instanceof AppError && err.errorName === 'VERIFY_CODE_TOO_FREQUENT')) throw err;
    }
    const target =
      channel === 'email' ? maskEmail(user.email ?? '') : maskMobile(user.mobile ?? '');
    return { ticket, expiresAt, channel, target };
  }

  /**
   * Trades the ticket and its code, from the device it was issued to, for
   * the next step of the login. A wrong code counts towards the account's
   * lockout, as a wrong second-factor code does.
   */
  async verify(ticket: string, code: string, client: ClientInfo): Promise<SystemLoginAnswer> {
    const now = this.now();
    const repos = this.store.repos;
    const hash = sha256(ticket);
    const row = await repos.loginChecks.ticket(hash);
    if (
      !row ||
      row.consumed_at !== null ||
      row.expires_at <= now ||
      row.device_hash !== deviceHashOf(client)
    ) {
      throw appError('SYSTEM_LOGIN_TICKET_INVALID');
    }
    const user = await repos.users.byId(row.user_id);
    if (!user) throw appError('SYSTEM_LOGIN_TICKET_INVALID');
    assertMayLogIn(user, now);
    const target = codeTarget(user, row.channel === 'email' ? 'email' : 'mobile');
    let checked;
    try {
      checked = await this.codes.check(target, 'system_login', code);
    } catch (err) {
      if (!(err instanceof AppError && err.errorName === 'VERIFY_CODE_INVALID')) throw err;
      return countFailedLogin(this.store, user, client, now, 'VERIFY_CODE_INVALID');
    }
    await this.store.transaction(async (tx) => {
      if (!(await tx.loginChecks.consumeTicket(hash, now))) {
        throw appError('SYSTEM_LOGIN_TICKET_INVALID');
      }
      await this.codes.consume(tx, checked);
    });
    const verification = await this.secondFactor.challenge(user);
    if (verification) return { verification };
    const answer = await this.store.transaction((tx) =>
      openSession(tx, this.sessions, user, client),
    );
    await this.devices?.noteLogin(user, client);
    return answer;
  }
}
