/**
 * Wrong passwords slow down the place they come from, not the account: a
 * stranger who types five wrong passwords for someone else's address waits,
 * with a delay that doubles on every further failure (1, 2, 4, 8, then 15
 * minutes), while the owner logs in as usual. When many places fail on one
 * account at once (a spread guessing attack), places that have never logged
 * in to it wait too; a place with an earlier successful login still gets in.
 *
 * Kept in memory, bounded, per process: it slows guessing down, it is not a
 * record (the login history is).
 */
export const FREE_FAILURES = 4;
export const FIRST_DELAY_S = 60;
export const MAX_DELAY_S = 15 * 60;
/** Failures on one account from all places together that start the account-wide wait. */
export const ACCOUNT_FAILURES = 20;
export const ACCOUNT_WINDOW_S = 15 * 60;
const MAX_TRACKED = 50_000;

interface SourceState {
  failures: number;
  lockedUntil: number;
  lastAt: number;
}

export class LoginThrottle {
  private readonly sources = new Map<string, SourceState>();
  /** Per account, the times of its recent failures (oldest first). */
  private readonly accounts = new Map<string, number[]>();

  constructor(private readonly now: () => number) {}

  /**
   * Seconds `source` must still wait before it may try a password on the
   * account; 0 when it may try now. `known`: the source has logged in to the
   * account before, so an attack on the account does not hold it back.
   */
  wait(account: string, source: string, known: boolean): number {
    const now = this.now();
    const state = this.sources.get(keyOf(account, source));
    if (state && state.lockedUntil > now) return secondsUntil(state.lockedUntil, now);
    if (known) return 0;
    const recent = this.recentFailures(account, now);
    if (recent.length < ACCOUNT_FAILURES) return 0;
    const oldest = recent[recent.length - ACCOUNT_FAILURES] as number;
    return secondsUntil(oldest + ACCOUNT_WINDOW_S * 1000, now);
  }

  /** Whether many places have failed on the account lately: only then does a known source matter. */
  underAttack(account: string): boolean {
    return this.recentFailures(account, this.now()).length >= ACCOUNT_FAILURES;
  }

  /** Counts a wrong password from `source`; answers the seconds of the wait it started (0: none). */
  fail(account: string, source: string): number {
    const now = this.now();
    const key = keyOf(account, source);
    const state = this.sources.get(key) ?? { failures: 0, lockedUntil: 0, lastAt: now };
    state.failures += 1;
    state.lastAt = now;
    let delay = 0;
    if (state.failures > FREE_FAILURES) {
      delay = Math.min(FIRST_DELAY_S * 2 ** (state.failures - FREE_FAILURES - 1), MAX_DELAY_S);
      state.lockedUntil = now + delay * 1000;
    }
    this.remember(this.sources, key, state);
    const recent = this.recentFailures(account, now);
    recent.push(now);
    this.remember(this.accounts, account, recent.slice(-ACCOUNT_FAILURES));
    return delay;
  }

  /** A right password from `source`: its failures are forgiven. */
  succeed(account: string, source: string): void {
    this.sources.delete(keyOf(account, source));
  }

  private recentFailures(account: string, now: number): number[] {
    const since = now - ACCOUNT_WINDOW_S * 1000;
    return (this.accounts.get(account) ?? []).filter((at) => at > since);
  }

  /** Re-inserted at the end, so the map's first entries are the least recently touched. */
  private remember<V>(map: Map<string, V>, key: string, value: V): void {
    map.delete(key);
    map.set(key, value);
    while (map.size > MAX_TRACKED) {
      const oldest = map.keys().next().value as string;
      map.delete(oldest);
    }
  }
}

function keyOf(account: string, source: string): string {
  return `${account}\n${source}`;
}

function secondsUntil(at: number, now: number): number {
  return Math.ceil((at - now) / 1000);
}
