import type { Locale } from '@quay/core';
import type { Store } from './db/db';
import type { KernelRepositories as Repositories } from './db/repositories';
import type { SessionRow } from './db/sessions-repository';
import { appError } from './app-error';
import { newId, newSessionToken, sha256 } from './ids';

export interface ClientInfo {
  ip: string | null;
  userAgent: string | null;
  /** The browser's device id (the `terminalcode` header), when it sent one. */
  deviceId?: string | null;
  /** The caller's language, for notices mailed about this call. */
  locale?: Locale;
}

export interface IssuedSession {
  /** Handed to the client once; only its SHA-256 is stored. */
  token: string;
  expiresAt: number;
}

export interface SessionUser {
  /** Internal row id of the user. */
  userRowId: string;
  tokenHash: string;
  expiresAt: number;
}

/**
 * How long a session found valid is trusted without reading the store again:
 * a safety net only. A revocation takes effect at once: this process drops
 * the entry, and with several processes (ROLE=gateway/engine) it tells the
 * others over the bus, which drop theirs (`endedElsewhere`); a process that
 * may have missed such a message (its bus connection dropped) trusts nothing
 * it cached (`forgetAll`). Expiry is checked on every call against the
 * cached expiry.
 */
const SESSION_CACHE_MS = 30_000;
const SESSION_CACHE_MAX = 50_000;
/** How stale a session's last-seen time may get: it is written at most this often. */
const LAST_SEEN_STEP_MS = 60_000;
/**
 * Last-seen times wait this long to be written, all sessions' in one
 * transaction: one commit (a sync on the embedded store, taken beside the
 * spot writer's) a second for every session, not one per session read.
 */
const LAST_SEEN_WRITE_MS = 1000;

interface CachedSession {
  userRowId: string;
  expiresAt: number;
  readAt: number;
}

/** Told when a session is revoked (sockets that used it stop being signed in). */
export type SessionEndListener = () => void;

/**
 * Answers the live sessions that stand on the given ones and must end with
 * them (a sub's session a main switched into stands on the main's session).
 */
export type DependentSessions = (tokenHashes: readonly string[]) => Promise<readonly string[]>;

export class SessionService {
  /** Valid sessions by token hash, oldest read first. */
  private readonly cache = new Map<string, CachedSession>();
  /** Whoever holds a session open (a socket), by token hash. */
  private readonly endListeners = new Map<string, Set<SessionEndListener>>();
  private readonly dependents: DependentSessions[] = [];
  /** Moves with every ending seen: a read that a revocation overtook is not cached. */
  private generation = 0;
  /** Tells the other processes of sessions this one ended (several processes only). */
  private announce: ((tokenHashes: readonly string[]) => void) | null = null;
  /** Last-seen times not written yet, by token hash (`LAST_SEEN_WRITE_MS`). */
  private seen = new Map<string, number>();
  private seenWrite: NodeJS.Timeout | null = null;
  /** The write under way, which `close` waits for. */
  private seenWriting: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: Store,
    private readonly options: {
      ttl_s: number;
      now: () => number;
      /** Told when last-seen times could not be written (they have no caller to fail). */
      onBackgroundError?: (err: unknown) => void;
    },
  ) {}

  get ttl_s(): number {
    return this.options.ttl_s;
  }

  /** Opens a session and records the successful login, inside the caller's transaction. */
  async issue(repos: Repositories, userRowId: string, client: ClientInfo): Promise<IssuedSession> {
    const now = this.options.now();
    const token = newSessionToken();
    const expiresAt = now + this.options.ttl_s * 1000;
    await repos.sessions.insert({
      token_hash: sha256(token),
      user_id: userRowId,
      created_at: now,
      expires_at: expiresAt,
      revoked_at: null,
      ip: client.ip,
      user_agent: client.userAgent,
      last_seen_at: now,
    });
    await repos.loginHistory.insert({
      id: newId(),
      user_id: userRowId,
      ip: client.ip,
      user_agent: client.userAgent,
      success: 1,
      created_at: now,
    });
    return { token, expiresAt };
  }

  /**
   * The user behind a token: no token or an unknown one is 00004, a revoked
   * session 00006, an expired one 20906.
   */
  async authenticate(token: string | null): Promise<SessionUser> {
    if (!token) throw appError('LOGIN_REQUIRED');
    const tokenHash = sha256(token);
    const now = this.options.now();
    const cached = this.cache.get(tokenHash);
    if (cached && now - cached.readAt < SESSION_CACHE_MS && now >= cached.readAt) {
      if (cached.expiresAt <= now) throw appError('SESSION_EXPIRED');
      return { userRowId: cached.userRowId, tokenHash, expiresAt: cached.expiresAt };
    }
    this.cache.delete(tokenHash);
    const generation = this.generation;
    const row = await this.store.repos.sessions.byTokenHash(tokenHash);
    if (!row) throw appError('LOGIN_REQUIRED');
    if (row.revoked_at !== null) throw appError('SESSION_REVOKED');
    if (row.expires_at <= now) throw appError('SESSION_EXPIRED');
    if (row.last_seen_at === null || now - row.last_seen_at >= LAST_SEEN_STEP_MS) {
      this.noteSeen(tokenHash, now);
    }
    // A session ended while the row was read (here or elsewhere) is not trusted on that read.
    if (generation === this.generation) {
      if (this.cache.size >= SESSION_CACHE_MAX) {
        const oldest = this.cache.keys().next().value;
        if (oldest !== undefined) this.cache.delete(oldest);
      }
      this.cache.set(tokenHash, { userRowId: row.user_id, expiresAt: row.expires_at, readAt: now });
    }
    return { userRowId: row.user_id, tokenHash, expiresAt: row.expires_at };
  }

  /**
   * Calls `listener` once when the session of `tokenHash` is revoked, by this
   * process or (told over the bus) by another; returns how to stop listening. Expiry is the listener's own
   * watch (it knows `expiresAt`).
   */
  onEnd(tokenHash: string, listener: SessionEndListener): () => void {
    let set = this.endListeners.get(tokenHash);
    if (!set) {
      set = new Set();
      this.endListeners.set(tokenHash, set);
    }
    set.add(listener);
    return () => {
      set.delete(listener);
      if (set.size === 0 && this.endListeners.get(tokenHash) === set) {
        this.endListeners.delete(tokenHash);
      }
    };
  }

  /** A module whose sessions stand on others' registers how to find them; they end with those. */
  addDependents(find: DependentSessions): void {
    this.dependents.push(find);
  }

  /** Ends a session; unknown, missing or already revoked tokens are fine (logout is idempotent). */
  async revoke(token: string | null): Promise<void> {
    if (!token) return;
    await this.revokeHash(sha256(token));
  }

  /** Ends the session stored under `tokenHash`, and signs out whoever listens to it. */
  async revokeHash(tokenHash: string): Promise<void> {
    this.cache.delete(tokenHash);
    await this.store.repos.sessions.revoke(tokenHash, this.options.now());
    await this.ended([tokenHash]);
  }

  /**
   * Revokes every live session of the user but `keepTokenHash` inside the
   * caller's transaction (with the change that ends them, a new password or
   * a freeze); answers their hashes, to hand to `ended` once it commits.
   */
  async revokeAllIn(
    repos: Repositories,
    userRowId: string,
    keepTokenHash: string | null,
  ): Promise<string[]> {
    const now = this.options.now();
    const live = await repos.sessions.activeOf(userRowId, now);
    const hashes = live.map((row) => row.token_hash).filter((hash) => hash !== keepTokenHash);
    for (const hash of hashes) await repos.sessions.revoke(hash, now);
    return hashes;
  }

  /**
   * After revoked sessions are stored: no cached trust in them, their sockets
   * signed out, the other processes told the same, and the sessions that
   * stand on them ended too.
   */
  async ended(tokenHashes: readonly string[]): Promise<void> {
    this.endedElsewhere(tokenHashes);
    if (tokenHashes.length === 0) return;
    this.announce?.(tokenHashes);
    for (const find of this.dependents) {
      for (const dependent of await find(tokenHashes)) await this.revokeHash(dependent);
    }
  }

  /**
   * Sessions this process is told have ended (by itself, or by another over
   * the bus): no cached trust in them, and their sockets here signed out.
   * Their dependents are the ending process's to end.
   */
  endedElsewhere(tokenHashes: readonly string[]): void {
    this.generation += 1;
    for (const tokenHash of tokenHashes) {
      // A call authenticated while the revocation was being written must not keep it alive.
      this.cache.delete(tokenHash);
      const listeners = this.endListeners.get(tokenHash);
      this.endListeners.delete(tokenHash);
      for (const listener of listeners ?? []) listener();
    }
  }

  /** Endings told elsewhere may have been missed: every session is read from the store again. */
  forgetAll(): void {
    this.generation += 1;
    this.cache.clear();
  }

  /** Several processes: each ending stored here is told to the others with `announce`. */
  tellOthers(announce: (tokenHashes: readonly string[]) => void): void {
    this.announce = announce;
  }

  /** The user's live sessions (neither revoked nor expired), newest first, last seen as of now. */
  async activeOf(userRowId: string): Promise<SessionRow[]> {
    const rows = await this.store.repos.sessions.activeOf(userRowId, this.options.now());
    for (const row of rows) {
      const at = this.seen.get(row.token_hash);
      if (at !== undefined && at > (row.last_seen_at ?? 0)) row.last_seen_at = at;
    }
    return rows;
  }

  /** Writes the last-seen times still waiting; the store closes after. */
  async close(): Promise<void> {
    if (this.seenWrite) clearTimeout(this.seenWrite);
    this.seenWrite = null;
    await this.seenWriting;
    await this.writeSeen();
  }

  /** A session was used at `at`: its last-seen time is written with the others' (`LAST_SEEN_WRITE_MS`). */
  private noteSeen(tokenHash: string, at: number): void {
    this.seen.set(tokenHash, at);
    if (this.seenWrite) return;
    this.seenWrite = setTimeout(() => {
      this.seenWrite = null;
      this.seenWriting = this.writeSeen().catch((err: unknown) =>
        this.options.onBackgroundError?.(err),
      );
    }, LAST_SEEN_WRITE_MS);
    this.seenWrite.unref();
  }

  private async writeSeen(): Promise<void> {
    if (this.seen.size === 0) return;
    const seen = this.seen;
    this.seen = new Map();
    await this.store.transaction(async (repos) => {
      for (const [tokenHash, at] of seen) await repos.sessions.touch(tokenHash, at);
    });
  }

  /**
   * Ends every live session of the user but `keepTokenHash` (null: all of
   * them); their cookies fail at once and their sockets are signed out.
   * Answers how many ended.
   */
  async revokeAllOf(userRowId: string, keepTokenHash: string | null): Promise<number> {
    const live = await this.activeOf(userRowId);
    let ended = 0;
    for (const row of live) {
      if (row.token_hash === keepTokenHash) continue;
      await this.revokeHash(row.token_hash);
      ended += 1;
    }
    return ended;
  }
}

/** The id a session is shown and named by: derived from its token hash, never the token. */
export function sessionPublicId(tokenHash: string): string {
  return sha256(`session-id:${tokenHash}`).slice(0, 32);
}
