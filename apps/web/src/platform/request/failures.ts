/**
 * Spec section 8 as a pure function: what the user is told about a failed
 * call, and whether the session is over.
 */
import { ERRORS, USERINFO_PATH } from '@quay/core';

export type Failure =
  | { kind: 'http'; status: number; envelope?: { code: string; msg: string } | undefined }
  | { kind: 'network'; message: string }
  | { kind: 'timeout' }
  | { kind: 'canceled' }
  | { kind: 'business'; code: string; msg: string; path: string }
  | { kind: 'no-data' };

export interface Verdict {
  /** Text for the toast; null when nothing is shown. */
  message: string | null;
  /** The session is over: clear the login flag and go to login. */
  loginExpired: boolean;
  /** The user-info call on a logged-out session: resolve with no user. */
  quiet: boolean;
}

type T = (key: string, options?: Record<string, unknown>) => string;

const ENVELOPE_STATUSES = new Set([400, 409, 413, 415, 422, 429]);

/** Codes after which the session is over (spec section 8). */
const LOGIN_EXPIRED_CODES: readonly string[] = [
  ERRORS.SESSION_EXPIRED.code,
  ERRORS.TOKEN_INVALID.code,
];

/** Codes the user-info call resolves quietly on (spec section 8). */
const QUIET_USERINFO_CODES: readonly string[] = [
  ERRORS.LOGIN_REQUIRED.code,
  ERRORS.ACCOUNT_DISABLED.code,
  ERRORS.SESSION_REVOKED.code,
];

export function judgeFailure(failure: Failure, t: T): Verdict {
  const say = (message: string | null): Verdict => ({ message, loginExpired: false, quiet: false });
  switch (failure.kind) {
    case 'timeout':
      return say(t('request.timeout'));
    case 'network':
      return say(failure.message || t('request.unknown'));
    case 'no-data':
    case 'canceled':
      // Nothing to tell: a missing body is thrown to the caller, a cancelled call was wanted.
      return say(null);
    case 'business': {
      const path = failure.path.split('?')[0] ?? '';
      if (LOGIN_EXPIRED_CODES.includes(failure.code)) {
        return { message: t('request.loginExpired'), loginExpired: true, quiet: false };
      }
      if (QUIET_USERINFO_CODES.includes(failure.code) && path.endsWith(USERINFO_PATH)) {
        return { message: null, loginExpired: false, quiet: true };
      }
      return say(failure.msg || t('request.unknown'));
    }
    case 'http': {
      const { status, envelope } = failure;
      if (status === 401 || (envelope && envelope.code === ERRORS.UNAUTHORISED.code)) {
        return { message: t('request.loginExpired'), loginExpired: true, quiet: false };
      }
      // Our server explains request-shape errors and rate limits in the user's language.
      if (envelope?.msg && ENVELOPE_STATUSES.has(status)) return say(envelope.msg);
      if (status === 403) return say(t('request.forbidden'));
      if (status === 404 || status === 504) return say(t('request.requestError'));
      if (status === 500) return say(t('request.busy'));
      return say(t('request.statusBusy', { code: status }));
    }
  }
}

/** Lets one thing through per key per window: toasts and logouts, once per 2 s. */
export class Throttle {
  private readonly last = new Map<string, number>();
  constructor(
    private readonly window_ms = 2000,
    private readonly now: () => number = () => Date.now(),
  ) {}

  allow(key: string): boolean {
    const now = this.now();
    const previous = this.last.get(key);
    if (previous !== undefined && now - previous < this.window_ms) return false;
    this.last.set(key, now);
    return true;
  }
}
