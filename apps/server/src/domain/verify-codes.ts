import { serverMessage, type Locale, type VerifyPurpose } from '@quay/core';
import type { VerifyCodesRepository } from '../store/verify-codes-repository';
import type { UsersRepository } from '../store/users-repository';
import { appError } from './app-error';
import { newId, newVerifyCode, sha256 } from './ids';
import type { Mailer } from './mailer';

export const CODE_TTL_S = 600;
export const CODE_MAX_ATTEMPTS = 5;

export type CodeTarget =
  { channel: 'email'; email: string } | { channel: 'sms'; areaCode: string; mobile: string };

/** How a target is keyed in the store: the email, or +areaCode mobile. */
export function targetKey(target: CodeTarget): string {
  return target.channel === 'email' ? target.email : `+${target.areaCode} ${target.mobile}`;
}

export class VerifyCodeService {
  constructor(
    private readonly codes: VerifyCodesRepository,
    private readonly users: UsersRepository,
    private readonly mailer: Mailer,
    private readonly options: { resend_s: number; now: () => number },
  ) {}

  async send(
    target: CodeTarget,
    purpose: VerifyPurpose,
    locale: Locale,
  ): Promise<{ expireSeconds: number; resendSeconds: number }> {
    const now = this.options.now();
    const key = targetKey(target);
    if (purpose === 'register') {
      const existing =
        target.channel === 'email'
          ? await this.users.byEmail(target.email)
          : await this.users.byMobile(target.areaCode, target.mobile);
      if (existing) throw appError(target.channel === 'email' ? 'EMAIL_TAKEN' : 'MOBILE_TAKEN');
    }
    const last = await this.codes.latest(key, purpose);
    if (last) {
      const wait_ms = last.created_at + this.options.resend_s * 1000 - now;
      if (wait_ms > 0)
        throw appError('VERIFY_CODE_TOO_FREQUENT', { seconds: Math.ceil(wait_ms / 1000) });
    }
    const code = newVerifyCode();
    await this.codes.insert({
      id: newId(),
      channel: target.channel,
      target: key,
      purpose,
      code_hash: sha256(`${key}:${purpose}:${code}`),
      expires_at: now + CODE_TTL_S * 1000,
      attempts: 0,
      consumed_at: null,
      created_at: now,
    });
    const params = { code, minutes: CODE_TTL_S / 60 };
    await this.mailer.send({
      channel: target.channel,
      to: key,
      subject: serverMessage('MAIL_VERIFY_SUBJECT', locale, params),
      text: serverMessage(
        target.channel === 'email' ? 'MAIL_VERIFY_BODY' : 'SMS_VERIFY_BODY',
        locale,
        params,
      ),
    });
    return { expireSeconds: CODE_TTL_S, resendSeconds: this.options.resend_s };
  }

  /**
   * Checks a code against the newest one sent to the target and consumes it.
   * Wrong guesses count; after CODE_MAX_ATTEMPTS the code is dead.
   */
  async consume(target: CodeTarget, purpose: VerifyPurpose, code: string): Promise<void> {
    const now = this.options.now();
    const key = targetKey(target);
    const row = await this.codes.latest(key, purpose);
    if (
      !row ||
      row.consumed_at !== null ||
      row.expires_at <= now ||
      row.attempts >= CODE_MAX_ATTEMPTS
    ) {
      throw appError('VERIFY_CODE_INVALID');
    }
    if (row.code_hash !== sha256(`${key}:${purpose}:${code}`)) {
      await this.codes.addAttempt(row.id);
      throw appError('VERIFY_CODE_INVALID');
    }
    if (!(await this.codes.consume(row.id, now))) throw appError('VERIFY_CODE_INVALID');
  }
}
