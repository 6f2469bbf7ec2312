import {
  LOGIN_TICKET_TTL_S,
  SECOND_FACTORS,
  type ErrorName,
  type FactorChange,
  type FactorCodes,
  type GoogleSetup,
  type Locale,
  type LoginVerification,
  type SecondFactor,
  type SecondFactorStatus,
  type VerifyPurpose,
} from '@quay/core';
import { generateSecret, generateURI, verify as verifyTotp } from 'otplib';
import type {
  AccountsRepos as Repositories,
  AccountsStore as Store,
} from './accounts-repositories';
import type { UserFactorsRow } from './second-factor-repository';
import type { UserRow } from './users-repository';
import {
  activeUserOf,
  assertMayLogIn,
  countFailedLogin,
  maskEmail,
  maskMobile,
  openSession,
  type SessionAnswer,
} from './login-guard';
import { AppError, appError } from '../../kernel/app-error';
import { newSessionToken, sha256 } from '../../kernel/ids';
import type { ClientInfo, SessionService } from '../../kernel/sessions';
import type { CheckedCode, CodeTarget, VerifyCodeService } from './verify-codes';
import type { DeviceWatch } from './device-watch';

/** How long a new authenticator key waits for its first code. */
export const GOOGLE_SETUP_TTL_S = 600;
/** The name authenticator apps show above the code. */
export const TOTP_ISSUER = 'Quay';
/** One step either side of now: a phone clock a little off still works. */
const TOTP_TOLERANCE_S = 30;

type CodeChannel = 'email' | 'mobile';

/** The factors a login asks for: those turned on, and only where the account has the address. */
export function enabledFactors(row: UserFactorsRow | undefined, user: UserRow): SecondFactor[] {
  if (!row) return [];
  return SECOND_FACTORS.filter((f) =>
    f === 'google'
      ? row.google_secret !== null
      : f === 'email'
        ? row.email_on === 1 && user.email !== null
        : row.mobile_on === 1 && user.mobile !== null,
  );
}

function targetOf(user: UserRow, channel: CodeChannel): CodeTarget {
  if (channel === 'email') {
    if (user.email === null) throw appError('FACTOR_UNAVAILABLE');
    return { channel: 'email', email: user.email };
  }
  if (user.mobile === null || user.area_code === null) throw appError('FACTOR_UNAVAILABLE');
  return { channel: 'sms', areaCode: user.area_code, mobile: user.mobile };
}

/** Codes found right, spent together with the change they allow. */
export interface Confirmed {
  codes: CheckedCode[];
  /** The TOTP step the current authenticator's code matched. */
  googleStep: number | null;
  /** The TOTP step the new authenticator's code matched. */
  newGoogleStep: number | null;
}

/**
 * Second factors: Google Authenticator (TOTP, otplib) and codes by mail or
 * text. A login with a right password on an account with factors gets a
 * single-use ticket (LOGIN_TICKET_TTL_S); verify-login trades it with every
 * factor's code for a session. Each change of factors is confirmed with the
 * codes of every factor on at the time. Wrong codes count towards the
 * account's login lockout.
 */
export class SecondFactorService {
  constructor(
    private readonly store: Store,
    private readonly codes: VerifyCodeService,
    private readonly sessions: SessionService,
    private readonly now: () => number,
    private readonly devices: DeviceWatch | null = null,
  ) {}

  /** A login ticket when the user has factors, else null (the password alone logs in). */
  async challenge(user: UserRow): Promise<LoginVerification | null> {
    const now = this.now();
    const repos = this.store.repos;
    const factors = enabledFactors(await repos.secondFactor.factorsOf(user.id), user);
    if (factors.length === 0) return null;
    const ticket = newSessionToken();
    const expiresAt = now + LOGIN_TICKET_TTL_S * 1000;
    await this.store.transaction(async (tx) => {
      await tx.secondFactor.deleteExpiredTickets(now);
      await tx.secondFactor.insertTicket({
        ticket_hash: sha256(ticket),
        user_id: user.id,
        created_at: now,
        expires_at: expiresAt,
        consumed_at: null,
      });
    });
    return {
      ticket,
      expiresAt,
      factors,
      email: factors.includes('email') && user.email ? maskEmail(user.email) : null,
      mobile: factors.includes('mobile') && user.mobile ? maskMobile(user.mobile) : null,
    };
  }

  /** Sends the login code of a ticket's account by mail or text. */
  async sendLoginCode(
    ticket: string,
    channel: CodeChannel,
    locale: Locale,
  ): Promise<{ expireSeconds: number; resendSeconds: number }> {
    const user = await this.ticketUser(ticket);
    const row = await this.store.repos.secondFactor.factorsOf(user.id);
    if (!enabledFactors(row, user).includes(channel)) throw appError('FACTOR_NOT_ENABLED');
    return this.codes.send(targetOf(user, channel), 'login', locale);
  }

  /** Trades a ticket and the codes of every factor on for a session; the ticket is spent. */
  async verifyLogin(
    ticket: string,
    codes: FactorCodes,
    client: ClientInfo,
    /** A check of the ticket's account before its codes (the agency login's role). */
    gate: ((user: UserRow) => Promise<void>) | null = null,
  ): Promise<SessionAnswer> {
    const now = this.now();
    const user = await this.ticketUser(ticket);
    await gate?.(user);
    assertMayLogIn(user, now);
    const row = await this.store.repos.secondFactor.factorsOf(user.id);
    const factors = enabledFactors(row, user);
    const confirmed = await this.confirm(user, row, factors, codes, 'login', client, true);
    const answer = await this.store.transaction(async (repos) => {
      if (!(await repos.secondFactor.consumeTicket(sha256(ticket), now))) {
        throw appError('LOGIN_TICKET_INVALID');
      }
      await this.spend(repos, user.id, confirmed);
      return openSession(repos, this.sessions, user, client);
    });
    await this.devices?.noteLogin(user, client);
    return answer;
  }

  async status(userRowId: string): Promise<SecondFactorStatus> {
    const user = await this.activeUser(userRowId);
    const factors = enabledFactors(await this.store.repos.secondFactor.factorsOf(user.id), user);
    return {
      google: factors.includes('google'),
      email: factors.includes('email'),
      mobile: factors.includes('mobile'),
      maskedEmail: user.email ? maskEmail(user.email) : null,
      maskedMobile: user.mobile ? maskMobile(user.mobile) : null,
    };
  }

  /** Sends a code for a change of factors to the user's own email or mobile. */
  async sendSecurityCode(
    userRowId: string,
    channel: CodeChannel,
    locale: Locale,
  ): Promise<{ expireSeconds: number; resendSeconds: number }> {
    const user = await this.activeUser(userRowId);
    return this.codes.send(targetOf(user, channel), 'bind', locale);
  }

  /**
   * A new authenticator key, kept as pending until a first code confirms it
   * through `modify`. The key is answered here only; asking again replaces it.
   */
  async beginGoogleSetup(userRowId: string): Promise<GoogleSetup> {
    const now = this.now();
    const user = await this.activeUser(userRowId);
    const secret = generateSecret();
    const expiresAt = now + GOOGLE_SETUP_TTL_S * 1000;
    await this.store.repos.secondFactor.saveFactors(user.id, {
      google_pending_secret: secret,
      google_pending_expires_at: expiresAt,
      updated_at: now,
    });
    const label =
      user.email ?? (user.mobile ? `+${user.area_code ?? ''} ${user.mobile}` : user.user_id);
    return { secret, otpauthUri: generateURI({ issuer: TOTP_ISSUER, label, secret }), expiresAt };
  }

  /** Turns one factor on or off (or binds a new authenticator), confirmed by every factor on now. */
  async modify(
    userRowId: string,
    change: FactorChange,
    client: ClientInfo,
  ): Promise<SecondFactorStatus> {
    const now = this.now();
    const user = await this.activeUser(userRowId);
    assertMayLogIn(user, now);
    const row = await this.store.repos.secondFactor.factorsOf(user.id);
    const current = enabledFactors(row, user);
    const required = new Set<SecondFactor>(current);
    let newSecret: string | null = null;
    if (change.factor === 'google') {
      if (change.enable) {
        const pending = row?.google_pending_secret ?? null;
        const pendingUntil = row?.google_pending_expires_at ?? 0;
        if (pending === null || pendingUntil <= now) throw appError('GOOGLE_SETUP_MISSING');
        if (change.newGoogleCode === undefined) throw appError('FACTOR_CODE_MISSING');
        newSecret = pending;
      } else if (!current.includes('google')) {
        throw appError('FACTOR_NOT_ENABLED');
      }
    } else if (change.enable) {
      targetOf(user, change.factor);
      if (current.includes(change.factor)) throw appError('FACTOR_ALREADY_ENABLED');
      // A code to the address proves it reaches the user before logins depend on it.
      required.add(change.factor);
    } else if (!current.includes(change.factor)) {
      throw appError('FACTOR_NOT_ENABLED');
    }
    const confirmed = await this.confirm(
      user,
      row,
      [...required],
      change,
      'bind',
      client,
      false,
      newSecret === null ? null : { secret: newSecret, code: change.newGoogleCode ?? '' },
    );
    await this.store.transaction(async (repos) => {
      await this.spend(repos, user.id, confirmed);
      if (change.factor === 'google') {
        await repos.secondFactor.saveFactors(user.id, {
          google_secret: change.enable ? newSecret : null,
          google_last_step: change.enable ? confirmed.newGoogleStep : null,
          google_pending_secret: null,
          google_pending_expires_at: null,
          updated_at: now,
        });
      } else {
        await repos.secondFactor.saveFactors(user.id, {
          [change.factor === 'email' ? 'email_on' : 'mobile_on']: change.enable ? 1 : 0,
          updated_at: now,
        });
      }
    });
    return this.status(user.id);
  }

  /**
   * The second factor of a security change (password, anti-phishing code,
   * freezing): the codes of every factor on, or, when none is on, a code
   * sent to the account's own email (else mobile) through
   * /v1/user/security/send-code. Wrong codes count towards the lockout; spend
   * the answer with `spendConfirmed` in the change's transaction.
   */
  async confirmChange(user: UserRow, codes: FactorCodes, client: ClientInfo): Promise<Confirmed> {
    const row = await this.store.repos.secondFactor.factorsOf(user.id);
    const on = enabledFactors(row, user);
    const required: SecondFactor[] =
      on.length > 0 ? on : [user.email !== null ? 'email' : 'mobile'];
    return this.confirm(user, row, required, codes, 'bind', client, false);
  }

  /**
   * The factors a password reset asks for besides the mailed reset code: the
   * authenticator when bound, the mobile code when that factor is on.
   */
  async resetFactors(user: UserRow): Promise<SecondFactor[]> {
    const row = await this.store.repos.secondFactor.factorsOf(user.id);
    return enabledFactors(row, user).filter((f) => f !== 'email');
  }

  /** Sends the mobile code of a password reset to the account's own number. */
  async sendResetMobileCode(
    user: UserRow,
    locale: Locale,
  ): Promise<{ expireSeconds: number; resendSeconds: number }> {
    if (!(await this.resetFactors(user)).includes('mobile')) throw appError('FACTOR_NOT_ENABLED');
    return this.codes.send(targetOf(user, 'mobile'), 'reset_password', locale);
  }

  /** Checks the reset factors' codes (mobile codes sent for reset_password). */
  async confirmReset(user: UserRow, codes: FactorCodes, client: ClientInfo): Promise<Confirmed> {
    const row = await this.store.repos.secondFactor.factorsOf(user.id);
    const required = enabledFactors(row, user).filter((f) => f !== 'email');
    return this.confirm(user, row, required, codes, 'reset_password', client, false);
  }

  /** Spends what confirmChange or confirmReset found right, inside the change's transaction. */
  spendConfirmed(repos: Repositories, userId: string, confirmed: Confirmed): Promise<void> {
    return this.spend(repos, userId, confirmed);
  }

  /**
   * Confirms a sensitive change of another product line (an API key, say)
   * with the codes of every factor on, and spends them. False when the user
   * has no factor on: nothing was checked, and the caller decides.
   */
  async confirmProductChange(
    userRowId: string,
    codes: FactorCodes,
    client: ClientInfo,
  ): Promise<boolean> {
    const user = await this.activeUser(userRowId);
    assertMayLogIn(user, this.now());
    const row = await this.store.repos.secondFactor.factorsOf(user.id);
    const factors = enabledFactors(row, user);
    if (factors.length === 0) return false;
    const confirmed = await this.confirm(user, row, factors, codes, 'bind', client, false);
    await this.store.transaction((repos) => this.spend(repos, user.id, confirmed));
    return true;
  }

  /**
   * Checks the code of every required factor (and of a new authenticator).
   * A missing code is refused before anything counts; any wrong code counts
   * once against the account's lockout.
   */
  private async confirm(
    user: UserRow,
    row: UserFactorsRow | undefined,
    required: SecondFactor[],
    codes: FactorCodes,
    purpose: VerifyPurpose,
    client: ClientInfo,
    isLogin: boolean,
    newGoogle: { secret: string; code: string } | null = null,
  ): Promise<Confirmed> {
    const now = this.now();
    const codeOf = { google: codes.googleCode, email: codes.emailCode, mobile: codes.mobileCode };
    if (required.some((f) => codeOf[f] === undefined)) throw appError('FACTOR_CODE_MISSING');
    const confirmed: Confirmed = { codes: [], googleStep: null, newGoogleStep: null };
    let wrong: ErrorName | null = null;
    for (const factor of required) {
      const code = codeOf[factor] ?? '';
      if (factor === 'google') {
        const step = await totpStep(row?.google_secret ?? '', code, now, row?.google_last_step);
        if (step === null) wrong ??= 'GOOGLE_CODE_INVALID';
        confirmed.googleStep = step;
        continue;
      }
      try {
        confirmed.codes.push(await this.codes.check(targetOf(user, factor), purpose, code));
      } catch (err) {
        if (!(err instanceof AppError) || err.errorName !== 'VERIFY_CODE_INVALID') throw err;
        wrong ??= 'VERIFY_CODE_INVALID';
      }
    }
    if (newGoogle) {
      confirmed.newGoogleStep = await totpStep(newGoogle.secret, newGoogle.code, now, null);
      if (confirmed.newGoogleStep === null) wrong ??= 'GOOGLE_CODE_INVALID';
    }
    if (wrong !== null) return countFailedLogin(this.store, user, client, now, wrong, isLogin);
    return confirmed;
  }

  /** Spends confirmed codes inside the change's transaction; a parallel use of one loses. */
  private async spend(repos: Repositories, userId: string, confirmed: Confirmed): Promise<void> {
    for (const checked of confirmed.codes) await this.codes.consume(repos, checked);
    if (
      confirmed.googleStep !== null &&
      !(await repos.secondFactor.advanceGoogleStep(userId, confirmed.googleStep))
    ) {
      throw appError('GOOGLE_CODE_INVALID');
    }
  }

  private async ticketUser(ticket: string): Promise<UserRow> {
    const repos = this.store.repos;
    const row = await repos.secondFactor.ticket(sha256(ticket));
    if (!row || row.consumed_at !== null || row.expires_at <= this.now()) {
      throw appError('LOGIN_TICKET_INVALID');
    }
    const user = await repos.users.byId(row.user_id);
    if (!user) throw appError('LOGIN_TICKET_INVALID');
    return user;
  }

  private activeUser(userRowId: string): Promise<UserRow> {
    return activeUserOf(this.store, userRowId);
  }
}

/**
 * The TOTP step a code matches (now, or one step either side), or null. A
 * step at or before `lastStep` was used already: refused, so a code seen
 * over someone's shoulder cannot be replayed.
 */
async function totpStep(
  secret: string,
  code: string,
  now_ms: number,
  lastStep: number | null | undefined,
): Promise<number | null> {
  if (secret === '' || !/^[0-9]{6}$/.test(code)) return null;
  const result = await verifyTotp({
    secret,
    token: code,
    epoch: Math.floor(now_ms / 1000),
    epochTolerance: TOTP_TOLERANCE_S,
    ...(lastStep !== null && lastStep !== undefined ? { afterTimeStep: Number(lastStep) } : {}),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}
