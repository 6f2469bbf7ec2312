/**
 * The fencing of a single writer among several processes. The holder of the
 * lease (kernel/db/writer-lease.ts) takes an epoch; every commit of its
 * moves the writer's sequence on only `WHERE epoch = mine`, in the commit's
 * own transaction, so a writer that has lost the lease (a new holder bumped
 * the epoch) cannot commit: its transaction rolls back. The same transaction
 * records the answers of the commands it ran (their idempotency keys) and
 * the event it will publish.
 */
import type { KernelRepositories } from '../db/repositories';
import type { Store } from '../db/db';

export class FencedError extends Error {
  constructor(name: string) {
    super(`the ${name} writer lost its lease: another holder has taken it`);
  }
}

/** Events kept in the store for a new holder to publish again (some may not have been). */
const EVENTS_KEPT = 1_000;
/** Answers of executed commands kept this long: a retry comes well within it. */
const ANSWERS_KEPT_MS = 24 * 3600_000;

export class WriterFence {
  epoch = 0;
  /** The sequence of the last commit. */
  seq = 0;
  private commits = 0;

  constructor(
    readonly name: string,
    private readonly now: () => number,
    private readonly onFenced: (err: FencedError) => void,
  ) {}

  /** Takes the lease in the store: a new epoch, the sequence where the last holder left it. */
  async take(store: Store<KernelRepositories>): Promise<void> {
    const { epoch, seq } = await store.repos.cluster.takeLease(this.name, this.now());
    this.epoch = Number(epoch);
    this.seq = Number(seq);
  }

  /**
   * In the commit's transaction: the commit's sequence (throws FencedError
   * when the lease is gone), the answers, the event made for that sequence.
   */
  async commit(
    repos: KernelRepositories,
    answers: Array<{ id: string; answer: string }>,
    event: (seq: number) => string,
  ): Promise<number> {
    const seq = await repos.cluster.nextSeq(this.name, this.epoch);
    if (seq === null) {
      const err = new FencedError(this.name);
      this.onFenced(err);
      throw err;
    }
    const now = this.now();
    await repos.cluster.recordExecuted(answers, now);
    await repos.cluster.addEvent(this.name, seq, event(seq));
    this.commits += 1;
    if (this.commits % EVENTS_KEPT === 0) {
      await repos.cluster.prune(this.name, seq - EVENTS_KEPT, now - ANSWERS_KEPT_MS);
    }
    this.seq = seq;
    return seq;
  }

  /** The last events in the store, for a new holder to publish again. */
  recentEvents(store: Store<KernelRepositories>): Promise<Array<{ seq: number; payload: string }>> {
    return store.repos.cluster.eventsFrom(this.name, Math.max(1, this.seq - 50));
  }
}
