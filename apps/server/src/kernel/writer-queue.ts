/**
 * The queue in front of an engine host, the single writer of its books and
 * balances. Callers submit commands; every command that arrives in the same
 * turn joins one batch; the host runs the batch and writes it, and the
 * batch's callers are answered only once that write has committed, then the
 * host publishes what changed. Waiting commands are bounded: beyond the
 * bound a caller is told the host is busy at once. A batch that fails is
 * answered busy, and the host rebuilds itself from its store before it takes
 * the next one (every batch sent after the failed one has failed with it).
 *
 * Optionally batches are pipelined: a batch runs while the writes of the
 * batches before it are still committing, up to a bound, and the answers
 * keep the order of the commits (the host's writes commit in the order they
 * were sent).
 *
 * It knows neither the store nor the engine nor the errors' registry: the
 * host gives it all it needs.
 */

/** A command waiting in the queue, as the host sees it while running a batch. */
export interface QueuedCommand<C, R> {
  readonly command: C;
  /** The answer to the caller, set by the batch that ran the command. */
  result?: R;
  /** The refusal, when the command was refused (then it has no result). */
  error?: unknown;
  /** The command has already been sent back to the queue by a batch (see `BatchWrite.again`). */
  requeued?: boolean;
}

/** What the host gives back for a batch it has run. */
export interface BatchWrite<C, R> {
  /** Settles once the batch's writes have committed (rejects if they did not). */
  readonly committed: Promise<void>;
  /** Commands to run again in a later batch, first in the queue; not answered with this one. */
  readonly again?: ReadonlySet<QueuedCommand<C, R>>;
  /** Tells whoever listens what the batch changed, once its callers have been answered. */
  readonly publish: () => void;
}

export interface WriterQueueOptions<C, R> {
  /** The host's name, in what is told to `onError`. */
  name: string;
  /** Commands taken into one batch at most. */
  maxBatch: number;
  /** Commands waiting at most; beyond it callers are refused with `busy()`. */
  maxQueue: number;
  /**
   * Runs a batch: applies every command (setting its result or error) and
   * sends its writes. Throwing fails the batch.
   */
  run: (batch: QueuedCommand<C, R>[]) => Promise<BatchWrite<C, R>>;
  /** Builds the host's state again from its store, after a failed batch. */
  rebuild: () => Promise<void>;
  /** Batches that may run while earlier writes commit; absent: each batch waits for the one before. */
  pipeline?: {
    /** Batches written but not yet committed, at most. */
    maxInFlight: number;
    /** Whether this batch may be pipelined; one that may not waits until every write before it has committed. */
    allows: (batch: readonly QueuedCommand<C, R>[]) => boolean;
    /**
     * Once this many commands wait, a batch starts at once rather than when
     * the turn ends, so the writer commits it while the rest of the turn's
     * requests are read (absent: at the end of the turn).
     */
    startAt?: number;
  };
  /** The refusal of a command the host cannot take now (queue full, batch failed). */
  busy: () => unknown;
  /** The refusal of a command before the host has started, or after it could not rebuild. */
  notStarted: () => unknown;
  onError?: (err: unknown, what: string) => void;
}

interface Waiting<C, R> extends QueuedCommand<C, R> {
  resolve: (result: R) => void;
  reject: (err: unknown) => void;
}

export class WriterQueue<C, R> {
  private queue: Array<Waiting<C, R>> = [];
  /** Pipelined batches sent to the writer, oldest first, each settling once answered or failed. */
  private readonly inFlight: Array<Promise<void>> = [];
  /** Wakes the drain loop waiting on a write, when a command comes. */
  private wake: (() => void) | null = null;
  /** The drain loop's wake taken by a command of this turn, which a full batch calls sooner. */
  private woken: (() => void) | null = null;
  /** The drain loop's start at the end of this turn, which a full batch makes sooner. */
  private starting: NodeJS.Immediate | null = null;
  /** A batch failed: the host rebuilds from the store before the next batch runs. */
  private broken = false;
  private running = false;
  private started = false;

  constructor(private readonly options: WriterQueueOptions<C, R>) {}

  /** Lets commands in: the host has built its state. */
  open(): void {
    this.started = true;
  }

  submit(command: C): Promise<R> {
    if (!this.started) return Promise.reject(this.options.notStarted());
    if (this.queue.length >= this.options.maxQueue) return Promise.reject(this.options.busy());
    return new Promise<R>((resolve, reject) => {
      this.queue.push({ command, resolve, reject });
      if (this.wake) {
        const wake = this.wake;
        this.wake = null;
        this.woken = wake;
        // Every command that arrived in this turn joins the batch.
        setImmediate(wake);
      }
      if (!this.running) {
        this.running = true;
        // Let every request that arrived in this turn join the first batch.
        this.starting = setImmediate(() => {
          this.starting = null;
          void this.drain();
        });
      }
      if (this.queue.length === this.options.pipeline?.startAt) this.startNow();
    });
  }

  /**
   * A full batch waits: the loop takes it now, not at the end of the turn.
   * Otherwise every request read in one turn joins one batch, the writer is
   * idle while they are read and the reader while it commits, and the
   * answers come back together to make the next such batch.
   */
  private startNow(): void {
    if (this.starting) {
      clearImmediate(this.starting);
      this.starting = null;
      queueMicrotask(() => void this.drain());
    } else if (this.woken) {
      // Resolving the loop's wait again later (the immediate) does nothing.
      this.woken();
    }
  }

  /** A batch is running or commands are waiting. */
  get active(): boolean {
    return this.running;
  }

  /** Waits until every queued command has been answered. */
  async idle(): Promise<void> {
    while (this.running) await new Promise((r) => setImmediate(r));
  }

  private async drain(): Promise<void> {
    // Without pipelining nothing is ever in flight: each batch commits before the next runs.
    const maxInFlight = this.options.pipeline?.maxInFlight ?? 1;
    try {
      for (;;) {
        if (this.broken) {
          // Everything sent after the failed batch has failed with it; then start again from the store.
          await Promise.all(this.inFlight);
          await this.recover();
        } else if (this.queue.length > 0 && this.inFlight.length < maxInFlight) {
          await this.runBatch(this.queue.splice(0, this.options.maxBatch));
        } else if (this.inFlight.length > 0) {
          // Until the oldest write commits or new commands come: these run meanwhile.
          await Promise.race([this.inFlight[0], new Promise<void>((r) => (this.wake = r))]);
          this.wake = null;
          this.woken = null;
        } else {
          break;
        }
      }
    } finally {
      this.running = false;
    }
  }

  private async recover(): Promise<void> {
    try {
      await this.options.rebuild();
    } catch (err) {
      this.options.onError?.(err, `${this.options.name} host could not rebuild`);
      this.started = false;
      for (const w of this.queue.splice(0)) w.reject(this.options.busy());
    }
    this.broken = false;
  }

  private fail(err: unknown, batch: ReadonlyArray<Waiting<C, R>>): void {
    this.options.onError?.(err, `${this.options.name} batch failed; rebuilding from the store`);
    for (const w of batch) w.reject(this.options.busy());
    this.broken = true;
  }

  /** Sends a batch's `again` commands back to the head of the queue; returns the others. */
  private sendBack(batch: Array<Waiting<C, R>>, write: BatchWrite<C, R>): Array<Waiting<C, R>> {
    const again = write.again;
    if (!again || again.size === 0) return batch;
    const back = batch.filter((w) => again.has(w));
    for (const w of back) w.requeued = true;
    this.queue.unshift(...back);
    return batch.filter((w) => !again.has(w));
  }

  private answer(batch: ReadonlyArray<Waiting<C, R>>, write: BatchWrite<C, R>): void {
    for (const w of batch) {
      if (w.result !== undefined) w.resolve(w.result);
      else w.reject(w.error);
    }
    write.publish();
  }

  private async runBatch(batch: Array<Waiting<C, R>>): Promise<void> {
    if (this.options.pipeline?.allows(batch)) {
      await this.runPipelined(batch);
      return;
    }
    await Promise.all(this.inFlight);
    if (this.broken) {
      this.queue.unshift(...batch);
      return;
    }
    let write: BatchWrite<C, R>;
    let answered = batch;
    try {
      write = await this.options.run(batch);
      answered = this.sendBack(batch, write);
      await write.committed;
    } catch (err) {
      this.fail(err, answered);
      return;
    }
    this.answer(answered, write);
  }

  /** Runs while the batches before it commit; answered, in order, once its own write has committed. */
  private async runPipelined(batch: Array<Waiting<C, R>>): Promise<void> {
    let write: BatchWrite<C, R>;
    try {
      write = await this.options.run(batch);
    } catch (err) {
      this.fail(err, batch);
      return;
    }
    const answered = this.sendBack(batch, write);
    const done = write.committed.then(
      () => {
        this.inFlight.shift();
        this.answer(answered, write);
      },
      (err: unknown) => {
        this.inFlight.shift();
        this.fail(err, answered);
      },
    );
    this.inFlight.push(done);
  }
}
