import type { Locale, VerifyPurpose } from '@quay/core';
import type {
  AccountsRepos as Repositories,
  AccountsStore as Store,
} from './accounts-repositories';
import { appError } from '../../kernel/app-error';
import { serverMessage } from '../../kernel/messages';
import { newId, newVerifyCode, sha256 } from '../../kernel/ids';
import type { Mailer } from '../../kernel/mailer';

export const CODE_TTL_S = 600;
export const CODE_MAX_ATTEMPTS = 5;

/**
 * What a code is for: the purposes a client may ask a code for by bizType,
 * and the new-device login code, which only a login's right password sends.
 */
export type CodePurpose = VerifyPurpose | 'system_login';

export type CodeTarget =
  { channel: 'email'; email: string } | { channel: 'sms'; areaCode: string; mobile: string };

/** How a target is keyed in the store and addressed in the outbox: the email, or `+areaCode mobile`. */
export function targetKey(target: CodeTarget): string {
  return target.channel === 'email' ? target.email : `+${target.areaCode} ${target.mobile}`;
}

/** The code is bound to its target and purpose, so a code sent for one cannot serve another. */
function codeHash(key: string, purpose: CodePurpose, code: string): string {
  return sha256(`${key}:${purpose}:${code}`);
}

/** A code that matched and may be consumed inside the caller's transaction. */
export interface CheckedCode {
  id: string;
}

export class VerifyCodeService {
  constructor(
    private readonly store: Store,
    private readonly mailer: Mailer,
    private readonly options: { resend_s: number; now: () => number },
  ) {}

  /**
   * Creates a 6-digit code for the target and delivers it in the caller's
   * language. For registration the address must be free; a second code waits
   * out the resend window.
   */
  async send(
    target: CodeTarget,
    purpose: CodePurpose,
    locale: Locale,
  ): Promise<{ expireSeconds: number; resendSeconds: number }> {
    const now = this.options.now();
    const key = targetKey(target);
    const code = newVerifyCode();
    const id = newId();
    await this.store.transaction(async (repos) => {
      if (purpose === 'register') {
        const existing =
          target.channel === 'email'
            ? await repos.users.byEmail(target.email)
            : await repos.users.byMobile(target.areaCode, target.mobile);
        if (existing) throw appError(target.channel === 'email' ? 'EMAIL_TAKEN' : 'MOBILE_TAKEN');
      }
      const last = await repos.verifyCodes.latest(key, purpose);
      const wait_ms = last ? last.created_at + this.options.resend_s * 1000 - now : 0;
      if (wait_ms > 0) {
        throw appError('VERIFY_CODE_TOO_FREQUENT', { seconds: Math.ceil(wait_ms / 1000) });
      }
      await repos.verifyCodes.insert({
        id,
        channel: target.channel,
        target: key,
        purpose,
        code_hash: codeHash(key, purpose, code),
        expires_at: now + CODE_TTL_S * 1000,
        attempts: 0,
        consumed_at: null,
        created_at: now,
      });
    });
    const params = { code, minutes: CODE_TTL_S / 60 };
    try {
      await this.mailer.send({
        channel: target.channel,
        to: key,
        locale,
        subject: serverMessage('MAIL_VERIFY_SUBJECT', locale, params),
        text: serverMessage(
          target.channel === 'email' ? 'MAIL_VERIFY_BODY' : 'SMS_VERIFY_BODY',
          locale,
          params,
        ),
      });
    } catch (err) {
      // Undelivered: forget the code, so the user may ask again at once.
      await this.store.repos.verifyCodes.delete(id);
      throw err;
    }
    return { expireSeconds: CODE_TTL_S, resendSeconds: this.options.resend_s };
  }

  /**
   * Checks a code against the newest one sent to the target for the purpose.
   * A wrong guess is counted at once (it must stick even though the request
   * fails); after CODE_MAX_ATTEMPTS the code is dead. Consuming it is left to
   * the caller's transaction, so a request that fails later keeps the code.
   */
  async check(target: CodeTarget, purpose: CodePurpose, code: string): Promise<CheckedCode> {
    const now = this.options.now();
    const key = targetKey(target);
    const row = await this.store.repos.verifyCodes.latest(key, purpose);
    if (
      !row ||
      row.consumed_at !== null ||
      row.expires_at <= now ||
      row.attempts >= CODE_MAX_ATTEMPTS
    ) {
      throw appError('VERIFY_CODE_INVALID');
    }
    if (row.code_hash !== codeHash(key, purpose, code)) {
      await this.store.repos.verifyCodes.addAttempt(row.id);
      throw appError('VERIFY_CODE_INVALID');
    }
    return { id: row.id };
  }

  /** Consumes a checked code inside a transaction; a parallel use of the same code loses. */
  async consume(repos: Repositories, checked: CheckedCode): Promise<void> {
    const consumed = await repos.verifyCodes.consume(
      checked.id,
      this.options.now(),
      CODE_MAX_ATTEMPTS,
    );
    if (!consumed) throw appError('VERIFY_CODE_INVALID');
  }
}
