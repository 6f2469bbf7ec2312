/**
 * A single writer's host on a gateway (ROLE=gateway), whatever it writes:
 * it holds no book. Each command goes to the engine over the bus's work
 * queue with an idempotency key and is sent again with the same key until
 * answered (the queue keeps one copy; the engine runs it once and records
 * its answer with its effects, which is read from the store when the reply
 * was lost). The engine's events, one per commit in the order of its
 * sequence, go to the host's copy (`GatewayCopy`); a sequence missed on the
 * bus is read from the store.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { appError } from '../app-error';
import type { Store } from '../db/db';
import type { KernelRepositories } from '../db/repositories';
import type { Bus } from './bus';
import { fromWire, fromWireText, toWire } from './wire';
import { resultOf, type WriterAnswer } from './writer-answer';

/** A command not answered within this is refused SERVICE_BUSY (a takeover takes a few seconds). */
const ANSWER_DEADLINE_MS = 30_000;
/** Sent again (same key) and looked up in the store this often while unanswered. */
const RETRY_MS = 2_000;
const BOOKS_TIMEOUT_MS = 2_000;

/** What a gateway keeps of the writer's state, and how the engine's events change it. */
export interface GatewayCopy<E> {
  /**
   * Loads the copy from the engine (`load(name)` asks the engine for
   * `<topic>.<name>`); `seq` is the commit sequence the link stands at (0
   * at start). Resolves with the sequence the copy stands at; throws to be
   * tried again.
   */
  load(ask: (name: string) => Promise<Uint8Array>, seq: number): Promise<number>;
  /** The next event in order; resolves true when the copy must be loaded again. */
  apply(event: E): Promise<boolean> | boolean;
}

export class GatewayLink<C, R, E extends { seq: number }> {
  private readonly waiting = new Map<string, (answer: WriterAnswer<R>) => void>();
  private copy: GatewayCopy<E> | null = null;
  private inbox = '';
  /** The commit sequence of the last event handled. */
  private seq = 0;
  /** Events are handled one after another. */
  private chain: Promise<void> = Promise.resolve();
  private stops: Array<() => unknown> = [];
  /** Commands sent and answered (for /metrics). */
  sent = 0;
  resent = 0;

  constructor(
    private readonly store: Store<KernelRepositories>,
    private readonly bus: Bus,
    private readonly log: FastifyBaseLogger,
    private readonly topic: string,
  ) {}

  get lastSeq(): number {
    return this.seq;
  }

  /** Starts hearing the engine's events into `copy`. */
  async follow(copy: GatewayCopy<E>): Promise<void> {
    this.copy = copy;
    this.inbox = this.bus.inbox((data) => {
      const answer = fromWire<WriterAnswer<R> & { id: string }>(data);
      this.waiting.get(answer.id)?.(answer);
    });
    // Heard from now on; handled once the copy is loaded (the chain waits for it).
    this.chain = this.load();
    this.stops.push(
      await this.bus.followEvents(this.topic, (data) => {
        const event = fromWire<E>(data);
        this.chain = this.chain
          .then(() => this.handle(event))
          .catch((err: unknown) => this.log.error({ err }, `${this.topic} event not handled`));
      }),
    );
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop();
  }

  async submit(command: C): Promise<R> {
    const id = randomUUID();
    const data = toWire(command);
    let answered: WriterAnswer<R> | null = null;
    let wake: () => void = () => undefined;
    this.waiting.set(id, (answer) => {
      answered = answer;
      wake();
    });
    const deadline = Date.now() + ANSWER_DEADLINE_MS;
    try {
      for (let tries = 0; ; tries += 1) {
        if (tries > 0) {
          this.resent += 1;
          const stored = await this.store.repos.cluster.executed(id);
          if (stored) answered ??= fromWireText<WriterAnswer<R>>(stored);
        }
        if (!answered) {
          await this.bus.sendCommand(this.topic, id, data, this.inbox).catch((err: unknown) => {
            this.log.warn({ err }, `${this.topic} command not queued; trying again`);
          });
          await new Promise<void>((resolve) => {
            wake = resolve;
            setTimeout(resolve, RETRY_MS);
          });
        }
        if (answered) break;
        if (Date.now() > deadline) throw appError('SERVICE_BUSY');
      }
    } finally {
      this.waiting.delete(id);
    }
    this.sent += 1;
    return resultOf(answered);
  }

  private async load(): Promise<void> {
    const copy = this.copy;
    if (!copy) return;
    const ask = (name: string) =>
      this.bus.request(`${this.topic}.${name}`, new Uint8Array(), BOOKS_TIMEOUT_MS);
    for (;;) {
      try {
        this.seq = await copy.load(ask, this.seq);
        return;
      } catch (err) {
        this.log.warn({ err }, `${this.topic} state not loaded from the engine; trying again`);
      }
    }
  }

  private async handle(event: E): Promise<void> {
    if (event.seq <= this.seq) return;
    if (event.seq > this.seq + 1) {
      // Missed on the bus (an engine died between its commit and its publish): from the store.
      for (const missed of await this.store.repos.cluster.eventsFrom(this.topic, this.seq + 1)) {
        if (missed.seq >= event.seq) break;
        await this.apply(fromWireText<E>(missed.payload));
      }
    }
    await this.apply(event);
  }

  private async apply(event: E): Promise<void> {
    if (event.seq <= this.seq || !this.copy) return;
    this.seq = event.seq;
    if (await this.copy.apply(event)) await this.load();
  }
}
