/**
 * A single writer's host as the writer of an exchange of several processes
 * (ROLE=engine), whatever it writes (the spot and the futures hosts each
 * have one, on a topic of their own). It takes commands from the bus's work
 * queue, runs them in the host's batches, and answers each once its batch
 * has committed; the commit's transaction moves the writer's sequence on
 * under its lease's epoch (fencing), records the answer of every command by
 * its idempotency key, and keeps the batch's event, which is published
 * after the commit. A command delivered again (the writer before this one
 * took it and died) is answered from the store if it had committed, and run
 * if not.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ERRORS } from '@quay/core';
import { AppError } from '../app-error';
import type { Store } from '../db/db';
import type { KernelRepositories } from '../db/repositories';
import type { QueuedCommand } from '../writer-queue';
import type { Bus, BusCommand } from './bus';
import { fromWire, fromWireText, toWire, toWireText } from './wire';
import { refusalOf, type WriterAnswer } from './writer-answer';
import type { WriterFence } from './writer-fence';

/** Book sequences of one lease holder start at its epoch times this: above any before. */
const SEQ_BASE_PER_EPOCH = 2 ** 32;

/** What every command sent over the bus carries once taken: its idempotency key. */
export interface KeyedCommand {
  readonly commandId?: string;
}

export interface EngineHost<C, R> {
  submit(command: C): Promise<R>;
}

export interface EngineLinkOptions<H> {
  /** The writer's topic on the bus (its commands and events), also the name its events are kept under. */
  topic: string;
  store: Store<KernelRepositories>;
  bus: Bus;
  fence: WriterFence;
  log: FastifyBaseLogger;
  /** Resolves once this process holds the writer's lease (a standby waits here). */
  lease: () => Promise<void>;
  /** What a gateway loads whole at start (`<topic>.books`): the host's books. */
  snapshot: (host: H) => Promise<unknown>;
}

export class EngineLink<
  C extends KeyedCommand,
  R,
  E extends { seq: number },
  H extends EngineHost<C, R>,
> {
  private host: H | null = null;
  /** Commands being run, by id: a second delivery waits for the first's answer. */
  private readonly running = new Map<string, Promise<WriterAnswer<R> | null>>();
  /** Events are published one after another, in the order of their sequence. */
  private publishing: Promise<void> = Promise.resolve();
  private stops: Array<() => unknown> = [];
  /** Commands taken from the bus and answered (for /metrics). */
  executed = 0;

  constructor(private readonly options: EngineLinkOptions<H>) {}

  attach(host: H): void {
    this.host = host;
  }

  get epoch(): number {
    return this.options.fence.epoch;
  }

  async begin(): Promise<{ seqBase: number; seq: number }> {
    const { fence, store } = this.options;
    await this.options.lease();
    await fence.take(store);
    return { seqBase: fence.epoch * SEQ_BASE_PER_EPOCH, seq: fence.seq };
  }

  async commit(
    repos: KernelRepositories,
    pending: ReadonlyArray<QueuedCommand<C, R>>,
    event: E,
  ): Promise<void> {
    const answers: Array<{ id: string; answer: string }> = [];
    for (const p of pending) {
      const id = p.command.commandId;
      if (!id) continue;
      if (p.result !== undefined) answers.push({ id, answer: toWireText({ ok: p.result }) });
      else if (p.error instanceof AppError) {
        answers.push({ id, answer: toWireText(refusalOf(p.error)) });
      }
    }
    const seq = await this.options.fence.commit(repos, answers, (s) =>
      toWireText({ ...event, seq: s }),
    );
    event.seq = seq;
  }

  published(event: E): void {
    const { bus, log, topic } = this.options;
    const data = toWire(event);
    this.publishing = this.publishing
      .then(() => bus.publishEvent(topic, event.seq, data))
      .catch((err: unknown) => log.error({ err, seq: event.seq }, `${topic} event not published`));
  }

  async opened(): Promise<void> {
    const { bus, fence, store, topic, snapshot } = this.options;
    // The holder before may have committed events it never published: again (the bus drops doubles).
    for (const { seq, payload } of await fence.recentEvents(store)) {
      await bus.publishEvent(topic, seq, new TextEncoder().encode(payload));
    }
    const host = this.requireHost();
    this.stops.push(bus.serve(`${topic}.books`, async () => toWire(await snapshot(host))));
    this.stops.push(await bus.takeCommands(topic, (command) => this.take(command)));
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop();
    await this.publishing;
  }

  private requireHost(): H {
    if (!this.host) throw new Error(`the ${this.options.topic} engine link has no host`);
    return this.host;
  }

  private take(command: BusCommand): void {
    let answer = this.running.get(command.id);
    if (!answer) {
      answer = this.run(command);
      this.running.set(command.id, answer);
      void answer.finally(() => this.running.delete(command.id));
    }
    void answer.then(
      (settled) => {
        // Not settled (the host is busy or rebuilding): the queue gives it again later.
        if (!settled) return;
        const { bus } = this.options;
        if (command.replyTo) bus.send(command.replyTo, toWire({ id: command.id, ...settled }));
        command.ack();
        this.executed += 1;
      },
      (err: unknown) => this.options.log.error({ err }, `${this.options.topic} command failed`),
    );
  }

  private async run(command: BusCommand): Promise<WriterAnswer<R> | null> {
    if (command.redelivered) {
      const stored = await this.options.store.repos.cluster.executed(command.id);
      if (stored) return fromWireText<WriterAnswer<R>>(stored);
    }
    const body = fromWire<C>(command.data);
    try {
      return { ok: await this.requireHost().submit({ ...body, commandId: command.id }) };
    } catch (err) {
      if (err instanceof AppError && err.code !== ERRORS.SERVICE_BUSY.code) return refusalOf(err);
      return null;
    }
  }
}
