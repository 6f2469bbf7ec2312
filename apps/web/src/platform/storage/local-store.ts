/**
 * The one owner of local storage (spec section 3): every key the product
 * keeps in the browser is named here, writes with an empty key or value are
 * ignored, and changes made in another tab arrive as events. Of the spec's
 * list, the spot layout and the fiat name are the `layout` and `unit`
 * cookies (settings-store), and the user-selected coin, the timezone and
 * the area code are not kept yet (DESIGN.md section 8): no key is named
 * here that nothing reads.
 */

/** Bumped when stored shapes change, so old values are not misread. */
export const STORE_VERSION = 1;
/** The spec's size hint for the store, in bytes. */
export const STORE_SIZE_HINT_BYTES = 4_980_736;
const PREFIX = `quay.v${STORE_VERSION}.`;

export const STORAGE_KEYS = {
  klineInterval: 'klineInterval',
  /** Spot markets starred in the market list, as a JSON array of symbols. */
  favouriteMarkets: 'favouriteMarkets',
  simulation: 'simulation',
  imageHost: 'imageHost',
  deviceTokenExpiry: 'deviceTokenExpiry',
  deviceTokenPending: 'deviceTokenPending',
  /** The device id (fingerprint hash) sent as terminalCode (platform/device). */
  terminalCode: 'terminalCode',
  /** The tab that computes the terminal code: `<epoch ms>:<tab id>` (platform/device). */
  terminalCodeClaim: 'terminalCodeClaim',
  /** The algorithm a user's device-check signature was last made with, by user-id hash. */
  lastSignAlgorithm: 'lastSignAlgorithm',
} as const;

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
/** Families of flags: one key per guide, tip or IP dialog, by name. */
export type FlagFamily = 'guide' | 'tip' | 'ipDialog';

export function flagKey(family: FlagFamily, name: string): string {
  return `${family}.${name}`;
}

/** One key per campaign or referral code kept from a link (platform/referral), by code name. */
export function campaignKey(name: string): string {
  return `campaign.${name}`;
}

function storage(): Storage | null {
  try {
    return typeof window === 'undefined' ? null : window.localStorage;
  } catch {
    // Storage can be disabled by the browser; the product works without it.
    return null;
  }
}

export function readItem(key: StorageKey | string): string | null {
  if (!key) return null;
  return storage()?.getItem(PREFIX + key) ?? null;
}

/** Stores a value; an empty key or value is ignored (spec section 5). Returns whether it was written. */
export function writeItem(key: StorageKey | string, value: string | null | undefined): boolean {
  if (!key || value === null || value === undefined || value === '') return false;
  try {
    storage()?.setItem(PREFIX + key, value);
    return true;
  } catch {
    // Quota exceeded: keep going without the value.
    return false;
  }
}

export function removeItem(key: StorageKey | string): void {
  if (!key) return;
  storage()?.removeItem(PREFIX + key);
}

export function readFlag(family: FlagFamily, name: string): boolean {
  return readItem(flagKey(family, name)) === '1';
}

export function writeFlag(family: FlagFamily, name: string, on: boolean): void {
  if (on) writeItem(flagKey(family, name), '1');
  else removeItem(flagKey(family, name));
}

/**
 * Calls back when another tab changes a key (the browser's storage event
 * only fires in the other tabs). Returns the unsubscribe function.
 */
export function onItemChange(
  key: StorageKey | string,
  listener: (value: string | null) => void,
): () => void {
  const handler = (event: StorageEvent) => {
    if (event.storageArea !== storage()) return;
    if (event.key === null || event.key === PREFIX + key) listener(readItem(key));
  };
  window.addEventListener('storage', handler);
  return () => window.removeEventListener('storage', handler);
}
