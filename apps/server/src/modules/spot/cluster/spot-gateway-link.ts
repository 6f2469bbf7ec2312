/**
 * The spot host of a gateway (ROLE=gateway): it holds no book. Each command
 * goes to the engine over the bus's work queue with an idempotency key and
 * is sent again with the same key until answered (the queue keeps one copy;
 * the engine runs it once and records its answer with its effects, which is
 * read from the store when the reply was lost). The engine's events, one per
 * commit in the order of its sequence, come back to the host's listeners; a
 * sequence missed on the bus is read from the store.
 */
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { appError } from '../../../kernel/app-error';
import type { Bus } from '../../../kernel/cluster/bus';
import { fromWire, fromWireText, toWire } from '../../../kernel/cluster/wire';
import type { BookSnapshot } from '../../../kernel/market-events';
import type { SpotMarkets } from '../spot-markets';
import type { SpotStore as Store } from '../spot-repositories';
import type { HostCommand, HostResult } from '../host/spot-commands';
import type { SpotBooks, SpotEvent, SpotRemoteLink } from '../host/spot-link';
import { SpotBookMirror } from './spot-book-mirror';
import { resultOf, type SpotAnswer } from './spot-answer';

/** A command not answered within this is refused SERVICE_BUSY (a takeover takes a few seconds). */
const ANSWER_DEADLINE_MS = 30_000;
/** Sent again (same key) and looked up in the store this often while unanswered. */
const RETRY_MS = 2_000;
const BOOKS_TIMEOUT_MS = 2_000;

export class SpotGatewayLink implements SpotRemoteLink {
  readonly kind = 'remote' as const;
  private readonly waiting = new Map<string, (answer: SpotAnswer) => void>();
  private readonly mirror: SpotBookMirror;
  private inbox = '';
  private tell: (event: SpotEvent) => void = () => undefined;
  /** The commit sequence of the last event told. */
  private seq = 0;
  /** Events are handled one after another. */
  private chain: Promise<void> = Promise.resolve();
  private stops: Array<() => unknown> = [];
  /** Commands sent and answered (for /metrics). */
  sent = 0;
  resent = 0;

  constructor(
    private readonly store: Store,
    private readonly bus: Bus,
    markets: SpotMarkets,
    private readonly log: FastifyBaseLogger,
    private readonly topic: string = 'spot',
  ) {
    this.mirror = new SpotBookMirror(markets);
  }

  get lastSeq(): number {
    return this.seq;
  }

  async start(tell: (event: SpotEvent) => void): Promise<void> {
    this.tell = tell;
    this.inbox = this.bus.inbox((data) => {
      const answer = fromWire<SpotAnswer & { id: string }>(data);
      this.waiting.get(answer.id)?.(answer);
    });
    // Heard from now on; handled once the books are loaded (the chain waits for them).
    this.chain = this.loadBooks();
    this.stops.push(
      await this.bus.followEvents(this.topic, (data) => {
        const event = fromWire<SpotEvent>(data);
        this.chain = this.chain
          .then(() => this.handle(event))
          .catch((err: unknown) => this.log.error({ err }, 'spot event not handled'));
      }),
    );
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop();
  }

  book(symbol: string, levels: number): BookSnapshot {
    return this.mirror.book(symbol, levels);
  }

  async submit(command: HostCommand): Promise<HostResult> {
    const id = randomUUID();
    const data = toWire(command);
    let answered: SpotAnswer | null = null;
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
          if (stored) answered ??= fromWireText<SpotAnswer>(stored);
        }
        if (!answered) {
          await this.bus.sendCommand(this.topic, id, data, this.inbox).catch((err: unknown) => {
            this.log.warn({ err }, 'spot command not queued; trying again');
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

  private async loadBooks(): Promise<void> {
    for (;;) {
      try {
        const books = fromWire<SpotBooks>(
          await this.bus.request('spot.books', new Uint8Array(), BOOKS_TIMEOUT_MS),
        );
        this.mirror.load(books.books);
        // At start, what the books hold is not told again; later (a new engine) every event is.
        if (this.seq === 0) this.seq = books.seq;
        // Depth subscribers take a fresh snapshot: the sequence jumps.
        for (const book of books.books) {
          this.tell({ ...emptyEvent(this.seq), changes: [{ ...book, bids: [], asks: [] }] });
        }
        return;
      } catch (err) {
        this.log.warn({ err }, 'spot books not loaded from the engine; trying again');
      }
    }
  }

  private async handle(event: SpotEvent): Promise<void> {
    if (event.seq <= this.seq) return;
    if (event.seq > this.seq + 1) {
      // Missed on the bus (an engine died between its commit and its publish): from the store.
      for (const missed of await this.store.repos.cluster.eventsFrom(this.topic, this.seq + 1)) {
        if (missed.seq >= event.seq) break;
        await this.apply(fromWireText<SpotEvent>(missed.payload));
      }
    }
    await this.apply(event);
  }

  private async apply(event: SpotEvent): Promise<void> {
    if (event.seq <= this.seq) return;
    this.seq = event.seq;
    const changes = [];
    let gap = false;
    for (const change of event.changes) {
      const applied = this.mirror.apply(change);
      if (applied === 'applied') changes.push(change);
      if (applied === 'gap') gap = true;
    }
    this.tell({ ...event, changes });
    if (gap) await this.loadBooks();
  }
}

function emptyEvent(seq: number): SpotEvent {
  return { seq, trades: [], changes: [], orders: [], fills: [], plans: [], balanceUsers: [] };
}
