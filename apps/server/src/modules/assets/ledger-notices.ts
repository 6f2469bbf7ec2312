/**
 * Reads the notices of balance changes written outside the engine host (an
 * operator's deposit from the command line, a withdrawal settled) and hands
 * their users to the host, which tells the balance channel with its next
 * batch.
 */
import type { Store } from '../../kernel/db/db';
import type { SpotHost } from '../spot';

/** How far back each read looks: a notice committed late by another process is still seen. */
const OVERLAP_MS = 5_000;
const MAX_PER_READ = 1_000;
const KEEP_MS = 24 * 3600 * 1000;
const PRUNE_EVERY = 1_000;

export class LedgerNoticeWatcher {
  private timer: NodeJS.Timeout | null = null;
  private since: number;
  private readonly seen = new Map<string, number>();
  private reading = false;
  private reads = 0;

  constructor(
    private readonly store: Store,
    /** The spot host, which tells the balance channel; only its `submit` is used. */
    private readonly host: Pick<SpotHost, 'submit'>,
    private readonly now: () => number,
    private readonly onError: (err: unknown) => void,
  ) {
    this.since = now() - OVERLAP_MS;
  }

  start(interval_ms: number): void {
    this.timer = setInterval(() => void this.read(), interval_ms);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One read: the users of new notices are told their balances with the host's next batch. */
  async read(): Promise<void> {
    if (this.reading) return;
    this.reading = true;
    try {
      const notices = await this.store.repos.ledger.noticesSince(
        this.since - OVERLAP_MS,
        MAX_PER_READ,
      );
      const users = new Set<string>();
      for (const notice of notices) {
        if (this.seen.has(notice.id)) continue;
        this.seen.set(notice.id, notice.created_at);
        users.add(notice.user_id);
        this.since = Math.max(this.since, notice.created_at);
      }
      // Forget only what the next read can no longer return.
      const horizon = this.since - OVERLAP_MS;
      for (const [id, time] of this.seen) if (time < horizon) this.seen.delete(id);
      if (users.size > 0) await this.host.submit({ kind: 'notice', userIds: [...users] });
      this.reads += 1;
      if (this.reads % PRUNE_EVERY === 0)
        await this.store.repos.ledger.pruneNotices(this.now() - KEEP_MS);
    } catch (err) {
      this.onError(err);
    } finally {
      this.reading = false;
    }
  }
}
