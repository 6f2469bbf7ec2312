import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { backoffDelay, PING_INTERVAL_MS, RealtimeConnection, type SocketLike } from './connection';

class FakeSocket implements SocketLike {
  readyState = 0;
  sent: Array<Record<string, unknown>> = [];
  onopen: SocketLike['onopen'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  onmessage: SocketLike['onmessage'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data) as Record<string, unknown>);
  }
  close() {
    this.readyState = 3;
  }
  // Server side of the test:
  accept() {
    this.readyState = 1;
    this.onopen?.(new Event('open'));
  }
  push(message: unknown) {
    this.onmessage?.(new MessageEvent('message', { data: JSON.stringify(message) }));
  }
  drop() {
    this.readyState = 3;
    this.onclose?.(new CloseEvent('close'));
  }
}

function setup(loggedIn = false) {
  const sockets: FakeSocket[] = [];
  const connection = new RealtimeConnection({
    url: () => 'ws://exchange.test/v1/ws?languageType=0',
    createSocket: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    loggedIn: () => loggedIn,
    random: () => 0,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket');
    return socket;
  };
  return { connection, sockets, last };
}

describe('RealtimeConnection', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('opens one socket for many channels, subscribes once per channel, and delivers pushes', () => {
    const { connection, sockets, last } = setup();
    const a: unknown[] = [];
    const b: unknown[] = [];
    connection.listen('tickers', (d) => a.push(d));
    connection.listen('tickers', (d) => b.push(d));
    connection.listen('trades:BTCUSDT', () => undefined);
    expect(sockets).toHaveLength(1);
    last().accept();
    expect(last().sent).toEqual([{ op: 'subscribe', args: ['tickers', 'trades:BTCUSDT'] }]);
    last().push({ op: 'push', channel: 'tickers', data: [1] });
    last().push({ op: 'push', channel: 'other', data: [2] });
    expect(a).toEqual([[1]]);
    expect(b).toEqual([[1]]);
    expect(connection.status).toBe('open');
  });

  it('unsubscribes when the last listener of a channel leaves', () => {
    const { connection, last } = setup();
    const stopA = connection.listen('tickers', () => undefined);
    const stopB = connection.listen('tickers', () => undefined);
    last().accept();
    stopA();
    expect(last().sent).toHaveLength(1);
    stopB();
    expect(last().sent.at(-1)).toEqual({ op: 'unsubscribe', args: ['tickers'] });
  });

  it('reconnects with growing backoff and subscribes again to what is still listened to', () => {
    const { connection, sockets, last } = setup();
    connection.listen('ticker:BTCUSDT', () => undefined);
    last().accept();
    last().drop();
    expect(connection.status).toBe('reconnecting');
    vi.advanceTimersByTime(backoffDelay(0, () => 0) - 1);
    expect(sockets).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect(sockets).toHaveLength(2);
    // The second attempt fails too: the wait doubles.
    last().drop();
    vi.advanceTimersByTime(backoffDelay(0, () => 0));
    expect(sockets).toHaveLength(2);
    vi.advanceTimersByTime(backoffDelay(1, () => 0));
    expect(sockets).toHaveLength(3);
    last().accept();
    expect(last().sent).toEqual([{ op: 'subscribe', args: ['ticker:BTCUSDT'] }]);
    expect(connection.status).toBe('open');
  });

  it('pings every 20 s and starts over when the server falls silent', () => {
    const { connection, sockets, last } = setup();
    connection.listen('tickers', () => undefined);
    last().accept();
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(last().sent.at(-1)).toEqual({ op: 'ping' });
    last().push({ op: 'pong', ts: 1 });
    vi.advanceTimersByTime(PING_INTERVAL_MS);
    expect(last().sent.at(-1)).toEqual({ op: 'ping' });
    // No answer for over 50 s: a new socket.
    vi.advanceTimersByTime(PING_INTERVAL_MS * 3 + 5_000);
    expect(sockets.length).toBeGreaterThan(1);
  });

  it('when logged in, authenticates before subscribing, and resubscribes a channel on demand', () => {
    const { connection, last } = setup(true);
    connection.listen('orders', () => undefined);
    last().accept();
    expect(last().sent).toEqual([{ op: 'auth' }]);
    last().push({ op: 'auth', code: '0', msg: 'ok' });
    expect(last().sent.at(-1)).toEqual({ op: 'subscribe', args: ['orders'] });
    connection.resubscribe('orders');
    expect(last().sent.slice(-2)).toEqual([
      { op: 'unsubscribe', args: ['orders'] },
      { op: 'subscribe', args: ['orders'] },
    ]);
  });

  it('caps the backoff at 30 s', () => {
    expect(backoffDelay(0, () => 1)).toBe(1000);
    expect(backoffDelay(3, () => 1)).toBe(8000);
    expect(backoffDelay(20, () => 1)).toBe(30_000);
    expect(backoffDelay(20, () => 0)).toBe(22_500);
  });
});
