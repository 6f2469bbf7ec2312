/**
 * The bus on NATS JetStream. Streams per exchange (CLUSTER_NAME):
 * `<NAME>_CMD`, a work queue of commands (`<name>.cmd.<topic>`), deduplicated
 * by the command's id (Nats-Msg-Id) within two minutes; `<NAME>_EVT`, the
 * writer's events (`<name>.evt.<topic>`), kept ten minutes, deduplicated by
 * their sequence. Requests are plain NATS (`<name>.req.<name>`), and so are
 * broadcasts (`<name>.all.<topic>`), which every process subscribes to.
 */
import {
  AckPolicy,
  DeliverPolicy,
  RetentionPolicy,
  jetstream,
  jetstreamManager,
  type JetStreamClient,
} from '@nats-io/jetstream';
import { connect, createInbox, headers, nanos, type NatsConnection } from '@nats-io/transport-node';
import type { Bus, BusCommand } from './bus';

const DEDUP_WINDOW_MS = 120_000;
const EVENTS_KEPT_MS = 600_000;
/** A command taken and not acknowledged is given to the writer again after this. */
const ACK_WAIT_MS = 5_000;
const REPLY_TO = 'Quay-Reply-To';

export class NatsBus implements Bus {
  private readonly stops: Array<() => Promise<void>> = [];

  private constructor(
    private readonly nc: NatsConnection,
    private readonly js: JetStreamClient,
    private readonly name: string,
  ) {}

  static async connect(url: string, name: string): Promise<NatsBus> {
    const nc = await connect({ servers: url, name: `quay-${name}`, maxReconnectAttempts: -1 });
    const jsm = await jetstreamManager(nc);
    const upper = name.toUpperCase();
    const ensure = async (config: Parameters<typeof jsm.streams.add>[0] & { name: string }) => {
      try {
        await jsm.streams.info(config.name);
      } catch {
        await jsm.streams.add(config);
      }
    };
    await ensure({
      name: `${upper}_CMD`,
      subjects: [`${name}.cmd.>`],
      retention: RetentionPolicy.Workqueue,
      duplicate_window: nanos(DEDUP_WINDOW_MS),
    });
    await ensure({
      name: `${upper}_EVT`,
      subjects: [`${name}.evt.>`],
      retention: RetentionPolicy.Limits,
      max_age: nanos(EVENTS_KEPT_MS),
      duplicate_window: nanos(DEDUP_WINDOW_MS),
    });
    return new NatsBus(nc, jetstream(nc), name);
  }

  async sendCommand(topic: string, id: string, data: Uint8Array, replyTo: string): Promise<void> {
    const h = headers();
    h.set(REPLY_TO, replyTo);
    await this.js.publish(`${this.name}.cmd.${topic}`, data, { msgID: id, headers: h });
  }

  async takeCommands(
    topic: string,
    handle: (command: BusCommand) => void,
  ): Promise<() => Promise<void>> {
    const jsm = await jetstreamManager(this.nc);
    const stream = `${this.name.toUpperCase()}_CMD`;
    const durable = `${this.name}-${topic}-writer`;
    await jsm.consumers.add(stream, {
      durable_name: durable,
      ack_policy: AckPolicy.Explicit,
      ack_wait: nanos(ACK_WAIT_MS),
      max_ack_pending: 50_000,
      filter_subject: `${this.name}.cmd.${topic}`,
    });
    const consumer = await this.js.consumers.get(stream, durable);
    const messages = await consumer.consume({ max_messages: 2_000 });
    void (async () => {
      for await (const m of messages) {
        handle({
          id: m.headers?.get('Nats-Msg-Id') ?? '',
          data: m.data,
          replyTo: m.headers?.get(REPLY_TO) ?? '',
          redelivered: m.info.redelivered,
          ack: () => m.ack(),
        });
      }
    })();
    const stop = async () => {
      await messages.close();
    };
    this.stops.push(stop);
    return stop;
  }

  async publishEvent(topic: string, seq: number, data: Uint8Array): Promise<void> {
    await this.js.publish(`${this.name}.evt.${topic}`, data, { msgID: `${topic}-${seq}` });
  }

  async followEvents(
    topic: string,
    handle: (data: Uint8Array) => void,
  ): Promise<() => Promise<void>> {
    // No filter (servers before 2.10 take none on an ordered consumer): the subject is checked here.
    const subject = `${this.name}.evt.${topic}`;
    const consumer = await this.js.consumers.get(`${this.name.toUpperCase()}_EVT`, {
      deliver_policy: DeliverPolicy.New,
    });
    const messages = await consumer.consume();
    void (async () => {
      for await (const m of messages) if (m.subject === subject) handle(m.data);
    })();
    const stop = async () => {
      await messages.close();
    };
    this.stops.push(stop);
    return stop;
  }

  inbox(handle: (data: Uint8Array) => void): string {
    const subject = createInbox(`_INBOX.${this.name}`);
    const sub = this.nc.subscribe(subject);
    void (async () => {
      for await (const m of sub) handle(m.data);
    })();
    return subject;
  }

  send(subject: string, data: Uint8Array): void {
    this.nc.publish(subject, data);
  }

  serve(name: string, answer: (data: Uint8Array) => Promise<Uint8Array>): () => void {
    const sub = this.nc.subscribe(`${this.name}.req.${name}`);
    void (async () => {
      for await (const m of sub) {
        answer(m.data).then(
          (data) => m.respond(data),
          () => undefined,
        );
      }
    })();
    return () => sub.unsubscribe();
  }

  async request(name: string, data: Uint8Array, timeout_ms: number): Promise<Uint8Array> {
    const m = await this.nc.request(`${this.name}.req.${name}`, data, { timeout: timeout_ms });
    return m.data;
  }

  broadcast(topic: string, data: Uint8Array): void {
    this.nc.publish(`${this.name}.all.${topic}`, data);
  }

  listen(topic: string, handle: (data: Uint8Array) => void, missed: () => void): () => void {
    const sub = this.nc.subscribe(`${this.name}.all.${topic}`);
    void (async () => {
      for await (const m of sub) handle(m.data);
    })();
    let listening = true;
    void (async () => {
      // Plain NATS keeps nothing: what was sent while the connection was down is gone.
      for await (const status of this.nc.status()) {
        if (!listening) break;
        if (status.type === 'disconnect' || status.type === 'reconnect') missed();
        if (status.type === 'slowConsumer' && status.sub === sub) missed();
      }
    })();
    return () => {
      listening = false;
      sub.unsubscribe();
    };
  }

  async close(): Promise<void> {
    for (const stop of this.stops.splice(0)) await stop().catch(() => undefined);
    await this.nc.drain().catch(() => undefined);
  }
}
