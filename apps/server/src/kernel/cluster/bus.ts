/**
 * The bus between the processes of one exchange (ROLE=gateway and
 * ROLE=engine): a work queue of commands with idempotency keys, a stream of
 * the writer's committed events, plain request/reply, and broadcasts every
 * process hears (at most once, nothing kept). ROLE=all has none.
 * `nats-bus.ts` is the one implementation (NATS JetStream).
 */

/** A command taken from the work queue. */
export interface BusCommand {
  readonly id: string;
  readonly data: Uint8Array;
  /** Where the answer goes (a subject of the sender's). */
  readonly replyTo: string;
  /** Delivered before (a writer took it and did not acknowledge it). */
  readonly redelivered: boolean;
  /** Done with: the queue forgets it. */
  ack(): void;
}

export interface Bus {
  /** Queues a command; the same id within the dedup window is queued once. */
  sendCommand(topic: string, id: string, data: Uint8Array, replyTo: string): Promise<void>;
  /** Takes commands of the topic, for the writer only; returns a stop. */
  takeCommands(topic: string, handle: (command: BusCommand) => void): Promise<() => Promise<void>>;
  /** Publishes a committed event, deduplicated by its sequence. */
  publishEvent(topic: string, seq: number, data: Uint8Array): Promise<void>;
  /** Every event of the topic from now on, in order; returns a stop. */
  followEvents(topic: string, handle: (data: Uint8Array) => void): Promise<() => Promise<void>>;
  /** A subject of this process's own, and its messages. */
  inbox(handle: (data: Uint8Array) => void): string;
  send(subject: string, data: Uint8Array): void;
  /** Answers requests on a name; returns a stop. */
  serve(name: string, answer: (data: Uint8Array) => Promise<Uint8Array>): () => void;
  request(name: string, data: Uint8Array, timeout_ms: number): Promise<Uint8Array>;
  /** Tells every process listening on the topic, this one too; nothing is kept for later. */
  broadcast(topic: string, data: Uint8Array): void;
  /**
   * Every broadcast of the topic from now on; `missed` is called when some
   * may have been lost (the connection dropped and came back). Returns a stop.
   */
  listen(topic: string, handle: (data: Uint8Array) => void, missed: () => void): () => void;
  close(): Promise<void>;
}
