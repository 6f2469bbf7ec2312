import type { DepthPush } from '@quay/core';
import { describe, expect, it } from 'vitest';
import { DepthBooks, type DepthChannelSource } from './depth-books';

class FakeSource implements DepthChannelSource {
  listeners = new Map<string, (data: unknown) => void>();
  resubscribed: string[] = [];
  released: string[] = [];
  listen(channel: string, listener: (data: unknown) => void) {
    this.listeners.set(channel, listener);
    return () => {
      this.listeners.delete(channel);
      this.released.push(channel);
    };
  }
  resubscribe(channel: string) {
    this.resubscribed.push(channel);
  }
  push(channel: string, data: DepthPush) {
    this.listeners.get(channel)?.(data);
  }
}

const snapshot = (seq: number, bid: string): DepthPush => ({
  kind: 'snapshot',
  seq,
  bids: [[bid, '1']],
  asks: [['101', '1']],
});

describe('DepthBooks', () => {
  it('shares one subscription per market and releases it with the last reader', () => {
    const source = new FakeSource();
    const books = new DepthBooks(() => source);
    const stopA = books.watch('BTCUSDT', () => undefined);
    const stopB = books.watch('BTCUSDT', () => undefined);
    expect([...source.listeners.keys()]).toEqual(['depth:BTCUSDT']);
    stopA();
    expect(source.released).toEqual([]);
    stopB();
    expect(source.released).toEqual(['depth:BTCUSDT']);
  });

  it('resubscribes on a sequence gap and keeps the last good book until the new snapshot', () => {
    const source = new FakeSource();
    const books = new DepthBooks(() => source);
    let changes = 0;
    books.watch('BTCUSDT', () => (changes += 1));
    source.push('depth:BTCUSDT', snapshot(5, '100'));
    source.push('depth:BTCUSDT', { kind: 'delta', seq: 6, bids: [['99', '2']], asks: [] });
    expect(books.read('BTCUSDT').bids).toEqual([
      ['100', '1'],
      ['99', '2'],
    ]);
    expect(source.resubscribed).toEqual([]);

    // seq 7 was lost.
    source.push('depth:BTCUSDT', { kind: 'delta', seq: 8, bids: [['98', '3']], asks: [] });
    expect(source.resubscribed).toEqual(['depth:BTCUSDT']);
    expect(books.read('BTCUSDT').synced).toBe(false);
    expect(books.read('BTCUSDT').bids).toHaveLength(2);
    // Deltas still in flight from the old subscription are dropped, without another resubscribe.
    source.push('depth:BTCUSDT', { kind: 'delta', seq: 9, bids: [['97', '3']], asks: [] });
    expect(source.resubscribed).toHaveLength(1);

    source.push('depth:BTCUSDT', snapshot(40, '102'));
    expect(books.read('BTCUSDT')).toMatchObject({ seq: 40, synced: true, bids: [['102', '1']] });
    expect(changes).toBe(4);
  });
});
