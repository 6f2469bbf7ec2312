/**
 * Spec sections 4 and 8, signature errors: invalid (00023) shows the toast
 * with the server's message, logs out and reports the public keys; missing
 * (00020), mode not matched (00021) and expired (00022) show the toast and
 * reset, and all but expired load the configuration again after 2 s.
 */
import { ERRORS } from '@quay/core';

export const SIGN_ERROR_CODES = {
  missing: ERRORS.SIGN_MISSING.code,
  modeMismatch: ERRORS.SIGN_MODE_MISMATCH.code,
  expired: ERRORS.SIGN_EXPIRED.code,
  invalid: ERRORS.SIGN_INVALID.code,
} as const;

/** Re-initialisation delay and the throttle of the handling (spec section 9). */
export const SIGN_REINIT_DELAY_MS = 2000;
export const SIGN_ERROR_THROTTLE_MS = 2000;

export interface SignErrorPlan {
  /** The spec's name, also the event reported. */
  name: 'signInvalid' | 'signMissed' | 'signModeNotMatched' | 'signExpired';
  logout: boolean;
  reportPublicKeys: boolean;
  reset: boolean;
  /** null: no re-initialisation. */
  reinitAfter_ms: number | null;
}

export function signErrorPlan(code: string): SignErrorPlan | null {
  switch (code) {
    case SIGN_ERROR_CODES.invalid:
      return {
        name: 'signInvalid',
        logout: true,
        reportPublicKeys: true,
        reset: true,
        // The next signed call sets up a fresh key; the spec re-initialises only the others.
        reinitAfter_ms: null,
      };
    case SIGN_ERROR_CODES.missing:
      return {
        name: 'signMissed',
        logout: false,
        reportPublicKeys: false,
        reset: true,
        reinitAfter_ms: SIGN_REINIT_DELAY_MS,
      };
    case SIGN_ERROR_CODES.modeMismatch:
      return {
        name: 'signModeNotMatched',
        logout: false,
        reportPublicKeys: false,
        reset: true,
        reinitAfter_ms: SIGN_REINIT_DELAY_MS,
      };
    case SIGN_ERROR_CODES.expired:
      return {
        name: 'signExpired',
        logout: false,
        reportPublicKeys: false,
        reset: true,
        reinitAfter_ms: null,
      };
    default:
      return null;
  }
}
