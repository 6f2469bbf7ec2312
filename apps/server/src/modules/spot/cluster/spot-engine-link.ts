/**
 * The spot host as the writer of an exchange of several processes
 * (ROLE=engine). It takes commands from the bus's work queue, runs them in
 * the host's batches, and answers each once its batch has committed; the
 * commit's transaction moves the writer's sequence on under its lease's
 * epoch (fencing), records the answer of every command by its idempotency
 * key, and keeps the batch's event, which is published after the commit.
 * A command delivered again (the writer before this one took it and died)
 * is answered from the store if it had committed, and run if not.
 */
import type { FastifyBaseLogger } from 'fastify';
import { ERRORS } from '@quay/core';
import { AppError } from '../../../kernel/app-error';
import type { Bus, BusCommand } from '../../../kernel/cluster/bus';
import { fromWire, fromWireText, toWire, toWireText } from '../../../kernel/cluster/wire';
import type { WriterFence } from '../../../kernel/cluster/writer-fence';
import type { SpotStore as Store } from '../spot-repositories';
import type { SpotRepos as Repositories } from '../spot-repositories';
import type { HostCommand, HostResult, PendingCommand } from '../host/spot-commands';
import type { SpotBooks, SpotEvent, SpotWriterLink } from '../host/spot-link';
import { refusalOf, type SpotAnswer } from './spot-answer';

/** Book sequences of one lease holder start at its epoch times this: above any before. */
const SEQ_BASE_PER_EPOCH = 2 ** 32;

export interface SpotEngineHost {
  submit(command: HostCommand): Promise<HostResult>;
  books(): Promise<SpotBooks>;
}

export class SpotEngineLink implements SpotWriterLink {
  readonly kind = 'writer' as const;
  private host: SpotEngineHost | null = null;
  /** Commands being run, by id: a second delivery waits for the first's answer. */
  private readonly running = new Map<string, Promise<SpotAnswer | null>>();
  /** Events are published one after another, in the order of their sequence. */
  private publishing: Promise<void> = Promise.resolve();
  private stops: Array<() => unknown> = [];
  /** Commands taken from the bus and answered (for /metrics). */
  executed = 0;

  constructor(
    private readonly store: Store,
    private readonly bus: Bus,
    private readonly fence: WriterFence,
    private readonly log: FastifyBaseLogger,
    /** Resolves once this process holds the writer's lease (a standby waits here). */
    private readonly lease: () => Promise<void>,
  ) {}

  attach(host: SpotEngineHost): void {
    this.host = host;
  }

  get epoch(): number {
    return this.fence.epoch;
  }

  async begin(): Promise<{ seqBase: number; seq: number }> {
    await this.lease();
    await this.fence.take(this.store);
    return { seqBase: this.fence.epoch * SEQ_BASE_PER_EPOCH, seq: this.fence.seq };
  }

  async commit(
    repos: Repositories,
    pending: readonly PendingCommand[],
    event: SpotEvent,
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
    event.seq = await this.fence.commit(repos, answers, (seq) => toWireText({ ...event, seq }));
  }

  published(event: SpotEvent): void {
    const data = toWire(event);
    this.publishing = this.publishing
      .then(() => this.bus.publishEvent('spot', event.seq, data))
      .catch((err: unknown) => this.log.error({ err, seq: event.seq }, 'spot event not published'));
  }

  async opened(): Promise<void> {
    // The holder before may have committed events it never published: again (the bus drops doubles).
    for (const { seq, payload } of await this.fence.recentEvents(this.store)) {
      await this.bus.publishEvent('spot', seq, new TextEncoder().encode(payload));
    }
    const host = this.requireHost();
    this.stops.push(this.bus.serve('spot.books', async () => toWire(await host.books())));
    this.stops.push(await this.bus.takeCommands('spot', (command) => this.take(command)));
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop();
    await this.publishing;
  }

  private requireHost(): SpotEngineHost {
    if (!this.host) throw new Error('the spot engine link has no host');
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
        if (command.replyTo) this.bus.send(command.replyTo, toWire({ id: command.id, ...settled }));
        command.ack();
        this.executed += 1;
      },
      (err: unknown) => this.log.error({ err }, 'spot command failed'),
    );
  }

  private async run(command: BusCommand): Promise<SpotAnswer | null> {
    if (command.redelivered) {
      const stored = await this.store.repos.cluster.executed(command.id);
      if (stored) return fromWireText<SpotAnswer>(stored);
    }
    const body = fromWire<HostCommand>(command.data);
    try {
      return { ok: await this.requireHost().submit({ ...body, commandId: command.id }) };
    } catch (err) {
      if (err instanceof AppError && err.code !== ERRORS.SERVICE_BUSY.code) return refusalOf(err);
      return null;
    }
  }
}
