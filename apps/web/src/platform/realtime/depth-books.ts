/**
 * Live order books by symbol over a connection: one `depth:SYMBOL`
 * subscription per market however many components read it, released with
 * the last reader. A push out of sequence makes the feed resubscribe, so the
 * server starts the book over with a snapshot.
 */
import { WS_CHANNELS, type DepthPush } from '@quay/core';
import { applyDepthPush, EMPTY_BOOK, type DepthBook } from './depth-book';

export interface DepthChannelSource {
  listen(channel: string, listener: (data: unknown) => void): () => void;
  resubscribe(channel: string): void;
}

interface Entry {
  book: DepthBook;
  readers: Set<() => void>;
  stop: () => void;
}

export class DepthBooks {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly source: () => DepthChannelSource) {}

  /** The current book of a market (EMPTY_BOOK while nobody watches it or before its snapshot). */
  read(symbol: string): DepthBook {
    return this.entries.get(symbol)?.book ?? EMPTY_BOOK;
  }

  /** Calls notify after every change of the book; returns the release. */
  watch(symbol: string, notify: () => void): () => void {
    let entry = this.entries.get(symbol);
    if (!entry) {
      const channel = WS_CHANNELS.depth(symbol);
      const created: Entry = { book: EMPTY_BOOK, readers: new Set(), stop: () => undefined };
      created.stop = this.source().listen(channel, (data) => {
        const { book, verdict } = applyDepthPush(created.book, data as DepthPush);
        if (verdict === 'ignored') return;
        created.book = book;
        // A lost push: the book is stale until the server sends a new snapshot.
        if (verdict === 'gap') this.source().resubscribe(channel);
        for (const reader of [...created.readers]) reader();
      });
      this.entries.set(symbol, created);
      entry = created;
    }
    const current = entry;
    current.readers.add(notify);
    return () => {
      current.readers.delete(notify);
      if (current.readers.size > 0) return;
      current.stop();
      this.entries.delete(symbol);
    };
  }
}
