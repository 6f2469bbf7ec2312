/** A WebSocket client for the security suites: an inbox that can be awaited message by message. */
import WebSocket from 'ws';

export type Message = Record<string, unknown>;

export class SocketClient {
  private readonly inbox: Message[] = [];
  private waiting: (() => void) | null = null;

  constructor(readonly ws: WebSocket) {
    ws.on('message', (raw: Buffer) => {
      this.inbox.push(JSON.parse(raw.toString('utf8')) as Message);
      this.waiting?.();
    });
  }

  /** Opens a socket; rejects with the HTTP status when the upgrade is refused. */
  static open(url: string, headers: Record<string, string> = {}): Promise<SocketClient> {
    const ws = new WebSocket(url, { headers });
    const client = new SocketClient(ws);
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve(client));
      ws.once('unexpected-response', (_request, response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () =>
          reject(
            Object.assign(new Error(`upgrade refused: ${response.statusCode}`), {
              status: response.statusCode,
              body: Buffer.concat(chunks).toString('utf8'),
            }),
          ),
        );
      });
      ws.once('error', reject);
    });
  }

  send(message: unknown): void {
    this.ws.send(JSON.stringify(message));
  }

  async next(timeout_ms = 5000): Promise<Message> {
    const deadline = Date.now() + timeout_ms;
    while (this.inbox.length === 0) {
      if (Date.now() > deadline) throw new Error('no message arrived');
      await new Promise<void>((resolve) => {
        this.waiting = resolve;
        setTimeout(resolve, 50);
      });
    }
    return this.inbox.shift() ?? {};
  }

  /** Every message up to the pong of a ping sent now: what the server sent before it. */
  async drain(): Promise<Message[]> {
    this.send({ op: 'ping' });
    const seen: Message[] = [];
    for (;;) {
      const message = await this.next();
      if (message.op === 'pong') return seen;
      seen.push(message);
    }
  }

  close(): void {
    this.ws.close();
  }
}
