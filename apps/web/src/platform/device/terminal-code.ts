/**
 * The terminal code (spec sections 3 and 4): the device id sent with every
 * call, a fingerprint hash computed once and kept in local storage. A stored
 * value equal to the known placeholder (or not a valid device id) is
 * computed again. Tabs coordinate through the storage event: a tab that
 * needs the code writes a claim, waits 1 s, and only the tab whose claim
 * stands computes; the others take the code when its storage event arrives.
 */

/** What a failed fingerprint once left behind; never a real device's code. */
export const PLACEHOLDER_TERMINAL_CODE = '00000000000000000000000000000000';
/** The wait after a claim before the winning tab computes (spec section 4). */
export const TERMINAL_CODE_CLAIM_WAIT_MS = 1000;
/**
 * How long a claim stands, and how long other tabs wait for the code it
 * promises; a tab that goes away while computing holds the others up no longer.
 */
export const TERMINAL_CODE_CLAIM_TTL_MS = 3000;
/** The device ids the device-id service accepts. */
const TERMINAL_CODE_PATTERN = /^[A-Za-z0-9_.:-]{1,128}$/;

export interface TabStorage {
  read(key: 'terminalCode' | 'terminalCodeClaim'): string | null;
  write(key: 'terminalCode' | 'terminalCodeClaim', value: string): void;
  /** Changes made by other tabs (the storage event). Returns the unsubscribe. */
  onChange(key: 'terminalCode', listener: (value: string | null) => void): () => void;
}

export interface TerminalCodeDeps {
  storage: TabStorage;
  compute(): Promise<string>;
  now(): number;
  tabId: string;
}

export function isUsableTerminalCode(code: string | null): code is string {
  return !!code && code !== PLACEHOLDER_TERMINAL_CODE && TERMINAL_CODE_PATTERN.test(code);
}

function claimOf(value: string | null): { at: number; tab: string } | null {
  const match = value ? /^([0-9]{1,16}):(.+)$/.exec(value) : null;
  return match ? { at: Number(match[1]), tab: match[2] ?? '' } : null;
}

/** Resolves with the code another tab stores, or null after `ms`. */
function waitForCode(storage: TabStorage, ms: number): Promise<string | null> {
  return new Promise((resolve) => {
    const stop = storage.onChange('terminalCode', (value) => {
      if (!isUsableTerminalCode(value)) return;
      clearTimeout(timer);
      stop();
      resolve(value);
    });
    const timer = setTimeout(() => {
      stop();
      resolve(null);
    }, ms);
  });
}

async function computeAndStore(deps: TerminalCodeDeps): Promise<string> {
  const code = await deps.compute();
  deps.storage.write('terminalCode', code);
  return code;
}

export async function ensureTerminalCode(deps: TerminalCodeDeps): Promise<string> {
  const { storage } = deps;
  const stored = storage.read('terminalCode');
  if (isUsableTerminalCode(stored)) return stored;

  const standing = claimOf(storage.read('terminalCodeClaim'));
  // A claim of this tab before a reload is not waited for.
  if (
    standing &&
    standing.tab !== deps.tabId &&
    deps.now() - standing.at < TERMINAL_CODE_CLAIM_TTL_MS
  ) {
    // Another tab is computing: take its code, or compute after all when it never comes.
    const code = await waitForCode(storage, TERMINAL_CODE_CLAIM_TTL_MS);
    return code ?? computeAndStore(deps);
  }

  const claim = `${deps.now()}:${deps.tabId}`;
  storage.write('terminalCodeClaim', claim);
  const early = await waitForCode(storage, TERMINAL_CODE_CLAIM_WAIT_MS);
  if (early) return early;
  const after = storage.read('terminalCode');
  if (isUsableTerminalCode(after)) return after;
  if (storage.read('terminalCodeClaim') === claim) return computeAndStore(deps);
  // Another tab's claim was written last: it computes.
  const code = await waitForCode(storage, TERMINAL_CODE_CLAIM_TTL_MS);
  return code ?? computeAndStore(deps);
}

/** The fingerprint hash, computed locally (FingerprintJS without its usage ping). */
export async function fingerprintHash(): Promise<string> {
  try {
    const FingerprintJS = await import('@fingerprintjs/fingerprintjs');
    const agent = await FingerprintJS.load({ monitoring: false });
    const { visitorId } = await agent.get();
    if (isUsableTerminalCode(visitorId)) return visitorId;
  } catch {
    // Fall through: a random id still names this device for its tokens.
  }
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}
