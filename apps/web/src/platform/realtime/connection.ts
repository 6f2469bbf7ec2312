/**
 * One WebSocket to /v1/ws shared by every screen: channels are reference
 * counted, the socket reconnects with capped exponential backoff and
 * resubscribes, pings every 20 s (the server closes silent sockets), and
 * authenticates with the session the upgrade request carried (the session
 * cookie is httpOnly, so the page never sees the token).
 */

export type RealtimeStatus = 'idle' | 'connecting' | 'open' | 'reconnecting';

export const PING_INTERVAL_MS = 20_000;
/** No message at all (not even a pong) for this long: the socket is dead. */
export const SILENCE_LIMIT_MS = 50_000;
export const BACKOFF_BASE_MS = 1_000;
export const BACKOFF_MAX_MS = 30_000;
/** How long the socket stays open after the last channel is released. */
export const LINGER_MS = 30_000;

/** The part of the browser's WebSocket this connection uses. */
export interface SocketLike {
  readonly readyState: number;
  onopen: ((event: Event) => void) | null;
  onclose: ((event: CloseEvent) => void) | null;
  onerror: ((event: Event) => void) | null;
  onmessage: ((event: MessageEvent) => void) | null;
  send(data: string): void;
  close(code?: number, reason?: string): void;
}

export interface ConnectionOptions {
  /** The socket address, read at every (re)connect so it follows the language. */
  url(): string;
  createSocket(url: string): SocketLike;
  /** Whether to send `auth` after opening (the user is logged in). */
  loggedIn(): boolean;
  /** 0..1; jitter spreads reconnects of many clients. */
  random?: () => number;
}

export type PushListener = (data: unknown) => void;

const OPEN = 1;

interface ServerMessage {
  op?: unknown;
  channel?: unknown;
  data?: unknown;
  code?: unknown;
}

/** Backoff before reconnect attempt `attempt` (0-based): 1 s, 2 s, 4 s ... 30 s, with up to 25% jitter. */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const base = Math.min(BACKOFF_MAX_MS, BACKOFF_BASE_MS * 2 ** Math.min(attempt, 16));
  return Math.round(base * (0.75 + 0.25 * random()));
}

export class RealtimeConnection {
  private socket: SocketLike | null = null;
  private readonly listeners = new Map<string, Set<PushListener>>();
  /** Channels confirmed or requested on the current socket. */
  private readonly sent = new Set<string>();
  private readonly statusListeners = new Set<() => void>();
  private statusValue: RealtimeStatus = 'idle';
  private ready = false;
  private attempt = 0;
  private reconnectTimer: ReturnType<typeof setTimeout> | null = null;
  private pingTimer: ReturnType<typeof setInterval> | null = null;
  private lingerTimer: ReturnType<typeof setTimeout> | null = null;
  private lastMessageAt = 0;

  constructor(private readonly options: ConnectionOptions) {}

  get status(): RealtimeStatus {
    return this.statusValue;
  }

  onStatus(listener: () => void): () => void {
    this.statusListeners.add(listener);
    return () => this.statusListeners.delete(listener);
  }

  /** Listens to a channel; the first listener subscribes it, the last one's release unsubscribes. */
  listen(channel: string, listener: PushListener): () => void {
    let set = this.listeners.get(channel);
    if (!set) {
      set = new Set();
      this.listeners.set(channel, set);
    }
    set.add(listener);
    this.clearLinger();
    if (set.size === 1) this.subscribeOnSocket(channel);
    this.ensureSocket();
    return () => {
      const current = this.listeners.get(channel);
      if (!current?.delete(listener) || current.size > 0) return;
      this.listeners.delete(channel);
      if (this.sent.delete(channel)) this.sendJson({ op: 'unsubscribe', args: [channel] });
      if (this.listeners.size === 0) this.armLinger();
    };
  }

  /** Drops a channel's subscription and takes it again: the server then starts over (a fresh depth snapshot). */
  resubscribe(channel: string): void {
    if (!this.listeners.has(channel) || !this.ready) return;
    this.sendJson({ op: 'unsubscribe', args: [channel] });
    this.sendJson({ op: 'subscribe', args: [channel] });
    this.sent.add(channel);
  }

  /** Closes and opens again, e.g. after login or logout so the upgrade carries the new session. */
  reconnect(): void {
    if (!this.socket && this.listeners.size === 0) return;
    this.dropSocket();
    this.attempt = 0;
    this.open();
  }

  /** Closes for good (tests, page unload). */
  dispose(): void {
    this.clearLinger();
    this.dropSocket();
    this.listeners.clear();
    this.setStatus('idle');
  }

  private setStatus(next: RealtimeStatus): void {
    if (next === this.statusValue) return;
    this.statusValue = next;
    for (const listener of [...this.statusListeners]) listener();
  }

  private ensureSocket(): void {
    if (this.socket || this.reconnectTimer) return;
    this.open();
  }

  private open(): void {
    this.clearReconnect();
    this.setStatus(this.attempt === 0 ? 'connecting' : 'reconnecting');
    let socket: SocketLike;
    try {
      socket = this.options.createSocket(this.options.url());
    } catch {
      this.scheduleReconnect();
      return;
    }
    this.socket = socket;
    this.ready = false;
    this.sent.clear();
    socket.onopen = () => {
      if (this.socket !== socket) return;
      this.lastMessageAt = Date.now();
      this.startPing();
      if (this.options.loggedIn()) this.sendJson({ op: 'auth' });
      // Logged out, or after the auth answer: take every channel (private ones need auth first).
      else this.becomeReady();
    };
    socket.onmessage = (event) => {
      if (this.socket !== socket) return;
      this.lastMessageAt = Date.now();
      this.receive(event.data);
    };
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.ready = false;
      this.stopPing();
      if (this.listeners.size > 0) this.scheduleReconnect();
      else this.setStatus('idle');
    };
    socket.onerror = () => {
      // A close event follows; reconnecting happens there.
    };
  }

  private becomeReady(): void {
    this.ready = true;
    this.attempt = 0;
    const channels = [...this.listeners.keys()];
    if (channels.length > 0) {
      this.sendJson({ op: 'subscribe', args: channels });
      for (const channel of channels) this.sent.add(channel);
    }
    this.setStatus('open');
  }

  private receive(raw: unknown): void {
    if (typeof raw !== 'string') return;
    let message: ServerMessage;
    try {
      message = JSON.parse(raw) as ServerMessage;
    } catch {
      return;
    }
    if (!message || typeof message !== 'object') return;
    if (message.op === 'auth') {
      if (!this.ready) this.becomeReady();
      return;
    }
    if (message.op === 'error' || message.op === 'subscribe' || message.op === 'unsubscribe')
      return;
    if (message.op === 'pong') return;
    if (typeof message.channel !== 'string' || !('data' in message)) return;
    const set = this.listeners.get(message.channel);
    if (!set) return;
    for (const listener of [...set]) listener(message.data);
  }

  private subscribeOnSocket(channel: string): void {
    if (!this.ready) return;
    this.sendJson({ op: 'subscribe', args: [channel] });
    this.sent.add(channel);
  }

  private sendJson(message: unknown): void {
    const socket = this.socket;
    if (socket && socket.readyState === OPEN) socket.send(JSON.stringify(message));
  }

  private startPing(): void {
    this.stopPing();
    this.pingTimer = setInterval(() => {
      if (Date.now() - this.lastMessageAt > SILENCE_LIMIT_MS) {
        // Half-open: the network went away without a close. Start over.
        this.dropSocket();
        this.scheduleReconnect();
        return;
      }
      this.sendJson({ op: 'ping' });
    }, PING_INTERVAL_MS);
  }

  private stopPing(): void {
    if (this.pingTimer) clearInterval(this.pingTimer);
    this.pingTimer = null;
  }

  private scheduleReconnect(): void {
    this.clearReconnect();
    this.setStatus('reconnecting');
    const delay = backoffDelay(this.attempt, this.options.random);
    this.attempt += 1;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      if (this.listeners.size > 0) this.open();
      else this.setStatus('idle');
    }, delay);
  }

  private clearReconnect(): void {
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
  }

  private armLinger(): void {
    this.clearLinger();
    this.lingerTimer = setTimeout(() => {
      this.lingerTimer = null;
      if (this.listeners.size > 0) return;
      this.dropSocket();
      this.setStatus('idle');
    }, LINGER_MS);
  }

  private clearLinger(): void {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
  }

  private dropSocket(): void {
    this.clearReconnect();
    this.stopPing();
    const socket = this.socket;
    this.socket = null;
    this.ready = false;
    this.sent.clear();
    if (socket) {
      socket.onopen = socket.onclose = socket.onerror = socket.onmessage = null;
      try {
        socket.close(1000, 'bye');
      } catch {
        // Closing a socket that never opened can throw; it is gone either way.
      }
    }
  }
}
