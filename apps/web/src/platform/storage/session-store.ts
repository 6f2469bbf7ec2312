/**
 * The one owner of session storage: values that live as long as the tab's
 * session (the signing configuration, spec section 7). Writes with an empty
 * key or value are ignored, as for local storage.
 */
const PREFIX = 'quay.session.';

export const SESSION_KEYS = {
  /** data.gatewaySignConfig as last fetched (platform/signing). */
  gatewaySignConfig: 'gatewaySignConfig',
  /** Names this tab session's client key in the key store (platform/signing). */
  signingSession: 'signingSession',
  /** This tab's id across reloads (platform/device). */
  tabId: 'tabId',
  /** The user who registered in this tab, greeted as new rather than back (entities/user). */
  newAccount: 'newAccount',
} as const;

export type SessionKey = (typeof SESSION_KEYS)[keyof typeof SESSION_KEYS];

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.sessionStorage;
  } catch {
    return null;
  }
}

export function readSessionItem(key: SessionKey): string | null {
  return storage()?.getItem(PREFIX + key) ?? null;
}

export function writeSessionItem(key: SessionKey, value: string | null | undefined): void {
  if (!key || value === null || value === undefined || value === '') return;
  try {
    storage()?.setItem(PREFIX + key, value);
  } catch {
    // Quota exceeded or storage disabled: the value is fetched again next time.
  }
}

export function removeSessionItem(key: SessionKey): void {
  storage()?.removeItem(PREFIX + key);
}
