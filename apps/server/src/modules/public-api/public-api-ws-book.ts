/**
 * An order book as one WebSocket subscriber of the public API has been sent
 * it, kept so every push can carry Bitget's checksum (CRC-32, signed, of the
 * best 25 bids and asks interleaved as `price:size`) and a fresh snapshot
 * from Quay's depth channel reaches the client as the levels that changed.
 */
import { crc32 } from 'node:zlib';
import type { DepthLevel, DepthPush } from '@quay/core';
import { Decimal } from '@quay/core';

const CHECKSUM_LEVELS = 25;

export interface BookPush {
  action: 'snapshot' | 'update';
  bids: DepthLevel[];
  asks: DepthLevel[];
  checksum: number;
  seq: number;
}

type Side = Map<string, DepthLevel>;

function sorted(side: Side, descending: boolean): DepthLevel[] {
  const levels = [...side.values()];
  return levels.sort((a, b) => {
    const d = new Decimal(a[0]).comparedTo(b[0]);
    return descending ? -d : d;
  });
}

/** The changes that turn `from` into `to`, a gone level at size '0'. */
function diff(from: Side, to: DepthLevel[]): DepthLevel[] {
  const changed: DepthLevel[] = [];
  const next = new Map(to.map((l) => [new Decimal(l[0]).toFixed(), l]));
  for (const [key, level] of from) if (!next.has(key)) changed.push([level[0], '0']);
  for (const [key, level] of next) {
    const before = from.get(key);
    if (!before || before[1] !== level[1]) changed.push(level);
  }
  return changed;
}

export class SubscriberBook {
  private readonly bids: Side = new Map();
  private readonly asks: Side = new Map();
  private started = false;

  /** What to send for one push of Quay's depth channel, or null when nothing changed. */
  apply(push: DepthPush): BookPush | null {
    if (push.kind === 'snapshot' && !this.started) {
      this.started = true;
      this.replace(this.bids, push.bids);
      this.replace(this.asks, push.asks);
      return {
        action: 'snapshot',
        ...this.top(Infinity),
        checksum: this.checksum(),
        seq: push.seq,
      };
    }
    const bids = push.kind === 'snapshot' ? diff(this.bids, push.bids) : push.bids;
    const asks = push.kind === 'snapshot' ? diff(this.asks, push.asks) : push.asks;
    if (bids.length === 0 && asks.length === 0) return null;
    this.change(this.bids, bids);
    this.change(this.asks, asks);
    return { action: 'update', bids, asks, checksum: this.checksum(), seq: push.seq };
  }

  /** The best `levels` on each side. */
  top(levels: number): { bids: DepthLevel[]; asks: DepthLevel[] } {
    return {
      bids: sorted(this.bids, true).slice(0, levels),
      asks: sorted(this.asks, false).slice(0, levels),
    };
  }

  checksum(): number {
    const { bids, asks } = this.top(CHECKSUM_LEVELS);
    const parts: string[] = [];
    for (let i = 0; i < CHECKSUM_LEVELS; i++) {
      const bid = bids[i];
      const ask = asks[i];
      if (bid) parts.push(bid[0], bid[1]);
      if (ask) parts.push(ask[0], ask[1]);
    }
    return crc32(parts.join(':')) | 0;
  }

  private replace(side: Side, levels: DepthLevel[]): void {
    side.clear();
    this.change(side, levels);
  }

  private change(side: Side, levels: DepthLevel[]): void {
    for (const level of levels) {
      const key = new Decimal(level[0]).toFixed();
      if (new Decimal(level[1]).isZero()) side.delete(key);
      else side.set(key, level);
    }
  }
}
