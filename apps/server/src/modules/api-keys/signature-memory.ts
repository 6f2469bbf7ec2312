/**
 * Signatures of key requests seen while their timestamp is inside the
 * window: a second use is a replay. Bounded: past the capacity the expired
 * ones are dropped, and if the window alone holds that many, new requests
 * are refused as busy rather than remembered nowhere.
 */
import { appError } from '../../kernel/app-error';

const CAPACITY = 200_000;

export class SignatureMemory {
  /** signature id -> forget after (epoch ms). */
  private readonly seen = new Map<string, number>();

  constructor(private readonly window_ms: number) {}

  /** False when the signature was seen and its window has not passed. */
  remember(id: string, timestamp_ms: number, now_ms: number): boolean {
    const known = this.seen.get(id);
    if (known !== undefined && known >= now_ms) return false;
    if (this.seen.size >= CAPACITY) {
      for (const [key, until] of this.seen) if (until < now_ms) this.seen.delete(key);
      if (this.seen.size >= CAPACITY) throw appError('SERVICE_BUSY');
    }
    this.seen.set(id, timestamp_ms + this.window_ms);
    return true;
  }
}
