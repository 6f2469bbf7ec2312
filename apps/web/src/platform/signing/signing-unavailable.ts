/**
 * The signing setup's states and the error of a call that cannot be signed,
 * apart from the service: the request layer checks for it on every call and
 * loads the service itself only when a call needs it.
 */
export type SigningState =
  | 'not-initialised'
  | 'config-loaded'
  | 'server-key-verified'
  | 'key-pair-ready'
  | 'ready'
  | 'off'
  | 'refused'
  | 'failed';

/** Thrown instead of sending a call that must be signed or encrypted when that cannot be done. */
export class SigningUnavailableError extends Error {
  constructor(readonly state: SigningState) {
    super(`request signing unavailable (${state})`);
    this.name = 'SigningUnavailableError';
  }
}
